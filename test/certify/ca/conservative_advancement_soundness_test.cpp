// Soundness of the CATCH conservative-advancement certifier against the shared oracle
// (test/support/oracle.h): random PRM edges of the arm in the example scene and of the snake
// (self-collision), and the adversarial cases (1 mm plates, cubes grazed at 10 µm to 1 cm or
// touched, needle slivers, fast chains, self-sweeping chains). Required: zero false Free and no
// guaranteed-free prefix past a real contact over ≥ 5,000 edges in both modes, every Collision
// witness in contact (FCL, within contact_distance), no Collision on a motion the oracle proves
// farther than contact_distance (near misses are Free), and the TOC within
// tolerance of the oracle's on ≥ 99.5% of colliding edges (FirstContact); the conservative
// (false-collision) rate is printed. The same for Panda and UR5e when ../shared/data is present.
#include <gtest/gtest.h>

#include <chrono>
#include <iostream>
#include <optional>

#include "ompl_ccd/certify/ca/conservative_advancement.h"
#include "ompl_ccd/geometry/collision_queries.h"
#include "support/adversarial_scenes.h"
#include "support/example_worlds.h"
#include "support/oracle.h"
#include "support/random_edges.h"
#include "support/shared_problems.h"
#include "support/soundness_suite.h"

namespace ompl_ccd::test
{
namespace
{
/// Every case of the suite: (name, world, edges). The oracle dominates the run time (snake edges
/// cost it ~20× arm edges), hence the mix.
std::vector<AdversarialCase> suite()
{
  SoundnessSuiteSizes sizes;
  sizes.arm_scene_random = 3900;
  sizes.snake_random = 300;
  sizes.thin_plates = 60;
  sizes.grazing_per_distance = 20;
  sizes.grazing_distances = {-1e-3, 1e-5, 1e-4, 5e-4, 1e-3, 2e-3, 1e-2};  // near misses at 10 µm and 0.5 mm too
  sizes.slivers = 60;
  sizes.fast_chain = 100;
  sizes.self_collision = 300;
  return soundnessSuite(sizes, 31);
}

/// Whether the configuration of a Collision report's witness time is in contact: FCL's exact
/// minimum distance there (an independent query over every pair) within contact_distance, up to
/// FCL's rounding.
bool witnessInContact(const CollisionWorld &world, const JointMotion &motion, const Report &report)
{
  CollisionWorkspace ws(world);
  const Eigen::VectorXd q = motion.stateAt(report.toc_upper);
  return minimumDistance(world, ws, q) <= Query{}.contact_distance * (1.0 + 1e-6);
}

/// Tallies of the certifier over labelled cases, and where the time went.
struct SoundnessRun
{
  SoundnessTally first_contact, decide;
  double undecided_cap_hits = 0.0, oracle_seconds = 0.0, ca_seconds = 0.0;
  /** \brief Collisions on edges the oracle proves farther than contact_distance all along. */
  std::size_t false_collision_beyond_contact = 0;

