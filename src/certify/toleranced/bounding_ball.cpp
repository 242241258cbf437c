#include "certify/toleranced/bounding_ball.h"

#include <cmath>

#include "ompl_ccd/numeric.h"

namespace ompl_ccd
{
namespace
{
/// The range of an enclosure over the sub-interval.
Interval range(const TaylorModel &f) { return f.bound(); }
Interval range(const Interval &f) { return f; }

/// Encloses, over the sub-interval, the k-th coordinate of X(t)·x + w·p(t) for a constant x
/// (w = 1: the image of a point, w = 0: of a direction).
template <typename S>
S transformed(const PoseEnclosure<S> &X_t, const Eigen::Vector3d &x, double w, int k)
{
  S r = Interval(x.x()) * X_t.R[3 * k] + Interval(x.y()) * X_t.R[3 * k + 1] + Interval(x.z()) * X_t.R[3 * k + 2];
  if (w != 0.0)
    r += X_t.p[k];
  return r;
}

/// max over the sub-interval of ‖X(t)·x − g·x‖² (w = 1) or ‖R(t)x − R_g x‖² (w = 0), rounded up.
template <typename S>
Interval squaredDeviation(const PoseEnclosure<S> &X_t, const Eigen::Isometry3d &g, const Eigen::Vector3d &x,
                          double w)
{
  const Eigen::Vector3d gx = w != 0.0 ? Eigen::Vector3d(g * x) : Eigen::Vector3d(g.linear() * x);
  Interval sum(0.0);
  for (int k = 0; k < 3; ++k)
    sum += square(range(transformed(X_t, x, w, k)) - Interval(gx(k)));
  return sum;
}

template <typename S>
double radius(const AffineMetric &metric, const PoseEnclosure<S> &X_t, const Eigen::Isometry3d &g)
{
  // dist²(X(t), g) = ‖δ(b)‖² + Σᵢ μᵢ ‖D eᵢ‖², [SchroeckerWeber] Eq. (2)–(3) in principal axes.
  Interval r_sq = squaredDeviation(X_t, g, metric.barycenter(), 1.0);
  for (int i = 0; i < 3; ++i)
    r_sq += Interval(metric.principalMoments()(i)) *
            squaredDeviation(X_t, g, Eigen::Vector3d(metric.principalAxes().col(i)), 0.0);
  // A non-finite enclosure (overflow) bounds nothing: an infinite ball excludes nothing.
  if (!std::isfinite(r_sq.hi()))
    return numeric::kInfinity;
  return sqrt(r_sq).hi();
}
}  // namespace

double enclosingRadius(const AffineMetric &metric, const TaylorPose &X_t, const Eigen::Isometry3d &g)
{
  return radius(metric, X_t, g);
}

double enclosingRadius(const AffineMetric &metric, const IntervalPose &X_t, const Eigen::Isometry3d &g)
{
  return radius(metric, X_t, g);
}

TaylorPose relativePose(const TaylorPose &X_WA, const TaylorPose &X_WB)
{
  // R_AB = R_WAᵀ R_WB, p_AB = R_WAᵀ (p_WB − p_WA).
  TaylorPose X_AB;
  std::array<TaylorModel, 3> dp;
  for (int j = 0; j < 3; ++j)
    dp[j] = X_WB.p[j] - X_WA.p[j];
  for (int i = 0; i < 3; ++i)
  {
    for (int k = 0; k < 3; ++k)
      X_AB.R[3 * i + k] = X_WA.R[i] * X_WB.R[k] + X_WA.R[3 + i] * X_WB.R[3 + k] + X_WA.R[6 + i] * X_WB.R[6 + k];
    X_AB.p[i] = X_WA.R[i] * dp[0] + X_WA.R[3 + i] * dp[1] + X_WA.R[6 + i] * dp[2];
  }
  return X_AB;
}
}  // namespace ompl_ccd
