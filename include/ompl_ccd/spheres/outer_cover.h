#pragma once
/// \file outer_cover.h
/// Proved outer covers: spheres whose union contains a collision shape, so that a robot whose
/// cover spheres are apart from an obstacle is apart from it.
///
/// A ball that contains the three corners of a triangle contains the triangle (a ball is convex and
/// the triangle is their convex hull), so a mesh is covered by balls over clusters of whole
/// triangles, or of pieces of triangles where one triangle is larger than a leaf: a triangle is cut
/// at its edges' midpoints into four, which together are the triangle. A mesh is its surface (FCL's
/// semantics, docs/design.md), so its cover need only hold the surface. A box, a cylinder and a
/// sphere are solids and are covered whole: a box by the circumscribed balls of a grid of sub-boxes,
/// a cylinder by those of slices along its axis, a sphere by itself.
///
/// Radii are rounded up (numeric::padUp) so that every covered point is inside its ball in exact
/// arithmetic.

#include <Eigen/Geometry>
#include <vector>

#include "ompl_ccd/model/collision_shape.h"
#include "ompl_ccd/spheres/sphere.h"

namespace ompl_ccd
{
/** \brief How finely a shape is covered. */
struct CoverOptions
{
  /** \brief Metres: the radius a leaf aims at (leaves of a larger radius where a shape's own size
      asks for it, e.g. a cylinder's radius, or where max_leaves would be exceeded). */
  double leaf_radius = 0.03;
  /** \brief Most leaves of one shape: where the leaf radius would need more, the leaves grow until
      the cover fits (sized from the counts before any is made, so a shape's cover costs at most
      this many balls whatever its size). */
  int max_leaves = 32;
};

/** \brief The sphere front end's cover of a robot body: leaves aiming at 3 cm, at most 16. */
inline constexpr CoverOptions kRobotCoverOptions{0.03, 16};

/** \brief A cover of one shape, in the frame F its pose was given in. */
struct OuterCover
{
  /** \brief One ball containing the whole shape (and every leaf's covered part). */
  Sphere bound;
  /** \brief Balls whose union contains the shape (its surface for a mesh). */
  std::vector<Sphere> leaves;
  /** \brief Metres: a bound on how far a point of the leaves can be from the shape (the one-sided
      Hausdorff distance of the union to the shape): each leaf's radius plus its centre's distance
      to the part it covers. */
  double excess = 0.0;
};

/** \brief The ball OuterCover::bound of \a shape placed at \a X_FG in frame F, without the
    leaves: constant work for a primitive, one pass over the vertices for a mesh.
    \pre shape is valid (finite, positive sizes; a mesh with at least one triangle). */
Sphere outerBound(const CollisionShape &shape, const Eigen::Isometry3d &X_FG);

/** \brief The cover of \a shape placed at \a X_FG in frame F: at most options.max_leaves leaves.
    \pre shape is valid (finite, positive sizes; a mesh with at least one triangle). */
OuterCover outerCover(const CollisionShape &shape, const Eigen::Isometry3d &X_FG, const CoverOptions &options = {});

/** \brief Leaves of a cover over triangles (frame F): the triangles cut into pieces no longer than
    about \a leaf_radius, clustered by median splits along the longest axis of their centroids, the
    cluster with the largest ball split first, until there are \a max_leaves or every ball has
    radius at most \a leaf_radius. Exposed for the tests. */
std::vector<Sphere> triangleCover(const std::vector<Eigen::Vector3d> &vertices_F,
                                  const std::vector<Eigen::Vector3i> &triangles, double leaf_radius, int max_leaves,
                                  double *excess = nullptr);
}  // namespace ompl_ccd
