#include "spheres/ball_speeds.h"

#include <algorithm>
#include <cmath>

#include "ompl_ccd/bound/motion_bound.h"
#include "ompl_ccd/numeric.h"

namespace ompl_ccd::spheres
{
namespace
{
/// The farthest the origin of the joint's child is from its parent's over [0, 1] (motion_bound.h's
/// link offset): constant unless the joint slides, then largest at an end of the stroke.
double offsetOf(const JointMotion &motion, const Joint &joint, int j)
{
  const Eigen::Vector3d &t_PJ = joint.X_PJ.translation();
  if (joint.type != JointType::Prismatic)
    return t_PJ.norm();
  const Eigen::Vector3d u_P = joint.X_PJ.linear() * joint.axis;
  const double v0 = motion.jointStart(j), v1 = v0 + motion.jointDelta(j);
  return std::max((t_PJ + v0 * u_P).norm(), (t_PJ + v1 * u_P).norm());
}
}  // namespace

PointSpeed pointSpeed(const JointMotion &motion, int link, int relative_to)
{
  const RobotModel &model = motion.model();
  PointSpeed speed;
  double offsets = 0.0;  // O_k: the link offsets passed so far
  for (int l = link; l >= 0 && l != relative_to; l = model.links()[l].parent_link)
  {
    const int j = model.links()[l].parent_joint;
    if (j < 0)
      break;
    const Joint &joint = model.joints()[j];
    const double rate = jointTurnRate(motion, l);
    const bool own_axis = l == link && (joint.type == JointType::Revolute || joint.type == JointType::Continuous);
    if (own_axis)
      speed.own += rate;  // about an axis through the point's own link origin
    else
      speed.turn += rate, speed.base += rate * offsets;
    if (joint.type == JointType::Prismatic)
      speed.base += std::fabs(motion.jointDelta(j));
    if (joint.type == JointType::Floating)
      speed.base += (joint.X_PJ.linear() * motion.rootPositionDelta()).norm();
    else
      offsets += offsetOf(motion, joint, j);
  }
  const auto pad = [](double x) { return (x + numeric::kUlpPadAbs) * (1.0 + numeric::kFinePadRel); };
  return {pad(speed.own), pad(speed.turn), pad(speed.base)};
}
}  // namespace ompl_ccd::spheres
