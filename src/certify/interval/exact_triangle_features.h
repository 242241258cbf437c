#pragma once
/// \file exact_triangle_features.h
/// The features the ARTICULATE certifier solves on ([Redon2004] Sec. 5.2): the vertices, faces and
/// edges of a shape's triangles, and the culling that turns two moving feature sets into the
/// vertex–face (Eq. (14)) and edge–edge (Eq. (13)) equations worth solving over a time interval.
///
/// References: [Redon2004] in README.md (section References).

#include <vector>

#include <Eigen/Geometry>

#include "ompl_ccd/bound/interval_vector.h"
#include "certify/interval/exact_elementary_contact.h"
#include "ompl_ccd/model/collision_shape.h"

namespace ompl_ccd
{
/** \brief Widest gap (metres) between a cylinder and the circumscribed prism of its triangles:
    the side count is chosen for it (at most kMaxCylinderSides). */
constexpr double kCylinderPrismGap = 1e-4;
/** \brief Cap on a cylinder's prism sides (a 1 m radius then leaves a 0.3 mm gap). */
constexpr int kMaxCylinderSides = 180;

/** \brief Triangles of one shape in a frame F: vertices p_FV, faces and unique edges (index pairs). */
struct TriangleFeatures
{
  std::vector<Eigen::Vector3d> vertices;
  std::vector<Eigen::Vector3i> triangles;
  std::vector<Eigen::Vector2i> edges;
  /** \brief Farthest any point of the triangles lies from the shape (metres): 0 for meshes and
      boxes, whose triangles are exact; the circumscribed surface's overshoot for cylinders and
      spheres (rounded up). Two shapes are farther apart than their triangles by at most the sum. */
  double surface_gap = 0.0;
};

/** \brief The features of \a shape placed at \a X_FG (triangulateShape: meshes exact, boxes exact,
    cylinders as circumscribed prisms within kCylinderPrismGap, spheres as circumscribed polyhedra),
    with their surface_gap. */
TriangleFeatures triangleFeatures(const CollisionShape &shape, const Eigen::Isometry3d &X_FG);

/** \brief The axis-aligned box of an interval box. */
Eigen::AlignedBox3d alignedBox(const IntervalVector3 &box);

/** \brief Whether boxes \a a and \b b come within \a margin of each other (per coordinate; the
    margin already padded for the rounding of the sums). */
inline bool boxesWithin(const Eigen::AlignedBox3d &a, const Eigen::AlignedBox3d &b, double margin)
{
  return (a.min().array() <= b.max().array() + margin).all() && (b.min().array() <= a.max().array() + margin).all();
}

/** \brief Boxes of every feature of one feature set over a time interval T, and their hull. */
struct FeatureSetBoxes
{
  std::vector<Eigen::AlignedBox3d> vertices, triangles, edges;
  Eigen::AlignedBox3d all;
};

/** \brief Fills \a boxes from each vertex's box over T (\a vertex_boxes, one per vertex of \a f). */
void featureBoxes(const TriangleFeatures &f, const std::vector<IntervalVector3> &vertex_boxes, FeatureSetBoxes &boxes);

/** \brief One side of a pair over a time interval T: its features, the solver motion that moves
    them, and their boxes over T (all in the pair's common frame). */
struct FeatureSide
{
  const TriangleFeatures *features = nullptr;
  int motion = -1;
  const FeatureSetBoxes *boxes = nullptr;
};

/** \brief Appends to \a pairs every vertex–face (both ways, Eq. (14)) and edge–edge (Eq. (13))
    equation of sides \a a and \a b whose feature boxes over T come within \a margin of each other,
    after dropping the features whose box is farther than \a margin from the other side's box.
    A pair whose first vertex is on \a b has vertices[0].motion == b.motion.
    \pre a.motion ≠ b.motion; margin ≥ 0 covers the rounding of the box comparisons. */
void appendFeaturePairs(const FeatureSide &a, const FeatureSide &b, double margin, std::vector<FeaturePair> &pairs);
}  // namespace ompl_ccd
