// resolveState: joint values and SRDF named states, refused with the caller's context.
#include "ompl_ccd/model/state_spec.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "ompl_ccd/error.h"
#include "support/test_paths.h"

namespace ompl_ccd
{
namespace
{
using ::testing::HasSubstr;
using ::testing::ThrowsMessage;

RobotModel armWithSrdf()
{
  RobotModelOptions options;
  options.srdf = parseSrdfFile(test::examplePath("arm/arm.srdf"));
  return RobotModel::fromUrdfFile(test::examplePath("arm/arm.urdf"), options);
}

TEST(StateSpec, ValuesAndNamedStatesResolve)
{
  const RobotModel arm = armWithSrdf();
  const Eigen::VectorXd q = resolveState(StateSpec{std::vector<double>{0.1, 0.2, 0.3, 0, 0, 0}}, arm, "test");
  EXPECT_EQ(q, (Eigen::VectorXd(6) << 0.1, 0.2, 0.3, 0, 0, 0).finished());
  EXPECT_EQ(resolveState(StateSpec{std::string("ready")}, arm, "test"),
            (Eigen::VectorXd(6) << 0, 0.3, 1.5, 0, 1.34, 0).finished());
}

TEST(StateSpec, BadSpecsAreRefusedWithTheContext)
{
  const RobotModel arm = armWithSrdf();
  EXPECT_THAT([&] { resolveState(StateSpec{std::string("nowhere")}, arm, "plan: p.yaml: goal"); },
              ThrowsMessage<Error>("plan: p.yaml: goal: 'nowhere' is not a named state of the SRDF (known: home, "
                                   "ready); give a list of 6 joint values or a group_state name."));
  const RobotModel bare = RobotModel::fromUrdfFile(test::examplePath("arm/arm.urdf"));
  EXPECT_THAT([&] { resolveState(StateSpec{std::string("home")}, bare, "ctx"); },
              ThrowsMessage<Error>(HasSubstr("ctx: 'home' is not a named state of the SRDF (known: none)")));
  EXPECT_THAT([&] { resolveState(StateSpec{std::vector<double>{0, 0}}, arm, "parameter '~start'"); },
              ThrowsMessage<Error>(HasSubstr("parameter '~start'")));
}
}  // namespace
}  // namespace ompl_ccd
