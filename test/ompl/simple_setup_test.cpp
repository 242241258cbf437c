#include "ompl_ccd/ompl/simple_setup.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <ompl/base/DiscreteMotionValidator.h>

#include "ompl/random_states.h"
#include "ompl_ccd/error.h"
#include "ompl_ccd/ompl/state_validity_checker.h"

namespace ompl_ccd
{
namespace
{
TEST(SimpleSetup, UsesOurCheckerAndTheNamedValidator)
{
  const CollisionWorldPtr world = test::armWorld();
  ValidatorOptions options;
  options.resolution = 0.02;
  const ompl::geometric::SimpleSetupPtr setup = makeSimpleSetup(world, "discrete", options);
  const ompl::base::SpaceInformationPtr &si = setup->getSpaceInformation();
  const auto checker = std::dynamic_pointer_cast<StateValidityChecker>(si->getStateValidityChecker());
  ASSERT_NE(checker, nullptr);
  EXPECT_EQ(&checker->world(), world.get());
  EXPECT_NE(std::dynamic_pointer_cast<ompl::base::DiscreteMotionValidator>(si->getMotionValidator()), nullptr);
  EXPECT_EQ(si->getStateDimension(), static_cast<unsigned int>(world->robot().nq()));
  EXPECT_EQ(si->getStateSpace()->getLongestValidSegmentFraction(), 0.02);
}

TEST(SimpleSetup, UnknownValidatorIsRefused)
{
  EXPECT_THAT([] { makeSimpleSetup(test::armWorld(), "magic"); },
              ::testing::ThrowsMessage<Error>(::testing::HasSubstr("unknown motion validator 'magic'")));
  EXPECT_THAT([] { makeSimpleSetup(nullptr, "discrete"); },
              ::testing::ThrowsMessage<Error>(::testing::HasSubstr("makeSimpleSetup: the collision world is null")));
}
}  // namespace
}  // namespace ompl_ccd
