#include "ompl_ccd/model/kinematics.h"

#include <cassert>
#include <cmath>

namespace ompl_ccd
{
KinematicsWorkspace::KinematicsWorkspace(const RobotModel &model)
  : joint_values(model.joints().size(), 0.0), X_WL(model.links().size(), Eigen::Isometry3d::Identity())
{
}

namespace
{
/// Forward kinematics of \a q into X_WL[0 .. links), a revolute or continuous joint j's rotation
/// built from sinCos(j, value) = (sin value, cos value).
template <typename SinCos>
void poseLinks(const RobotModel &model, KinematicsWorkspace &ws, const Eigen::VectorXd &q, const SinCos &sinCos,
               Eigen::Isometry3d *X_WL)
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

  X_WL[0] = Eigen::Isometry3d::Identity();
  for (std::size_t j = 0; j < joints.size(); ++j)
  {
    const Joint &joint = joints[j];
    // X_PC = X_PJ · M(q), then X_WC = X_WP · X_PC (rotation and translation products written out:
    // Eigen's Isometry product is a call per link)
    Eigen::Matrix3d R_PC = joint.X_PJ.linear();
    Eigen::Vector3d p_PC = joint.X_PJ.translation();
    const JointTerms &terms = model.jointTerms()[j];
    const double v = ws.joint_values[j];
    switch (joint.type)
    {
      case JointType::Floating:
      {
        // q = x y z qx qy qz qw: M = Translation(x, y, z) · Rotation(normalised quaternion)
        const int i = joint.q_index;
        p_PC += R_PC * q.segment<3>(i);
        R_PC = R_PC * Eigen::Quaterniond(q[i + 6], q[i + 3], q[i + 4], q[i + 5]).normalized().toRotationMatrix();
        break;
      }
      case JointType::Prismatic:
        p_PC += v * terms.u_P;
        break;
      case JointType::Revolute:
      case JointType::Continuous:
      {
        const Eigen::Vector2d sc = sinCos(j, v);
        R_PC = terms.A + sc[0] * terms.B - sc[1] * terms.C;
        break;
      }
    }
    Eigen::Isometry3d &X_WC = X_WL[joint.child_link];
    if (joint.parent_link < 0)
    {
      X_WC.linear() = R_PC;
      X_WC.translation() = p_PC;
      continue;
    }
    const Eigen::Isometry3d &X_WP = X_WL[joint.parent_link];
    X_WC.linear().noalias() = X_WP.linear() * R_PC;
    X_WC.translation().noalias() = X_WP.linear() * p_PC;
    X_WC.translation() += X_WP.translation();
  }
}
}  // namespace

void forwardKinematics(const RobotModel &model, KinematicsWorkspace &ws, const Eigen::VectorXd &q)
{
  poseLinks(
      model, ws, q, [](std::size_t, double v) { return Eigen::Vector2d(std::sin(v), std::cos(v)); }, ws.X_WL.data());
}

void forwardKinematicsAlong(const JointMotion &motion, int samples, KinematicsWorkspace &ws,
                            std::vector<Eigen::Isometry3d> &poses)
{
  assert(samples >= 1);
  const RobotModel &model = motion.model();
  const std::size_t joints = model.joints().size(), links = model.links().size();
  poses.resize((samples + 1) * links);
  // (sin, cos) of each joint's value at k/N, and of its step jointDelta/N
  std::vector<Eigen::Vector2d> now(joints), step(joints);
  for (std::size_t j = 0; j < joints; ++j)
  {
    const double start = motion.jointStart(static_cast<int>(j));
    const double delta = motion.jointDelta(static_cast<int>(j)) / samples;
    now[j] = Eigen::Vector2d(std::sin(start), std::cos(start));
    step[j] = Eigen::Vector2d(std::sin(delta), std::cos(delta));
  }
  for (int k = 0; k <= samples; ++k)
  {
    motion.stateAt(static_cast<double>(k) / samples, ws.q);
    poseLinks(
        model, ws, ws.q, [&](std::size_t j, double) { return now[j]; }, poses.data() + k * links);
    // sin(a + d) = sin a cos d + cos a sin d; cos(a + d) = cos a cos d − sin a sin d
    for (std::size_t j = 0; j < joints; ++j)
      now[j] = Eigen::Vector2d(now[j][0] * step[j][1] + now[j][1] * step[j][0],
                               now[j][1] * step[j][1] - now[j][0] * step[j][0]);
  }
}
}  // namespace ompl_ccd
