// The toleranced-motion certifier with 2 and 4 threads per query against the same certifier on one
// thread (toleranced_motion.h, "Threads"), on random and adversarial edges in both modes: the same
// verdict (Collision and Undecided may swap only when a cap ended a search), TOC
// brackets that overlap (each holds the first contact), and on Free edges exactly the sub-intervals
// of the single thread examined once each. Also with two callers sharing one certifier's pool, as
// OMPL's parallel planners call it.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <thread>
#include <utility>

#include "ompl_ccd/certify/toleranced/toleranced_motion.h"
#include "support/adversarial_scenes.h"
#include "support/example_worlds.h"
#include "support/random_edges.h"

namespace ompl_ccd::test
{
namespace
{
/// Random and adversarial edges: a few hundred in all.
std::vector<AdversarialCase> cases()
{
  const CollisionWorldPtr arm_scene = exampleWorld("arm/arm.urdf", "scene.yaml");
  const CollisionWorldPtr arm = exampleWorld("arm/arm.urdf", "");
  const CollisionWorldPtr snake = exampleWorld("snake/snake.urdf", "");
  RandomEdgeOptions random;
  random.seed = 11;
  std::vector<AdversarialCase> all = {{"arm-scene-random", arm_scene, randomEdges(*arm_scene, 160, random)},
                                      selfCollisionCase(snake, 40, 12), fastChainCase(snake, 6, 13)};
  for (std::vector<AdversarialCase> family :
       {thinPlateCases(arm, 30, 14), grazingCases(arm, {-1e-3, 1e-4, 1e-3}, 3, 15), sliverCases(arm, 10, 16)})
    all.insert(all.end(), family.begin(), family.end());
  return all;
}

Report certify(const TolerancedMotion &certifier, CertifierWorkspace &ws, const CollisionWorld &world,
               const Edge &edge, Mode mode)
{
  Query query;
  query.mode = mode;
  return certifier.certify(ws, JointMotion(world.robot(), edge.q0, edge.q1), query);
}

/// Counter \a key of \a report (0 when absent).
double stat(const Report &report, const char *key)
{
  const auto found = report.stats.find(key);
  return found == report.stats.end() ? 0.0 : found->second;
}

/// Whether a cap ended \a report's search.
bool capped(const Report &report) { return stat(report, "cap_max_depth") + stat(report, "cap_max_intervals") > 0.0; }

/// \a many (several threads) answers as \a one (one thread) may.
void expectConsistent(const Report &one, const Report &many)
{
  const bool limited = capped(one) || capped(many);
  if (limited)
  {
    EXPECT_EQ(one.verdict == Verdict::Free, many.verdict == Verdict::Free);
  }
  else
  {
    EXPECT_EQ(toString(one.verdict), toString(many.verdict));
  }
  if (one.verdict == Verdict::Free && many.verdict == Verdict::Free)
  {
    // Every sub-interval was examined, each exactly once: the same subdivision tree.
    for (const char *key : {"intervals", "hull_distance_queries", "distance_queries", "max_depth"})
      EXPECT_EQ(stat(one, key), stat(many, key)) << key;
    return;
  }
  // Each bracket [toc_lower, toc_upper] holds the first contact (toc_upper = 1 when Undecided).
  EXPECT_LE(std::max(one.toc_lower, many.toc_lower), std::min(one.toc_upper, many.toc_upper));
  EXPECT_EQ(many.verdict == Verdict::Collision, many.witness.has_value());
}

TEST(TolerancedMotionThreads, SeveralThreadsAnswerAsOne)
{
  std::size_t edges = 0, collisions = 0, free = 0;
  for (const AdversarialCase &c : cases())
  {
    const TolerancedMotion one(c.world);
    auto one_ws = one.makeWorkspace();
    std::vector<std::pair<std::unique_ptr<TolerancedMotion>, std::unique_ptr<CertifierWorkspace>>> many;
    for (const int threads : {2, 4})
    {
      TolerancedMotionOptions options;
      options.threads = threads;
      auto certifier = std::make_unique<TolerancedMotion>(c.world, options);
      auto ws = certifier->makeWorkspace();
      many.emplace_back(std::move(certifier), std::move(ws));
    }
    for (std::size_t i = 0; i < c.edges.size(); ++i)
      for (const Mode mode : {Mode::Decide, Mode::FirstContact})
      {
        const Report expected = certify(one, *one_ws, *c.world, c.edges[i], mode);
        for (const auto &[certifier, ws] : many)
        {
          SCOPED_TRACE(c.name + " edge " + std::to_string(i) + " " + toString(mode) + ", threads " +
                       std::to_string(certifier->options().threads));
          expectConsistent(expected, certify(*certifier, *ws, *c.world, c.edges[i], mode));
        }
        if (mode == Mode::Decide)
        {
          ++edges;
          collisions += expected.verdict == Verdict::Collision;
          free += expected.verdict == Verdict::Free;
        }
      }
  }
  // Both verdicts are well represented, so the agreement means something.
  EXPECT_GE(edges, 300u);
  EXPECT_GE(collisions, edges / 10);
  EXPECT_GE(free, edges / 4);
}

TEST(TolerancedMotionThreads, CallersSharingThePoolAnswerAsOneThread)
{
  const CollisionWorldPtr world = exampleWorld("arm/arm.urdf", "scene.yaml");
  RandomEdgeOptions random;
  random.seed = 21;
  const std::vector<Edge> edges = randomEdges(*world, 120, random);
  const TolerancedMotion one(world);
  TolerancedMotionOptions options;
  options.threads = 2;
  const TolerancedMotion shared(world, options);
  std::vector<Report> reports(edges.size());
  // Two callers, one workspace each, every query on the same pool.
  const auto caller = [&](std::size_t first) {
    auto ws = shared.makeWorkspace();
    for (std::size_t i = first; i < edges.size(); i += 2)
      reports[i] = certify(shared, *ws, *world, edges[i], Mode::Decide);
  };
  std::thread other(caller, 1);
  caller(0);
  other.join();
  auto ws = one.makeWorkspace();
  for (std::size_t i = 0; i < edges.size(); ++i)
  {
    SCOPED_TRACE("edge " + std::to_string(i));
    expectConsistent(certify(one, *ws, *world, edges[i], Mode::Decide), reports[i]);
  }
}
}  // namespace
}  // namespace ompl_ccd::test
