#include "ompl_ccd/ompl/planner_factory.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <ompl/base/spaces/RealVectorStateSpace.h>

#include "ompl_ccd/error.h"

namespace ompl_ccd
{
namespace
{
namespace ob = ompl::base;

ob::SpaceInformationPtr plane()
{
  auto space = std::make_shared<ob::RealVectorStateSpace>(2);
  space->setBounds(-1.0, 1.0);
  return std::make_shared<ob::SpaceInformation>(space);
}

TEST(PlannerFactory, EveryNameBuildsThatPlanner)
{
  const std::vector<std::string> names = plannerNames();
  EXPECT_EQ(names, (std::vector<std::string>{"PRM", "LazyPRM", "RRT", "RRTConnect", "RRTstar", "BITstar"}));
  const ob::SpaceInformationPtr si = plane();
  for (const std::string &name : names)
  {
    const ob::PlannerPtr planner = makePlanner(name, si);
    ASSERT_NE(planner, nullptr) << name;
    EXPECT_EQ(planner->getName(), name);
    EXPECT_EQ(planner->getSpaceInformation(), si);
  }
}

TEST(PlannerFactory, UnknownNameListsTheKnownOnes)
{
  EXPECT_THAT([] { makePlanner("RRTsharp", plane()); },
              ::testing::ThrowsMessage<Error>(::testing::HasSubstr(
                  "makePlanner: unknown planner 'RRTsharp'; use one of: PRM, LazyPRM, RRT, RRTConnect, RRTstar, "
                  "BITstar.")));
}
}  // namespace
}  // namespace ompl_ccd
