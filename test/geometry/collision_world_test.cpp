#include "ompl_ccd/geometry/collision_world.h"

#include <gtest/gtest.h>

#include <fcl/geometry/shape/box.h>
#include <fcl/geometry/shape/sphere.h>

#include "support/test_paths.h"

namespace ompl_ccd
{
namespace
{
TEST(CollisionWorld, TwoLinkArmChecksOnlyTheNonAdjacentPair)
{
  auto robot = std::make_shared<const RobotModel>(
      RobotModel::fromUrdfFile(test::testDataPath("geometry/two_link_arm.urdf")));
  const CollisionWorld world(robot, std::make_shared<const Scene>(std::vector<Obstacle>{}));
  const int base = robot->linkIndex("base"), upper = robot->linkIndex("upper"), fore = robot->linkIndex("fore");
  ASSERT_EQ(robot->linkIndex("tool"), fore) << "tool is fixed to fore";
  EXPECT_EQ(world.collidingLinks(), (std::vector<int>{base, upper, fore}));
  // base–upper and upper–fore are adjacent (excluded); only base–fore is checked.
  EXPECT_EQ(world.selfPairs(), (std::vector<std::pair<int, int>>{{std::min(base, fore), std::max(base, fore)}}));

  const Link &fore_link = robot->links()[fore];
  ASSERT_EQ(fore_link.geometries.size(), 2u);
  for (std::size_t g = 0; g < fore_link.geometries.size(); ++g)
  {
    const bool is_sphere = fore_link.geometries[g].shape.kind == CollisionShape::Kind::Sphere;
    EXPECT_EQ(world.linkGeometry(fore, g)->getNodeType(), is_sphere ? fcl::GEOM_SPHERE : fcl::GEOM_BOX);
    EXPECT_EQ(fore_link.geometries[g].urdf_link, is_sphere ? "tool" : "fore");
  }
}

TEST(CollisionWorld, SiblingLinksAreChecked)
{
  auto robot = std::make_shared<const RobotModel>(
      RobotModel::fromUrdfFile(test::testDataPath("geometry/mimic_arm.urdf")));
  const CollisionWorld world(robot, std::make_shared<const Scene>(std::vector<Obstacle>{}));
  EXPECT_EQ(world.collidingLinks().size(), 3u);
  // finger_a and finger_b are both children of palm, not of each other: their pair is checked.
  const int a = robot->linkIndex("finger_a"), b = robot->linkIndex("finger_b");
  EXPECT_EQ(world.selfPairs(), (std::vector<std::pair<int, int>>{{std::min(a, b), std::max(a, b)}}));
}
}  // namespace
}  // namespace ompl_ccd
