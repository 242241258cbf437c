#include "ompl_ccd/model/joint_motion.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <limits>

#include "ompl_ccd/numeric.h"

namespace ompl_ccd
{
namespace
{
/** \brief OMPL's pi (boost::math::constants::pi<double>(), the same double as M_PI). */
using numeric::kPi;
/** \brief OMPL's MAX_QUATERNION_NORM_ERROR (SO3StateSpace.cpp). */
constexpr double kMaxQuaternionNormError = 1e-9;
/** \brief The half angle above which SO3StateSpace::interpolate turns at all. */
constexpr double kOmplTurnThreshold = std::numeric_limits<double>::epsilon();

/** \brief ompl::base::SO2StateSpace::interpolate (OMPL 1.5.2), verbatim. */
double so2Interpolate(double from, double to, double t)
{
  double diff = to - from;
  if (std::fabs(diff) <= kPi)
    return from + diff * t;
  if (diff > 0.0)
    diff = 2.0 * kPi - diff;
  else
    diff = -2.0 * kPi - diff;
  double v = from - diff * t;
  // input states are within bounds, so the following check is sufficient
  if (v > kPi)
    v -= 2.0 * kPi;
  else if (v < -kPi)
    v += 2.0 * kPi;
  return v;
}

/** \brief The signed angle SO2StateSpace::interpolate moves \a from by over t ∈ [0,1]. */
double so2Delta(double from, double to)
{
  const double diff = to - from;
  if (std::fabs(diff) <= kPi)
    return diff;
  return diff > 0.0 ? -(2.0 * kPi - diff) : -(-2.0 * kPi - diff);
}

/** \brief The dot product of two x y z w arrays summed in the order of OMPL's SO3StateSpace.cpp
    (x, y, z, then w, left to right): its sign and size decide OMPL's branches, and another order
    (Eigen's vectorised dot) can round them the other way near a half turn. */
double omplQuaternionDot(const double *q0, const double *q1)
{
  return q0[0] * q1[0] + q0[1] * q1[1] + q0[2] * q1[2] + q0[3] * q1[3];
}

/** \brief arcLength() of OMPL's SO3StateSpace.cpp on x y z w arrays: half the rotation angle. */
double so3ArcLength(const double *q0, const double *q1)
{
  const double dq = std::fabs(omplQuaternionDot(q0, q1));
  if (dq > 1.0 - kMaxQuaternionNormError)
    return 0.0;
  return std::acos(dq);
}

/** \brief ompl::base::SO3StateSpace::interpolate (OMPL 1.5.2) on x y z w arrays, verbatim. */
void so3Interpolate(const double *from, const double *to, double t, double *out)
{
  const double theta = so3ArcLength(from, to);
  if (theta > kOmplTurnThreshold)
  {
    const double d = 1.0 / std::sin(theta);
    const double s0 = std::sin((1.0 - t) * theta);
    double s1 = std::sin(t * theta);
    if (omplQuaternionDot(from, to) < 0)  // long angle case
      s1 = -s1;
    for (int k = 0; k < 4; ++k)
      out[k] = (from[k] * s0 + to[k] * s1) * d;
  }
  else
  {
    for (int k = 0; k < 4; ++k)
      out[k] = from[k];
  }
}
}  // namespace

JointMotion::JointMotion(const RobotModel &model, const Eigen::VectorXd &q0, const Eigen::VectorXd &q1)
  : JointMotion(model, q0, q1, RootRotation::OmplSlerp)
{
}

JointMotion::JointMotion(const RobotModel &model, const Eigen::VectorXd &q0, const Eigen::VectorXd &q1,
                         RootRotation rotation)
  : model_(&model)
  , root_rotation_(rotation)
  , q0_(q0)
  , q1_(q1)
  , joint_start_(model.joints().size(), 0.0)
  , joint_delta_(model.joints().size(), 0.0)
{
  assert(q0.size() == model.nq() && q1.size() == model.nq());
  const std::vector<Joint> &joints = model.joints();
  for (std::size_t j = 0; j < joints.size(); ++j)
  {
    const Joint &joint = joints[j];
    const int i = joint.q_index;
    if (i < 0)
      continue;
    switch (joint.type)
    {
      case JointType::Revolute:
      case JointType::Prismatic:
        joint_start_[j] = q0[i];
        joint_delta_[j] = q1[i] - q0[i];
        break;
      case JointType::Continuous:
        joint_start_[j] = q0[i];
        joint_delta_[j] = so2Delta(q0[i], q1[i]);
        break;
      case JointType::Floating:
      {
        root_p0_ = q0.segment<3>(i);
        root_dp_ = q1.segment<3>(i) - q0.segment<3>(i);
        const double *from = q0.data() + i + 3, *to = q1.data() + i + 3;  // x y z w, as OMPL stores them
        root_q0_ = Eigen::Quaterniond(from[3], from[0], from[1], from[2]);
        root_q1_ = Eigen::Quaterniond(to[3], to[0], to[1], to[2]);
        rotation_norm_error_ = std::max(std::fabs(root_q0_.norm() - 1.0), std::fabs(root_q1_.norm() - 1.0));
        root_q0_.normalize();
        root_q1_.normalize();
        // slerp from q0 to ±q1 turns by 2θ about a fixed axis of the root frame:
        // q(t) = q0 · (cos tθ, sin tθ · axis). OMPL picks the sign of q1 (the short way; at a half turn
        // either) from its own dot product of the stored values, so the model takes it from the same
        // arithmetic, never from a dot product rounded in another order.
        if (omplQuaternionDot(from, to) < 0.0)
          root_q1_.coeffs() = -root_q1_.coeffs();
        const Eigen::Quaterniond turn = root_q0_.conjugate() * root_q1_;
        const Eigen::Vector3d v = turn.vec();
        // Whether OMPL turns at all is its own decision (θ = 0 below its threshold); how far is
        // measured on the normalised quaternions by θ = atan2(|v|, w): unlike acos of the stored
        // values' dot product it is accurate for small turns, and it does not shrink the turn when
        // the stored norms are off 1 (the planner's forward kinematics normalises).
        const bool turns = rotation == RootRotation::ConstantRate || so3ArcLength(from, to) > kOmplTurnThreshold;
        if (turns && v.norm() > 0.0)
        {
          root_axis_ = v.normalized();
          root_angle_ = 2.0 * std::atan2(v.norm(), turn.w());
        }
        else if (v.norm() > 0.0)  // OMPL keeps q0 to the end
          reaches_goal_ = false;
        break;
      }
    }
  }
  for (std::size_t j = 0; j < joints.size(); ++j)
  {
    const Joint &joint = joints[j];
    if (joint.mimic_source < 0)
      continue;
    joint_start_[j] = joint.mimic_multiplier * joint_start_[joint.mimic_source] + joint.mimic_offset;
    joint_delta_[j] = joint.mimic_multiplier * joint_delta_[joint.mimic_source];
  }
}

void JointMotion::stateAt(double t, Eigen::VectorXd &q) const
{
  q.resize(q0_.size());
  for (const Joint &joint : model_->joints())
  {
    const int i = joint.q_index;
    if (i < 0)
      continue;
    switch (joint.type)
    {
      case JointType::Revolute:
      case JointType::Prismatic:
        q[i] = q0_[i] + (q1_[i] - q0_[i]) * t;  // RealVectorStateSpace::interpolate
        break;
      case JointType::Continuous:
        q[i] = so2Interpolate(q0_[i], q1_[i], t);
        break;
      case JointType::Floating:
        for (int k = 0; k < 3; ++k)
          q[i + k] = q0_[i + k] + (q1_[i + k] - q0_[i + k]) * t;  // SE3: RealVector(3) position
        if (root_rotation_ == RootRotation::OmplSlerp)
          so3Interpolate(q0_.data() + i + 3, q1_.data() + i + 3, t, q.data() + i + 3);
        else
        {
          const Eigen::Quaterniond R = root_q0_ * Eigen::Quaterniond(Eigen::AngleAxisd(t * root_angle_, root_axis_));
          q.segment<4>(i + 3) = R.coeffs();  // x y z w
        }
        break;
    }
  }
}

JointMotion JointMotion::closingMotion() const
{
  assert(!reaches_goal_ && "closingMotion: the motion reaches its goal");
  return JointMotion(*model_, stateAt(1.0), q1_, RootRotation::ConstantRate);
}

Eigen::VectorXd JointMotion::stateAt(double t) const
{
  Eigen::VectorXd q;
  stateAt(t, q);
  return q;
}
}  // namespace ompl_ccd
