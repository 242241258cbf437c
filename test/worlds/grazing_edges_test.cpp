// grazingEdges (test/support/grazing_edges.h) on the bundled arm among thin obstacles: every edge
// checked again, with the oracle and with sampling, against what its kind promises.
#include <gtest/gtest.h>

#include "ompl_ccd/geometry/collision_queries.h"
#include "support/grazing_edges.h"
#include "support/random_edges.h"
#include "support/test_paths.h"
#include "support/thin_obstacles.h"

namespace ompl_ccd::test
{
TEST(GrazingEdges, SamplingMissesTheOnesThatCollideAndNearMissesPassWithinAMillimetre)
{
  const CollisionWorldPtr world = thinObstacleWorld(
      std::make_shared<const RobotModel>(RobotModel::fromUrdfFile(examplePath("arm/arm.urdf"))));
  const GrazingEdges grazing = grazingEdges(*world, 2, 5);
  ASSERT_EQ(grazing.missed_by_sampling.size(), 2u);
  ASSERT_EQ(grazing.near_misses.size(), 2u);
  CollisionWorkspace ws(*world);
  for (const Edge &edge : grazing.missed_by_sampling)
  {
    const JointMotion motion(world->robot(), edge.q0, edge.q1);
    EXPECT_FALSE(isInCollision(*world, ws, edge.q0));
    EXPECT_FALSE(isInCollision(*world, ws, edge.q1));
    EXPECT_FALSE(firstSampledCollision(*world, ws, motion, 100).has_value());
    const OracleResult label = runOracle(*world, ws, motion);
    EXPECT_EQ(label.verdict, OracleVerdict::Colliding);
  }
  for (const Edge &edge : grazing.near_misses)
  {
    OracleOptions ten_microns;
    ten_microns.clearance = 1e-5;
    ten_microns.step = 1e-7;
    const OracleResult label = runOracle(*world, ws, JointMotion(world->robot(), edge.q0, edge.q1), ten_microns);
    EXPECT_EQ(label.verdict, OracleVerdict::CertifiedFree);
    EXPECT_LE(label.min_distance_sampled, 1e-3);
    EXPECT_GT(label.min_distance_certified, 1e-5);
  }
}
}  // namespace ompl_ccd::test