  /// Labels the edges of \a c with the oracle, certifies each in both modes and adds it to the
  /// tallies, expecting no false Free and no guaranteed-free prefix past a contact. FirstContact
  /// runs with Taylor-model culling (off by default); Decide runs with the defaults but hulls
  /// reduced to within 1 cm, so that the bundled (coarse) meshes exercise reduced hulls.
  void check(const AdversarialCase &c)
  {
    const double tolerance = 1e-3;
    CullingOptions taylor_models;
    taylor_models.taylor_models = true;
    ConservativeAdvancementOptions coarse_hulls;
    coarse_hulls.hull_max_gap = 0.01;
    const ConservativeAdvancement first_contact_certifier(c.world, {}, taylor_models),
        decide_certifier(c.world, coarse_hulls);
    auto first_contact_ws = first_contact_certifier.makeWorkspace(), decide_ws = decide_certifier.makeWorkspace();
    const auto start = std::chrono::steady_clock::now();
    const std::vector<OracleResult> labels = labelEdges(*c.world, c.edges, OracleOptions{}, 2);
    const auto labelled = std::chrono::steady_clock::now();
    for (std::size_t i = 0; i < c.edges.size(); ++i)
    {
      const JointMotion motion(c.world->robot(), c.edges[i].q0, c.edges[i].q1);
      for (const Mode mode : {Mode::FirstContact, Mode::Decide})
      {
        Query query;
        query.mode = mode;
        query.tolerance = tolerance;
        const Report report = mode == Mode::FirstContact
                                  ? first_contact_certifier.certify(*first_contact_ws, motion, query)
                                  : decide_certifier.certify(*decide_ws, motion, query);
        const Classification verdict = classify(report, labels[i], tolerance);
        EXPECT_FALSE(verdict.false_free) << c.name << " edge " << i << " " << toString(mode);
        EXPECT_FALSE(verdict.toc_lower_past_contact) << c.name << " edge " << i << " " << toString(mode);
        if (report.verdict == Verdict::Collision)
        {
          EXPECT_TRUE(witnessInContact(*c.world, motion, report))
              << c.name << " edge " << i << " " << toString(mode) << ": no contact at toc_upper " << report.toc_upper;
          const bool proven_apart = labels[i].verdict == OracleVerdict::CertifiedFree &&
                                    labels[i].min_distance_certified > Query{}.contact_distance;
          false_collision_beyond_contact += proven_apart;
          EXPECT_FALSE(proven_apart) << c.name << " edge " << i << " " << toString(mode)
                                     << ": Collision on a motion the oracle proves "
                                     << labels[i].min_distance_certified << " m apart";
        }
        if (mode == Mode::FirstContact && verdict.toc_error && !verdict.toc_within_tolerance)
          std::cout << c.name << " edge " << i << ": TOC " << report.toc_lower << ", oracle " << labels[i].toc_lo
                    << " (a configuration within tolerance earlier than the oracle's contact)\n";
        (mode == Mode::FirstContact ? first_contact : decide).add(report, labels[i], verdict);
        undecided_cap_hits += report.stats.at("undecided_cap_hits");
      }
    }
    const auto done = std::chrono::steady_clock::now();
    oracle_seconds += std::chrono::duration<double>(labelled - start).count();
    ca_seconds += std::chrono::duration<double>(done - labelled).count();
    if (c.edges.size() >= 50)  // the random and chain cases; the small adversarial ones only in the totals
      std::cout << c.name << ": " << c.edges.size() << " edges" << std::endl;
  }

  /// Prints the tallies and the time spent, then expects them sound, the TOC within tolerance of
  /// the oracle's on ≥ 99.5% of colliding edges (the rare exceptions are motions that graze within
  /// a few µm — FCL's GJK slack — before the oracle's first contact) and few edges Undecided.
  void summarize() const
  {
    std::cout << "oracle " << oracle_seconds << " s, ca (both modes) " << ca_seconds << " s\n";
    std::cout << "ca, first-contact:\n" << first_contact.summary() << "\n";
    std::cout << "ca, decide:\n" << decide.summary() << "\n";
    std::cout << "ca: step-cap hits (Undecided pairs) over both modes: " << undecided_cap_hits << "\n";
    std::cout << "ca: Collision on edges proven farther than contact_distance: " << false_collision_beyond_contact
              << "\n";
    EXPECT_TRUE(first_contact.sound());
    EXPECT_TRUE(decide.sound());
    EXPECT_GE(first_contact.toc_within_tolerance * 1000, first_contact.toc_compared * 995);
    EXPECT_LT(first_contact.report_undecided, first_contact.edges / 20);
  }
};

TEST(ConservativeAdvancementSoundness, NoFalseFreeOnRandomAndAdversarialEdges)
{
  SoundnessRun run;
  for (const AdversarialCase &c : suite())
    run.check(c);
  run.summarize();
  EXPECT_GE(run.first_contact.edges, 5000u);
}

// Panda and UR5e in motion_bench_maker's scenes (../shared/data; skipped without it), per problem:
// 250 random PRM-length edges, 150 with a sampled contact and 100 from an obstacle's surface into it.
TEST(ConservativeAdvancementSoundness, NoFalseFreeOnPandaAndUr5eEdges)
{
  const std::optional<std::vector<AdversarialCase>> cases = sharedProblemCases({250, 150, 100}, 41);
  if (!cases)
    GTEST_SKIP() << "../shared/data is absent: Panda and UR5e edges not checked.";
  SoundnessRun run;
  for (const AdversarialCase &c : *cases)
    run.check(c);
  run.summarize();
}
}  // namespace
}  // namespace ompl_ccd::test
