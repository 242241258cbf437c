#pragma once
/// \file simple_setup.h
/// One call from robot + scene + validator name to a ready ompl::geometric::SimpleSetup.

#include <ompl/geometric/SimpleSetup.h>
#include <string>

#include "ompl_ccd/geometry/collision_world.h"
#include "ompl_ccd/ompl/motion_validator_factory.h"

namespace ompl_ccd
{
/** \brief SimpleSetup over makeStateSpace(world->robot()) with our StateValidityChecker and the
    motion validator \a validator (see makeMotionValidator). Start/goal and planner are left to
    the caller. \throws Error for an unknown validator name. */
ompl::geometric::SimpleSetupPtr makeSimpleSetup(const CollisionWorldPtr &world, const std::string &validator,
                                                const ValidatorOptions &options = {});

/** \brief The SpaceInformation of makeSimpleSetup(world, validator, options), set up: what checking
    edges needs (state space, validity checker, motion validator), without a planner, which
    SimpleSetup::setup() would make and which needs a goal. \throws Error as makeSimpleSetup. */
ompl::base::SpaceInformationPtr makeSpaceInformation(const CollisionWorldPtr &world, const std::string &validator,
                                                     const ValidatorOptions &options = {});
}  // namespace ompl_ccd
