#include "ompl_ccd/model/joint_value_bound.h"

#include <algorithm>
#include <cmath>

#include "ompl_ccd/numeric.h"

namespace ompl_ccd
{
double jointValueBound(const RobotModel &model, std::size_t j)
{
  const Joint &joint = model.joints()[j];
  if (joint.mimic_source >= 0)  // sources are independent joints (urdf_mimic_joints.cpp resolves chains)
    return std::fabs(joint.mimic_multiplier) * jointValueBound(model, static_cast<std::size_t>(joint.mimic_source)) +
           std::fabs(joint.mimic_offset);
  switch (joint.type)
  {
    case JointType::Revolute:
    case JointType::Prismatic:
      return std::max(std::fabs(joint.lower), std::fabs(joint.upper)) + kJointLimitTolerance;
    case JointType::Continuous:
      return numeric::kTwoPi;
    case JointType::Floating:
      return (joint.position_lower.cwiseAbs().cwiseMax(joint.position_upper.cwiseAbs()).array() + kJointLimitTolerance)
          .matrix()
          .norm();
  }
  return 0.0;
}
}  // namespace ompl_ccd
