// An edge's joint values and floating-root terms in float, for the lane kernels (lane_batch.h).
#include <cmath>

#include "ompl_ccd/model/joint_value_bound.h"
#include "ompl_ccd/numeric.h"
#include "spheres/lane_batch.h"

namespace ompl_ccd::spheres
{
bool prepareEdge(const JointMotion &motion, EdgeLanes &edge)
{
  const RobotModel &robot = motion.model();
  const std::size_t joints = robot.joints().size();
  edge.start.assign(joints, 0.0f);
  edge.delta.assign(joints, 0.0f);
  for (std::size_t j = 0; j < joints; ++j)
  {
    const Joint &joint = robot.joints()[j];
    if (joint.type == JointType::Floating)
    {
      // R_PJ R₀ Rot(axis, t·angle) = A + sin B − cos C, origin t_PJ + R_PJ (p₀ + t dp)
      const Eigen::Matrix3d R = joint.X_PJ.linear() * motion.rootRotationStart().toRotationMatrix();
      const Eigen::Vector3d &a = motion.rootRotationAxis();
      const Eigen::Matrix3d K = (Eigen::Matrix3d() << 0, -a.z(), a.y(), a.z(), 0, -a.x(), -a.y(), a.x(), 0).finished();
      const Eigen::Matrix3d A = R * (Eigen::Matrix3d::Identity() + K * K), B = R * K, C = R * K * K;
      const Eigen::Vector3d base = joint.X_PJ.translation() + joint.X_PJ.linear() * motion.rootPositionStart();
      const Eigen::Vector3d velocity = joint.X_PJ.linear() * motion.rootPositionDelta();
      for (int i = 0; i < 3; ++i)
      {
        edge.base[i] = static_cast<float>(base[i]);
        edge.velocity[i] = static_cast<float>(velocity[i]);
        for (int k = 0; k < 3; ++k)
        {
          edge.A[3 * i + k] = static_cast<float>(A(i, k));
          edge.B[3 * i + k] = static_cast<float>(B(i, k));
          edge.C[3 * i + k] = static_cast<float>(C(i, k));
        }
      }
      edge.delta[j] = static_cast<float>(motion.rootRotationAngle());
      const double position = jointValueBound(robot, j);
      if (!(motion.rootRotationAngle() <= numeric::kPi) || !(motion.rootPositionStart().norm() <= position) ||
          !((motion.rootPositionStart() + motion.rootPositionDelta()).norm() <= position))
        return false;
      continue;
    }
    const double start = motion.jointStart(static_cast<int>(j)), delta = motion.jointDelta(static_cast<int>(j));
    edge.start[j] = static_cast<float>(start);
    edge.delta[j] = static_cast<float>(delta);
    const bool rotates = joint.type == JointType::Revolute || joint.type == JointType::Continuous;
    if (rotates && !(std::fabs(start) + std::fabs(delta) <= kMaxLaneAngle))
      return false;
    // The pads hold a sliding joint to its value bound, a follower's too (its own <limit> is no bound).
    const double stroke = rotates ? 0.0 : jointValueBound(robot, j);
    if (!rotates && !(std::fabs(start) <= stroke && std::fabs(start + delta) <= stroke))
      return false;
  }
  return true;
}

}  // namespace ompl_ccd::spheres
