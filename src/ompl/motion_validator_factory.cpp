#include "ompl_ccd/ompl/motion_validator_factory.h"

#include <cmath>
#include <functional>
#include <ompl/base/DiscreteMotionValidator.h>

#include "ompl_ccd/certify/conservative_advancement.h"
#include "ompl_ccd/certify/interval_arithmetic.h"
#include "ompl_ccd/certify/toleranced_motion.h"
#include "ompl_ccd/error.h"
#include "ompl_ccd/ompl/certifying_motion_validator.h"

namespace ompl_ccd
{
namespace
{
using Builder = std::function<ompl::base::MotionValidatorPtr(
    const ompl::base::SpaceInformationPtr &, const CollisionWorldPtr &, const ValidatorOptions &)>;

/** \brief OMPL's sampling validator at options.resolution (a fraction of the space's extent). */
ompl::base::MotionValidatorPtr makeDiscrete(const ompl::base::SpaceInformationPtr &si, const CollisionWorldPtr &,
                                            const ValidatorOptions &options)
{
  const ompl::base::StateSpacePtr &space = si->getStateSpace();
  space->setLongestValidSegmentFraction(options.resolution);
  space->setup();
  return std::make_shared<ompl::base::DiscreteMotionValidator>(si);
}

/** \brief The certifiers' query settings from the validator options. */
Query queryOf(const ValidatorOptions &options)
{
  Query query;
  query.tolerance = options.tolerance;
  query.clearance = options.clearance;
  return query;
}

/** \brief The toleranced-motion certifier ([SchroeckerWeber]); options.threads threads per query,
    options.mass_distribution. */
ompl::base::MotionValidatorPtr makeToleranced(const ompl::base::SpaceInformationPtr &si, const CollisionWorldPtr &world,
                                              const ValidatorOptions &options)
{
  TolerancedMotionOptions settings;
  settings.threads = options.threads;
  settings.mass_distribution = options.mass_distribution;
  return std::make_shared<CertifyingMotionValidator>(si, world->robotPtr(),
                                                     std::make_shared<TolerancedMotion>(world, settings), queryOf(options));
}

/** \brief The CATCH conservative-advancement certifier ([Zhang2007]). */
ompl::base::MotionValidatorPtr makeConservativeAdvancement(const ompl::base::SpaceInformationPtr &si,
                                                           const CollisionWorldPtr &world,
                                                           const ValidatorOptions &options)
{
  return std::make_shared<CertifyingMotionValidator>(si, world->robotPtr(),
                                                     std::make_shared<ConservativeAdvancement>(world), queryOf(options));
}

/** \brief The ARTICULATE interval certifier ([Redon2004]). */
ompl::base::MotionValidatorPtr makeIntervalArithmetic(const ompl::base::SpaceInformationPtr &si,
                                                      const CollisionWorldPtr &world, const ValidatorOptions &options)
{
  return std::make_shared<CertifyingMotionValidator>(si, world->robotPtr(),
                                                     std::make_shared<IntervalArithmetic>(world), queryOf(options));
}

/** \brief Every validator by name, in the order motionValidatorNames() lists them. Registering a
    validator is one entry here. */
const std::vector<std::pair<std::string, Builder>> &builders()
{
  static const std::vector<std::pair<std::string, Builder>> table = {
      {"discrete", makeDiscrete},
      {"ca", makeConservativeAdvancement},
      {"toleranced", makeToleranced},
      {"interval", makeIntervalArithmetic},
  };
  return table;
}

void checkOptions(const ValidatorOptions &options)
{
  OMPL_CCD_THROW_UNLESS(std::isfinite(options.resolution) && options.resolution > 0.0 && options.resolution <= 1.0,
                        "makeMotionValidator: option 'resolution' must be in (0, 1] (", options.resolution,
                        "); pass a fraction of the space's extent such as 0.01.");
  OMPL_CCD_THROW_UNLESS(std::isfinite(options.tolerance) && options.tolerance > 0.0,
                        "makeMotionValidator: option 'tolerance' must be finite and > 0 (", options.tolerance,
                        "); pass a positive tolerance such as 1e-3.");
  OMPL_CCD_THROW_UNLESS(std::isfinite(options.clearance) && options.clearance >= 0.0,
                        "makeMotionValidator: option 'clearance' must be finite and >= 0 (", options.clearance,
                        "); pass 0 or a positive distance in metres.");
  OMPL_CCD_THROW_UNLESS(options.threads >= 1, "makeMotionValidator: option 'threads' must be >= 1 (",
                        options.threads, "); pass 1 or more.");
}
}  // namespace

std::vector<std::string> motionValidatorNames()
{
  std::vector<std::string> names;
  for (const auto &entry : builders())
    names.push_back(entry.first);
  return names;
}

ompl::base::MotionValidatorPtr makeMotionValidator(const std::string &name, const ompl::base::SpaceInformationPtr &si,
                                                   const CollisionWorldPtr &world, const ValidatorOptions &options)
{
  for (const auto &entry : builders())
  {
    if (entry.first != name)
      continue;
    checkOptions(options);
    return entry.second(si, world, options);
  }
  throw Error(concat("makeMotionValidator: unknown motion validator '", name,
                     "'; use one of: ", joinNames(motionValidatorNames()), "."));
}
}  // namespace ompl_ccd
