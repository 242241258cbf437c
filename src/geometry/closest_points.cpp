#include "ompl_ccd/geometry/closest_points.h"

#include <algorithm>
#include <cmath>

namespace ompl_ccd
{
std::pair<double, double> closestOnTriangle(const Eigen::Vector3d &p, const Eigen::Vector3d &a,
                                            const Eigen::Vector3d &b, const Eigen::Vector3d &c)
{
  const Eigen::Vector3d ab = b - a, ac = c - a, ap = p - a, bp = p - b, cp = p - c;
  const double d1 = ab.dot(ap), d2 = ac.dot(ap), d3 = ab.dot(bp), d4 = ac.dot(bp), d5 = ab.dot(cp), d6 = ac.dot(cp);
  if (d1 <= 0.0 && d2 <= 0.0)
    return {0.0, 0.0};
  if (d3 >= 0.0 && d4 <= d3)
    return {1.0, 0.0};
  if (d6 >= 0.0 && d5 <= d6)
    return {0.0, 1.0};
  const double vc = d1 * d4 - d3 * d2, vb = d5 * d2 - d1 * d6, va = d3 * d6 - d5 * d4;
  if (vc <= 0.0 && d1 >= 0.0 && d3 <= 0.0)
    return {d1 / (d1 - d3), 0.0};
  if (vb <= 0.0 && d2 >= 0.0 && d6 <= 0.0)
    return {0.0, d2 / (d2 - d6)};
  if (va <= 0.0 && d4 - d3 >= 0.0 && d5 - d6 >= 0.0)
  {
    const double w = (d4 - d3) / ((d4 - d3) + (d5 - d6));
    return {1.0 - w, w};
  }
  const double denom = va + vb + vc;
  return {vb / denom, vc / denom};
}

std::pair<double, double> closestOnSegments(const Eigen::Vector3d &a, const Eigen::Vector3d &b,
                                            const Eigen::Vector3d &c, const Eigen::Vector3d &d)
{
  const Eigen::Vector3d d1 = b - a, d2 = d - c, r = a - c;
  const double A = d1.squaredNorm(), E = d2.squaredNorm(), F = d2.dot(r);
  const auto clamp01 = [](double x) { return std::clamp(std::isfinite(x) ? x : 0.0, 0.0, 1.0); };
  if (A == 0.0 && E == 0.0)
    return {0.0, 0.0};
  if (A == 0.0)
    return {0.0, clamp01(F / E)};
  const double C = d1.dot(r);
  if (E == 0.0)
    return {clamp01(-C / A), 0.0};
  const double Bv = d1.dot(d2), denom = A * E - Bv * Bv;
  double s = denom > 0.0 ? clamp01((Bv * F - C * E) / denom) : 0.0;
  double u = (Bv * s + F) / E;
  if (u < 0.0)
    return {clamp01(-C / A), 0.0};
  if (u > 1.0)
    return {clamp01((Bv - C) / A), 1.0};
  return {s, u};
}
}  // namespace ompl_ccd
