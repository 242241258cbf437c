#include "ompl_ccd/certify/clearance_profile.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>

#include "ompl_ccd/error.h"
#include "ompl_ccd/numeric.h"
#include "support/adversarial_scenes.h"
#include "support/example_worlds.h"
#include "support/oracle.h"
#include "support/random_edges.h"

namespace ompl_ccd
{
namespace
{
using ::testing::HasSubstr;
using ::testing::ThrowsMessage;

/** \brief The sample whose step holds \a tau. */
const ClearanceSample &stepOf(const std::vector<ClearanceSample> &profile, double tau)
{
  const auto next = std::upper_bound(profile.begin(), profile.end(), tau,
                                     [](double t, const ClearanceSample &s) { return t < s.t; });
  return *std::prev(next);
}

TEST(ClearanceProfile, LowerBoundHoldsAgainstDenseSamplingAndTheOracle)
{
  const CollisionWorldPtr world = test::exampleWorld("arm/arm.urdf", "scene.yaml");
  CollisionWorkspace ws(*world);
  std::vector<test::Edge> edges = test::sampledCollidingEdges(*world, 6);
  const std::vector<test::Edge> random = test::randomEdges(*world, 6);
  edges.insert(edges.end(), random.begin(), random.end());
  const std::vector<test::OracleResult> oracle = test::labelEdges(*world, edges, {}, 2);

  std::size_t colliding = 0, free = 0;
  for (std::size_t e = 0; e < edges.size(); ++e)
  {
    SCOPED_TRACE("edge " + std::to_string(e));
    const JointMotion motion(world->robot(), edges[e].q0, edges[e].q1);
    const std::vector<ClearanceSample> profile = clearanceProfile(*world, ws, motion);
    ASSERT_GE(profile.size(), 17u);
    ASSERT_LE(profile.size(), 513u + 1024u) << "the walk's samples and the refinement's budget";
    EXPECT_EQ(profile.front().t, 0.0);
    EXPECT_EQ(profile.back().t, 1.0);
    for (std::size_t k = 0; k + 1 < profile.size(); ++k)
    {
      ASSERT_LT(profile[k].t, profile[k + 1].t);
      EXPECT_LE(profile[k + 1].t - profile[k].t, 1.0 / 16 + 1e-15);
      EXPECT_LE(profile[k].lower, std::min(profile[k].distance, profile[k + 1].distance));
      EXPECT_GE(profile[k].lower, 0.0);
    }

    // the oracle: FCL's distance at 300 times, each at least its step's lower bound, and changing
    // no faster than the rate
    const double rate = clearanceRate(*world, motion);
    double previous = 0.0, dense_min = numeric::kInfinity;
    for (int i = 0; i <= 300; ++i)
    {
      const double tau = i / 300.0;
      const double d = minimumDistance(*world, ws, motion.stateAt(tau));
      dense_min = std::min(dense_min, d);
      EXPECT_GE(d, stepOf(profile, tau).lower - 1e-12) << "tau " << tau;
      if (i > 0)
      {
        EXPECT_LE(std::abs(d - previous), rate / 300.0 + 1e-12) << "tau " << tau;
      }
      previous = d;
    }

    const double least = std::min_element(profile.begin(), profile.end(), [](const auto &a, const auto &b) {
                           return a.lower < b.lower;
                         })->lower;
    if (oracle[e].verdict == test::OracleVerdict::Colliding)
    {
      ++colliding;
      EXPECT_EQ(stepOf(profile, oracle[e].toc_hi).lower, 0.0) << "the step of the contact";
    }
    if (oracle[e].verdict == test::OracleVerdict::CertifiedFree)
    {
      ++free;
      // positive where the oracle proves the edge free, and a fair share of the least distance
      // sampled densely (step_fraction 1/2: about 3/4 of it)
      EXPECT_GT(least, 0.0);
      EXPECT_GE(least, 0.5 * dense_min);
    }
  }
  EXPECT_GE(colliding, 6u);
  EXPECT_GE(free, 3u) << "too few free edges to check the bound's use";
}

// Issue 20: a plan report showed "certified min 0" on edges the certifier proved free, passing
// 0.5 mm from an obstacle: the walk's shortest steps (1/512) are too long for a positive bound
// there. Steps whose bound is 0 between two positive distances are bisected until it is positive.
TEST(ClearanceProfile, NearMissStepsAreRefinedUntilTheirBoundIsPositive)
{
  const CollisionWorldPtr arm = test::exampleWorld("arm/arm.urdf", "");
  std::size_t free = 0, refined_to_positive = 0, touching = 0;
  for (const test::AdversarialCase &c : test::grazingCases(arm, {5e-4, 1e-4, -1e-3}, 1, 21))
  {
    const CollisionWorld &world = *c.world;
    CollisionWorkspace ws(world);
    const std::vector<test::OracleResult> oracle = test::labelEdges(world, c.edges);
    for (std::size_t e = 0; e < c.edges.size(); ++e)
    {
      SCOPED_TRACE(c.name + " edge " + std::to_string(e));
      const JointMotion motion(world.robot(), c.edges[e].q0, c.edges[e].q1);
      const std::vector<ClearanceSample> profile = clearanceProfile(world, ws, motion);
      ClearanceProfileOptions walk_only;
      walk_only.max_refinements = 0;
      const std::vector<ClearanceSample> walk = clearanceProfile(world, ws, motion, walk_only);
      ASSERT_LE(profile.size(), walk.size() + 1024u) << "the refinement's budget";
      const auto least = [](const std::vector<ClearanceSample> &p) {
        double lower = numeric::kInfinity;
        for (const ClearanceSample &sample : p)
          lower = std::min(lower, sample.lower);
        return lower;
      };

      // still a lower bound: FCL's distance at 1000 times and every 1e-6 around the nearest sample
      double dense_min = numeric::kInfinity;
      std::vector<double> taus;
      for (int i = 0; i <= 1000; ++i)
        taus.push_back(i / 1000.0);
      const auto nearest = std::min_element(profile.begin(), profile.end(), [](const auto &a, const auto &b) {
        return a.distance < b.distance;
      });
      for (int i = -200; i <= 200; ++i)
        taus.push_back(std::clamp(nearest->t + i * 1e-6, 0.0, 1.0));
      for (const double tau : taus)
      {
        const double d = minimumDistance(world, ws, motion.stateAt(tau));
        dense_min = std::min(dense_min, d);
        ASSERT_GE(d, stepOf(profile, tau).lower - 1e-12) << "tau " << tau;
      }
      for (std::size_t k = 0; k + 1 < profile.size(); ++k)
      {
        ASSERT_LT(profile[k].t, profile[k + 1].t);
        EXPECT_LE(profile[k].lower, std::min(profile[k].distance, profile[k + 1].distance));
      }

      if (oracle[e].verdict == test::OracleVerdict::CertifiedFree)
      {
        ++free;
        EXPECT_GT(least(profile), 0.0) << "free (oracle), least sampled distance " << dense_min;
        EXPECT_LE(least(profile), dense_min);
        // pass 2: about half the distance or more (within the budget, as here)
        EXPECT_GE(least(profile), 0.45 * dense_min);
        refined_to_positive += least(walk) == 0.0 && least(profile) > 0.0 ? 1 : 0;
      }
      if (oracle[e].verdict == test::OracleVerdict::Colliding)
      {
        ++touching;
        EXPECT_EQ(stepOf(profile, oracle[e].toc_hi).lower, 0.0) << "the step of the contact";
      }
    }
  }
  EXPECT_GE(free, 4u) << "the 0.5 mm and 0.1 mm near misses, each way";
  EXPECT_GE(refined_to_positive, 4u) << "near misses whose walk alone bounds by 0";
  EXPECT_GE(touching, 2u) << "the 1 mm penetration, each way";
}

TEST(ClearanceProfile, BadOptionsAreRefused)
{
  const CollisionWorldPtr world = test::exampleWorld("arm/arm.urdf", "scene.yaml");
  CollisionWorkspace ws(*world);
  const Eigen::VectorXd q = Eigen::VectorXd::Zero(world->robot().nq());
  const JointMotion motion(world->robot(), q, q);
  ClearanceProfileOptions options;
  options.max_samples = 8;
  EXPECT_THAT([&] { clearanceProfile(*world, ws, motion, options); },
              ThrowsMessage<Error>(HasSubstr("clearanceProfile: min_samples (16) must be >= 1 and max_samples (8)")));
  options = {};
  options.step_fraction = 0.0;
  EXPECT_THAT([&] { clearanceProfile(*world, ws, motion, options); },
              ThrowsMessage<Error>(HasSubstr("step_fraction is 0; pass a number in (0, 1]")));
  options = {};
  options.max_refinements = -1;
  EXPECT_THAT([&] { clearanceProfile(*world, ws, motion, options); },
              ThrowsMessage<Error>(HasSubstr("clearanceProfile: max_refinements is -1; pass 0 (no refinement) or more.")));
  // a motion that does not move: the rate is 0 and the bound is the distance itself
  const std::vector<ClearanceSample> still = clearanceProfile(*world, ws, motion);
  EXPECT_LT(clearanceRate(*world, motion), 1e-12) << "only the rounding pads";
  ASSERT_EQ(still.size(), 17u) << "16 steps of 1/16";
  EXPECT_NEAR(still[3].lower, still[3].distance, 1e-9);
}
}  // namespace
}  // namespace ompl_ccd
