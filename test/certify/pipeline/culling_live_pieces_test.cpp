// Live-piece culling of the culling front end (culling_front_end.h): nextLiveTime against a
// scan of the pieces; and the culling's promise against the oracle: a motion whose pairs are all
// culled (stat pcl_after_spatial_culling 0) keeps every pair farther apart than
// clearance + tolerance (FCL distances sampled densely, scene and self pairs).
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "certify/pipeline/culling_front_end.h"
#include "ompl_ccd/certify/ca/conservative_advancement.h"
#include "ompl_ccd/geometry/collision_queries.h"
#include "support/example_worlds.h"
#include "support/random_edges.h"

namespace ompl_ccd::test
{
namespace
{
TEST(CullingLivePieces, NextLiveTimeIsTheEarliestLiveTimeFromT)
{
  // r = nextLiveTime(t): r ≥ t lies in a live piece [k/N, (k+1)/N], and no live piece meets [t, r)
  // (a piece ending at t may be skipped: CA certified up to t); r = ∞ iff no live piece ends after t.
  std::mt19937 random(7);
  for (int trial = 0; trial < 5000; ++trial)
  {
    const int samples = 1 + static_cast<int>(random() % 40);
    std::vector<char> live(samples);
    for (char &flag : live)
      flag = random() % 3 == 0;
    // times on the piece boundaries too (where t·N rounds either way)
    const double t = trial % 2 ? std::uniform_real_distribution<double>(0.0, 1.0)(random)
                               : static_cast<double>(random() % samples) / samples;
    const double r = culling::nextLiveTime(live.data(), samples, t);
    bool in_live_piece = false;
    for (int k = 0; k < samples; ++k)
    {
      const double start = static_cast<double>(k) / samples, end = static_cast<double>(k + 1) / samples;
      if (!live[k])
        continue;
      EXPECT_FALSE(t < r && start < r && end > t) << "live piece " << k << "/" << samples << " skipped from " << t;
      in_live_piece = in_live_piece || (start <= r && r <= end);
    }
    if (std::isfinite(r))
    {
      EXPECT_GE(r, t);
      EXPECT_TRUE(in_live_piece) << r;
    }
  }
}

TEST(CullingLivePieces, NoLivePieceMeansApartAllAlong)
{
  // self pairs only (the robots alone): their certificates and ancestor-frame boxes cull the most;
  // short pieces make whole motions culled often enough to check
  const double tolerance = 1e-3, clearance = 0.005;
  for (const std::string urdf : {"arm/arm.urdf", "snake/snake.urdf"})
  {
    const CollisionWorldPtr world = exampleWorld(urdf, "");
    CullingOptions culling;
    culling.swept_box_travel = 0.05;
    const ConservativeAdvancement certifier(world, {}, culling);
    auto ws = certifier.makeWorkspace();
    CollisionWorkspace oracle(*world);
    RandomEdgeOptions options;
    options.seed = 5;
    int culled = 0;
    for (const Edge &edge : randomEdges(*world, 150, options))
    {
      const JointMotion motion(world->robot(), edge.q0, edge.q1);
      Query query;
      query.mode = Mode::FirstContact;
      query.tolerance = tolerance;
      query.clearance = clearance;
      query.statistics = true;
      const Report report = certifier.certify(*ws, motion, query);
      if (report.stats.at("pcl_after_spatial_culling") > 0.0)
        continue;
      ++culled;
      EXPECT_EQ(report.verdict, Verdict::Free);
      Eigen::VectorXd q;
      for (int k = 0; k <= 400; ++k)
      {
        motion.stateAt(k / 400.0, q);
        ASSERT_GT(minimumDistance(*world, oracle, q), clearance + tolerance) << urdf << " t " << k / 400.0;
      }
    }
    EXPECT_GT(culled, 0) << urdf << ": no edge wholly culled; the test checks nothing";
  }
}
}  // namespace
}  // namespace ompl_ccd::test
