// The Decide early exit of the CA certifier (src/certify/ca/ca_early_exit.cpp), [Zhang2007] Sec. 8:
// against the oracle (test/support/oracle.h), no false Free and no toc_lower past the contact;
// every Collision it reports is a configuration within tolerance (FCL's exact distance at
// toc_upper); and it agrees with Mode::FirstContact wherever the motion is not grazing.
#include <gtest/gtest.h>

#include "ompl_ccd/certify/ca/conservative_advancement.h"
#include "ompl_ccd/geometry/collision_queries.h"
#include "support/example_worlds.h"
#include "support/oracle.h"
#include "support/random_edges.h"

namespace ompl_ccd::test
{
namespace
{
TEST(CaEarlyExit, DecideKeepsTheContractAndAgreesWithFirstContact)
{
  const double tolerance = 1e-3;
  const CollisionWorldPtr world = exampleWorld("arm/arm.urdf", "scene.yaml");
  const std::vector<Edge> edges = collidingThenRandomEdges(*world, 60, 51);
  const std::vector<OracleResult> labels = labelEdges(*world, edges, OracleOptions{}, 2);
  const ConservativeAdvancement certifier(world);
  auto ws = certifier.makeWorkspace();
  CollisionWorkspace oracle(*world);
  int collisions = 0;
  Eigen::VectorXd q;
  for (std::size_t i = 0; i < edges.size(); ++i)
  {
    const JointMotion motion(world->robot(), edges[i].q0, edges[i].q1);
    Query query;
    query.tolerance = tolerance;
    query.statistics = true;
    query.mode = Mode::Decide;
    const Report decide = certifier.certify(*ws, motion, query);
    query.mode = Mode::FirstContact;
    const Report first = certifier.certify(*ws, motion, query);
    const Classification c = classify(decide, labels[i], tolerance);
    EXPECT_FALSE(c.false_free) << i;
    EXPECT_FALSE(c.toc_lower_past_contact) << i;
    const bool grazing =
        labels[i].min_distance_sampled < 2.0 * tolerance && labels[i].verdict != OracleVerdict::Colliding;
    if (!grazing && labels[i].verdict != OracleVerdict::Unresolved)
    {
      EXPECT_EQ(decide.verdict, first.verdict) << i;
    }
    if (decide.verdict == Verdict::Collision)
    {
      ++collisions;
      motion.stateAt(decide.toc_upper, q);
      EXPECT_LT(minimumDistance(*world, oracle, q), tolerance + 1e-6) << i << " t " << decide.toc_upper;
      EXPECT_LE(decide.toc_lower, decide.toc_upper);
    }
  }
  EXPECT_GT(collisions, 30);
}
}  // namespace
}  // namespace ompl_ccd::test
