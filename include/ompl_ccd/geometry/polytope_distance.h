#pragma once
/// \file polytope_distance.h
/// The distance between two small convex polytopes — a box, a triangle, a segment or a point, each
/// possibly widened by a radius (a capsule is a widened segment, a sphere a widened point) — in
/// closed form, without GJK's iterations.
///
/// Two disjoint convex polytopes P, Q have a nearest pair with a corner of one of them, or with a
/// point on an edge of each: with v the shortest vector from P to Q, the nearest points of P form
/// P ∩ (Q − v), a convex polygon in the plane between them whose corners are corners of P, corners
/// of Q − v, or crossings of an edge of P with an edge of Q − v. So
///   d(P, Q) = min( min_{p corner of P} d(p, Q), min_{q corner of Q} d(q, P), min_{e edge of P, f edge of Q} d(e, f) ),
/// each term in closed form ([Ericson2005] Sec. 5.1.3 point–box, 5.1.5 point–triangle, 5.1.9
/// segment–segment). Whether the polytopes overlap is decided by separating axes: the face normals
/// of each and the cross products of their edge directions ([Gottschalk1996] for two boxes,
/// [Ericson2005] Sec. 5.2.1); a segment or a point counts as a box with zero sides, so its axis
/// set is a box's, which the limit of thin boxes shows complete. A widened pair is at d_core − r_P − r_Q.
///
/// Every bound is then proved, not trusted: the lower bound is the width of the slab between the
/// two along the nearest pair's direction or along the widest separating axis, from the exact
/// support functions (a slab separates them whatever the direction it was taken along).
///
/// References: [Ericson2005], [Gottschalk1996] in docs/design.md (section References).

#include <Eigen/Geometry>
#include <array>

#include "ompl_ccd/geometry/distance_bounds.h"

namespace ompl_ccd
{
/** \brief A convex polytope of at most 8 corners in the world frame W — a box, a triangle, a
    segment or a point — widened by a radius r ≥ 0 (the points within r of it). */
class RoundedPolytope
{
public:
  /** \brief The box of half sides \a half (each ≥ 0) placed at \a X_WB, widened by \a radius. */
  static RoundedPolytope box(const Eigen::Isometry3d &X_WB, const Eigen::Vector3d &half, double radius = 0.0);
  /** \brief Triangle abc (world frame; it may be collapsed to a segment or a point). */
  static RoundedPolytope triangle(const Eigen::Vector3d &a, const Eigen::Vector3d &b, const Eigen::Vector3d &c);
  /** \brief Segment ab (world frame) widened by \a radius: a capsule. */
  static RoundedPolytope segment(const Eigen::Vector3d &a, const Eigen::Vector3d &b, double radius);
  /** \brief Point p (world frame) widened by \a radius: a ball. */
  static RoundedPolytope point(const Eigen::Vector3d &p, double radius);

  /** \brief h(n) = max { x·n : x in the widened polytope } for n in W (any length): the core's
      corners' largest projection plus r‖n‖. */
  double support(const Eigen::Vector3d &n_W) const;
  /** \brief The point of the core (the polytope before widening) closest to \a p_W. */
  Eigen::Vector3d closestPoint(const Eigen::Vector3d &p_W) const;

  /** \brief The widening radius r. */
  double radius() const { return radius_; }

private:
  enum class Kind
  {
    Box,
    Triangle,
    Segment,
    Point
  };
  friend DistanceBounds polytopeDistance(const RoundedPolytope &P, const RoundedPolytope &Q);
  RoundedPolytope() = default;
  /** \brief The core's support max { x·n : x in the core }. */
  double coreSupport(const Eigen::Vector3d &n_W) const;
  /** \brief The widest gap −h_Q(−n) − h_P(n) between the cores of \a P and \a Q over the
      separating-axis candidates (both polytopes' face normals, cross products of their edge
      directions), its axis n in \a axis (unit x when no candidate gives more than −∞). */
  static double widestCoreGap(const RoundedPolytope &P, const RoundedPolytope &Q, Eigen::Vector3d &axis);
  /** \brief Sets the edges' midpoints and half lengths from corners_ and edges_. */
  void measureEdges();

  Kind kind_ = Kind::Point;
  /** \brief Corners (num_corners_ of them) and edges as pairs of corner indices. */
  std::array<Eigen::Vector3d, 8> corners_;
  int num_corners_ = 0;
  std::array<std::array<int, 2>, 12> edges_{};
  int num_edges_ = 0;
  /** \brief Separating-axis candidates: face normals, and edge directions for cross products
      (unit vectors; a box's, segment's or point's three axes serve as both). */
  std::array<Eigen::Vector3d, 3> normals_, directions_;
  int num_normals_ = 0, num_directions_ = 0;
  /** \brief Each edge's midpoint and half length (for the cheap test that skips an edge pair). */
  std::array<Eigen::Vector3d, 12> edge_midpoints_;
  std::array<double, 12> edge_half_lengths_{};
  /** \brief A box's frame, its inverse, and its half sides. */
  Eigen::Isometry3d X_WB_ = Eigen::Isometry3d::Identity(), X_BW_ = Eigen::Isometry3d::Identity();
  Eigen::Vector3d half_ = Eigen::Vector3d::Zero();
  double radius_ = 0.0;
};

/** \brief Bounds on the distance between \a P and \a Q: lower the widest of the slabs along the
    closed-form nearest pair's direction and along the separating axes (0 when none separates);
    upper that pair's distance less both radii, 0 when the cores overlap (no separating axis) or
    come within r_P + r_Q. Symmetric in P and Q up to the order of the points. */
DistanceBounds polytopeDistance(const RoundedPolytope &P, const RoundedPolytope &Q);
}  // namespace ompl_ccd
