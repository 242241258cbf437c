#include "ompl_ccd/certify/interval/interval_arithmetic.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>

#include "ompl_ccd/certify/ca/conservative_advancement.h"
#include "ompl_ccd/error.h"
#include "support/example_worlds.h"
#include "support/random_edges.h"

namespace ompl_ccd
{
namespace
{
using ::testing::HasSubstr;
using ::testing::ThrowsMessage;

/// For test::barWorld: a vertical pole of radius 0.05 around (0, 0.6): the bar's leading face {p : p·v = 0.05},
/// v = (−sin θ, cos θ), is tangent to it when 0.6 cos θ − 0.05 = 0.05, so θ* = acos(1/6).
Obstacle pole()
{
  Obstacle obstacle;
  obstacle.name = "pole";
  obstacle.shape.kind = CollisionShape::Kind::Cylinder;
  obstacle.shape.radius = 0.05;
  obstacle.shape.length = 1.0;
  obstacle.X_WG.translation() = Eigen::Vector3d(0.0, 0.6, 0.0);
  return obstacle;
}

Report certifyBar(double q0, double q1, double clearance = 0.0, Mode mode = Mode::FirstContact,
                  const IntervalArithmeticOptions &options = {})
{
  const IntervalArithmetic certifier(test::barWorld({pole()}), options);
  auto ws = certifier.makeWorkspace();
  Eigen::VectorXd s0(1), s1(1);
  s0 << q0;
  s1 << q1;
  Query query;
  query.mode = mode;
  query.clearance = clearance;
  query.statistics = true;
  return certifier.certify(*ws, JointMotion(certifier.world().robot(), s0, s1), query);
}

double stat(const Report &report, const std::string &key) { return report.stats.at(key); }

/// The bundled arm in examples/scene.yaml, certified by interval and by ca (the cross-checks below).
struct ArmCertifiers
{
  CollisionWorldPtr world = test::exampleWorld("arm/arm.urdf", "scene.yaml");
  IntervalArithmetic interval{world};
  ConservativeAdvancement ca{world};
  std::unique_ptr<CertifierWorkspace> ws_interval = interval.makeWorkspace();
  std::unique_ptr<CertifierWorkspace> ws_ca = ca.makeWorkspace();
};

TEST(IntervalArithmetic, BarHitsPoleAtClosedFormTime)
{
  const double toc = std::acos(1.0 / 6.0) / 1.5;
  const Report report = certifyBar(0.0, 1.5);
  ASSERT_EQ(report.verdict, Verdict::Collision);
  EXPECT_LE(report.toc_lower, toc);
  EXPECT_LE(report.toc_upper - report.toc_lower, 1e-3);
  EXPECT_NEAR(report.toc_upper, toc, 1e-3);
  ASSERT_TRUE(report.witness.has_value());
  EXPECT_EQ(report.witness->link, "bar");
  EXPECT_EQ(report.witness->other, "pole");
  EXPECT_GE(report.witness->time, report.toc_lower);
  EXPECT_LE(report.witness->time, report.toc_upper);
  EXPECT_LE(report.witness->distance, Query{}.contact_distance);
  // The normal points from the bar towards the pole (+y at θ ≈ 80°, give or take the prism).
  EXPECT_GT(report.witness->normal.dot(Eigen::Vector3d(-std::sin(1.4), std::cos(1.4), 0.0)), 0.9);
}

// Issue 42: Contact::normal points from `link` towards `other` (contact.h) for every certifier. On
// the bundled arm's colliding edges (examples/arm_edges.txt) interval's touching witnesses gave the
// solver's face normal with either sign: the tool's normal into the table came out +z, ca's -z.
TEST(IntervalArithmetic, WitnessNormalPointsFromLinkTowardsOtherAsCaSays)
{
  ArmCertifiers arm;
  const auto state = [](std::initializer_list<double> values) {
    return Eigen::VectorXd(Eigen::Map<const Eigen::VectorXd>(values.begin(), values.size()));
  };
  struct ArmEdge
  {
    Eigen::VectorXd from, to;
    std::string link, other;
  };
  const std::vector<ArmEdge> edges = {
      {state({-0.30, 0.58, 1.19, 0.0, 1.37, 0.0}), state({1.57, 0.35, 1.58, 0.0, -0.36, 0.0}), "forearm_link",
       "thin_plate"},
      {state({0, 0.3, 1.5, 0, 1.34, 0}), state({-0.3, 0.9, 1.5, 0, 1.2, 0}), "tool_link", "table"}};
  Query query;
  query.mode = Mode::FirstContact;
  for (const ArmEdge &edge : edges)
  {
    const JointMotion motion(arm.world->robot(), edge.from, edge.to);
    const Report by_interval = arm.interval.certify(*arm.ws_interval, motion, query);
    const Report by_ca = arm.ca.certify(*arm.ws_ca, motion, query);
    ASSERT_TRUE(by_interval.witness && by_ca.witness) << edge.link;
    EXPECT_EQ(by_interval.witness->link, edge.link);
    EXPECT_EQ(by_interval.witness->other, edge.other);
    EXPECT_EQ(by_ca.witness->other, edge.other);
    EXPECT_NEAR(by_interval.witness->normal.norm(), 1.0, 1e-9) << edge.link;
    EXPECT_GT(by_interval.witness->normal.dot(by_ca.witness->normal), 0.5)
        << edge.link << ": interval " << by_interval.witness->normal.transpose() << ", ca "
        << by_ca.witness->normal.transpose();
    if (edge.other == "table")  // the tool comes down onto the table top: from the tool towards the table is -z
      EXPECT_LT(by_interval.witness->normal.z(), -0.9);
  }
}

TEST(IntervalArithmetic, BarStoppingShortOfThePoleIsFree)
{
  const Report report = certifyBar(0.0, 1.3);
  EXPECT_EQ(report.verdict, Verdict::Free);
  EXPECT_EQ(report.toc_lower, 1.0);
}

TEST(IntervalArithmetic, OnlyTheFrontEndsLivePiecesAreExamined)
{
  // Turning 0.3 rad keeps the bar ≥ 0.45 m from the pole: the front end leaves no pair, so no
  // piece is boxed and nothing reaches stage 3.
  const Report away = certifyBar(0.0, 0.3);
  EXPECT_EQ(away.verdict, Verdict::Free);
  EXPECT_EQ(stat(away, "pcl"), 0.0);
  EXPECT_EQ(stat(away, "pieces"), 0.0);
  EXPECT_EQ(stat(away, "body_pairs"), 0.0);
  // Into the pole: the bar–pole pair is live only late in the motion, and the pieces boxed are a
  // part of the 16.
  const Report into = certifyBar(0.0, 1.5);
  ASSERT_EQ(into.verdict, Verdict::Collision);
  EXPECT_EQ(stat(into, "pcl"), 1.0);
  EXPECT_GE(stat(into, "pieces"), 1.0);
  EXPECT_LT(stat(into, "pieces"), static_cast<double>(kIntervalTimePieces));
}

TEST(IntervalArithmetic, DecideFindsTheContactByASpanProbeOrStageThree)
{
  const double toc = std::acos(1.0 / 6.0) / 1.5;
  for (const int probes : {0, 2})
  {
    IntervalArithmeticOptions options;
    options.span_probes = probes;
    // θ(1/2), θ(1/4), θ(3/4) < θ*: the whole-robot probes miss, the contact is the pair's.
    const Report report = certifyBar(0.0, 1.5, 0.0, Mode::Decide, options);
    ASSERT_EQ(report.verdict, Verdict::Collision) << probes;
    EXPECT_EQ(stat(report, "collision_probes"), 4.0);  // the start and the three probes
    EXPECT_EQ(stat(report, "span_probes") > 0.0, probes > 0);
    ASSERT_TRUE(report.witness.has_value());
    EXPECT_LE(report.witness->distance, Query{}.contact_distance);
    EXPECT_LE(report.toc_lower, toc);
    // the pole is not reached before θ*; a witness within contact_distance of it comes at most as
    // much sooner as the bar's face takes to close that gap (it nears the pole at 0.6 sin θ* · 1.5)
    const double closing_speed = 0.6 * std::sin(std::acos(1.0 / 6.0)) * 1.5;
    EXPECT_GE(report.witness->time, toc - Query{}.contact_distance / closing_speed * (1.0 + 1e-6) - 1e-12);
    EXPECT_EQ(report.toc_upper, report.witness->time);
  }
}

TEST(IntervalArithmetic, ClearanceTurnsANearMissIntoACollision)
{
  // At θ = 1.38 the gap is 0.6 cos θ − 0.1 ≈ 0.0138 m.
  EXPECT_EQ(certifyBar(0.0, 1.38).verdict, Verdict::Free);
  const Report report = certifyBar(0.0, 1.38, 0.02);
  ASSERT_EQ(report.verdict, Verdict::Collision);
  EXPECT_LE(report.witness->distance, 0.02 + Query{}.contact_distance);
}

TEST(IntervalArithmetic, ReversedMotionStartsInContact)
{
  const Report report = certifyBar(1.5, 0.0);
  ASSERT_EQ(report.verdict, Verdict::Collision);
  EXPECT_EQ(report.toc_lower, 0.0);
  EXPECT_EQ(report.toc_upper, 0.0);
}

TEST(IntervalArithmetic, BadSettingsAreRefusedByName)
{
  IntervalArithmeticOptions options;
  options.time_pieces = 0;
  EXPECT_THAT([&] { IntervalArithmetic(test::barWorld({pole()}), options); },
              ThrowsMessage<Error>(HasSubstr("IntervalArithmetic: option 'time_pieces' is '0'; allowed: an integer >= 1")));
  options = {};
  options.span_probes = -1;
  EXPECT_THAT([&] { IntervalArithmetic(test::barWorld({pole()}), options); },
              ThrowsMessage<Error>(HasSubstr("IntervalArithmetic: option 'span_probes' is '-1'; allowed: an integer >= 0")));
  CullingOptions culling;
  culling.swept_box_samples = 0;
  EXPECT_THAT([&] { IntervalArithmetic(test::barWorld({pole()}), {}, culling); },
              ThrowsMessage<Error>(HasSubstr("IntervalArithmetic: option 'swept_box_samples' is '0'")));
  const IntervalArithmetic certifier(test::barWorld({pole()}));
  auto ws = certifier.makeWorkspace();
  const JointMotion motion(certifier.world().robot(), Eigen::VectorXd::Zero(1), Eigen::VectorXd::Ones(1));
  Query query;
  query.tolerance = 0.0;
  EXPECT_THAT([&] { certifier.certify(*ws, motion, query); },
              ThrowsMessage<Error>(HasSubstr("IntervalArithmetic::certify: query tolerance (0) must be finite and at least 1e-14")));
}

// Cross-check with ca on the bundled arm (scene and self pairs): where both are decisive, the same
// verdict unless one reports a near contact (witness distance in (0, contact_distance]), neither's
// guaranteed-free prefix passes the other's witness of a real contact, and two real contacts are
// within tolerance of each other; the reversed edge gets the same verdict.
TEST(IntervalArithmetic, AgreesWithCaOnArmEdges)
{
  ArmCertifiers arm;
  const CollisionWorldPtr &world = arm.world;
  test::RandomEdgeOptions options;
  options.seed = 17;
  int both = 0, collisions = 0;
  for (const test::Edge &edge : test::randomEdges(*world, 60, options))
  {
    Query query;
    query.mode = Mode::FirstContact;
    const Report a = arm.interval.certify(*arm.ws_interval, JointMotion(world->robot(), edge.q0, edge.q1), query);
    const Report b = arm.ca.certify(*arm.ws_ca, JointMotion(world->robot(), edge.q0, edge.q1), query);
    const Report back = arm.interval.certify(*arm.ws_interval, JointMotion(world->robot(), edge.q1, edge.q0), query);
    EXPECT_NE(a.verdict, Verdict::Undecided);
    EXPECT_EQ(back.verdict == Verdict::Free, a.verdict == Verdict::Free);
    if (a.verdict == Verdict::Undecided || b.verdict == Verdict::Undecided)
      continue;
    ++both;
    const Report &collision = a.verdict == Verdict::Collision ? a : b;
    if (a.verdict != b.verdict)
    {
      EXPECT_GT(collision.witness->distance, 0.0) << "only a near contact may be Free for the other";
    }
    if (a.verdict == Verdict::Collision && b.verdict == Verdict::Collision)
    {
      ++collisions;
      // Neither's guaranteed-free prefix passes the other's witness of a real contact; two real
      // contacts both close a bracket ≤ tolerance holding the first one.
      const bool real_a = a.witness->distance == 0.0, real_b = b.witness->distance == 0.0;
      EXPECT_TRUE(!real_b || a.toc_lower <= b.toc_upper) << a.toc_lower << " past " << b.toc_upper;
      EXPECT_TRUE(!real_a || b.toc_lower <= a.toc_upper) << b.toc_lower << " past " << a.toc_upper;
      EXPECT_TRUE(!(real_a && real_b) || std::fabs(a.toc_upper - b.toc_upper) <= query.tolerance)
          << a.toc_upper << " vs " << b.toc_upper;
    }
  }
  EXPECT_GE(both, 50);
  EXPECT_GE(collisions, 5);
}
}  // namespace
}  // namespace ompl_ccd
