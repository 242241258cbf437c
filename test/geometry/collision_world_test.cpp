#include "ompl_ccd/geometry/collision_world.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fcl/geometry/shape/box.h>
#include <fcl/geometry/shape/sphere.h>

#include "ompl_ccd/error.h"
#include "support/example_worlds.h"
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

/// One 1 m box obstacle whose pose the scene file gave in \a frame.
ScenePtr boxInFrame(const std::string &frame)
{
  Obstacle box = test::boxObstacle("crate", Eigen::Vector3d::Ones(), Eigen::Vector3d(2, 0, 0));
  box.frame = frame;
  return std::make_shared<const Scene>(std::vector<Obstacle>{box});
}

TEST(CollisionWorld, SceneFrameMustBeTheWorld)
{
  const std::string urdf = test::testDataPath("geometry/two_link_arm.urdf");
  auto robot = std::make_shared<const RobotModel>(RobotModel::fromUrdfFile(urdf));
  // The root link, or a frame the robot does not have (motion_bench_maker's 'base_link' for Panda):
  // the world.
  for (const std::string frame : {"", "base", "world"})
    EXPECT_NO_THROW(CollisionWorld(robot, boxInFrame(frame))) << frame;
  // A moving link, and a link fixed to one ('tool' is merged into 'fore'): MoveIt would place the
  // box relative to it; ompl_ccd has no robot state to do so.
  for (const std::string frame : {"upper", "tool"})
    EXPECT_THAT([&] { CollisionWorld(robot, boxInFrame(frame)); },
                ::testing::ThrowsMessage<Error>(::testing::HasSubstr(
                    "CollisionWorld: obstacle 'crate' is given in frame '" + frame +
                    "' (MoveIt header.frame_id), a link of robot 'two_link_arm' that is not its root 'base'; a scene "
                    "is placed in the world frame: express its poses in 'base' or a frame that is not a robot link, "
                    "e.g. 'world'.")));
  // A floating root moves: its frame is not the world either.
  RobotModelOptions floating;
  floating.floating_root = true;
  auto flying = std::make_shared<const RobotModel>(RobotModel::fromUrdfFile(urdf, floating));
  EXPECT_THAT([&] { CollisionWorld(flying, boxInFrame("base")); },
              ::testing::ThrowsMessage<Error>(::testing::HasSubstr("that moves (floating root); a scene is placed in "
                                                                   "the world frame: express its poses in a frame")));
}
}  // namespace
}  // namespace ompl_ccd
