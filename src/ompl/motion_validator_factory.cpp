#include "ompl_ccd/ompl/motion_validator_factory.h"

#include <functional>
#include <ompl/base/DiscreteMotionValidator.h>

#include "ompl_ccd/certify/ca/conservative_advancement.h"
#include "ompl_ccd/certify/interval/interval_arithmetic.h"
#include "ompl_ccd/certify/toleranced/toleranced_motion.h"
#include "ompl_ccd/error.h"
#include "ompl_ccd/nearest_name.h"
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
  query.contact_distance = options.contact_distance;
  query.clearance = options.clearance;
  return query;
}

/** \brief The toleranced-motion certifier ([SchroeckerWeber]) with options.toleranced and
    options.culling. */
ompl::base::MotionValidatorPtr makeToleranced(const ompl::base::SpaceInformationPtr &si, const CollisionWorldPtr &world,
                                              const ValidatorOptions &options)
{
  return std::make_shared<CertifyingMotionValidator>(
      si, world->robotPtr(), std::make_shared<TolerancedMotion>(world, options.toleranced, options.culling),
      queryOf(options));
}

/** \brief The CATCH conservative-advancement certifier ([Zhang2007]) with options.ca and
    options.culling. */
ompl::base::MotionValidatorPtr makeConservativeAdvancement(const ompl::base::SpaceInformationPtr &si,
                                                           const CollisionWorldPtr &world,
                                                           const ValidatorOptions &options)
{
  return std::make_shared<CertifyingMotionValidator>(
      si, world->robotPtr(), std::make_shared<ConservativeAdvancement>(world, options.ca, options.culling),
      queryOf(options));
}

/** \brief The ARTICULATE interval certifier ([Redon2004]) with options.interval and
    options.culling. */
ompl::base::MotionValidatorPtr makeIntervalArithmetic(const ompl::base::SpaceInformationPtr &si,
                                                      const CollisionWorldPtr &world, const ValidatorOptions &options)
{
  return std::make_shared<CertifyingMotionValidator>(
      si, world->robotPtr(), std::make_shared<IntervalArithmetic>(world, options.interval, options.culling),
      queryOf(options));
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
    checkValidatorOptions(options, "makeMotionValidator");
    return entry.second(si, world, options);
  }
  throw Error(concat("makeMotionValidator: unknown motion validator '", name, "'",
                     didYouMean(name, motionValidatorNames()), "; use one of: ", joinNames(motionValidatorNames()), "."));
}
}  // namespace ompl_ccd
