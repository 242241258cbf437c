// Soundness of the ARTICULATE interval certifier against the shared oracle (test/support/oracle.h):
// random PRM edges of the arm in the example scene and alone (self pairs), of the snake, and the
// adversarial cases (1 mm plates, grazing cubes at distances around the tolerance, needle slivers,
// fast chains, self-sweeping chains). Required: zero false Free and no guaranteed-free prefix past
// a real contact; every Collision witness within tolerance of contact by FCL at its time; a witness
// of a real contact (distance 0) no earlier than the oracle's proven-free prefix, so the bracket
// holds the oracle's first contact (FirstContact on every edge, Decide on every third). Sized to stay under a minute in Release (the oracle dominates).
#include <gtest/gtest.h>

#include <chrono>
#include <iostream>

#include "ompl_ccd/certify/interval_arithmetic.h"
#include "ompl_ccd/geometry/collision_queries.h"
#include "support/oracle.h"
#include "support/soundness_suite.h"

namespace ompl_ccd::test
{
namespace
{
/// Every case of the suite: (name, world, edges).
std::vector<AdversarialCase> suite()
{
  SoundnessSuiteSizes sizes;
  sizes.arm_scene_random = 400;
  // Snake edges cost interval seconds to a minute each (its self pairs stay close: pieces are
  // halved down to 1/4096 and the solver still gets thousands of equations): one of each.
  sizes.snake_random = 1;
  sizes.thin_plates = 20;
  sizes.grazing_per_distance = 4;
  sizes.slivers = 20;
  sizes.fast_chain = 1;
  sizes.self_collision = 20;
  sizes.arm_self_random = 400;
  return soundnessSuite(sizes, 171);
}

TEST(IntervalArithmeticSoundness, NoFalseFreeOnRandomAndAdversarialEdges)
{
  const double tolerance = 1e-3;
  SoundnessTally first_contact, decide;
  double oracle_seconds = 0.0, interval_seconds = 0.0;
  std::size_t witnesses = 0;
  for (const AdversarialCase &c : suite())
  {
    const IntervalArithmetic certifier(c.world);
    auto ws = certifier.makeWorkspace();
    CollisionWorkspace fcl(*c.world);
    const auto start = std::chrono::steady_clock::now();
    const std::vector<OracleResult> labels = labelEdges(*c.world, c.edges, OracleOptions{}, 2);
    const auto labelled = std::chrono::steady_clock::now();
    // FirstContact on every edge, Decide (whole-robot probes first) on every third.
    for (std::size_t k = 0; k < 2 * c.edges.size(); ++k)
    {
      const std::size_t i = k % c.edges.size();
      const Mode mode = k < c.edges.size() ? Mode::FirstContact : Mode::Decide;
      if (mode == Mode::Decide && i % 3 != 0)
        continue;
      const JointMotion motion(c.world->robot(), c.edges[i].q0, c.edges[i].q1);
      Query query;
      query.mode = mode;
      query.tolerance = tolerance;
      const auto before = std::chrono::steady_clock::now();
      const Report report = certifier.certify(*ws, motion, query);
      interval_seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - before).count();
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
      EXPECT_LE(minimumDistance(*c.world, fcl, motion.stateAt(report.witness->time)), tolerance)
          << c.name << " edge " << i;
      if (mode == Mode::FirstContact && report.witness->distance == 0.0)
        EXPECT_GE(report.toc_upper, labels[i].certified_until) << c.name << " edge " << i;
    }
    oracle_seconds += std::chrono::duration<double>(labelled - start).count();
    if (c.edges.size() >= 20)  // the random and chain cases; the small adversarial ones only in the totals
      std::cout << c.name << ": " << c.edges.size() << " edges; oracle " << oracle_seconds << " s, interval "
                << interval_seconds << " s so far" << std::endl;
  }
  std::cout << "oracle " << oracle_seconds << " s, interval " << interval_seconds << " s; witnesses checked "
            << witnesses << "\ninterval, first-contact:\n"
            << first_contact.summary() << "\ninterval, decide:\n"
            << decide.summary() << std::endl;
  EXPECT_TRUE(first_contact.sound());
  EXPECT_TRUE(decide.sound());
  EXPECT_LT(first_contact.report_undecided, first_contact.edges / 100);
  EXPECT_GT(first_contact.report_collision, first_contact.edges / 20);
}
}  // namespace
}  // namespace ompl_ccd::test
