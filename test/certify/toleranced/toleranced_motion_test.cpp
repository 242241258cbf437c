// Hand-solved cases of the toleranced-motion certifier ([SchroeckerWeber]): a bar turning about z
// towards (or away from) a box, whose first contact angle is known in closed form; near misses;
// the caps.
#include "ompl_ccd/certify/toleranced/toleranced_motion.h"

#include <gtest/gtest.h>

#include <cmath>

#include <ompl/base/ScopedState.h>
#include <ompl/base/SpaceInformation.h>

#include "ompl_ccd/error.h"
#include "ompl_ccd/geometry/collision_queries.h"
#include "ompl_ccd/ompl/motion_validator_factory.h"
#include "ompl_ccd/ompl/state_space.h"
#include "support/test_paths.h"

namespace ompl_ccd
{
namespace
{
/// The bar of rotating_bar.urdf (box 0.5 × 0.02 × 0.02 m along x, turning about z) beside a box
/// obstacle x ∈ [0.2, 0.3], y ∈ [0.1, 0.2], z ∈ [−0.05, 0.05].
CollisionWorldPtr barWorld()
{
  auto robot =
      std::make_shared<const RobotModel>(RobotModel::fromUrdfFile(test::testDataPath("certify/rotating_bar.urdf")));
  Obstacle block;
  block.name = "block";
  block.shape.kind = CollisionShape::Kind::Box;
  block.shape.box_size = Eigen::Vector3d(0.1, 0.1, 0.1);
  block.X_WG.translation() = Eigen::Vector3d(0.25, 0.15, 0.0);
  return std::make_shared<CollisionWorld>(robot, std::make_shared<Scene>(std::vector<Obstacle>{block}));
}

/// Bar angle at which its face y = ±(0.01 + clearance) (sign = turning direction) reaches the block
/// corner (x, y).
double contactAngle(double x, double y, double sign, double clearance = 0.0)
{
  return std::atan2(y, x) - sign * std::asin((0.01 + clearance) / std::hypot(x, y));
}

JointMotion barMotion(const CollisionWorld &world, double a, double b)
{
  return JointMotion(world.robot(), Eigen::VectorXd::Constant(1, a), Eigen::VectorXd::Constant(1, b));
}

struct Turn
{
  double a, b, contact;
};

// Counter-clockwise from −0.2 rad the face y = +0.01 meets the corner (0.3, 0.1) first; clockwise
// from 1.2 rad the face y = −0.01 meets the corner (0.2, 0.2) first.
const Turn kTurns[] = {{-0.2, 0.8, contactAngle(0.3, 0.1, 1.0)}, {1.2, 0.0, contactAngle(0.2, 0.2, -1.0)}};

TEST(TolerancedMotion, FirstContactBracketsTheClosedFormTimeOfContact)
{
  for (const MassDistribution kind : {MassDistribution::MeshVertices, MassDistribution::ObbCorners})
  {
    const CollisionWorldPtr world = barWorld();
    TolerancedMotionOptions options;
    options.mass_distribution = kind;
    const TolerancedMotion certifier(world, options);
    auto ws = certifier.makeWorkspace();
    for (const Turn &turn : kTurns)
    {
      const double toc = (turn.contact - turn.a) / (turn.b - turn.a);
      Query query;
      query.mode = Mode::FirstContact;
      const Report report = certifier.certify(*ws, barMotion(*world, turn.a, turn.b), query);
      ASSERT_EQ(report.verdict, Verdict::Collision) << toString(kind) << " from " << turn.a;
      EXPECT_LE(report.toc_lower, toc + 1e-9);
      EXPECT_GE(report.toc_upper, toc - 1e-9);
      EXPECT_LE(report.toc_upper - report.toc_lower, query.tolerance);
      ASSERT_TRUE(report.witness.has_value());
      EXPECT_EQ(report.witness->link, "bar");
      EXPECT_EQ(report.witness->other, "block");
      EXPECT_DOUBLE_EQ(report.witness->time, report.toc_upper);
    }
  }
}

TEST(TolerancedMotion, DecideStopsAtAConfirmedCollision)
{
  const CollisionWorldPtr world = barWorld();
  const TolerancedMotion certifier(world);
  auto ws = certifier.makeWorkspace();
  CollisionWorkspace check(*world);
  for (const Turn &turn : kTurns)
  {
    const double toc = (turn.contact - turn.a) / (turn.b - turn.a);
    const JointMotion motion = barMotion(*world, turn.a, turn.b);
    const Report report = certifier.certify(*ws, motion, Query{});
    ASSERT_EQ(report.verdict, Verdict::Collision);
    EXPECT_LE(report.toc_lower, toc + 1e-9);
    EXPECT_GE(report.toc_upper, toc - 1e-9);
    EXPECT_LT(report.toc_upper, 1.0);
    // The witness configuration is in contact: FCL finds it within contact_distance.
    EXPECT_LE(minimumDistance(*world, check, motion.stateAt(report.toc_upper)), Query{}.contact_distance);
    ASSERT_TRUE(report.witness.has_value());
    EXPECT_EQ(report.witness->time, report.toc_upper);
  }
}

TEST(TolerancedMotion, TurningAwayIsCertifiedFreeAndSoIsTheReverse)
{
  const CollisionWorldPtr world = barWorld();
  const TolerancedMotion certifier(world);
  auto ws = certifier.makeWorkspace();
  for (const auto &[a, b] : {std::pair{-0.2, -2.5}, std::pair{1.2, 2.9}, std::pair{-2.5, -0.2}})
  {
    for (const Mode mode : {Mode::Decide, Mode::FirstContact})
    {
      Query query;
      query.mode = mode;
      const Report report = certifier.certify(*ws, barMotion(*world, a, b), query);
      EXPECT_EQ(report.verdict, Verdict::Free) << a << " → " << b;
      EXPECT_EQ(report.toc_lower, 1.0);
      EXPECT_EQ(report.toc_upper, 1.0);
      EXPECT_FALSE(report.witness.has_value());
    }
  }
}

TEST(TolerancedMotion, StoppingShortOfContactHonoursTheClearance)
{
  // Turning counter-clockwise up to where the bar is 0.02 m from the corner (0.3, 0.1): free with
  // clearance 0.01, not free with clearance 0.03 (a configuration closer than that exists).
  const CollisionWorldPtr world = barWorld();
  const TolerancedMotion certifier(world);
  auto ws = certifier.makeWorkspace();
  const JointMotion motion = barMotion(*world, -0.2, contactAngle(0.3, 0.1, 1.0, 0.02));
  Query query;
  query.clearance = 0.01;
  EXPECT_EQ(certifier.certify(*ws, motion, query).verdict, Verdict::Free);
  query.clearance = 0.03;
  const Report report = certifier.certify(*ws, motion, query);
  EXPECT_EQ(report.verdict, Verdict::Collision);
  const double toc = (contactAngle(0.3, 0.1, 1.0, 0.03) + 0.2) / (contactAngle(0.3, 0.1, 1.0, 0.02) + 0.2);
  EXPECT_LE(report.toc_lower, toc + 1e-9);
}

// A motion stopping δ short of the corner (0.3, 0.1) passes it at δ: Free in both modes for δ from
// 10 µm to 1 mm (under the old ε-termination at the 1 mm tolerance, these were Undecided), and in
// contact when it goes 0.1 mm past it, with a witness FCL finds within contact_distance.
TEST(TolerancedMotion, NearMissesAreFreeAndTouchesCollide)
{
  const CollisionWorldPtr world = barWorld();
  const TolerancedMotion certifier(world);
  auto ws = certifier.makeWorkspace();
  CollisionWorkspace check(*world);
  for (const Mode mode : {Mode::Decide, Mode::FirstContact})
  {
    Query query;
    query.mode = mode;
    for (const double gap : {1e-5, 1e-4, 5e-4, 1e-3})
    {
      const Report report = certifier.certify(*ws, barMotion(*world, -0.2, contactAngle(0.3, 0.1, 1.0, gap)), query);
      EXPECT_EQ(report.verdict, Verdict::Free) << toString(mode) << " gap " << gap;
    }
    const JointMotion touch = barMotion(*world, -0.2, contactAngle(0.3, 0.1, 1.0, -1e-4));
    const Report report = certifier.certify(*ws, touch, query);
    ASSERT_EQ(report.verdict, Verdict::Collision) << toString(mode);
    ASSERT_TRUE(report.witness.has_value());
    EXPECT_LE(minimumDistance(*world, check, touch.stateAt(report.toc_upper)), query.contact_distance);
    EXPECT_LE(report.witness->distance, query.contact_distance);
  }
}

// A cap that runs out is Undecided, with its name in the stats; the same motion decides with the
// default caps.
TEST(TolerancedMotion, ACapThatRunsOutIsUndecidedWithItsName)
{
  const CollisionWorldPtr world = barWorld();
  const JointMotion near_miss = barMotion(*world, -0.2, contactAngle(0.3, 0.1, 1.0, 1e-4));
  const auto certify = [&](const TolerancedMotionOptions &options) {
    const TolerancedMotion certifier(world, options);
    auto ws = certifier.makeWorkspace();
    return certifier.certify(*ws, near_miss, Query{});
  };
  EXPECT_EQ(certify({}).verdict, Verdict::Free);
  TolerancedMotionOptions shallow;
  shallow.max_depth = 2;
  const Report by_depth = certify(shallow);
  EXPECT_EQ(by_depth.verdict, Verdict::Undecided);
  EXPECT_EQ(by_depth.stats.count("cap_max_depth"), 1u);
  TolerancedMotionOptions few;
  few.max_intervals = 3;
  const Report by_count = certify(few);
  EXPECT_EQ(by_count.verdict, Verdict::Undecided);
  EXPECT_EQ(by_count.stats.count("cap_max_intervals"), 1u);
  EXPECT_LE(by_count.stats.at("intervals"), 3.0);
}

TEST(TolerancedMotion, ThreadPoolGivesTheSameAnswers)
{
  const CollisionWorldPtr world = barWorld();
  TolerancedMotionOptions options;
  options.threads = 3;
  const TolerancedMotion certifier(world, options);
  auto ws = certifier.makeWorkspace();
  for (const Turn &turn : kTurns)
  {
    const double toc = (turn.contact - turn.a) / (turn.b - turn.a);
    Query query;
    query.mode = Mode::FirstContact;
    const Report report = certifier.certify(*ws, barMotion(*world, turn.a, turn.b), query);
    ASSERT_EQ(report.verdict, Verdict::Collision);
    EXPECT_LE(report.toc_lower, toc + 1e-9);
    EXPECT_GE(report.toc_upper, toc - 1e-9);
  }
  EXPECT_EQ(certifier.certify(*ws, barMotion(*world, -0.2, -2.5), Query{}).verdict, Verdict::Free);
}

TEST(TolerancedMotion, IsTheFactorysTolerancedValidatorWithBothOverloads)
{
  namespace ob = ompl::base;
  const CollisionWorldPtr world = barWorld();
  auto si = std::make_shared<ob::SpaceInformation>(makeStateSpace(world->robot()));
  ValidatorOptions options;
  options.toleranced.threads = 2;
  const ob::MotionValidatorPtr validator = makeMotionValidator("toleranced", si, world, options);
  si->setMotionValidator(validator);
  si->setStateValidityChecker([](const ob::State *) { return true; });
  si->setup();
  const auto state = [&](double angle) {
    ob::ScopedState<> s(si);
    vectorToState(world->robot(), Eigen::VectorXd::Constant(1, angle), s.get());
    return s;
  };
  const Turn &turn = kTurns[0];
  const double toc = (turn.contact - turn.a) / (turn.b - turn.a);
  EXPECT_FALSE(validator->checkMotion(state(turn.a).get(), state(turn.b).get()));
  EXPECT_TRUE(validator->checkMotion(state(turn.a).get(), state(-2.5).get()));
  ob::ScopedState<> last(si);
  std::pair<ob::State *, double> last_valid{last.get(), -1.0};
  EXPECT_FALSE(validator->checkMotion(state(turn.a).get(), state(turn.b).get(), last_valid));
  EXPECT_LE(last_valid.second, toc);
  EXPECT_GE(last_valid.second, toc - 1e-3);
  Eigen::VectorXd q;
  stateToVector(world->robot(), last.get(), q);
  CollisionWorkspace check(*world);
  EXPECT_FALSE(isInCollision(*world, check, q));
}

TEST(TolerancedMotion, RefusesOptionsOutOfTheSchemasRanges)
{
  TolerancedMotionOptions options;
  options.threads = 0;
  EXPECT_THAT([&] { TolerancedMotion(barWorld(), options); },
              testing::ThrowsMessage<Error>(testing::HasSubstr("TolerancedMotion: option 'threads' is '0'; allowed: an integer in [1, ")));
  options = {};
  options.max_intervals = 0;
  EXPECT_THAT([&] { TolerancedMotion(barWorld(), options); },
              testing::ThrowsMessage<Error>(testing::HasSubstr("TolerancedMotion: option 'max_intervals' is '0'")));
}

TEST(TolerancedMotion, RefusesBadQueriesAsEveryCertifier)
{
  const CollisionWorldPtr world = barWorld();
  const TolerancedMotion certifier(world);
  auto ws = certifier.makeWorkspace();
  const JointMotion motion = barMotion(*world, 0.0, 0.1);
  const auto refusal = [&](const Query &query) -> std::string {
    try
    {
      certifier.certify(*ws, motion, query);
    }
    catch (const Error &e)
    {
      return e.what();
    }
    return "accepted";
  };
  Query query;
  query.tolerance = 0.0;
  EXPECT_EQ(refusal(query), "TolerancedMotion::certify: query tolerance (0) must be finite and at least 1e-14 (the "
                            "narrowest bracket doubles resolve on [0, 1]); set a tolerance such as 1e-3.");
  query = {};
  query.contact_distance = -1e-6;
  EXPECT_EQ(refusal(query), "TolerancedMotion::certify: query contact_distance (-1e-06) must be positive and finite; "
                            "set a contact distance such as 1e-6 (metres).");
  query = {};
  query.clearance = std::nan("");
  EXPECT_EQ(refusal(query), "TolerancedMotion::certify: query clearance (nan) must be non-negative and finite; set "
                            "clearance to 0 or more (metres).");
}
}  // namespace
}  // namespace ompl_ccd
