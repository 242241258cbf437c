#pragma once
/// \file motion_validator_plugin.h
/// A default-constructible factory of motion validators, so that pluginlib (which needs a default
/// constructor) can load a validator by class name. OMPL's MotionValidator itself cannot be a
/// pluginlib class: it needs a SpaceInformation at construction.

#include <ompl/base/MotionValidator.h>
#include <ompl/base/SpaceInformation.h>
#include <string>

#include "ompl_ccd/geometry/collision_world.h"
#include "ompl_ccd/ompl/motion_validator_factory.h"

namespace ompl_ccd
{
/** \brief Makes motion validators of one kind (validatorName()) for a robot in a scene.
    Use: construct (pluginlib does), initialize(world, options) once, then create(si) for every
    SpaceInformation. create() is const and thread-safe after initialize(). */
class MotionValidatorPlugin
{
public:
  virtual ~MotionValidatorPlugin() = default;

  /** \brief The makeMotionValidator name this plugin builds ("discrete", "ca", "toleranced", "interval"). */
  virtual std::string validatorName() const = 0;

  /** \brief Binds the robot, scene and settings.
      \throws Error if \a world is null or this library has no validator named validatorName()
      (options are checked by create(), through makeMotionValidator). */
  void initialize(CollisionWorldPtr world, const ValidatorOptions &options);

  /** \brief True once initialize() succeeded. */
  bool isInitialized() const { return world_ != nullptr; }

  /** \brief A new validator for \a si, whose state space must be makeStateSpace(world->robot()).
      \throws Error if initialize() was not called. */
  ompl::base::MotionValidatorPtr create(const ompl::base::SpaceInformationPtr &si) const;

private:
  CollisionWorldPtr world_;
  ValidatorOptions options_;
};

/** \brief Plugin for makeMotionValidator's "discrete" (OMPL's DiscreteMotionValidator). */
class DiscretePlugin : public MotionValidatorPlugin
{
public:
  std::string validatorName() const override { return "discrete"; }
};
}  // namespace ompl_ccd
