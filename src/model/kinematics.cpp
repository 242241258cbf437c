#include "ompl_ccd/model/kinematics.h"

#include <cassert>
#include <cmath>

namespace ompl_ccd
{
KinematicsWorkspace::KinematicsWorkspace(const RobotModel &model)
  : joint_values(model.joints().size(), 0.0), X_WL(model.links().size(), Eigen::Isometry3d::Identity())
{
  for (const Joint &joint : model.joints())
  {
    const Eigen::Matrix3d R_PJ = joint.X_PJ.linear();
    const Eigen::Vector3d &a = joint.axis;
    Eigen::Matrix3d K;  // [a]×
    K << 0.0, -a.z(), a.y(), a.z(), 0.0, -a.x(), -a.y(), a.x(), 0.0;
    JointTerms terms;
    terms.C = R_PJ * K * K;
    terms.A = R_PJ + terms.C;
    terms.B = R_PJ * K;
    terms.u_P = R_PJ * a;
    joint_terms.push_back(terms);
  }
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
    // X_PC = X_PJ · M(q), then X_WC = X_WP · X_PC
    Eigen::Isometry3d X_PC = joint.X_PJ;
    const KinematicsWorkspace::JointTerms &terms = ws.joint_terms[j];
    const double v = ws.joint_values[j];
    switch (joint.type)
    {
      case JointType::Floating:
      {
        // q = x y z qx qy qz qw: M = Translation(x, y, z) · Rotation(normalised quaternion)
        const int i = joint.q_index;
        Eigen::Isometry3d M = Eigen::Isometry3d::Identity();
        M.translation() = q.segment<3>(i);
        M.linear() = Eigen::Quaterniond(q[i + 6], q[i + 3], q[i + 4], q[i + 5]).normalized().toRotationMatrix();
        X_PC = joint.X_PJ * M;
        break;
      }
      case JointType::Prismatic:
        X_PC.translation() += v * terms.u_P;
        break;
      case JointType::Revolute:
      case JointType::Continuous:
        X_PC.linear() = terms.A + std::sin(v) * terms.B - std::cos(v) * terms.C;
        break;
    }
    ws.X_WL[joint.child_link] = X_WP * X_PC;
  }
}
}  // namespace ompl_ccd
