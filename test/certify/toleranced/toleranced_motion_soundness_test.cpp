// Soundness of the toleranced-motion certifier against the shared oracle (test/support/oracle.h),
// on the shared suite (soundness_suite.h): random PRM edges of the arm in the example scene and
// alone (self pairs) and of the snake, and the adversarial cases (thin plates, cubes grazed at
// 10 µm to 1 cm or touched, needle slivers, fast chains, self-sweeping chains). Required, in both
// modes: zero false Free and no guaranteed-free prefix past a real contact over ≥ 5,000 edges,
// every Collision witness in contact (FCL, within contact_distance), no Collision on a motion the
// oracle proves farther than contact_distance (near misses are Free), at most 0.5 % Undecided, and
// the TOC within tolerance of the oracle's on ≥ 99.5 % of colliding edges (FirstContact). The same
// for Panda and UR5e when ../shared/data is present.
#include <gtest/gtest.h>

#include <chrono>
#include <iostream>
#include <optional>
#include <thread>

#include "ompl_ccd/certify/toleranced/toleranced_motion.h"
#include "support/adversarial_scenes.h"
#include "support/oracle.h"
#include "support/shared_problems.h"
#include "support/soundness_suite.h"

namespace ompl_ccd::test
{
namespace
{
/// Every case of the suite: (name, world, edges); the oracle dominates the run time.
std::vector<AdversarialCase> suite()
{
  SoundnessSuiteSizes sizes;
  sizes.arm_scene_random = 600;
  sizes.arm_self_random = 3850;
  sizes.snake_random = 60;
  sizes.thin_plates = 100;
  sizes.grazing_per_distance = 6;
  sizes.grazing_distances = {-1e-3, 1e-5, 1e-4, 5e-4, 1e-3, 1e-2};  // near misses at 10 µm and 0.5 mm too
  sizes.slivers = 100;
  sizes.fast_chain = 40;
  sizes.self_collision = 40;
  return soundnessSuite(sizes, 101);
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
  /** \brief Collisions on edges the oracle proves farther than contact_distance all along. */
  std::size_t false_collision_beyond_contact = 0;

  /// Labels the edges of \a c with the oracle, certifies them (FirstContact on every edge, Decide
  /// on every third) and adds them to the tallies, expecting no false Free, no guaranteed-free
  /// prefix past a contact, and every Collision a real contact.
  void check(const AdversarialCase &c)
  {
    const double tolerance = 1e-3, contact_distance = Query{}.contact_distance;
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
        const Report &report = *reports[i];
        const std::string where = c.name + " edge " + std::to_string(i) + " " + toString(mode);
        const Classification verdict = classify(report, labels[i], tolerance);
        EXPECT_FALSE(verdict.false_free) << where;
        EXPECT_FALSE(verdict.toc_lower_past_contact) << where;
        if (report.verdict == Verdict::Collision)
        {
          const JointMotion motion(c.world->robot(), c.edges[i].q0, c.edges[i].q1);
          EXPECT_TRUE(witnessInContact(*c.world, motion, report, contact_distance))
              << where << ": no contact at toc_upper " << report.toc_upper;
          const bool proven_apart = labels[i].verdict == OracleVerdict::CertifiedFree &&
                                    labels[i].min_distance_certified > contact_distance;
          false_collision_beyond_contact += proven_apart;
          EXPECT_FALSE(proven_apart) << where << ": Collision on a motion the oracle proves "
                                     << labels[i].min_distance_certified << " m apart";
        }
        if (report.verdict == Verdict::Undecided)
          std::cout << where << ": Undecided (cap_max_depth " << report.stats.count("cap_max_depth")
                    << ", cap_max_intervals " << report.stats.count("cap_max_intervals") << ")\n";
        (mode == Mode::FirstContact ? first_contact : decide).add(report, labels[i], verdict);
      }
    }
    const auto done = std::chrono::steady_clock::now();
    oracle_seconds += std::chrono::duration<double>(labelled - start).count();
    certifier_seconds += std::chrono::duration<double>(done - labelled).count();
  }

  /// Prints the tallies, then expects them sound, the certifier deciding (at most 0.5 % Undecided
  /// in each mode) and the TOC within tolerance on ≥ 99.5 % of the colliding edges.
  void summarize() const
  {
    std::cout << "oracle " << oracle_seconds << " s, toleranced " << certifier_seconds << " s\n";
    std::cout << "toleranced, first-contact:\n" << first_contact.summary() << "\n";
    std::cout << "toleranced, decide:\n" << decide.summary() << "\n";
    std::cout << "toleranced: Collision on edges proven farther than contact_distance: "
              << false_collision_beyond_contact << "\n";
    EXPECT_TRUE(first_contact.sound());
    EXPECT_TRUE(decide.sound());
    EXPECT_LE(first_contact.report_undecided * 200, first_contact.edges);
    EXPECT_LE(decide.report_undecided * 200, decide.edges);
    EXPECT_GE(first_contact.toc_within_tolerance * 1000, first_contact.toc_compared * 995);
    EXPECT_GT(first_contact.report_free, first_contact.edges / 10);
    EXPECT_GT(first_contact.report_collision, first_contact.edges / 20);
  }
};

TEST(TolerancedMotionSoundness, NoFalseFreeOnRandomAndAdversarialEdges)
{
  SoundnessRun run;
  for (const AdversarialCase &c : suite())
  {
    run.check(c);
    if (c.edges.size() >= 50)  // the random and chain cases; the small adversarial ones only in the totals
      std::cout << c.name << ": " << c.edges.size() << " edges; oracle " << run.oracle_seconds << " s, toleranced "
                << run.certifier_seconds << " s so far" << std::endl;
  }
  run.summarize();
  EXPECT_GE(run.first_contact.edges, 5000u);
}

// Panda and UR5e in motion_bench_maker's scenes (../shared/data; skipped without it), per problem:
// 60 random PRM-length edges, 40 with a sampled contact and 40 from an obstacle's surface into it.
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
}
}  // namespace
}  // namespace ompl_ccd::test
