#pragma once
/// \file constant_velocity_pose.h
/// The pose of a body turning at a constant rate about a fixed axis while its origin moves on a
/// segment: a link of a chain whose single joint is interpolated linearly, or a free body between
/// two poses. The simplest PoseEnclosureFunction, and the rigid-motion case of the elementary
/// contact solver's tests.

#include <Eigen/Core>

#include "certify/interval/exact_rigid_vertex_motion.h"

namespace ompl_ccd
{
/** \brief X_WB(t) = [R₀ Rot(u, ω t) | p₀ + t v], with Rodrigues' rotation
    Rot(u, θ) = cos θ I + sin θ [u]× + (1 − cos θ) u uᵀ (the motion is this formula with the given
    doubles; u is normalized once at construction). */
class ConstantVelocityPose : public PoseEnclosureFunction
{
public:
  /** \param R0 rotation at t = 0 \param p0 origin at t = 0 (metres) \param axis rotation axis u
      in B's frame (non-zero) \param rate ω (rad per unit time) \param velocity v (metres per unit time).
      \throws Error if the axis is zero or a value is not finite. */
  ConstantVelocityPose(const Eigen::Matrix3d &R0, const Eigen::Vector3d &p0, const Eigen::Vector3d &axis, double rate,
                       const Eigen::Vector3d &velocity);

  void enclose(const Interval &T, IntervalPose &X_WB) const override;
  /** \brief dX_WB/dt = [R₀ ω dRot/dθ(u, ω t) | v]. */
  bool encloseRate(const Interval &T, IntervalPose &dX_WB) const override;

private:
  /** \brief R₀ · M for an interval matrix M (row-major). */
  std::array<Interval, 9> leftMultiply(const std::array<Interval, 9> &M) const;

  Eigen::Matrix3d R0_;
  Eigen::Vector3d p0_, axis_;
  double rate_;
  Eigen::Vector3d velocity_;
};
}  // namespace ompl_ccd
