#include "ompl_ccd/ompl/motion_validator_plugin.h"

#include <algorithm>

#include "ompl_ccd/error.h"

namespace ompl_ccd
{
void MotionValidatorPlugin::initialize(CollisionWorldPtr world, const ValidatorOptions &options)
{
  OMPL_CCD_THROW_UNLESS(world != nullptr, "MotionValidatorPlugin::initialize: plugin '", validatorName(),
                        "' got no collision world; pass the robot and scene it must check.");
  const std::vector<std::string> names = motionValidatorNames();
  OMPL_CCD_THROW_UNLESS(std::find(names.begin(), names.end(), validatorName()) != names.end(),
                        "MotionValidatorPlugin::initialize: validator '", validatorName(),
                        "' is not built into this ompl_ccd library; rebuild ompl_ccd or pick another plugin.");
  world_ = std::move(world);
  options_ = options;
}

ompl::base::MotionValidatorPtr MotionValidatorPlugin::create(const ompl::base::SpaceInformationPtr &si) const
{
  OMPL_CCD_THROW_UNLESS(isInitialized(), "MotionValidatorPlugin::create: plugin '", validatorName(),
                        "' is not initialized; call initialize(world, options) first.");
  return makeMotionValidator(validatorName(), si, world_, options_);
}
}  // namespace ompl_ccd
