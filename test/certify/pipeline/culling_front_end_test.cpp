// The shared culling front end (culling_front_end.h) against dense FCL ground truth: every pair
// and piece it leaves dead keeps its bodies farther apart than the inflation; pieces from t_end
// on are never live; bad options are refused by name. Its probes: culling_probes_test.cpp.
#include <functional>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "certify/pipeline/culling_front_end.h"
#include "ompl_ccd/certify/ca/conservative_advancement.h"
#include "ompl_ccd/certify/interval/interval_arithmetic.h"
#include "ompl_ccd/certify/toleranced/toleranced_motion.h"
#include "ompl_ccd/error.h"
#include "ompl_ccd/geometry/collision_queries.h"
#include "ompl_ccd/geometry/pair_distance.h"
#include "support/example_worlds.h"
#include "support/random_edges.h"

namespace ompl_ccd::test
{
namespace
{
/// FCL's distance between the pair's bodies (or body and obstacle) at the poses in \a ws.
double pairDistance(const CollisionWorld &world, const CullingFrontEnd &front_end, CollisionWorkspace &ws,
                    const BodyPair &pair)
{
  const BodyRef &a = front_end.bodies()[pair.a].ref;
  const fcl::CollisionObjectd &object_a = *ws.objects[a.link][a.geometry];
  if (pair.b < 0)
    return pairDistanceUpperBound(object_a, world.scene().object(pair.obstacle));
  const BodyRef &b = front_end.bodies()[pair.b].ref;
  return pairDistanceUpperBound(object_a, *ws.objects[b.link][b.geometry]);
}

/// Every scene pair and self pair of \a front_end.
std::vector<BodyPair> everyPair(const CollisionWorld &world, const CullingFrontEnd &front_end)
{
  std::vector<BodyPair> pairs;
  for (int b = 0; b < static_cast<int>(front_end.bodies().size()); ++b)
    for (int o = 0; o < static_cast<int>(world.scene().obstacles().size()); ++o)
      pairs.push_back({b, -1, o, -1});
  pairs.insert(pairs.end(), front_end.selfPairs().begin(), front_end.selfPairs().end());
  return pairs;
}

bool samePair(const BodyPair &x, const BodyPair &y)
{
  return x.a == y.a && x.b == y.b && x.obstacle == y.obstacle;
}

TEST(CullingFrontEnd, DeadPiecesKeepPairsApartAndNothingIsLiveAfterTEnd)
{
  const double inflation = 0.01;
  for (const auto &[urdf, scene] : {std::pair<std::string, std::string>{"arm/arm.urdf", "scene.yaml"},
                                    {"snake/snake.urdf", ""}})
  {
    const CollisionWorldPtr world = exampleWorld(urdf, scene);
    CullingOptions options;
    options.swept_box_travel = 0.2;  // more pieces, more dead ones to check
    const CullingFrontEnd front_end(world, options);
    CullingWorkspace ws(front_end);
    CollisionWorkspace oracle(*world);
    RandomEdgeOptions edge_options;
    edge_options.seed = 11;
    int dead_checked = 0;
    const std::vector<BodyPair> pairs = everyPair(*world, front_end);
    for (const Edge &edge : randomEdges(*world, 5, edge_options))
    {
      const JointMotion motion(world->robot(), edge.q0, edge.q1);
      const double t_end = 0.7;
      front_end.cullLivePieces(ws, motion, inflation, t_end);
      ASSERT_GE(ws.samples, 1);
      Eigen::VectorXd q;
      for (int k = 0; k < ws.samples; ++k)
      {
        for (std::size_t i = 0; i < ws.pcl.size(); ++i)
          EXPECT_TRUE(!ws.live(i, k) || static_cast<double>(k) / ws.samples < t_end) << urdf << " piece " << k;
        if (static_cast<double>(k) / ws.samples >= t_end)
          continue;
        // the pairs dead during piece k: not in the PCL, or in it with piece k dead
        std::vector<BodyPair> dead;
        for (const BodyPair &pair : pairs)
        {
          const auto in_pcl = std::find_if(ws.pcl.begin(), ws.pcl.end(),
                                           [&](const BodyPair &p) { return samePair(p, pair); });
          if (in_pcl == ws.pcl.end() || !ws.live(static_cast<std::size_t>(in_pcl - ws.pcl.begin()), k))
            dead.push_back(pair);
        }
        for (int s = 0; s <= 4; ++s)
        {
          motion.stateAt((k + s / 4.0) / ws.samples, q);
          updatePoses(*world, oracle, q);
          for (const BodyPair &pair : dead)
          {
            ASSERT_GT(pairDistance(*world, front_end, oracle, pair), inflation)
                << urdf << ": pair (" << pair.a << ", " << pair.b << ", " << pair.obstacle << ") dead in piece " << k
                << "/" << ws.samples;
            ++dead_checked;
          }
        }
      }
    }
    EXPECT_GT(dead_checked, 1000) << urdf << ": too few dead pieces for the test to mean anything";
  }
}

TEST(CullingFrontEnd, RestrictingKeepsEarlierPiecesAndKillsLaterOnes)
{
  const CollisionWorldPtr world = exampleWorld("arm/arm.urdf", "scene.yaml");
  CullingOptions options;
  options.swept_box_travel = 0.1;
  const CullingFrontEnd front_end(world, options);
  CullingWorkspace ws(front_end);
  RandomEdgeOptions edge_options;
  edge_options.seed = 13;
  int kept = 0, killed = 0;
  for (const Edge &edge : randomEdges(*world, 40, edge_options))
  {
    const JointMotion motion(world->robot(), edge.q0, edge.q1);
    front_end.cullLivePieces(ws, motion, 1e-6);
    const std::vector<BodyPair> pcl = ws.pcl;
    const std::vector<char> live = ws.live_pieces;
    const int samples = ws.samples;
    const double t_end = 0.45;
    front_end.restrictLivePieces(ws, t_end);
    ASSERT_EQ(ws.samples, samples);
    // every pair kept has its pieces before t_end as they were and none after; every pair dropped
    // had no live piece before t_end
    std::size_t j = 0;
    for (std::size_t i = 0; i < pcl.size(); ++i)
    {
      bool live_before = false;
      for (int k = 0; k < samples && static_cast<double>(k) / samples < t_end; ++k)
        live_before = live_before || live[i * samples + k];
      if (!live_before)
      {
        ++killed;
        continue;
      }
      ASSERT_LT(j, ws.pcl.size());
      ASSERT_TRUE(samePair(ws.pcl[j], pcl[i]));
      for (int k = 0; k < samples; ++k)
        EXPECT_EQ(ws.live(j, k), static_cast<double>(k) / samples < t_end && live[i * samples + k]);
      ++j;
      ++kept;
    }
    EXPECT_EQ(j, ws.pcl.size());
  }
  EXPECT_GT(kept, 10);
  EXPECT_GT(killed, 10);
}

using ::testing::Each;
using ::testing::HasSubstr;
using ::testing::StartsWith;

TEST(CullingFrontEnd, BadOptionsAreRefusedByEveryCertifierWithTheSchemasMessage)
{
  const CollisionWorldPtr world = exampleWorld("arm/arm.urdf", "scene.yaml");
  const auto refusals = [&](const CullingOptions &options) -> std::vector<std::string> {
    std::vector<std::string> messages;
    const std::vector<std::function<void()>> builds = {
        [&] { ConservativeAdvancement(world, {}, options); },
        [&] { TolerancedMotion(world, {}, options); },
        [&] { IntervalArithmetic(world, {}, options); }};
    for (const auto &build : builds)
    {
      try
      {
        build();
        messages.push_back("accepted");
      }
      catch (const Error &e)
      {
        messages.push_back(e.what());
      }
    }
    return messages;
  };
  CullingOptions options;
  options.swept_box_samples = 0;
  EXPECT_THAT(refusals(options), Each(HasSubstr(": option 'swept_box_samples' is '0'; allowed: an integer >= 1")));
  options = {};
  options.certificate_max_dims = 4;
  EXPECT_THAT(refusals(options), Each(HasSubstr(": option 'certificate_max_dims' is '4'; allowed: an integer in [0, 3]")));
  options = {};
  options.max_taylor_pieces = 0;
  EXPECT_THAT(refusals(options), Each(HasSubstr(": option 'max_taylor_pieces' is '0'")));
  EXPECT_THAT(refusals(options)[0], StartsWith("ConservativeAdvancement: "));
}
}  // namespace
}  // namespace ompl_ccd::test
