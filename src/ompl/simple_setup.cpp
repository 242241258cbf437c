#include "ompl_ccd/ompl/simple_setup.h"

#include "ompl_ccd/error.h"
#include "ompl_ccd/ompl/state_space.h"
#include "ompl_ccd/ompl/state_validity_checker.h"

namespace ompl_ccd
{
ompl::geometric::SimpleSetupPtr makeSimpleSetup(const CollisionWorldPtr &world, const std::string &validator,
                                                const ValidatorOptions &options)
{
  OMPL_CCD_THROW_UNLESS(world != nullptr,
                        "makeSimpleSetup: the collision world is null; pass a CollisionWorld of robot and scene.");
  auto setup = std::make_shared<ompl::geometric::SimpleSetup>(makeStateSpace(world->robot()));
  const ompl::base::SpaceInformationPtr &si = setup->getSpaceInformation();
  si->setStateValidityChecker(std::make_shared<StateValidityChecker>(si, world));
  si->setMotionValidator(makeMotionValidator(validator, si, world, options));
  return setup;
}

ompl::base::SpaceInformationPtr makeSpaceInformation(const CollisionWorldPtr &world, const std::string &validator,
                                                     const ValidatorOptions &options)
{
  const ompl::base::SpaceInformationPtr si = makeSimpleSetup(world, validator, options)->getSpaceInformation();
  si->setup();
  return si;
}
}  // namespace ompl_ccd
