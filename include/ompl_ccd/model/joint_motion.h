#pragma once
/// \file joint_motion.h
/// The certified motion: exactly what the OMPL state space's interpolate() does between two states.

#include <Eigen/Geometry>
#include <vector>

#include "ompl_ccd/model/robot_model.h"

namespace ompl_ccd
{
/** \brief Motion of the robot between states q0 (t = 0) and q1 (t = 1), identical to
    `space->interpolate(s0, s1, t, out)` of the state space built by makeStateSpace():
    - revolute/prismatic (RealVector): value(t) = a + t (b − a);
    - continuous (SO2): the shortest signed angle, value(t) = a + t δ with |δ| ≤ π, wrapped to [-π, π];
    - floating root (SE3): position linear, rotation by slerp (constant angular velocity about a
      fixed axis, the shorter way; at a half turn, the way OMPL's own dot product picks);
    - mimic joints: multiplier · value(source) + offset.
    So every one-value joint moves at constant rate: value_j(t) = start_j + t · delta_j (mod 2π for
    continuous joints), the motion model of [Zhang2007] and [Redon2004]. */
class JointMotion
{
public:
  /** \pre q0 and q1 are valid states of \a model with unit rotations (RobotModel::acceptState
      makes them so): the model turns the floating root by the angle between the normalised
      rotations, while OMPL interpolates the stored values, which agree only to within the
      rotations' norm error (rotationNormError; certifyEdge refuses more than
      kMaxRotationNormError). */
  JointMotion(const RobotModel &model, const Eigen::VectorXd &q0, const Eigen::VectorXd &q1);

  const RobotModel &model() const { return *model_; }
  const Eigen::VectorXd &start() const { return q0_; }
  const Eigen::VectorXd &goal() const { return q1_; }

  /** \brief False when OMPL's interpolation stops short of the goal: SO3StateSpace::interpolate
      keeps the start rotation for every t, t = 1 included, when the two rotations are within its
      threshold (|q0 · q1| > 1 − 1e-9, a turn below ~9e-5 rad), yet the planner holds goal() itself.
      Then stateAt(1) and goal() differ by that turn of the floating root. */
  bool reachesGoal() const { return reaches_goal_; }

  /** \brief The motion from stateAt(1) to goal() that closes the gap reachesGoal() reports: every
      joint value linear, the floating root turning the short way at a constant rate with no
      threshold (its stateAt follows that turn, not SO3StateSpace::interpolate).
      \pre !reachesGoal(). */
  JointMotion closingMotion() const;

  /** \brief State at t ∈ [0,1], bit-for-bit what OMPL's interpolate returns (for a closingMotion(),
      the constant-rate turn). \a q is resized to nq. */
  void stateAt(double t, Eigen::VectorXd &q) const;
  Eigen::VectorXd stateAt(double t) const;

  /** \brief Value at t = 0 of joint j of model().joints() (mimic resolved; unused for floating). */
  double jointStart(int j) const { return joint_start_[j]; }
  /** \brief Change over [0,1] of joint j: value_j(t) = jointStart(j) + t · jointDelta(j). */
  double jointDelta(int j) const { return joint_delta_[j]; }

  /** \brief Floating root only: position p(t) = p0 + t · dp (world frame). */
  const Eigen::Vector3d &rootPositionStart() const { return root_p0_; }
  const Eigen::Vector3d &rootPositionDelta() const { return root_dp_; }
  /** \brief Floating root only: R(t) = R0 · AngleAxis(t · angle, axis), axis in the root's frame,
      angle ∈ [0, π] (slerp's shorter arc; at a half turn OMPL's branch may exceed π by rounding). */
  const Eigen::Quaterniond &rootRotationStart() const { return root_q0_; }
  const Eigen::Vector3d &rootRotationAxis() const { return root_axis_; }
  double rootRotationAngle() const { return root_angle_; }
  /** \brief Floating root only: the largest | ‖q‖ − 1 | of the two stored rotations (0 without a
      floating root). */
  double rotationNormError() const { return rotation_norm_error_; }

private:
  /** \brief How the floating root's rotation is interpolated. */
  enum class RootRotation
  {
    OmplSlerp,     ///< SO3StateSpace::interpolate: no turn below its threshold
    ConstantRate   ///< R0 · AngleAxis(t · angle, axis) for any angle (closingMotion)
  };
  JointMotion(const RobotModel &model, const Eigen::VectorXd &q0, const Eigen::VectorXd &q1, RootRotation rotation);

  const RobotModel *model_;
  RootRotation root_rotation_ = RootRotation::OmplSlerp;
  bool reaches_goal_ = true;
  Eigen::VectorXd q0_, q1_;
  std::vector<double> joint_start_, joint_delta_;
  Eigen::Vector3d root_p0_ = Eigen::Vector3d::Zero(), root_dp_ = Eigen::Vector3d::Zero();
  Eigen::Quaterniond root_q0_ = Eigen::Quaterniond::Identity(), root_q1_ = Eigen::Quaterniond::Identity();
  Eigen::Vector3d root_axis_ = Eigen::Vector3d::UnitZ();
  double root_angle_ = 0.0;
  double rotation_norm_error_ = 0.0;
};

/** \brief The largest JointMotion::rotationNormError a motion may have to be certified: slerp of
    stored rotations this close to unit norm turns like slerp of the normalised ones to within
    about twice this angle (10⁻¹¹ rad), below the certifiers' rounding pads; OMPL's planners keep
    their rotations unit to a few ulps. */
inline constexpr double kMaxRotationNormError = 1e-12;
}  // namespace ompl_ccd
