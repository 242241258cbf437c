#pragma once
/// \file outer_cover.h
/// Proved outer covers: trees of balls whose leaves' union contains a collision shape, so that a
/// robot whose cover balls are apart from an obstacle is apart from it.
///
/// A cover is a tree of three levels: a root ball, at most max_children child balls, and the
/// leaves, each under one child. The root holds every child, a child every leaf under it, and the
/// leaves together hold the shape, every leaf holding a part of it.
///
/// A ball that contains the three corners of a triangle contains the triangle (a ball is convex and
/// the triangle is their convex hull), so a mesh is covered by balls over clusters of whole
/// triangles, or of pieces of triangles: a triangle is cut in two at its longest edge's midpoint,
/// the halves together being the triangle, where its pieces must be smaller (mesh_cover.h says how
/// the pieces and the leaves' centres, near the solid's medial axis, are chosen). A mesh is its surface (FCL's
/// semantics, docs/design.md), so its cover need only hold the surface. A box, a cylinder and a
/// sphere are solids and are covered whole: a box by the circumscribed balls of a grid of
/// sub-boxes, a cylinder by those of slices along its axis, a sphere by itself.
///
/// Radii are rounded up (numeric::padUp) so that every covered point is inside its ball, and every
/// leaf inside its child and every child inside the root, in exact arithmetic.

#include <Eigen/Geometry>
#include <vector>

#include "ompl_ccd/model/collision_shape.h"
#include "ompl_ccd/spheres/sphere.h"

namespace ompl_ccd
{
/** \brief How finely a shape is covered. */
struct CoverOptions
{
  /** \brief Metres: the radius a primitive's leaf aims at (leaves of a larger radius where a
      shape's own size asks for it, e.g. a cylinder's radius, or where max_leaves would be
      exceeded), and the longest edge a mesh's triangles are cut to. */
  double leaf_radius = 0.03;
  /** \brief Most leaves of one shape: where the leaf radius would need more, the leaves grow until
      the cover fits (sized from the counts before any is made, so a shape's cover costs at most
      this many balls whatever its size). */
  int max_leaves = 32;
  /** \brief Most children of the root. */
  int max_children = 8;
  /** \brief Metres: how far beyond the solid a mesh's leaves may reach (OuterCover::excess) without
      more leaves being spent to bring them closer. */
  double excess_goal = 0.03;
};

/** \brief The sphere front end's cover of a robot body: at most 64 leaves under 8 children, as
    tight as they allow but no tighter than 4 mm beyond the solid; triangles cut to 1 cm where
    that takes few pieces (mesh_cover.cpp), further where a leaf needs it. */
inline constexpr CoverOptions kRobotCoverOptions{0.01, 64, 8, 0.004};

/** \brief A child of a cover's root: its ball and the leaves under it. */
struct CoverChild
{
  /** \brief Holds every leaf under it. */
  Sphere ball;
  /** \brief Its leaves are OuterCover::leaves[leaf_first, leaf_first + leaf_count). */
  int leaf_first = 0, leaf_count = 0;
};

/** \brief A cover of one shape, in the frame F its pose was given in. */
struct OuterCover
{
  /** \brief The root: one ball containing every child (so every leaf, and the whole shape). */
  Sphere bound;
  /** \brief At most max_children children, in the order of their leaves. */
  std::vector<CoverChild> children;
  /** \brief Balls whose union contains the shape (its surface for a mesh), each containing a part
      of it; the leaves under one child are contiguous. */
  std::vector<Sphere> leaves;
  /** \brief Metres: a bound on how far a point of the leaves can be from the shape's solid (the
      one-sided Hausdorff distance of their union to the solid): the largest over the leaves of
      max(0, r − depth(c)), depth the signed distance to the boundary (solid_depth.h). The solid of
      a closed mesh is the region it encloses; an open mesh has none, and the distance is to its
      surface (r + the centre's distance to it). */
  double excess = 0.0;
  /** \brief The same bound for the children's union and for the root. */
  double children_excess = 0.0, bound_excess = 0.0;
};

/** \brief A ball holding \a shape placed at \a X_FG in frame F, without the leaves: constant work
    for a primitive, one pass over the vertices for a mesh (the ball of its vertices' box centre).
    \pre shape is valid (finite, positive sizes; a mesh with at least one triangle). */
Sphere outerBound(const CollisionShape &shape, const Eigen::Isometry3d &X_FG);

/** \brief The cover of \a shape placed at \a X_FG in frame F: at most options.max_leaves leaves.
    \pre shape is valid (finite, positive sizes; a mesh with at least one triangle). */
OuterCover outerCover(const CollisionShape &shape, const Eigen::Isometry3d &X_FG, const CoverOptions &options = {});
}  // namespace ompl_ccd
