// Soundness of the toleranced-motion certifier against the shared oracle (test/support/oracle.h):
// random PRM edges of the arm in the example scene and of the snake (self-collision), and the
// adversarial cases (thin plates, grazing cubes, needle slivers, fast chains, self-sweeping
// chains). Zero false Free and no guaranteed-free prefix past a real contact, over ≥ 5,000 edges;
// the Undecided rate and the TOC error are printed. The same for Panda and UR5e when
// ../shared/data is present.
#include <gtest/gtest.h>

#include <chrono>
#include <functional>
#include <optional>
#include <iostream>
#include <thread>

#include "ompl_ccd/certify/toleranced_motion.h"
#include "support/adversarial_scenes.h"
#include "support/example_worlds.h"
#include "support/oracle.h"
#include "support/random_edges.h"
#include "support/shared_problems.h"

namespace ompl_ccd::test
{
namespace
{
/// The families of cases of the suite, each built when it is run: (name, world, edges).
std::vector<std::function<std::vector<AdversarialCase>()>> families()
{
  const CollisionWorldPtr arm_scene = exampleWorld("arm/arm.urdf", "scene.yaml");
  const CollisionWorldPtr arm = exampleWorld("arm/arm.urdf", "");
  const CollisionWorldPtr snake = exampleWorld("snake/snake.urdf", "");
  const auto random = [](const char *name, const CollisionWorldPtr &world, std::size_t count, std::uint32_t seed) {
    return [=] {
      RandomEdgeOptions options;
      options.seed = seed;
      return std::vector<AdversarialCase>{{name, world, randomEdges(*world, count, options)}};
    };
  };
  return {random("arm-scene-random", arm_scene, 600, 101),
          random("arm-self-random", arm, 3850, 102),
          random("snake-random", snake, 60, 202),
          [=] { return thinPlateCases(arm, 100, 303); },
          [=] { return grazingCases(arm, {-1e-3, 1e-4, 1e-3, 1e-2}, 6, 404); },
          [=] { return sliverCases(arm, 100, 505); },
          [=] { return std::vector<AdversarialCase>{fastChainCase(snake, 40, 606)}; },
          [=] { return std::vector<AdversarialCase>{selfCollisionCase(snake, 40, 707)}; }};
}

/// Certifies every edge of \a c in \a mode (only every \a stride-th edge) on two threads.
std::vector<std::optional<Report>> certifyAll(const TolerancedMotion &certifier, const AdversarialCase &c, Mode mode,
                                              std::size_t stride)
{
  std::vector<std::optional<Report>> reports(c.edges.size());
  const auto work = [&](std::size_t first) {
    auto ws = certifier.makeWorkspace();
    for (std::size_t i = first; i < c.edges.size(); i += 2 * stride)
    {
      Query query;
      query.mode = mode;
      query.tolerance = 1e-3;
      reports[i] = certifier.certify(*ws, JointMotion(c.world->robot(), c.edges[i].q0, c.edges[i].q1), query);
    }
  };
  std::thread other(work, stride);
  work(0);
  other.join();
  return reports;
}

/// Tallies of the certifier over labelled cases, and where the time went.
struct SoundnessRun
{
  SoundnessTally first_contact, decide;
  double oracle_seconds = 0.0, certifier_seconds = 0.0;

  /// Labels the edges of \a c with the oracle, certifies them (FirstContact on every edge, Decide
  /// on every third) and adds them to the tallies, expecting no false Free and no guaranteed-free
  /// prefix past a contact.
  void check(const AdversarialCase &c)
  {
    const double tolerance = 1e-3;
    const TolerancedMotion certifier(c.world);
    const auto start = std::chrono::steady_clock::now();
    const std::vector<OracleResult> labels = labelEdges(*c.world, c.edges, OracleOptions{}, 2);
    const auto labelled = std::chrono::steady_clock::now();
    for (const auto &[mode, stride] :
         {std::pair{Mode::FirstContact, std::size_t(1)}, std::pair{Mode::Decide, std::size_t(3)}})
    {
      const std::vector<std::optional<Report>> reports = certifyAll(certifier, c, mode, stride);
      for (std::size_t i = 0; i < c.edges.size(); ++i)
      {
        if (!reports[i])
          continue;
        const Classification verdict = classify(*reports[i], labels[i], tolerance);
        EXPECT_FALSE(verdict.false_free) << c.name << " edge " << i << " " << toString(mode);
        EXPECT_FALSE(verdict.toc_lower_past_contact) << c.name << " edge " << i << " " << toString(mode);
        (mode == Mode::FirstContact ? first_contact : decide).add(*reports[i], labels[i], verdict);
      }
    }
    const auto done = std::chrono::steady_clock::now();
    oracle_seconds += std::chrono::duration<double>(labelled - start).count();
    certifier_seconds += std::chrono::duration<double>(done - labelled).count();
  }

  /// Prints the tallies, then expects them sound and the certifier deciding: most edges are Free
  /// or a confirmed Collision.
  void summarize() const
  {
    std::cout << "toleranced, first-contact:\n" << first_contact.summary() << "\n";
    std::cout << "toleranced, decide:\n" << decide.summary() << "\n";
    EXPECT_TRUE(first_contact.sound());
    EXPECT_TRUE(decide.sound());
    EXPECT_LT(first_contact.report_undecided, first_contact.edges / 10);
    EXPECT_GT(first_contact.report_free, first_contact.edges / 10);
    EXPECT_GT(first_contact.report_collision, first_contact.edges / 20);
  }
};

TEST(TolerancedMotionSoundness, NoFalseFreeOnRandomAndAdversarialEdges)
{
  SoundnessRun run;
  for (const auto &family : families())
  {
    const auto built = std::chrono::steady_clock::now();
    const std::vector<AdversarialCase> cases = family();
    std::size_t edges = 0;
    for (const AdversarialCase &c : cases)
      edges += c.edges.size();
    std::cout << cases.front().name << " ...: " << cases.size() << " cases, " << edges << " edges, built in "
              << std::chrono::duration<double>(std::chrono::steady_clock::now() - built).count() << " s" << std::endl;
    for (const AdversarialCase &c : cases)
      run.check(c);
    std::cout << "  oracle " << run.oracle_seconds << " s, toleranced " << run.certifier_seconds << " s so far"
              << std::endl;
  }
  run.summarize();
  EXPECT_GE(run.first_contact.edges, 5000u);
}

// Panda and UR5e in motion_bench_maker's scenes (../shared/data; skipped without it), per problem:
// 60 random PRM-length edges, 40 with a sampled contact and 40 from an obstacle's surface into it.
// Here the TOC is also required within tolerance of the oracle's on ≥ 99.5% of colliding edges.
TEST(TolerancedMotionSoundness, NoFalseFreeOnPandaAndUr5eEdges)
{
  const std::optional<std::vector<AdversarialCase>> cases = sharedProblemCases({60, 40, 40}, 51);
  if (!cases)
    GTEST_SKIP() << "../shared/data is absent: Panda and UR5e edges not checked.";
  SoundnessRun run;
  for (const AdversarialCase &c : *cases)
  {
    run.check(c);
    std::cout << c.name << ": " << c.edges.size() << " edges; oracle " << run.oracle_seconds << " s, toleranced "
              << run.certifier_seconds << " s so far" << std::endl;
  }
  run.summarize();
  EXPECT_GE(run.first_contact.toc_within_tolerance * 1000, run.first_contact.toc_compared * 995);
}
}  // namespace
}  // namespace ompl_ccd::test
