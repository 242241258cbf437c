#include "ompl_ccd/geometry/polytope_distance.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "ompl_ccd/geometry/closest_points.h"

namespace ompl_ccd
{
namespace
{
/// Cross products of edge directions shorter than this (the sine of their angle) are not taken as
/// separating axes: nearly parallel edges give no axis the face normals do not already give, and
/// their cross product's direction is mostly rounding.
constexpr double kMinAxisSine = 1e-9;

/// Two unit vectors completing \a d (unit) to an orthonormal frame.
void perpendiculars(const Eigen::Vector3d &d, Eigen::Vector3d &u, Eigen::Vector3d &v)
{
  // the axis least aligned with d is far from parallel to it
  Eigen::Index k = 0;
  d.cwiseAbs().minCoeff(&k);
  u = d.cross(Eigen::Vector3d::Unit(k)).normalized();
  v = d.cross(u);
}

/// The slab width −h_Q(−n) − h_P(n) between P and Q along unit n (Q beyond P), lowered by the
/// rounding of the supports: a lower bound on their distance.
double slabAlong(const RoundedPolytope &P, const RoundedPolytope &Q, const Eigen::Vector3d &n)
{
  const double h_P = P.support(n), h_Q = Q.support(-n);
  return -h_Q - h_P - numeric::kSlabSlack * (1.0 + std::fabs(h_P) + std::fabs(h_Q));
}
}  // namespace

RoundedPolytope RoundedPolytope::box(const Eigen::Isometry3d &X_WB, const Eigen::Vector3d &half, double radius)
{
  RoundedPolytope box;
  box.kind_ = Kind::Box;
  box.X_WB_ = X_WB;
  box.X_BW_ = X_WB.inverse(Eigen::Isometry);
  box.half_ = half;
  box.radius_ = radius;
  for (int c = 0; c < 8; ++c)
    box.corners_[c] = X_WB * Eigen::Vector3d((c & 1) ? half.x() : -half.x(), (c & 2) ? half.y() : -half.y(),
                                             (c & 4) ? half.z() : -half.z());
  box.num_corners_ = 8;
  // the edges along axis k join the corners that differ in bit k
  for (int k = 0; k < 3; ++k)
    for (int c = 0; c < 8; ++c)
      if (!(c & (1 << k)))
        box.edges_[box.num_edges_++] = {c, c | (1 << k)};
  for (int k = 0; k < 3; ++k)
    box.normals_[k] = box.directions_[k] = X_WB.linear().col(k);
  box.num_normals_ = box.num_directions_ = 3;
  box.measureEdges();
  return box;
}

RoundedPolytope RoundedPolytope::triangle(const Eigen::Vector3d &a, const Eigen::Vector3d &b, const Eigen::Vector3d &c)
{
  RoundedPolytope triangle;
  triangle.kind_ = Kind::Triangle;
  triangle.corners_[0] = a;
  triangle.corners_[1] = b;
  triangle.corners_[2] = c;
  triangle.num_corners_ = 3;
  triangle.edges_[0] = {0, 1};
  triangle.edges_[1] = {1, 2};
  triangle.edges_[2] = {2, 0};
  triangle.num_edges_ = 3;
  for (const auto &[i, j] : {std::array<int, 2>{0, 1}, {1, 2}, {2, 0}})
  {
    const Eigen::Vector3d e = triangle.corners_[j] - triangle.corners_[i];
    if (e.norm() > 0.0)
      triangle.directions_[triangle.num_directions_++] = e.normalized();
  }
  // a collapsed triangle has no face normal: its edge directions (a segment's) remain
  const Eigen::Vector3d n = (b - a).cross(c - a);
  if (n.norm() > kMinAxisSine * (b - a).norm() * (c - a).norm())
    triangle.normals_[triangle.num_normals_++] = n.normalized();
  triangle.measureEdges();
  return triangle;
}

RoundedPolytope RoundedPolytope::segment(const Eigen::Vector3d &a, const Eigen::Vector3d &b, double radius)
{
  RoundedPolytope segment;
  segment.kind_ = Kind::Segment;
  segment.radius_ = radius;
  segment.corners_[0] = a;
  segment.corners_[1] = b;
  segment.num_corners_ = 2;
  segment.edges_[0] = {0, 1};
  segment.num_edges_ = 1;
  // the axes of a box with zero sides around it
  const Eigen::Vector3d d = (b - a).norm() > 0.0 ? Eigen::Vector3d((b - a).normalized()) : Eigen::Vector3d::UnitZ();
  segment.normals_[0] = segment.directions_[0] = d;
  perpendiculars(d, segment.normals_[1], segment.normals_[2]);
  segment.directions_[1] = segment.normals_[1];
  segment.directions_[2] = segment.normals_[2];
  segment.num_normals_ = segment.num_directions_ = 3;
  segment.measureEdges();
  return segment;
}

RoundedPolytope RoundedPolytope::point(const Eigen::Vector3d &p, double radius)
{
  RoundedPolytope point;
  point.kind_ = Kind::Point;
  point.radius_ = radius;
  point.corners_[0] = p;
  point.num_corners_ = 1;
  for (int k = 0; k < 3; ++k)
    point.normals_[k] = point.directions_[k] = Eigen::Vector3d::Unit(k);
  point.num_normals_ = point.num_directions_ = 3;
  return point;
}

void RoundedPolytope::measureEdges()
{
  for (int i = 0; i < num_edges_; ++i)
  {
    const Eigen::Vector3d &a = corners_[edges_[i][0]], &b = corners_[edges_[i][1]];
    edge_midpoints_[i] = 0.5 * (a + b);
    edge_half_lengths_[i] = 0.5 * (b - a).norm();
  }
}

double RoundedPolytope::coreSupport(const Eigen::Vector3d &n_W) const
{
  if (kind_ == Kind::Box)  // c·n + Σ hₖ |aₖ·n|
    return X_WB_.translation().dot(n_W) + half_.dot((X_WB_.linear().transpose() * n_W).cwiseAbs());
  double h = corners_[0].dot(n_W);
  for (int i = 1; i < num_corners_; ++i)
    h = std::max(h, corners_[i].dot(n_W));
  return h;
}

double RoundedPolytope::support(const Eigen::Vector3d &n_W) const { return coreSupport(n_W) + radius_ * n_W.norm(); }

Eigen::Vector3d RoundedPolytope::closestPoint(const Eigen::Vector3d &p_W) const
{
  switch (kind_)
  {
    case Kind::Box:
    {
      // clamped in the box frame, [Ericson2005] Sec. 5.1.3
      const Eigen::Vector3d p_B = X_BW_ * p_W;
      return X_WB_ * p_B.cwiseMax(-half_).cwiseMin(half_);
    }
    case Kind::Triangle:
    {
      const Eigen::Vector3d &a = corners_[0], &b = corners_[1], &c = corners_[2];
      const auto [v, w] = closestOnTriangle(p_W, a, b, c);
      if (std::isfinite(v) && std::isfinite(w))
        return a + v * (b - a) + w * (c - a);
      // a collapsed triangle: the nearest of its edges' closest points
      Eigen::Vector3d best = a;
      for (int e = 0; e < 3; ++e)
      {
        const Eigen::Vector3d &s = corners_[e], &t = corners_[(e + 1) % 3];
        const Eigen::Vector3d x = s + closestOnSegments(p_W, p_W, s, t).second * (t - s);
        if ((x - p_W).squaredNorm() < (best - p_W).squaredNorm())
          best = x;
      }
      return best;
    }
    case Kind::Segment:
      return corners_[0] + closestOnSegments(p_W, p_W, corners_[0], corners_[1]).second * (corners_[1] - corners_[0]);
    case Kind::Point:
      break;
  }
  return corners_[0];
}

double RoundedPolytope::widestCoreGap(const RoundedPolytope &P, const RoundedPolytope &Q, Eigen::Vector3d &axis)
{
  double gap = -numeric::kInfinity;
  axis = Eigen::Vector3d::UnitX();
  const auto consider = [&](const Eigen::Vector3d &n) {
    for (const Eigen::Vector3d &m : {Eigen::Vector3d(n), Eigen::Vector3d(-n)})
    {
      const double g = -Q.coreSupport(-m) - P.coreSupport(m);
      if (g > gap)
      {
        gap = g;
        axis = m;
      }
    }
  };
  for (int i = 0; i < P.num_normals_; ++i)
    consider(P.normals_[i]);
  for (int i = 0; i < Q.num_normals_; ++i)
    consider(Q.normals_[i]);
  for (int i = 0; i < P.num_directions_; ++i)
    for (int j = 0; j < Q.num_directions_; ++j)
    {
      const Eigen::Vector3d n = P.directions_[i].cross(Q.directions_[j]);
      if (n.norm() > kMinAxisSine)
        consider(n.normalized());
    }
  return gap;
}

DistanceBounds polytopeDistance(const RoundedPolytope &P, const RoundedPolytope &Q)
{
  // Separating axes of the cores: the widest gap −h_Q(−n) − h_P(n) over the candidates.
  Eigen::Vector3d axis;
  const double gap = RoundedPolytope::widestCoreGap(P, Q, axis);

  // The nearest pair: corners against the other polytope, then edges against edges.
  double best_sq = numeric::kInfinity;
  Eigen::Vector3d p = P.corners_[0], q = Q.corners_[0];
  const auto update = [&](const Eigen::Vector3d &x, const Eigen::Vector3d &y) {
    const double d_sq = (y - x).squaredNorm();
    if (d_sq < best_sq)
    {
      best_sq = d_sq;
      p = x;
      q = y;
    }
  };
  for (int i = 0; i < P.num_corners_; ++i)
    update(P.corners_[i], Q.closestPoint(P.corners_[i]));
  for (int j = 0; j < Q.num_corners_; ++j)
    update(P.closestPoint(Q.corners_[j]), Q.corners_[j]);
  double best = std::sqrt(best_sq);
  for (int i = 0; i < P.num_edges_; ++i)
    for (int j = 0; j < Q.num_edges_; ++j)
    {
      // the balls around the two edges lie farther apart than the best pair: skip
      const double reach = best + P.edge_half_lengths_[i] + Q.edge_half_lengths_[j];
      if ((P.edge_midpoints_[i] - Q.edge_midpoints_[j]).squaredNorm() >= reach * reach)
        continue;
      const Eigen::Vector3d &a = P.corners_[P.edges_[i][0]], &b = P.corners_[P.edges_[i][1]];
      const Eigen::Vector3d &c = Q.corners_[Q.edges_[j][0]], &d = Q.corners_[Q.edges_[j][1]];
      const auto [s, u] = closestOnSegments(a, b, c, d);
      update(a + s * (b - a), c + u * (d - c));
      best = std::sqrt(best_sq);
    }

  DistanceBounds bounds;
  bounds.nearest.p_WA = p;
  bounds.nearest.p_WB = q;
  const double radii = P.radius_ + Q.radius_;
  // No separating axis: the cores overlap (the axis set is complete); within r_P + r_Q: the
  // widened polytopes share the point of the segment pq at r_P from p.
  if (!(gap > 0.0) || !(best > radii) || !std::isfinite(best))
  {
    bounds.upper = std::isfinite(best) ? 0.0 : numeric::kInfinity;
    return bounds;
  }
  // The nearest pair's direction (when it has one) and the widest axis both give a slab.
  double lower = slabAlong(P, Q, axis);
  if (best > numeric::kMinDirectionLength)
  {
    const Eigen::Vector3d n = (q - p) / best;
    lower = std::max(lower, slabAlong(P, Q, n));
    bounds.nearest.p_WA = p + P.radius_ * n;
    bounds.nearest.p_WB = q - Q.radius_ * n;
  }
  bounds.lower = std::max(0.0, lower);
  bounds.upper = (best - radii) * (1.0 + numeric::kFinePadRel) + numeric::kUlpPadAbs;
  return bounds;
}
}  // namespace ompl_ccd
