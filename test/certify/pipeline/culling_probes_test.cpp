// Whole-robot probes of the culling front end (culling_probes.cpp) against FCL's check of the whole
// robot (isInCollision) at the probe times: a probe finds a collision exactly when that check does,
// with or without the joint-space certificates that let it skip self pairs; the pair it names
// collides by FCL; every probe is counted.
#include <gtest/gtest.h>

#include <cmath>

#include <fcl/narrowphase/collision.h>

#include "certify/pipeline/culling_front_end.h"
#include "ompl_ccd/geometry/collision_queries.h"
#include "support/example_worlds.h"
#include "support/random_edges.h"

namespace ompl_ccd::test
{
namespace
{
/// Whether FCL finds the pair's bodies (or body and obstacle) in collision at the poses in \a ws.
bool pairCollides(const CollisionWorld &world, const CullingFrontEnd &front_end, CollisionWorkspace &ws,
                  const BodyPair &pair)
{
  const auto body = [&](int b) -> const fcl::CollisionObjectd & {
    const BodyRef &ref = front_end.bodies()[b].ref;
    return *ws.objects[ref.link][ref.geometry];
  };
  const fcl::CollisionObjectd &other = pair.b < 0 ? world.scene().object(pair.obstacle) : body(pair.b);
  fcl::CollisionRequestd request;
  fcl::CollisionResultd result;
  return fcl::collide(&body(pair.a), &other, request, result) > 0;
}

/// Probes at t = k/8 of sampled colliding edges of \a urdf in \a scene with \a options, each
/// against isInCollision at the same state.
void expectProbesAgreeWithFcl(const std::string &urdf, const std::string &scene, const CullingOptions &options)
{
  const CollisionWorldPtr world = exampleWorld(urdf, scene);
  const CullingFrontEnd front_end(world, options);
  CullingWorkspace ws(front_end);
  CollisionWorkspace oracle(*world);
  RandomEdgeOptions edge_options;
  edge_options.seed = 12;
  int hits = 0, checks = 0;
  for (const Edge &edge : sampledCollidingEdges(*world, 40, edge_options))
  {
    const JointMotion motion(world->robot(), edge.q0, edge.q1);
    ws.posed_motion = nullptr;  // another motion may sit at the same address (as a certifier resets it)
    Eigen::VectorXd q;
    for (int k = 0; k <= 8; ++k)
    {
      const double t = k / 8.0;
      motion.stateAt(t, q);
      const bool colliding = isInCollision(*world, oracle, q);
      const std::optional<ProbeHit> hit = front_end.probeWholeRobot(ws, motion, t);
      ++checks;
      ASSERT_EQ(hit.has_value(), colliding) << urdf << " t " << t;
      if (!hit)
        continue;
      ++hits;
      EXPECT_EQ(hit->t, t);
      EXPECT_TRUE(pairCollides(*world, front_end, oracle, hit->pair)) << urdf << ": the probe's pair is apart";
      EXPECT_TRUE(hit->normal.isZero() || std::abs(hit->normal.norm() - 1.0) < 1e-12) << hit->normal.transpose();
    }
  }
  EXPECT_GT(hits, 10) << urdf;
  EXPECT_GT(checks - hits, 10) << urdf;
}

TEST(CullingProbes, WholeRobotProbeAgreesWithFclCheck)
{
  expectProbesAgreeWithFcl("arm/arm.urdf", "scene.yaml", {});
  expectProbesAgreeWithFcl("snake/snake.urdf", "", {});
}

TEST(CullingProbes, WithoutCertificatesTheProbesAgreeToo)
{
  CullingOptions none;
  none.certificate_max_dims = 0;  // every self pair whose boxes overlap goes to FCL
  expectProbesAgreeWithFcl("arm/arm.urdf", "scene.yaml", none);
  expectProbesAgreeWithFcl("snake/snake.urdf", "", none);
}

TEST(CullingProbes, EveryProbeIsCounted)
{
  const CollisionWorldPtr world = exampleWorld("arm/arm.urdf", "scene.yaml");
  const CullingFrontEnd front_end(world);
  CullingWorkspace ws(front_end);
  const Edge edge = randomEdges(*world, 1).front();
  const JointMotion motion(world->robot(), edge.q0, edge.q1);
  for (int k = 1; k <= 5; ++k)
  {
    front_end.probeWholeRobot(ws, motion, k / 5.0);
    EXPECT_EQ(ws.counters.collision_probes, static_cast<double>(k));
  }
}
}  // namespace
}  // namespace ompl_ccd::test
