// Tests of the box queries against a scene's broadphase (scene_box_queries.h).
#include "ompl_ccd/geometry/scene_box_queries.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "support/example_worlds.h"

namespace ompl_ccd
{
namespace
{
TEST(OverlappingObstacles, TouchingBoxesOverlap)
{
  const CollisionWorldPtr world = test::exampleWorld("arm/arm.urdf", "scene.yaml");
  const Scene &scene = world->scene();
  for (std::size_t o = 0; o < scene.obstacles().size(); ++o)
  {
    const fcl::AABBd &aabb = scene.object(static_cast<int>(o)).getAABB();
    // boxes whose +x face lies on the obstacle box's −x face, and whose −x face lies on its +x face
    const Eigen::Vector3d size = aabb.max_ - aabb.min_, step(size.x(), 0.0, 0.0);
    const Eigen::AlignedBox3d below(aabb.min_ - step, Eigen::Vector3d(aabb.min_.x(), aabb.max_.y(), aabb.max_.z()));
    const Eigen::AlignedBox3d above(Eigen::Vector3d(aabb.max_.x(), aabb.min_.y(), aabb.min_.z()), aabb.max_ + step);
    for (const Eigen::AlignedBox3d &touching : {below, above})
    {
      EXPECT_TRUE(obstacleOverlaps(scene, static_cast<int>(o), touching));
      std::vector<int> obstacles;
      overlappingObstacles(scene, touching, obstacles);
      EXPECT_NE(std::find(obstacles.begin(), obstacles.end(), static_cast<int>(o)), obstacles.end());
    }
    const Eigen::Vector3d nudge(1e-9, 0.0, 0.0);
    EXPECT_FALSE(obstacleOverlaps(scene, static_cast<int>(o), Eigen::AlignedBox3d(below.min() - nudge, below.max() - nudge)));
    EXPECT_FALSE(obstacleOverlaps(scene, static_cast<int>(o), Eigen::AlignedBox3d(above.min() + nudge, above.max() + nudge)));
  }
}
}  // namespace
}  // namespace ompl_ccd
