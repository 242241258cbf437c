#include "certify/interval/line_swept_sphere.h"

#include <algorithm>
#include <cassert>
#include <cmath>

#include <Eigen/Eigenvalues>

namespace ompl_ccd
{
namespace
{
/// Relative pad of computed radii: the rounding of a few dozen flops on metre-scale coordinates
/// is below 1e-14 of their size.
constexpr double kRadiusPadRel = 1e-12;

/// Box of R·p + t over the interval pose, for a fixed point p.
std::array<Interval, 3> pointBox(const IntervalPose &X, const Eigen::Vector3d &p)
{
  std::array<Interval, 3> out;
  for (int i = 0; i < 3; ++i)
    out[i] = X.p[i] + X.R[3 * i] * Interval(p.x()) + X.R[3 * i + 1] * Interval(p.y()) + X.R[3 * i + 2] * Interval(p.z());
  return out;
}

/// Centre and half-diagonal (rounded up) of a box.
double centre(const std::array<Interval, 3> &box, Eigen::Vector3d &c)
{
  double r2 = 0.0;
  for (int i = 0; i < 3; ++i)
  {
    c(i) = box[i].mid();
    const double h = std::max(c(i) - box[i].lo(), box[i].hi() - c(i));
    r2 += h * h;
  }
  return std::sqrt(r2) * (1.0 + kRadiusPadRel);
}
}  // namespace

LineSweptSphere fitLineSweptSphere(const std::vector<Eigen::Vector3d> &points)
{
  assert(!points.empty());
  Eigen::Vector3d mean = Eigen::Vector3d::Zero();
  for (const Eigen::Vector3d &p : points)
    mean += p;
  mean /= static_cast<double>(points.size());
  Eigen::Matrix3d covariance = Eigen::Matrix3d::Zero();
  for (const Eigen::Vector3d &p : points)
    covariance += (p - mean) * (p - mean).transpose();
  // Eigenvalues in increasing order: the last vector is the principal axis.
  const Eigen::Vector3d axis = Eigen::SelfAdjointEigenSolver<Eigen::Matrix3d>(covariance).eigenvectors().col(2).normalized();
  double lo = 0.0, hi = 0.0, radius = 0.0;
  for (const Eigen::Vector3d &p : points)
  {
    const double s = (p - mean).dot(axis);
    lo = std::min(lo, s);
    hi = std::max(hi, s);
  }
  LineSweptSphere lss;
  lss.a = mean + lo * axis;
  lss.b = mean + hi * axis;
  // Every point projects inside [lo, hi], so its distance to the segment is its distance to the
  // axis; measured to the segment itself so the rounding of `axis` is covered too.
  for (const Eigen::Vector3d &p : points)
  {
    const Eigen::Vector3d d = lss.b - lss.a;
    const double s = d.squaredNorm() > 0.0 ? std::clamp((p - lss.a).dot(d) / d.squaredNorm(), 0.0, 1.0) : 0.0;
    radius = std::max(radius, (p - (lss.a + s * d)).norm());
  }
  lss.radius = radius * (1.0 + kRadiusPadRel) + kRadiusPadRel * (lss.a.norm() + lss.b.norm());
  return lss;
}

LineSweptSphere sweptLineSweptSphere(const LineSweptSphere &lss_L, const IntervalPose &X_FL)
{
  LineSweptSphere out;
  const double ra = centre(pointBox(X_FL, lss_L.a), out.a), rb = centre(pointBox(X_FL, lss_L.b), out.b);
  out.radius = (lss_L.radius + std::max(ra, rb)) * (1.0 + kRadiusPadRel);
  return out;
}
}  // namespace ompl_ccd
