// The shell every certifier runs (src/certify/pipeline/pipeline.h): the probes' bisection order,
// the runs of live pieces against the front end's flags, the first-contact probes' bisection
// against a known contact, how far a probe's hit leaves to certify, what the TOC bracket reports,
// and the refusal of another certifier's workspace.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>

#include "certify/pipeline/pipeline.h"
#include "ompl_ccd/certify/ca/conservative_advancement.h"
#include "ompl_ccd/certify/interval/interval_arithmetic.h"
#include "support/example_worlds.h"

namespace ompl_ccd::pipeline
{
namespace
{
TEST(Pipeline, BisectionOrder)
{
  const std::vector<double> expected = {0.5, 0.25, 0.75, 0.125, 0.375, 0.625, 0.875, 0.0625, 0.1875};
  for (std::size_t k = 0; k < expected.size(); ++k)
    EXPECT_EQ(bisectionTime(static_cast<int>(k)), expected[k]) << k;
  EXPECT_EQ(bisectionTime(15 - 1), 15.0 / 16.0);
}

// The runs of live pieces are the maximal stretches of flags set, cut at t_end.
TEST(Pipeline, LiveRunsAreTheMaximalStretchesOfLivePieces)
{
  const CollisionWorldPtr world = test::exampleWorld("arm/arm.urdf", "scene.yaml");
  const CullingFrontEnd front_end(world);
  CullingWorkspace ws(front_end);
  ws.samples = 8;
  ws.pcl.resize(2);
  ws.live_pieces = {1, 1, 0, 0, 1, 0, 1, 1,   // pair 0: [0, 2/8], [4/8, 5/8], [6/8, 1]
                    0, 0, 0, 0, 0, 0, 0, 1};  // pair 1: [7/8, 1]
  const std::vector<PairRun> runs = liveRuns(ws);
  ASSERT_EQ(runs.size(), 4u);
  EXPECT_EQ(runs[0].t0, 0.0);
  EXPECT_EQ(runs[0].t1, 0.25);
  EXPECT_EQ(runs[1].t0, 0.5);
  EXPECT_EQ(runs[1].t1, 0.625);
  EXPECT_EQ(runs[2].t1, 1.0);
  EXPECT_EQ(runs[3].pair, 1u);
  const std::vector<PairRun> cut = liveRuns(ws, 0.55);
  ASSERT_EQ(cut.size(), 2u);
  EXPECT_EQ(cut[1].t1, 0.55);
}

// Against a motion in collision from t = 0.3 on, the probes find k/16 = 0.3125 and bisect it
// against 0.25 down to the width asked for; a motion in collision nowhere gives nothing.
TEST(Pipeline, FirstContactProbesBisectTheFirstHitDownToTheWidth)
{
  int calls = 0;
  const auto from = [&](double start) {
    return [&calls, start](double t) -> std::optional<Contact> {
      ++calls;
      if (t < start)
        return std::nullopt;
      Contact contact;
      contact.time = t;
      return contact;
    };
  };
  for (const double width : {1e-2, 1e-3, 1e-6})
  {
    const std::optional<Contact> hit = firstContactProbes(from(0.3), 16, width);
    ASSERT_TRUE(hit);
    EXPECT_GE(hit->time, 0.3);
    EXPECT_LE(hit->time - 0.3, width);
  }
  EXPECT_FALSE(firstContactProbes(from(2.0), 16, 1e-3));
  // in collision at t = 0: no bisection
  calls = 0;
  EXPECT_EQ(firstContactProbes(from(0.0), 16, 1e-3)->time, 0.0);
  EXPECT_EQ(calls, 1);
  // a width below what doubles resolve stops at adjacent doubles
  const std::optional<Contact> finest = firstContactProbes(from(0.3), 16, 0.0);
  ASSERT_TRUE(finest);
  EXPECT_EQ(std::nextafter(finest->time, 0.0) < 0.3 || finest->time == 0.3, true);
}

TEST(Pipeline, CertifyUntilLeavesABracketWithinTheTolerance)
{
  for (const double t_hit : {0.3, 0.7, 1.0, 0.1 + 0.2, 1e-3, 0.0})
    for (const double tolerance : {1e-3, 1e-14, 0.5, 2.0})
    {
      const double until = certifyUntil(t_hit, tolerance);
      EXPECT_GE(until, 0.0);
      EXPECT_LE(t_hit - until, tolerance) << t_hit << " " << tolerance;
      EXPECT_LE(until, t_hit);
    }
}

Contact contactAt(double t)
{
  Contact contact;
  contact.time = t;
  return contact;
}

TEST(Pipeline, TocBracketReportsTheEarliestContactWithTheLeastLowerBound)
{
  TocBracket free;
  EXPECT_EQ(free.report().verdict, Verdict::Free);
  EXPECT_EQ(free.report().toc_lower, 1.0);

  TocBracket bracket;
  bracket.addContact(contactAt(0.6), 0.59);  // a probe's hit
  EXPECT_EQ(bracket.certifiedUntil(), 0.59);
  EXPECT_EQ(bracket.limit(), 0.6);
  bracket.addContact(contactAt(0.4), 0.4);  // an exact contact earlier
  Report report = bracket.report();
  EXPECT_EQ(report.verdict, Verdict::Collision);
  EXPECT_EQ(report.toc_upper, 0.4);
  EXPECT_EQ(report.toc_lower, 0.4);
  bracket.addUndecided(0.2, "max_depth");
  report = bracket.report();
  EXPECT_EQ(report.verdict, Verdict::Collision);  // the witness stands; nothing is claimed past 0.2
  EXPECT_EQ(report.toc_lower, 0.2);
  EXPECT_EQ(bracket.budget(), "max_depth");

  TocBracket undecided;
  undecided.addUndecided(0.7, "max_boxes");
  EXPECT_EQ(undecided.report().verdict, Verdict::Undecided);
  EXPECT_EQ(undecided.report().toc_lower, 0.7);
  EXPECT_EQ(undecided.limit(), 0.7);
  undecided.lowerTo(0.0);
  EXPECT_EQ(undecided.report().toc_lower, 0.0);
}

// A workspace is its certifier's: another's is refused by name.
TEST(Pipeline, AnotherCertifiersWorkspaceIsRefused)
{
  const CollisionWorldPtr world = test::exampleWorld("arm/arm.urdf", "scene.yaml");
  const ConservativeAdvancement ca(world);
  const IntervalArithmetic interval(world);
  const auto ws = interval.makeWorkspace();
  const JointMotion motion(world->robot(), Eigen::VectorXd::Zero(6), Eigen::VectorXd::Zero(6));
  EXPECT_THAT([&] { ca.certify(*ws, motion, Query{}); },
              testing::ThrowsMessage<Error>(testing::HasSubstr(
                  "ConservativeAdvancement::certify: the workspace was made by another certifier ('interval'); pass "
                  "one from this certifier's makeWorkspace().")));
}
}  // namespace
}  // namespace ompl_ccd::pipeline
