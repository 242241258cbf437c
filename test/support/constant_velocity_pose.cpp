#include "support/constant_velocity_pose.h"

#include <cmath>

#include "ompl_ccd/error.h"

namespace ompl_ccd
{
namespace
{
/** \brief a I + b [u]× + c u uᵀ (row-major): Rot(u, θ) with (a, b, c) = (cos θ, sin θ, 1 − cos θ),
    dRot/dθ with (−sin θ, cos θ, sin θ). */
std::array<Interval, 9> rodrigues(const Eigen::Vector3d &u, const Interval &a, const Interval &b, const Interval &c)
{
  const Interval ux(u.x()), uy(u.y()), uz(u.z());
  const Interval bx = b * ux, by = b * uy, bz = b * uz;
  return {a + c * ux * ux, c * ux * uy - bz,     c * ux * uz + by,  //
          c * uy * ux + bz, a + c * uy * uy,     c * uy * uz - bx,  //
          c * uz * ux - by, c * uz * uy + bx,    a + c * uz * uz};
}
}  // namespace

ConstantVelocityPose::ConstantVelocityPose(const Eigen::Matrix3d &R0, const Eigen::Vector3d &p0,
                                           const Eigen::Vector3d &axis, double rate, const Eigen::Vector3d &velocity)
  : R0_(R0), p0_(p0), axis_(axis.normalized()), rate_(rate), velocity_(velocity)
{
  OMPL_CCD_THROW_UNLESS(R0.allFinite() && p0.allFinite() && std::isfinite(rate) && velocity.allFinite(),
                        "ConstantVelocityPose: a non-finite value in the motion; give finite values.");
  OMPL_CCD_THROW_UNLESS(axis.allFinite() && axis.norm() > 0.0, "ConstantVelocityPose: the rotation axis (",
                        axis.transpose(), ") is zero; give a non-zero axis.");
}

std::array<Interval, 9> ConstantVelocityPose::leftMultiply(const std::array<Interval, 9> &M) const
{
  std::array<Interval, 9> out;
  for (int i = 0; i < 3; ++i)
    for (int k = 0; k < 3; ++k)
      out[3 * i + k] = Interval(R0_(i, 0)) * M[k] + Interval(R0_(i, 1)) * M[3 + k] + Interval(R0_(i, 2)) * M[6 + k];
  return out;
}

void ConstantVelocityPose::enclose(const Interval &T, IntervalPose &X_WB) const
{
  const Interval theta = Interval(rate_) * T;
  const Interval c = cos(theta);
  X_WB.R = leftMultiply(rodrigues(axis_, c, sin(theta), Interval(1.0) - c));
  for (int i = 0; i < 3; ++i)
    X_WB.p[i] = Interval(p0_[i]) + T * Interval(velocity_[i]);
}

bool ConstantVelocityPose::encloseRate(const Interval &T, IntervalPose &dX_WB) const
{
  const Interval theta = Interval(rate_) * T;
  const Interval s = sin(theta);
  // d/dt Rot(u, ω t) = ω (−sin θ I + cos θ [u]× + sin θ u uᵀ).
  const std::array<Interval, 9> dRot = rodrigues(axis_, -s, cos(theta), s);
  std::array<Interval, 9> scaled;
  for (int j = 0; j < 9; ++j)
    scaled[j] = Interval(rate_) * dRot[j];
  dX_WB.R = leftMultiply(scaled);
  for (int i = 0; i < 3; ++i)
    dX_WB.p[i] = Interval(velocity_[i]);
  return true;
}
}  // namespace ompl_ccd
