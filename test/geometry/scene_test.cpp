#include "ompl_ccd/geometry/scene.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdint>

#include "ompl_ccd/error.h"

namespace ompl_ccd
{
namespace
{
Obstacle sphere(const std::string &name, const Eigen::Vector3d &p_WS, double radius)
{
  Obstacle obstacle;
  obstacle.name = name;
  obstacle.shape.kind = CollisionShape::Kind::Sphere;
  obstacle.shape.radius = radius;
  obstacle.X_WG.translation() = p_WS;
  return obstacle;
}

TEST(Scene, ObjectsArePosedIndexedAndInTheBroadphase)
{
  const Scene scene({sphere("a", Eigen::Vector3d(1, 0, 0), 0.5), sphere("b", Eigen::Vector3d(0, 3, 0), 0.25)});
  ASSERT_EQ(scene.obstacles().size(), 2u);
  EXPECT_EQ(scene.broadphase().size(), 2u);
  for (int i = 0; i < 2; ++i)
  {
    EXPECT_EQ(reinterpret_cast<std::intptr_t>(scene.object(i).getUserData()), i);
    EXPECT_EQ(scene.object(i).collisionGeometry(), scene.geometry(i));
    EXPECT_TRUE(scene.object(i).getTranslation().isApprox(scene.obstacles()[i].X_WG.translation()));
  }
  EXPECT_TRUE(scene.object(1).getAABB().min_.isApprox(Eigen::Vector3d(-0.25, 2.75, -0.25)));
  EXPECT_TRUE(scene.object(1).getAABB().max_.isApprox(Eigen::Vector3d(0.25, 3.25, 0.25)));
}

TEST(Scene, EmptySceneHasAnEmptyBroadphase)
{
  const Scene scene({});
  EXPECT_EQ(scene.broadphase().size(), 0u);
}

TEST(Scene, RefusesDuplicateNames)
{
  EXPECT_THAT(
      [] { Scene({sphere("a", Eigen::Vector3d::Zero(), 1), sphere("b", Eigen::Vector3d::Zero(), 1),
                  sphere("a", Eigen::Vector3d::Zero(), 1)}); },
      ::testing::ThrowsMessage<Error>(::testing::HasSubstr(
          "Scene: obstacles 0 and 2 are both named 'a'; give every obstacle a unique name.")));
}
}  // namespace
}  // namespace ompl_ccd
