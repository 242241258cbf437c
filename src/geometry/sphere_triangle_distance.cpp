#include "ompl_ccd/geometry/sphere_triangle_distance.h"

#include <algorithm>
#include <cmath>

#include "ompl_ccd/geometry/closest_points.h"
#include "ompl_ccd/numeric.h"

namespace ompl_ccd
{
namespace
{
/** \brief The point of segment ab nearest to p ([Ericson2005] Sec. 5.1.2: a point is a segment
    from it to itself). */
Eigen::Vector3d nearestOnSegment(const Eigen::Vector3d &p, const Eigen::Vector3d &a, const Eigen::Vector3d &b)
{
  return a + closestOnSegments(a, b, p, p).first * (b - a);
}

/** \brief sin² of the least angle below which a triangle counts as collapsed: its face region's
    barycentric coordinates then lose most of their digits. */
constexpr double kCollapsedSine2 = 1e-6;

/** \brief The point of triangle abc nearest to p: closestOnTriangle's, unless the triangle is
    collapsed or nearly (sin² of its angle at a ≤ kCollapsedSine2) or that point is not one of the
    triangle (barycentric coordinates not finite, or outside it): then the nearest of its edges'
    nearest points. Always a point of the triangle, up to rounding. */
Eigen::Vector3d nearestOnTriangle(const Eigen::Vector3d &p, const Eigen::Vector3d &a, const Eigen::Vector3d &b,
                                  const Eigen::Vector3d &c)
{
  const Eigen::Vector3d ab = b - a, ac = c - a;
  if (ab.cross(ac).squaredNorm() > kCollapsedSine2 * ab.squaredNorm() * ac.squaredNorm())
  {
    const auto [v, w] = closestOnTriangle(p, a, b, c);
    if (v >= 0.0 && w >= 0.0 && v + w <= 1.0)
      return a + v * ab + w * ac;
  }
  Eigen::Vector3d best = nearestOnSegment(p, a, b);
  for (const Eigen::Vector3d &q : {nearestOnSegment(p, b, c), nearestOnSegment(p, c, a)})
    if ((q - p).squaredNorm() < (best - p).squaredNorm())
      best = q;
  return best;
}
}  // namespace

DistanceBounds sphereTriangleBounds(const Eigen::Vector3d &center, double radius, const Eigen::Vector3d &a,
                                    const Eigen::Vector3d &b, const Eigen::Vector3d &c)
{
  DistanceBounds bounds;
  const Eigen::Vector3d q = nearestOnTriangle(center, a, b, c);
  const Eigen::Vector3d to_center = center - q;
  const double gap = to_center.norm();
  bounds.nearest.p_WB = q;
  bounds.nearest.p_WA = gap > radius ? Eigen::Vector3d(center - to_center * (radius / gap)) : q;
  if (!(gap > radius))
  {
    bounds.upper = 0.0;
    return bounds;  // q is a point of the ball: they touch (lower stays 0)
  }
  bounds.upper = (gap - radius) * (1.0 + numeric::kFinePadRel) + numeric::kUlpPadAbs;
  // The slab along n: each dot product of unit n with c − v rounds by a few ulps of ‖c − v‖, and n's
  // norm is 1 within a few ulps; the relative pad on the largest of them and the radius covers both.
  const Eigen::Vector3d n = to_center / gap;
  double slab = numeric::kInfinity, reach = radius;
  for (const Eigen::Vector3d *v : {&a, &b, &c})
  {
    slab = std::min(slab, n.dot(center - *v));
    reach = std::max(reach, (center - *v).norm());
  }
  bounds.lower = std::max(0.0, slab - radius - numeric::kFinePadRel * reach - numeric::kUlpPadAbs);
  bounds.lower = std::min(bounds.lower, bounds.upper);
  return bounds;
}
}  // namespace ompl_ccd
