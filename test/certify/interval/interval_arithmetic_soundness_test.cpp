// Soundness of the ARTICULATE interval certifier against the shared oracle (test/support/oracle.h):
// random PRM edges of the arm in the example scene and alone (self pairs), of the snake, and the
// adversarial cases (1 mm plates, cubes grazed at 10 µm to 1 cm or touched, needle slivers, fast
// chains, self-sweeping chains). Required: zero false Free and no guaranteed-free prefix past a
// real contact; every Collision witness in contact by FCL at its time (within contact_distance);
// no Collision on a motion the oracle proves farther than contact_distance; a witness no earlier
// than the oracle's proven-free prefix; and in FirstContact the TOC within tolerance of the
// oracle's on ≥ 99.5 % of the colliding edges (FirstContact on every edge, Decide on every
// third). Sized to stay under a minute in Release. Then the same on Panda and UR5e edges of
// ../shared/data (skipped without it).
#include <gtest/gtest.h>

#include <chrono>
#include <iostream>
#include <optional>

#include "ompl_ccd/certify/interval/interval_arithmetic.h"
#include "ompl_ccd/geometry/collision_queries.h"
#include "support/oracle.h"
#include "support/shared_problems.h"
#include "support/soundness_suite.h"

namespace ompl_ccd::test
{
namespace
{
/// Every case of the suite: (name, world, edges), built once (placing the grazing cubes takes most
/// of a test's time) for the tests that share it.
const std::vector<AdversarialCase> &suite()
{
  static const std::vector<AdversarialCase> cases = [] {
    SoundnessSuiteSizes sizes;
    sizes.arm_scene_random = 400;
    sizes.snake_random = 20;
    sizes.thin_plates = 20;
    sizes.grazing_per_distance = 4;
    sizes.grazing_distances = {-1e-3, 1e-5, 1e-4, 5e-4, 1e-3, 2e-3, 1e-2};  // near misses at 10 µm and 0.5 mm too
    sizes.slivers = 20;
    sizes.fast_chain = 5;
    sizes.self_collision = 20;
    sizes.arm_self_random = 400;
    return soundnessSuite(sizes, 171);
  }();
  return cases;
}

/// The tallies of a soundness run over cases, and its checks per edge.
struct SoundnessRun
{
  const double tolerance = 1e-3;
  /// The certifier's options (its defaults unless a test sets them).
  IntervalArithmeticOptions options;
  SoundnessTally first_contact, decide;
  double oracle_seconds = 0.0, interval_seconds = 0.0;
  /// Body pairs culled by stage 2 (line-swept spheres) over the run.
  double sphere_culled = 0.0;
  std::size_t witnesses = 0, false_collision_beyond_contact = 0;

