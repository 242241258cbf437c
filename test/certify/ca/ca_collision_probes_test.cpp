// Collision probes of the CA certifier (src/certify/ca/ca_collision_probes.cpp), Mode::Decide: a
// whole-robot probe decides Collision exactly when the robot is in collision there (isInCollision,
// FCL's discrete check, as the oracle); and every Collision a per-pair probe reports is a real
// collision at its time.
#include <gtest/gtest.h>

#include "ompl_ccd/certify/ca/conservative_advancement.h"
#include "ompl_ccd/geometry/collision_queries.h"
#include "support/example_worlds.h"
#include "support/random_edges.h"

namespace ompl_ccd::test
{
namespace
{
Query decideQuery()
{
  Query query;
  query.mode = Mode::Decide;
  query.tolerance = 1e-3;
  query.statistics = true;
  return query;
}

TEST(CaCollisionProbes, AWholeRobotProbeDecidesIffTheRobotCollidesThere)
{
  for (const auto &[urdf, scene] : {std::pair<std::string, std::string>{"arm/arm.urdf", "scene.yaml"},
                                   std::pair<std::string, std::string>{"snake/snake.urdf", ""}})
  {
    const CollisionWorldPtr world = exampleWorld(urdf, scene);
    CullingOptions culling;
    culling.early_probes = 1;  // t = 1/2 only
    const ConservativeAdvancement certifier(world, {}, culling);
    auto ws = certifier.makeWorkspace();
    CollisionWorkspace oracle(*world);
    RandomEdgeOptions edge_options;
    edge_options.seed = 21;
    int colliding = 0;
    Eigen::VectorXd q;
    for (const Edge &edge : sampledCollidingEdges(*world, 60, edge_options))
    {
      const JointMotion motion(world->robot(), edge.q0, edge.q1);
      const Report report = certifier.certify(*ws, motion, decideQuery());
      motion.stateAt(0.5, q);
      // the early probe decided before any box was computed
      const bool probe_decided = report.stats.at("box_pieces") == 0.0;
      EXPECT_EQ(probe_decided, isInCollision(*world, oracle, q)) << urdf;
      if (probe_decided)
      {
        ++colliding;
        EXPECT_EQ(report.verdict, Verdict::Collision);
        EXPECT_EQ(report.toc_upper, 0.5);
        EXPECT_EQ(report.toc_lower, 0.0);
        ASSERT_TRUE(report.witness);
        EXPECT_EQ(report.witness->distance, 0.0);
      }
    }
    EXPECT_GT(colliding, 5) << urdf;
  }
}

TEST(CaCollisionProbes, APairProbeCollisionIsReal)
{
  const CollisionWorldPtr world = exampleWorld("arm/arm.urdf", "scene.yaml");
  CullingOptions culling;
  culling.early_probes = 0;  // only the per-pair and creep probes
  const ConservativeAdvancement certifier(world, {}, culling);
  auto ws = certifier.makeWorkspace();
  CollisionWorkspace oracle(*world);
  RandomEdgeOptions edge_options;
  edge_options.seed = 22;
  int probed = 0;
  Eigen::VectorXd q;
  for (const Edge &edge : sampledCollidingEdges(*world, 80, edge_options))
  {
    const JointMotion motion(world->robot(), edge.q0, edge.q1);
    const Report report = certifier.certify(*ws, motion, decideQuery());
    // a probe's witness: FCL's contact point (point_a = point_b) at distance 0
    if (report.verdict != Verdict::Collision || report.witness->distance != 0.0 ||
        report.witness->point_a != report.witness->point_b)
      continue;
    ++probed;
    motion.stateAt(report.toc_upper, q);
    EXPECT_TRUE(isInCollision(*world, oracle, q)) << "t " << report.toc_upper;
  }
  EXPECT_GT(probed, 10);
}
}  // namespace
}  // namespace ompl_ccd::test
