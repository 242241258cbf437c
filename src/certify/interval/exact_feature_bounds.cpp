#include "certify/interval/exact_feature_bounds.h"

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <iterator>
#include <utility>

#include <Eigen/Geometry>

#include "ompl_ccd/geometry/closest_points.h"

namespace ompl_ccd
{
namespace
{
/** \brief Projections \a first and \a second of the two features on an axis w are farther apart
    than distance·‖w‖: then no points of the features are within \a distance (|(x − y)·w| ≤ ‖x − y‖ ‖w‖). */
bool disjointProjections(const Interval &first, const Interval &second, const IntervalVector3 &w, double distance)
{
  const double margin = distance > 0.0 ? Interval::up(distance * sqrt(squaredNorm(w)).hi()) : 0.0;
  return first.lo() > Interval::up(second.hi() + margin) || second.lo() > Interval::up(first.hi() + margin);
}

/** \brief Separation along axis w of the vertex sets {first…} and {second…} (features are their convex hulls). */
bool separatedAlong(const IntervalVector3 &w, std::initializer_list<IntervalVector3> first,
                    std::initializer_list<IntervalVector3> second, double distance)
{
  Interval pf = dot(*first.begin(), w), ps = dot(*second.begin(), w);
  for (auto x = std::next(first.begin()); x != first.end(); ++x)
    pf = hull(pf, dot(*x, w));
  for (auto x = std::next(second.begin()); x != second.end(); ++x)
    ps = hull(ps, dot(*x, w));
  return disjointProjections(pf, ps, w, distance);
}

/** \brief Separation along a coordinate axis (the boxes' overlap test, cheapest first). */
bool separatedOnCoordinates(std::initializer_list<IntervalVector3> first, std::initializer_list<IntervalVector3> second,
                            double distance)
{
  for (int i = 0; i < 3; ++i)
  {
    Interval pf = (*first.begin())[i], ps = (*second.begin())[i];
    for (const IntervalVector3 &x : first)
      pf = hull(pf, x[i]);
    for (const IntervalVector3 &x : second)
      ps = hull(ps, x[i]);
    if (pf.lo() > Interval::up(ps.hi() + distance) || ps.lo() > Interval::up(pf.hi() + distance))
      return true;
  }
  return false;
}

/** \brief e × ((q − o) × e): perpendicular from the line o + s e to the point q (length ‖e‖² · distance). */
Eigen::Vector3d perpendicular(const Eigen::Vector3d &o, const Eigen::Vector3d &e, const Eigen::Vector3d &q)
{
  return e.cross((q - o).cross(e));
}

/** \brief Separation along any of the axes \a axes (fixed vectors: any fixed axis is a valid test for
    every configuration in the boxes, so axes are chosen from the boxes' midpoints, where their
    projections are tight; a zero axis is skipped). */
bool separatedAlongAny(std::initializer_list<Eigen::Vector3d> axes, std::initializer_list<IntervalVector3> first,
                       std::initializer_list<IntervalVector3> second, double distance)
{
  for (const Eigen::Vector3d &w : axes)
    if (w.squaredNorm() > 0.0 && separatedAlong(pointBox(w), first, second, distance))
      return true;
  return false;
}

/** \brief Vertex p against triangle abc, in coordinates relative to a (the origin's box is exact). */
bool vertexFaceSeparated(const FeatureBoxes &x, double distance)
{
  const IntervalVector3 O{}, P = x[0] - x[1], B = x[2] - x[1], C = x[3] - x[1];
  if (separatedOnCoordinates({P}, {O, B, C}, distance))
    return true;
  // Coplanarity, [Redon2004] Eq. (14): the triangle normal over all of T.
  if (separatedAlong(cross(B, C), {P}, {O, B, C}, distance))
    return true;
  // The same at the midpoint normal, then the vertex inside the triangle ([Redon2004] Sec. 5.2.1
  // validity check: each barycentric coordinate is, up to a positive factor, the projection on an
  // in-plane edge normal); then collapsed triangles and distance margins: the directions from each
  // edge's line and from each vertex to p.
  const Eigen::Vector3d p = midpoint(P), o = Eigen::Vector3d::Zero(), b = midpoint(B), c = midpoint(C);
  const Eigen::Vector3d n = b.cross(c);
  return separatedAlongAny({n, b.cross(n), (c - b).cross(n), -c.cross(n), perpendicular(o, b, p),
                            perpendicular(b, c - b, p), perpendicular(c, -c, p), p, p - b, p - c},
                           {P}, {O, B, C}, distance);
}

/** \brief Edge ab against edge cd, in coordinates relative to a. */
bool edgeEdgeSeparated(const FeatureBoxes &x, double distance)
{
  const IntervalVector3 O{}, B = x[1] - x[0], C = x[2] - x[0], D = x[3] - x[0];
  if (separatedOnCoordinates({O, B}, {C, D}, distance))
    return true;
  // Coplanarity, [Redon2004] Eq. (13): the common normal over all of T.
  if (separatedAlong(cross(B, D - C), {O, B}, {C, D}, distance))
    return true;
  // The same at the midpoint normal, then the segments crossing ([Redon2004] Sec. 5.2.1 validity
  // check: in-plane edge normals); then parallel edges (perpendiculars between the supporting
  // lines and the other edge's ends), collinear edges (the directions) and distance margins
  // (end-to-end directions).
  const Eigen::Vector3d o = Eigen::Vector3d::Zero(), b = midpoint(B), c = midpoint(C), d = midpoint(D), e = d - c;
  const Eigen::Vector3d n = b.cross(e);
  return separatedAlongAny({n, b.cross(n), e.cross(n), perpendicular(o, b, c), perpendicular(o, b, d),
                            perpendicular(c, e, o), perpendicular(c, e, b), b, e, c, d, c - b, d - b},
                           {O, B}, {C, D}, distance);
}

/** \brief Unit n flipped to point along \a gap (from the first feature to the second) when they are
    apart; the normalized \a gap if n vanishes; zero if both vanish. */
Eigen::Vector3d orientedNormal(const Eigen::Vector3d &n, const Eigen::Vector3d &gap)
{
  if (n.squaredNorm() > 0.0)
    return (n.dot(gap) < 0.0 ? -n : n).normalized();
  return gap.squaredNorm() > 0.0 ? gap.normalized() : Eigen::Vector3d::Zero();
}

Contact vertexFaceWitness(const FeatureBoxes &x)
{
  const Eigen::Vector3d p = midpoint(x[0]), a = midpoint(x[1]), b = midpoint(x[2]), c = midpoint(x[3]);
  auto [v, w] = closestOnTriangle(p, a, b, c);
  if (!std::isfinite(v) || !std::isfinite(w))
  {
    // Collapsed triangle: the nearest of its edges' closest points.
    const auto ab = closestOnSegments(p, p, a, b), ac = closestOnSegments(p, p, a, c);
    const bool use_ab = (a + ab.second * (b - a) - p).squaredNorm() <= (a + ac.second * (c - a) - p).squaredNorm();
    v = use_ab ? ab.second : 0.0;
    w = use_ab ? 0.0 : ac.second;
  }
  // Feasible barycentrics: v, w ≥ 0 and v + w ≤ 1 exactly (down() rounds 1 − v below its value).
  v = std::clamp(v, 0.0, 1.0);
  w = std::clamp(w, 0.0, std::max(0.0, Interval::down(1.0 - v)));
  const IntervalVector3 q = x[1] + (Interval(v) * (x[2] - x[1]) + Interval(w) * (x[3] - x[1]));
  Contact contact;
  contact.point_a = p;
  contact.point_b = midpoint(q);
  contact.distance = sqrt(squaredNorm(x[0] - q)).hi();
  contact.normal = orientedNormal((b - a).cross(c - a), contact.point_b - contact.point_a);
  return contact;
}

Contact edgeEdgeWitness(const FeatureBoxes &x)
{
  const Eigen::Vector3d a = midpoint(x[0]), b = midpoint(x[1]), c = midpoint(x[2]), d = midpoint(x[3]);
  const auto [s, u] = closestOnSegments(a, b, c, d);
  const IntervalVector3 y_a = x[0] + Interval(s) * (x[1] - x[0]), y_b = x[2] + Interval(u) * (x[3] - x[2]);
  Contact contact;
  contact.point_a = midpoint(y_a);
  contact.point_b = midpoint(y_b);
  contact.distance = sqrt(squaredNorm(y_a - y_b)).hi();
  contact.normal = orientedNormal((b - a).cross(d - c), contact.point_b - contact.point_a);
  return contact;
}
}  // namespace

bool featuresSeparated(FeaturePairKind kind, const FeatureBoxes &x, double distance)
{
  return kind == FeaturePairKind::VertexFace ? vertexFaceSeparated(x, distance) : edgeEdgeSeparated(x, distance);
}

Interval coplanarity(FeaturePairKind kind, const FeatureBoxes &x)
{
  if (kind == FeaturePairKind::VertexFace)
    return dot(x[0] - x[1], cross(x[2] - x[1], x[3] - x[1]));  // [Redon2004] Eq. (14)
  return dot(x[2] - x[0], cross(x[1] - x[0], x[3] - x[2]));    // [Redon2004] Eq. (13)
}

Interval coplanarityRate(FeaturePairKind kind, const FeatureBoxes &x, const FeatureBoxes &v)
{
  // f = q · (e₁ × e₂) ⇒ f' = q' · (e₁ × e₂) + q · (e₁' × e₂ + e₁ × e₂').
  const bool vf = kind == FeaturePairKind::VertexFace;
  const int o = vf ? 1 : 0;
  const IntervalVector3 q = vf ? x[0] - x[1] : x[2] - x[0], dq = vf ? v[0] - v[1] : v[2] - v[0];
  const IntervalVector3 e1 = x[vf ? 2 : 1] - x[o], de1 = v[vf ? 2 : 1] - v[o];
  const IntervalVector3 e2 = vf ? x[3] - x[1] : x[3] - x[2], de2 = vf ? v[3] - v[1] : v[3] - v[2];
  return dot(dq, cross(e1, e2)) + dot(q, cross(de1, e2) + cross(e1, de2));
}

Contact featureWitness(FeaturePairKind kind, const FeatureBoxes &x)
{
  return kind == FeaturePairKind::VertexFace ? vertexFaceWitness(x) : edgeEdgeWitness(x);
}
}  // namespace ompl_ccd
