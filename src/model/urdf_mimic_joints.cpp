#include "urdf_mimic_joints.h"

#include <cmath>

#include "ompl_ccd/error.h"

namespace ompl_ccd
{
namespace
{
/** \brief Refuses a mimic of a continuous joint that is not a function of the configuration.
    A continuous joint's state value wraps at ±π (SO2), so a follower m · θ + o jumps by 2π m
    whenever its source wraps: θ and θ + 2π, the same configuration of the source, give two
    poses of the follower, and a motion through the wrap has no continuous sweep to certify.
    The follower is well defined only when the jump is a whole number of turns of a rotation:
    a revolute or continuous follower with an integer multiplier. */
void requireWellDefinedMimic(const Joint &follower, const Joint &source_joint, const std::string &source)
{
  if (source_joint.type != JointType::Continuous)
    return;
  const bool turns = follower.type == JointType::Revolute || follower.type == JointType::Continuous;
  const double m = follower.mimic_multiplier;
  OMPL_CCD_THROW_UNLESS(turns && std::nearbyint(m) == m, "RobotModel::fromUrdf: ", source, ": ",
                        toString(follower.type), " joint '", follower.name, "' mimics continuous joint '",
                        source_joint.name, "' with multiplier ", m, ": '", source_joint.name,
                        "' wraps at ±π, so '", follower.name, "' would jump by ", m,
                        " · 2π at the wrap and is not a function of the configuration. Make '", source_joint.name,
                        "' revolute with <limit>s, or give '", follower.name,
                        "' an integer multiplier (revolute or continuous followers only).");
}
}  // namespace

void resolveMimics(const urdf::ModelInterface &urdf, const std::string &source, std::vector<Joint> &joints)
{
  const auto index_of = [&joints](const std::string &name) {
    for (std::size_t j = 0; j < joints.size(); ++j)
      if (joints[j].name == name)
        return static_cast<int>(j);
    return -1;
  };
  for (Joint &joint : joints)
  {
    const urdf::JointConstSharedPtr uj = urdf.getJoint(joint.name);
    if (!uj || !uj->mimic)
      continue;
    urdf::JointMimicSharedPtr mimic = uj->mimic;
    double multiplier = 1.0, offset = 0.0;
    int source_joint = -1;
    for (std::size_t steps = 0; mimic; ++steps)
    {
      OMPL_CCD_THROW_UNLESS(steps < joints.size(), "RobotModel::fromUrdf: ", source, ": mimic joint '", joint.name,
                            "' is part of a mimic cycle; make one joint of the cycle independent.");
      const std::string &name = mimic->joint_name;
      offset += multiplier * mimic->offset;
      multiplier *= mimic->multiplier;
      source_joint = index_of(name);
      const urdf::JointConstSharedPtr source_urdf = urdf.getJoint(name);
      OMPL_CCD_THROW_UNLESS(source_urdf != nullptr, "RobotModel::fromUrdf: ", source, ": joint '", joint.name,
                            "' mimics unknown joint '", name, "'; fix its <mimic joint>.");
      OMPL_CCD_THROW_UNLESS(source_joint >= 0, "RobotModel::fromUrdf: ", source, ": joint '", joint.name,
                            "' mimics fixed joint '", name, "'; mimic a moving joint or make it fixed.");
      OMPL_CCD_THROW_UNLESS(joints[source_joint].type != JointType::Floating, "RobotModel::fromUrdf: ", source,
                            ": joint '", joint.name, "' mimics floating joint '", name,
                            "'; mimic a one-value joint.");
      mimic = source_urdf->mimic;
    }
    joint.mimic_source = source_joint;
    joint.mimic_multiplier = multiplier;
    joint.mimic_offset = offset;
    requireWellDefinedMimic(joint, joints[source_joint], source);
  }
}
}  // namespace ompl_ccd
