// Every validator keeps its guarantee when a cloud is one obstacle (cloud_index): the bundled arm
// among each adversarial cloud (test/support/adversarial_clouds.h), the oracle (test/support/
// oracle.h: dense sampling and bisection on FCL) labelling random and grazing edges among the same
// balls written as sphere obstacles. ca, toleranced and interval, in Decide and FirstContact mode:
// zero false Free, no guaranteed-free prefix past a contact, every Collision witness in contact with
// a ball of the oracle's scene. discrete (OMPL's sampling over the state checker): the same answer
// on every edge as among the sphere obstacles.
#include <gtest/gtest.h>

#include <iostream>
#include <ompl/base/ScopedState.h>

#include "ompl_ccd/certify/ca/conservative_advancement.h"
#include "ompl_ccd/certify/interval/interval_arithmetic.h"
#include "ompl_ccd/certify/toleranced/toleranced_motion.h"
#include "ompl_ccd/ompl/simple_setup.h"
#include "ompl_ccd/ompl/state_space.h"
#include "support/adversarial_clouds.h"
#include "support/grazing_edges.h"
#include "support/labelled_edges.h"
#include "support/oracle.h"
#include "support/random_edges.h"

namespace ompl_ccd::test
{
namespace
{
constexpr std::size_t kRandomEdges = 8, kCollidingEdges = 4, kGrazingEdges = 1;

/** \brief Random edges, edges with a sampled contact and, with \a grazing, grazing edges (missed by
    1 % sampling, crossing the shell between samples; near misses) among \a balls. */
std::vector<Edge> cloudEdges(const CollisionWorld &balls, std::uint32_t seed, bool grazing_edges)
{
  RandomEdgeOptions options;
  options.seed = seed;
  std::vector<Edge> edges = randomEdges(balls, kRandomEdges, options);
  const std::vector<Edge> colliding = sampledCollidingEdges(balls, kCollidingEdges, options);
  edges.insert(edges.end(), colliding.begin(), colliding.end());
  if (!grazing_edges)
    return edges;
  const GrazingEdges grazing = grazingEdges(balls, kGrazingEdges, seed + 100);
  edges.insert(edges.end(), grazing.missed_by_sampling.begin(), grazing.missed_by_sampling.end());
  edges.insert(edges.end(), grazing.near_misses.begin(), grazing.near_misses.end());
  return edges;
}

/** \brief OMPL's DiscreteMotionValidator over the indexed cloud and over its balls agree on every edge. */
void checkDiscrete(const CollisionWorldPtr &indexed, const CollisionWorldPtr &balls, const std::vector<Edge> &edges,
                   const std::string &name)
{
  const auto si_indexed = makeSpaceInformation(indexed, "discrete"), si_balls = makeSpaceInformation(balls, "discrete");
  ompl::base::ScopedState<> s0(si_balls->getStateSpace()), s1(si_balls->getStateSpace());
  std::size_t invalid = 0;
  for (std::size_t i = 0; i < edges.size(); ++i)
  {
    vectorToState(balls->robot(), edges[i].q0, s0.get());
    vectorToState(balls->robot(), edges[i].q1, s1.get());
    const bool valid = si_balls->checkMotion(s0.get(), s1.get());
    EXPECT_EQ(si_indexed->checkMotion(s0.get(), s1.get()), valid) << name << " / discrete edge " << i;
    invalid += !valid;
  }
  std::cout << name << " / discrete: " << invalid << " of " << edges.size() << " edges invalid\n";
}

class CloudIndexSoundness : public ::testing::TestWithParam<std::size_t>
{
};

TEST_P(CloudIndexSoundness, EveryValidatorAmongTheCloud)
{
  const AdversarialCloud cloud = adversarialClouds().at(GetParam());
  const CollisionWorldPtr indexed = armAmongCloud(cloud, true), balls = armAmongCloud(cloud, false);
  // grazing edges (bisections over every ball, the costly part) where the geometry is new; the
  // duplicated, far and turned clouds are the bundled one, whose grazing edges
  // ompl_sensor_scene_soundness_test certifies
  const bool grazing = cloud.name == "shell" || cloud.name == "one_point";
  const std::vector<Edge> edges = cloudEdges(*balls, 21 + static_cast<std::uint32_t>(GetParam()), grazing);
  const std::vector<OracleResult> labels = labelEdges(*balls, edges, OracleOptions{}, 2);
  std::size_t colliding = 0;
  for (const OracleResult &label : labels)
    colliding += label.verdict == OracleVerdict::Colliding;
  EXPECT_GT(colliding, 0u) << cloud.name << ": the edges must include colliding ones";
  checkDiscrete(indexed, balls, edges, cloud.name);
  expectSoundOnLabelledEdges(ConservativeAdvancement(indexed), *balls, edges, labels, cloud.name + " / ca");
  expectSoundOnLabelledEdges(TolerancedMotion(indexed), *balls, edges, labels, cloud.name + " / toleranced");
  expectSoundOnLabelledEdges(IntervalArithmetic(indexed), *balls, edges, labels, cloud.name + " / interval");
}

INSTANTIATE_TEST_SUITE_P(AdversarialClouds, CloudIndexSoundness, ::testing::Range<std::size_t>(0, 6),
                         [](const ::testing::TestParamInfo<std::size_t> &info) {
                           return adversarialClouds().at(info.param).name;
                         });
}  // namespace
}  // namespace ompl_ccd::test
