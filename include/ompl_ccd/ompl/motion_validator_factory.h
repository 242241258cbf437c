#pragma once
/// \file motion_validator_factory.h
/// Builds a motion validator by name: "discrete" (OMPL's sampling) and the certifiers.

#include <ompl/base/MotionValidator.h>
#include <ompl/base/SpaceInformation.h>
#include <string>
#include <vector>

#include "ompl_ccd/geometry/collision_world.h"
#include "ompl_ccd/ompl/validator_options.h"

namespace ompl_ccd
{
/** \brief Names makeMotionValidator accepts, in a stable order. */
std::vector<std::string> motionValidatorNames();

/** \brief Validator \a name for \a si (whose space is makeStateSpace(world->robot())).
    "discrete" returns ompl::base::DiscreteMotionValidator and sets the space's longest valid
    segment fraction to options.resolution (then calls space->setup()).
    \throws Error for an unknown name (the message lists the known ones) or an option out of its
            range (validator_options.h: the same message as every front end's). */
ompl::base::MotionValidatorPtr makeMotionValidator(const std::string &name,
                                                   const ompl::base::SpaceInformationPtr &si,
                                                   const CollisionWorldPtr &world,
                                                   const ValidatorOptions &options = {});
}  // namespace ompl_ccd
