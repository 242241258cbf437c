#pragma once
/// \file motion_validator_factory.h
/// Builds a motion validator by name: "discrete" (OMPL's sampling) and the certifiers.

#include <ompl/base/MotionValidator.h>
#include <ompl/base/SpaceInformation.h>
#include <string>
#include <vector>

#include "ompl_ccd/bound/affine_metric.h"
#include "ompl_ccd/certify/certifier.h"
#include "ompl_ccd/geometry/collision_world.h"

namespace ompl_ccd
{
/** \brief Settings of a motion validator; each validator reads the fields it uses. */
struct ValidatorOptions
{
  /** \brief "discrete": longest valid segment as a fraction of the space's maximum extent. */
  double resolution = 0.01;
  /** \brief Certifiers, Mode::FirstContact: width of the TOC bracket (Query::tolerance). */
  double tolerance = 1e-3;
  /** \brief Certifiers: a Collision's witness is within this many metres of contact
      (Query::contact_distance). */
  double contact_distance = 1e-6;
  /** \brief Certifiers: required clearance in metres (Query::clearance). */
  double clearance = 0.0;
  /** \brief Certifiers that can use several threads per query. */
  int threads = 1;
  /** \brief "toleranced": feature points of each link's mass distribution (Sec. 2 of
      [SchroeckerWeber]); the default is TolerancedMotionOptions' (toleranced_motion.h says why). */
  MassDistribution mass_distribution = MassDistribution::ObbCorners;
};

/** \brief Names makeMotionValidator accepts, in a stable order. */
std::vector<std::string> motionValidatorNames();

/** \brief Validator \a name for \a si (whose space is makeStateSpace(world->robot())).
    "discrete" returns ompl::base::DiscreteMotionValidator and sets the space's longest valid
    segment fraction to options.resolution (then calls space->setup()).
    \throws Error for an unknown name (the message lists the known ones) or a bad option value. */
ompl::base::MotionValidatorPtr makeMotionValidator(const std::string &name,
                                                   const ompl::base::SpaceInformationPtr &si,
                                                   const CollisionWorldPtr &world,
                                                   const ValidatorOptions &options = {});
}  // namespace ompl_ccd
