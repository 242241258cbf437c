#include "ompl_ccd/model/kinematics.h"

#include <cassert>

namespace ompl_ccd
{
KinematicsWorkspace::KinematicsWorkspace(const RobotModel &model)
  : joint_values(model.joints().size(), 0.0), X_WL(model.links().size(), Eigen::Isometry3d::Identity())
{
}

Eigen::Isometry3d jointMotion(const Joint &joint, double value)
{
  assert(joint.type != JointType::Floating && "jointMotion: a floating joint has seven values");
  Eigen::Isometry3d M = Eigen::Isometry3d::Identity();
  if (joint.type == JointType::Prismatic)
    M.translation() = value * joint.axis;
  else
    M.linear() = Eigen::AngleAxisd(value, joint.axis).toRotationMatrix();
  return M;
}

void forwardKinematics(const RobotModel &model, KinematicsWorkspace &ws, const Eigen::VectorXd &q)
{
  const std::vector<Joint> &joints = model.joints();
  assert(q.size() == model.nq() && ws.X_WL.size() == model.links().size() &&
         ws.joint_values.size() == joints.size() && "workspace or state built for another model");
  for (std::size_t j = 0; j < joints.size(); ++j)
    if (joints[j].q_index >= 0 && joints[j].type != JointType::Floating)
      ws.joint_values[j] = q[joints[j].q_index];
  for (std::size_t j = 0; j < joints.size(); ++j)
    if (joints[j].mimic_source >= 0)  // a mimic source is never itself a mimic (resolved on load)
      ws.joint_values[j] = joints[j].mimic_multiplier * ws.joint_values[joints[j].mimic_source] + joints[j].mimic_offset;

  ws.X_WL[0] = Eigen::Isometry3d::Identity();
  for (std::size_t j = 0; j < joints.size(); ++j)
  {
    const Joint &joint = joints[j];
    const Eigen::Isometry3d X_WP = joint.parent_link >= 0 ? ws.X_WL[joint.parent_link] : Eigen::Isometry3d::Identity();
    Eigen::Isometry3d M = Eigen::Isometry3d::Identity();
    if (joint.type == JointType::Floating)
    {
      // q = x y z qx qy qz qw: X = Translation(x, y, z) · Rotation(normalised quaternion)
      const int i = joint.q_index;
      M.translation() = q.segment<3>(i);
      M.linear() = Eigen::Quaterniond(q[i + 6], q[i + 3], q[i + 4], q[i + 5]).normalized().toRotationMatrix();
    }
    else
      M = jointMotion(joint, ws.joint_values[j]);
    ws.X_WL[joint.child_link] = X_WP * joint.X_PJ * M;  // X_WC = X_WP · X_PJ · M(q)
  }
}
}  // namespace ompl_ccd
