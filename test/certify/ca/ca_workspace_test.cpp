// The CA certifier's workspace and counters (src/certify/ca/ca_workspace.h): each counter, its own
// and the culling front end's, is reported under the name conservative_advancement.h documents (the
// list written out here), with its own value; certify() reports exactly those statistics, and none
// when the query asks for none.
#include <gtest/gtest.h>

#include "certify/ca/ca_workspace.h"
#include "support/example_worlds.h"
#include "support/random_edges.h"

namespace ompl_ccd::test
{
namespace
{
/// The statistics conservative_advancement.h documents, in its order.
const std::vector<std::string> kDocumentedStats = {
    "distance_queries",   "hull_distance_queries",     "ca_steps",
    "hull_ca_steps",      "slab_steps",                "collision_probes",
    "pcl_before_culling", "pcl_after_spatial_culling", "pcl_after_temporal_culling",
    "undecided_cap_hits", "box_pieces",                "taylor_pieces"};

TEST(CaWorkspace, EachCounterIsReportedUnderItsName)
{
  ca::Counters counters;
  CullingCounters culling;
  counters.distance_queries = 1;
  counters.hull_distance_queries = 2;
  counters.ca_steps = 3;
  counters.hull_ca_steps = 4;
  counters.slab_steps = 5;
  culling.collision_probes = 6;
  counters.pcl_before_culling = 7;
  culling.pcl_after_spatial_culling = 8;
  counters.pcl_after_temporal_culling = 9;
  counters.undecided_cap_hits = 10;
  culling.box_pieces = 11;
  culling.taylor_pieces = 12;
  const Stats stats = counters.toStats(culling);
  ASSERT_EQ(stats.size(), kDocumentedStats.size());
  for (std::size_t i = 0; i < kDocumentedStats.size(); ++i)
  {
    ASSERT_EQ(stats.count(kDocumentedStats[i]), 1u) << kDocumentedStats[i];
    EXPECT_EQ(stats.at(kDocumentedStats[i]), static_cast<double>(i + 1)) << kDocumentedStats[i];
  }
}

TEST(CaWorkspace, CertifyReportsTheCountersOfItsOwnCallOnly)
{
  const CollisionWorldPtr world = exampleWorld("arm/arm.urdf", "scene.yaml");
  const ConservativeAdvancement certifier(world);
  auto ws = certifier.makeWorkspace();
  const std::vector<Edge> edges = collidingThenRandomEdges(*world, 10, 61);
  Query query;
  query.mode = Mode::FirstContact;
  for (const Edge &edge : edges)
  {
    const JointMotion motion(world->robot(), edge.q0, edge.q1);
    query.statistics = true;
    const Report report = certifier.certify(*ws, motion, query);
    ASSERT_EQ(report.stats.size(), kDocumentedStats.size());
    for (const std::string &name : kDocumentedStats)
      EXPECT_EQ(report.stats.count(name), 1u) << name;
    // the counters start from zero at each call: a fresh workspace counts the same
    auto fresh = certifier.makeWorkspace();
    EXPECT_EQ(certifier.certify(*fresh, motion, query).stats, report.stats);
    query.statistics = false;
    const Report quiet = certifier.certify(*ws, motion, query);
    EXPECT_TRUE(quiet.stats.empty());
    EXPECT_EQ(quiet.verdict, report.verdict);
  }
}
}  // namespace
}  // namespace ompl_ccd::test
