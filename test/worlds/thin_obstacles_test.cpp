// thinObstacleWorld (test/support/thin_obstacles.h): what it places, where, and that the robot's
// random edges run into it.
#include <gtest/gtest.h>

#include "ompl_ccd/geometry/collision_queries.h"
#include "support/random_edges.h"
#include "support/test_paths.h"
#include "support/thin_obstacles.h"

namespace ompl_ccd::test
{
namespace
{
RobotModelPtr arm()
{
  return std::make_shared<const RobotModel>(RobotModel::fromUrdfFile(examplePath("arm/arm.urdf")));
}
}  // namespace

TEST(ThinObstacleWorld, PlacesMillimetrePlatesAndThinPolesAwayFromTheBase)
{
  const ThinObstacleOptions options;
  const CollisionWorldPtr world = thinObstacleWorld(arm(), options);
  std::size_t plates = 0, poles = 0;
  for (const Obstacle &obstacle : world->scene().obstacles())
  {
    EXPECT_GE(obstacle.X_WG.translation().head<2>().norm(), options.min_axis_distance) << obstacle.name;
    if (obstacle.shape.kind == CollisionShape::Kind::Box)
    {
      ++plates;
      EXPECT_EQ(obstacle.shape.box_size, Eigen::Vector3d(0.25, 0.25, 1e-3)) << obstacle.name;
    }
    else
    {
      ASSERT_EQ(obstacle.shape.kind, CollisionShape::Kind::Cylinder) << obstacle.name;
      ++poles;
      EXPECT_GE(2.0 * obstacle.shape.radius, 2e-3) << obstacle.name;
      EXPECT_LE(2.0 * obstacle.shape.radius, 5e-3) << obstacle.name;
      EXPECT_EQ(obstacle.shape.length, 0.6) << obstacle.name;
    }
  }
  EXPECT_EQ(plates, options.plates);
  EXPECT_EQ(poles, options.poles);
}

TEST(ThinObstacleWorld, IsTheSameForTheSameSeedAndOtherwiseNot)
{
  ThinObstacleOptions options;
  const CollisionWorldPtr a = thinObstacleWorld(arm(), options), b = thinObstacleWorld(arm(), options);
  options.seed = 2;
  const CollisionWorldPtr c = thinObstacleWorld(arm(), options);
  EXPECT_TRUE(a->scene().obstacles()[0].X_WG.isApprox(b->scene().obstacles()[0].X_WG, 0.0));
  EXPECT_FALSE(a->scene().obstacles()[0].X_WG.isApprox(c->scene().obstacles()[0].X_WG));
}

TEST(ThinObstacleWorld, LiesAcrossTheArmsRandomEdges)
{
  const CollisionWorldPtr world = thinObstacleWorld(arm());
  CollisionWorkspace ws(*world);
  std::size_t colliding = 0;
  const std::vector<Edge> edges = randomEdges(*world, 100);
  for (const Edge &edge : edges)
    colliding += firstSampledCollision(*world, ws, JointMotion(world->robot(), edge.q0, edge.q1), 200).has_value();
  EXPECT_GE(colliding, 10u);
  EXPECT_LE(colliding, 90u);
}
}  // namespace ompl_ccd::test
