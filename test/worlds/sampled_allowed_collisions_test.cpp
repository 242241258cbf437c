// sampledAllowedCollisions (test/support) on a hand-made robot whose pairs are known by
// construction: one touching at the zero pose, one too far apart to ever touch, one touching in
// nearly every state but the zero pose, one touching in some states only.
#include <gtest/gtest.h>

#include <algorithm>

#include "ompl_ccd/geometry/collision_world.h"
#include "support/sampled_allowed_collisions.h"

namespace ompl_ccd::test
{
namespace
{
/// 1 m bars (0.1 m square section) turning about z, each along +x from its pivot at q = 0: "a" at
/// the origin; "overlap" at (0.5, 0, 0), lying on "a" at q = 0; "far" at (5, 0, 0), 3 m beyond
/// any other bar; "reach" at (1.2, 0, 0), 0.2 m past "a"'s tip at q = 0 but crossing it when
/// turned towards it. And a column (0.1 m square, 2 m tall) on a lift along z through the origin,
/// p ∈ [−0.02, 1], its top at z = p − 0.06: it touches "a" (z ≥ −0.05) iff p ≥ 0.01, i.e. in
/// 97 % of the states but not at the zero pose (p = 0).
std::string barsUrdf()
{
  const auto bar = [](const std::string &name, const std::string &xyz) {
    return "<link name='" + name +
           "'><collision><origin xyz='0.5 0 0'/><geometry><box size='1 0.1 0.1'/></geometry></collision></link>"
           "<joint name='" + name + "_joint' type='revolute'><parent link='base'/><child link='" + name +
           "'/><origin xyz='" + xyz + "'/><axis xyz='0 0 1'/><limit lower='-3.1' upper='3.1' effort='1' "
           "velocity='1'/></joint>";
  };
  const std::string urdf =
      "<robot name='bars'><link name='base'/>" + bar("a", "0 0 0") + bar("overlap", "0.5 0 0") +
      bar("far", "5 0 0") + bar("reach", "1.2 0 0") +
      "<link name='column'><collision><origin xyz='0 0 -1.06'/><geometry><box size='0.1 0.1 2'/></geometry>"
      "</collision></link><joint name='lift' type='prismatic'><parent link='base'/><child link='column'/>"
      "<axis xyz='0 0 1'/><limit lower='-0.02' upper='1' effort='1' velocity='1'/></joint></robot>";
  return urdf;
}

RobotModelPtr bars(const RobotModelOptions &options = {})
{
  return std::make_shared<const RobotModel>(RobotModel::fromUrdfString(barsUrdf(), ".", "bars", options));
}

std::string reasonOf(const Srdf &srdf, const std::string &a, const std::string &b)
{
  for (const Srdf::DisabledPair &pair : srdf.disabled_collisions)
    if ((pair.link1 == a && pair.link2 == b) || (pair.link1 == b && pair.link2 == a))
      return pair.reason;
  return "";
}
}  // namespace

TEST(SampledAllowedCollisions, SortsPairsAsTheSetupAssistantDoes)
{
  SampledAllowedCollisionOptions options;
  options.samples = 2000;
  const Srdf srdf = sampledAllowedCollisions(bars(), options);
  EXPECT_EQ(reasonOf(srdf, "a", "overlap"), "Default");
  EXPECT_EQ(reasonOf(srdf, "a", "far"), "Never");
  EXPECT_EQ(reasonOf(srdf, "reach", "far"), "Never");
  EXPECT_EQ(reasonOf(srdf, "a", "column"), "Always");
  EXPECT_EQ(reasonOf(srdf, "a", "reach"), "");  // touches only when both turn towards each other
  EXPECT_TRUE(srdf.robot_name.empty());
  EXPECT_TRUE(srdf.named_states.empty());
}

TEST(SampledAllowedCollisions, AHigherAlwaysFractionKeepsThePairChecked)
{
  SampledAllowedCollisionOptions options;
  options.samples = 2000;
  options.always_fraction = 0.99;  // "a" and the column touch in ≈ 97 % of the states
  EXPECT_EQ(reasonOf(sampledAllowedCollisions(bars(), options), "a", "column"), "");
}

TEST(SampledAllowedCollisions, TheRobotReadWithThemChecksOnlyTheOtherPairs)
{
  SampledAllowedCollisionOptions sampling;
  sampling.samples = 2000;
  RobotModelOptions options;
  options.srdf = sampledAllowedCollisions(bars(), sampling);
  const RobotModelPtr robot = bars(options);
  const CollisionWorld world(robot, std::make_shared<Scene>(std::vector<Obstacle>{}));
  const auto checked = [&](const std::string &a, const std::string &b) {
    const int i = robot->linkIndex(a), j = robot->linkIndex(b);
    const std::pair<int, int> pair(std::min(i, j), std::max(i, j));
    return std::find(world.selfPairs().begin(), world.selfPairs().end(), pair) != world.selfPairs().end();
  };
  EXPECT_TRUE(checked("a", "reach"));
  EXPECT_FALSE(checked("a", "overlap"));
  EXPECT_FALSE(checked("a", "far"));
  EXPECT_FALSE(checked("a", "column"));
  EXPECT_EQ(robot->allowedCollisions().reason(robot->linkIndex("a"), robot->linkIndex("far")), "srdf: Never");
}
}  // namespace ompl_ccd::test
