// Temporal culling of the CA certifier (src/certify/ca/ca_temporal_culling.cpp), [Zhang2007] Alg. 1
// in Mode::FirstContact: against the oracle (test/support/oracle.h), no false Free, no toc_lower
// past the contact, the TOC within tolerance; the same verdicts as CA of every pair from t = 0
// (temporal_culling off), with no more pairs visited.
#include <gtest/gtest.h>

#include "ompl_ccd/certify/ca/conservative_advancement.h"
#include "support/example_worlds.h"
#include "support/oracle.h"
#include "support/random_edges.h"

namespace ompl_ccd::test
{
namespace
{
TEST(CaTemporalCulling, Alg1KeepsTheFirstContactOfCaFromZero)
{
  const double tolerance = 1e-3;
  const CollisionWorldPtr world = exampleWorld("arm/arm.urdf", "scene.yaml");
  const std::vector<Edge> edges = collidingThenRandomEdges(*world, 60, 41);
  const std::vector<OracleResult> labels = labelEdges(*world, edges, OracleOptions{}, 2);
  ConservativeAdvancementOptions from_zero;
  from_zero.temporal_culling = false;
  const ConservativeAdvancement culled(world), unculled(world, from_zero);
  auto ws = culled.makeWorkspace(), reference_ws = unculled.makeWorkspace();
  SoundnessTally tally;
  int fewer = 0;
  for (std::size_t i = 0; i < edges.size(); ++i)
  {
    const JointMotion motion(world->robot(), edges[i].q0, edges[i].q1);
    Query query;
    query.mode = Mode::FirstContact;
    query.tolerance = tolerance;
    query.statistics = true;
    const Report report = culled.certify(*ws, motion, query), reference = unculled.certify(*reference_ws, motion, query);
    const Classification c = classify(report, labels[i], tolerance);
    EXPECT_FALSE(c.false_free) << i;
    EXPECT_FALSE(c.toc_lower_past_contact) << i;
    tally.add(report, labels[i], c);
    EXPECT_EQ(report.verdict, reference.verdict) << i;
    if (report.verdict == Verdict::Collision && reference.verdict == Verdict::Collision)
    {
      EXPECT_NEAR(report.toc_upper, reference.toc_upper, 1e-3) << i;
    }
    EXPECT_LE(report.stats.at("pcl_after_temporal_culling"), report.stats.at("pcl_after_spatial_culling")) << i;
    EXPECT_LE(report.stats.at("pcl_after_temporal_culling"), reference.stats.at("pcl_after_temporal_culling")) << i;
    fewer += report.stats.at("pcl_after_temporal_culling") < reference.stats.at("pcl_after_temporal_culling");
  }
  EXPECT_TRUE(tally.sound());
  EXPECT_GT(tally.oracle_colliding, 30u);
  EXPECT_GE(tally.toc_within_tolerance * 100, tally.toc_compared * 98);
  EXPECT_GT(fewer, 10) << "temporal culling never skipped a pair";
}
}  // namespace
}  // namespace ompl_ccd::test