  /// Labels the edges of \a c by the oracle and certifies them, FirstContact on every edge and
  /// Decide (whole-robot probes first) on every \a decide_every -th, checking each answer.
  void check(const AdversarialCase &c, std::size_t decide_every)
  {
    const double contact_distance = Query{}.contact_distance;
    const IntervalArithmetic certifier(c.world, options);
    auto ws = certifier.makeWorkspace();
    CollisionWorkspace fcl(*c.world);
    const auto start = std::chrono::steady_clock::now();
    const std::vector<OracleResult> labels = labelEdges(*c.world, c.edges, OracleOptions{}, 2);
    oracle_seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    for (std::size_t k = 0; k < 2 * c.edges.size(); ++k)
    {
      const std::size_t i = k % c.edges.size();
      const Mode mode = k < c.edges.size() ? Mode::FirstContact : Mode::Decide;
      if (mode == Mode::Decide && i % decide_every != 0)
        continue;
      const JointMotion motion(c.world->robot(), c.edges[i].q0, c.edges[i].q1);
      Query query;
      query.mode = mode;
      query.tolerance = tolerance;
      const auto before = std::chrono::steady_clock::now();
      const Report report = certifier.certify(*ws, motion, query);
      interval_seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - before).count();
      const auto culled = report.stats.find("sphere_culled");
      sphere_culled += culled == report.stats.end() ? 0.0 : culled->second;
      const Classification verdict = classify(report, labels[i], tolerance);
      EXPECT_FALSE(verdict.false_free) << c.name << " edge " << i << " " << toString(mode);
      EXPECT_FALSE(verdict.toc_lower_past_contact) << c.name << " edge " << i << " " << toString(mode);
      (mode == Mode::FirstContact ? first_contact : decide).add(report, labels[i], verdict);
      if (report.verdict != Verdict::Collision)
        continue;
      // The witness, measured again by FCL over the whole robot at its time.
      ASSERT_TRUE(report.witness.has_value()) << c.name << " edge " << i;
      ++witnesses;
      EXPECT_GE(report.witness->time, report.toc_lower) << c.name << " edge " << i;
      EXPECT_LE(report.witness->time, report.toc_upper) << c.name << " edge " << i;
      EXPECT_EQ(report.witness->time, report.toc_upper) << c.name << " edge " << i;
      EXPECT_LE(minimumDistance(*c.world, fcl, motion.stateAt(report.witness->time)),
                contact_distance * (1.0 + 1e-6))
          << c.name << " edge " << i << " " << toString(mode) << ": no contact at the witness";
      // The oracle proves distance > contact_distance before certified_until.
      EXPECT_GE(report.toc_upper, labels[i].certified_until) << c.name << " edge " << i;
      const bool proven_apart = labels[i].verdict == OracleVerdict::CertifiedFree &&
                                labels[i].min_distance_certified > contact_distance;
      false_collision_beyond_contact += proven_apart;
      EXPECT_FALSE(proven_apart) << c.name << " edge " << i << " " << toString(mode)
                                 << ": Collision on a motion the oracle proves " << labels[i].min_distance_certified
                                 << " m apart";
    }
    if (c.edges.size() >= 20)  // the random and chain cases; the small adversarial ones only in the totals
      std::cout << c.name << ": " << c.edges.size() << " edges; oracle " << oracle_seconds << " s, interval "
                << interval_seconds << " s so far" << std::endl;
  }

  /// Prints the tallies and expects them sound, the TOC within tolerance on >= 99.5 % of the
  /// colliding edges, < 1 % Undecided and some collisions.
  void summarize() const
  {
    std::cout << "oracle " << oracle_seconds << " s, interval " << interval_seconds << " s; witnesses checked "
              << witnesses << "\ninterval, first-contact:\n"
              << first_contact.summary() << "\ninterval, decide:\n"
              << decide.summary() << std::endl;
    std::cout << "Collision on edges proven farther than contact_distance: " << false_collision_beyond_contact
              << std::endl;
    EXPECT_TRUE(first_contact.sound());
    EXPECT_TRUE(decide.sound());
    EXPECT_GE(first_contact.toc_within_tolerance * 1000, first_contact.toc_compared * 995);
    EXPECT_LT(first_contact.report_undecided, first_contact.edges / 100);
    EXPECT_GT(first_contact.report_collision, first_contact.edges / 20);
  }
};

TEST(IntervalArithmeticSoundness, NoFalseFreeOnRandomAndAdversarialEdges)
{
  SoundnessRun run;
  for (const AdversarialCase &c : suite())
    run.check(c, 3);
  run.summarize();
}

// Stage 2, off by default, must never cull a colliding pair either: the suite with the line-swept
// spheres on.
TEST(IntervalArithmeticSoundness, NoFalseFreeWithSweptSphereCulling)
{
  SoundnessRun run;
  run.options.swept_sphere_culling = true;
  for (const AdversarialCase &c : suite())
    run.check(c, 3);
  run.summarize();
  EXPECT_GT(run.sphere_culled, 0.0) << "stage 2 culled nothing: the test did not exercise it";
}

// Panda and UR5e in motion_bench_maker's scenes (../shared/data; skipped without it), per problem:
// 30 random PRM-length edges, 20 with a sampled contact and 20 from an obstacle's surface into it.
TEST(IntervalArithmeticSoundness, NoFalseFreeOnPandaAndUr5eEdges)
{
  const std::optional<std::vector<AdversarialCase>> cases = sharedProblemCases({30, 20, 20}, 43);
  if (!cases)
    GTEST_SKIP() << "../shared/data is absent: Panda and UR5e edges not checked.";
  SoundnessRun run;
  for (const AdversarialCase &c : *cases)
    run.check(c, 2);
  run.summarize();
}
}  // namespace
}  // namespace ompl_ccd::test
