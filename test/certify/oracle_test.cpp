/// Tests of the soundness oracle (test/support/oracle.h) itself: closed-form contact times of a
/// rotating bar, its speed bound against sampled vertex displacements, and its labels of the
/// adversarial cases it is meant to judge.

#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "support/adversarial_scenes.h"
#include "support/example_worlds.h"
#include "support/oracle.h"
#include "support/random_edges.h"
#include "support/test_paths.h"

namespace ompl_ccd::test
{
namespace
{
/** \brief A box obstacle named \a name of size \a size centred at \a center, turned by \a yaw about z. */
Obstacle boxObstacle(const std::string &name, const Eigen::Vector3d &size, const Eigen::Vector3d &center, double yaw = 0.0)
{
  Obstacle box;
  box.name = name;
  box.shape.kind = CollisionShape::Kind::Box;
  box.shape.box_size = size;
  box.X_WG.translate(center);
  box.X_WG.rotate(Eigen::AngleAxisd(yaw, Eigen::Vector3d::UnitZ()));
  return box;
}

/** \brief The bar of rotating_bar.urdf (0.5 × 0.02 × 0.02 m box along x, turning about z) beside
    \a obstacle; by default a block x ∈ [0.2, 0.3], y ∈ [0.1, 0.2], z ∈ [−0.05, 0.05]. */
CollisionWorldPtr barWorld(const Obstacle &obstacle = boxObstacle("block", Eigen::Vector3d::Constant(0.1),
                                                                  Eigen::Vector3d(0.25, 0.15, 0.0)))
{
  auto robot = std::make_shared<const RobotModel>(RobotModel::fromUrdfFile(testDataPath("certify/rotating_bar.urdf")));
  return std::make_shared<CollisionWorld>(robot, std::make_shared<Scene>(std::vector<Obstacle>{obstacle}));
}

/** \brief Bar angle at which its face at bar-frame y = ±0.01 + clearance (sign = turning
    direction) reaches the block corner (x, y): |p| sin(φ − θ) = ±(0.01 + clearance). */
double contactAngle(double x, double y, double sign, double clearance = 0.0)
{
  return std::atan2(y, x) - sign * std::asin((0.01 + clearance) / std::hypot(x, y));
}

/** \brief Motion of the bar from angle a to angle b. */
JointMotion barMotion(const CollisionWorld &world, double a, double b)
{
  return JointMotion(world.robot(), Eigen::VectorXd::Constant(1, a), Eigen::VectorXd::Constant(1, b));
}

}  // namespace

TEST(OracleSpeedBound, RotatingBarIsDeltaTimesFarthestCorner)
{
  const CollisionWorldPtr world = barWorld();
  const JointMotion motion = barMotion(*world, -0.2, 0.8);
  const int bar = world->robot().linkIndex("bar");
  EXPECT_NEAR(linkSpeedBounds(world->robot(), motion)[bar], 1.0 * std::sqrt(0.5 * 0.5 + 2 * 0.01 * 0.01), 1e-12);
  EXPECT_NEAR(distanceRateBound(*world, motion), linkSpeedBounds(world->robot(), motion)[bar], 1e-15);
}

TEST(Oracle, BracketsTheClosedFormContactTurningEitherWay)
{
  const CollisionWorldPtr world = barWorld();
  CollisionWorkspace ws(*world);
  // Counter-clockwise from −0.2 rad: the face y = +0.01 meets the corner (0.3, 0.1) first.
  // Clockwise from 1.2 rad: the face y = −0.01 meets the corner (0.2, 0.2) first.
  struct Turn
  {
    double a, b, contact;
  };
  for (const Turn &turn : {Turn{-0.2, 0.8, contactAngle(0.3, 0.1, 1.0)}, Turn{1.2, 0.0, contactAngle(0.2, 0.2, -1.0)}})
  {
    const double toc = (turn.contact - turn.a) / (turn.b - turn.a);
    const OracleResult result = runOracle(*world, ws, barMotion(*world, turn.a, turn.b));
    ASSERT_EQ(result.verdict, OracleVerdict::Colliding) << "turn from " << turn.a;
    EXPECT_LE(result.toc_hi - result.toc_lo, 1e-6);
    // FCL's box-box contact is exact up to rounding; allow 1e-9 of slack on the bracket.
    EXPECT_LE(result.toc_lo, toc + 1e-9) << "turn from " << turn.a;
    EXPECT_GE(result.toc_hi, toc - 1e-9) << "turn from " << turn.a;
    EXPECT_LE(result.certified_until, toc);
    EXPECT_GT(result.certified_until, toc - 1e-2) << "the proven-free prefix should reach near the contact";
    ASSERT_TRUE(result.witness.has_value());
    EXPECT_EQ(result.witness->link, "bar");
    EXPECT_EQ(result.witness->other, "block");
    EXPECT_EQ(result.witness->time, result.toc_hi);
  }
}

TEST(Oracle, FindsAMillimetrePlateCrossedInAFastTurn)
{
  // A plate 1 mm thick lying along the ray at 1 rad, from 0.1 m to 0.3 m out. Turning 3 rad, the
  // bar's leading face crosses it in about 0.02 / 0.1 / 3 ≈ 0.07 of the motion near the axis but
  // only ≈ 0.02 at its outer end; the first contact is the plate's inner trailing corner.
  const double yaw = 1.0;
  const CollisionWorldPtr world =
      barWorld(boxObstacle("plate", Eigen::Vector3d(0.2, 0.001, 0.1), 0.2 * Eigen::Vector3d(std::cos(yaw), std::sin(yaw), 0.0), yaw));
  CollisionWorkspace ws(*world);
  const Eigen::Vector2d corner = Eigen::Rotation2Dd(yaw) * Eigen::Vector2d(0.1, -0.0005);
  const double toc = (contactAngle(corner.x(), corner.y(), 1.0) + 0.5) / 3.0;
  const OracleResult result = runOracle(*world, ws, barMotion(*world, -0.5, 2.5));
  ASSERT_EQ(result.verdict, OracleVerdict::Colliding);
  EXPECT_LE(result.toc_lo, toc + 1e-9);
  EXPECT_GE(result.toc_hi, toc - 1e-9);
  EXPECT_LE(result.certified_until, toc);
  EXPECT_EQ(result.witness->other, "plate");
}

TEST(Oracle, ClearMotionIsCertifiedFreeWithItsTrueClearance)
{
  const CollisionWorldPtr world = barWorld();
  CollisionWorkspace ws(*world);
  // From −0.5 to 0.2 rad the closest approach is at the end: corner (0.3, 0.1) to the face y = 0.01.
  const double phi = std::atan2(0.1, 0.3), closest = std::hypot(0.3, 0.1) * std::sin(phi - 0.2) - 0.01;
  const OracleResult result = runOracle(*world, ws, barMotion(*world, -0.5, 0.2));
  ASSERT_EQ(result.verdict, OracleVerdict::CertifiedFree);
  EXPECT_EQ(result.certified_until, 1.0);
  EXPECT_NEAR(result.min_distance_sampled, closest, 1e-6);
  EXPECT_LE(result.min_distance_certified, closest + 1e-9);
  EXPECT_GT(result.min_distance_certified, 0.0);
}

TEST(Oracle, ClearanceTurnsACloseApproachIntoAViolation)
{
  const CollisionWorldPtr world = barWorld();
  CollisionWorkspace ws(*world);
  const JointMotion motion = barMotion(*world, -0.5, 0.2);
  OracleOptions options;
  options.clearance = 0.02;
  EXPECT_EQ(runOracle(*world, ws, motion, options).verdict, OracleVerdict::CertifiedFree);

  options.clearance = 0.03;
  const double toc = (contactAngle(0.3, 0.1, 1.0, 0.03) + 0.5) / 0.7;
  const OracleResult result = runOracle(*world, ws, motion, options);
  ASSERT_EQ(result.verdict, OracleVerdict::Colliding);
  // The distance has error ~1e-6 m; at this approach speed (~0.3 m per unit t) that is ~3e-6 in t.
  EXPECT_LE(result.toc_lo, toc + 1e-5);
  EXPECT_GE(result.toc_hi, toc - 1e-5);
}

TEST(Oracle, StartInCollisionIsContactAtZero)
{
  const CollisionWorldPtr world = barWorld();
  CollisionWorkspace ws(*world);
  const double inside = std::atan2(0.15, 0.25);  // the bar runs through the block's centre
  const OracleResult result = runOracle(*world, ws, barMotion(*world, inside, inside + 0.1));
  ASSERT_EQ(result.verdict, OracleVerdict::Colliding);
  EXPECT_EQ(result.toc_lo, 0.0);
  EXPECT_EQ(result.toc_hi, 0.0);
  EXPECT_EQ(result.certified_until, 0.0);
}

TEST(OracleSpeedBound, NeverExceededBySampledVertexDisplacements)
{
  for (const std::string urdf : {"arm/arm.urdf", "snake/snake.urdf"})
  {
    const CollisionWorldPtr world = exampleWorld(urdf, "");
    const RobotModel &model = world->robot();
    std::mt19937 rng(7);
    KinematicsWorkspace a(model), b(model);
    for (int m = 0; m < 10; ++m)
    {
      const JointMotion motion(model, randomState(model, rng), randomState(model, rng));
      const std::vector<double> speeds = linkSpeedBounds(model, motion);
      const double dt = 0.005;
      double worst = 0.0;  // largest displacement / (bound · dt) seen
      for (double t = 0.0; t + dt <= 1.0; t += dt)
      {
        forwardKinematics(model, a, motion.stateAt(t));
        forwardKinematics(model, b, motion.stateAt(t + dt));
        for (std::size_t l = 0; l < model.links().size(); ++l)
          for (const LinkGeometry &geometry : model.links()[l].geometries)
          {
            if (geometry.shape.kind != CollisionShape::Kind::Mesh)
              continue;
            for (const Eigen::Vector3d &p_G : geometry.shape.mesh->vertices)
            {
              const Eigen::Vector3d p_L = geometry.X_LG * p_G;
              const double moved = (b.X_WL[l] * p_L - a.X_WL[l] * p_L).norm();
              ASSERT_LE(moved, speeds[l] * dt * (1 + 1e-12) + 1e-15)
                  << urdf << " link " << model.links()[l].name << " at t = " << t;
              if (speeds[l] > 0.0)
                worst = std::max(worst, moved / (speeds[l] * dt));
            }
          }
      }
      EXPECT_GT(worst, 0.05) << urdf << ": the bound should not be absurdly loose";
    }
  }
}

TEST(OracleSpeedBound, DistanceChangesNoFasterThanTheRateBound)
{
  for (const auto &[urdf, scene] : {std::pair<std::string, std::string>{"arm/arm.urdf", "scene.yaml"},
                                    std::pair<std::string, std::string>{"snake/snake.urdf", ""}})
  {
    const CollisionWorldPtr world = exampleWorld(urdf, scene);
    CollisionWorkspace ws(*world);
    RandomEdgeOptions options;
    options.seed = 3;
    for (const Edge &edge : randomEdges(*world, 6, options))
    {
      const JointMotion motion(world->robot(), edge.q0, edge.q1);
      const double rate = distanceRateBound(*world, motion), dt = 0.02;
      double previous = minimumDistance(*world, ws, motion.stateAt(0.0));
      for (double t = dt; t <= 1.0; t += dt)
      {
        const double d = minimumDistance(*world, ws, motion.stateAt(t));
        EXPECT_LE(std::abs(d - previous), rate * dt + 2e-6) << urdf << " at t = " << t;
        previous = d;
      }
    }
  }
}

TEST(OracleOnAdversarialCases, ThinPlatesAcrossTheSweptVolumeCollide)
{
  const CollisionWorldPtr base = exampleWorld("arm/arm.urdf", "");
  const auto cases = thinPlateCases(base, 5, 11);
  ASSERT_EQ(cases.size(), 5u);
  for (const AdversarialCase &c : cases)
  {
    CollisionWorkspace ws(*c.world);
    for (const Edge &edge : c.edges)
    {
      const OracleResult result = runOracle(*c.world, ws, JointMotion(c.world->robot(), edge.q0, edge.q1));
      ASSERT_EQ(result.verdict, OracleVerdict::Colliding) << c.name;
      EXPECT_TRUE(isInCollision(*c.world, ws, JointMotion(c.world->robot(), edge.q0, edge.q1).stateAt(result.toc_hi)));
      EXPECT_FALSE(isInCollision(*c.world, ws, JointMotion(c.world->robot(), edge.q0, edge.q1).stateAt(result.toc_lo)));
    }
  }
}

TEST(OracleOnAdversarialCases, GrazingCasesPassAtTheirDistanceAndPenetratingOnesCollide)
{
  const CollisionWorldPtr base = exampleWorld("arm/arm.urdf", "");
  for (double target : {1e-3, 0.5e-3, -0.5e-3})
  {
    const auto cases = grazingCases(base, {target}, 2, 5);
    ASSERT_EQ(cases.size(), 2u) << target;
    for (const AdversarialCase &c : cases)
    {
      CollisionWorkspace ws(*c.world);
      const OracleResult result =
          runOracle(*c.world, ws, JointMotion(c.world->robot(), c.edges[0].q0, c.edges[0].q1));
      if (target < 0)
        EXPECT_EQ(result.verdict, OracleVerdict::Colliding) << c.name;
      else
      {
        EXPECT_EQ(result.verdict, OracleVerdict::CertifiedFree) << c.name;
        EXPECT_LE(result.min_distance_sampled, target + 1e-4) << c.name;
        EXPECT_GT(result.min_distance_certified, 0.0) << c.name;
      }
    }
  }
}

TEST(OracleOnAdversarialCases, NeedlesAcrossThePathCollideAndNeedlesAsideDoNot)
{
  const CollisionWorldPtr base = exampleWorld("arm/arm.urdf", "");
  const auto cases = sliverCases(base, 4, 13);
  ASSERT_EQ(cases.size(), 4u);
  for (const AdversarialCase &c : cases)
  {
    CollisionWorkspace ws(*c.world);
    const OracleResult result = runOracle(*c.world, ws, JointMotion(c.world->robot(), c.edges[0].q0, c.edges[0].q1));
    if (c.name.rfind("sliver-crossing", 0) == 0)
      EXPECT_EQ(result.verdict, OracleVerdict::Colliding) << c.name;
    else
      EXPECT_NE(result.verdict, OracleVerdict::Colliding) << c.name;
  }
}

TEST(OracleOnAdversarialCases, CurlingSnakeEdgesSampledThroughItselfCollide)
{
  // Half the edges were picked because a sample of the motion touches itself: the oracle must
  // find those collisions (or earlier ones), and in an empty scene they are self-contacts.
  const CollisionWorldPtr snake = exampleWorld("snake/snake.urdf", "");
  const AdversarialCase curl = selfCollisionCase(snake, 10, 17);
  ASSERT_EQ(curl.edges.size(), 10u);
  std::size_t self_contacts = 0;
  for (const OracleResult &result : labelEdges(*snake, curl.edges))
    self_contacts += result.verdict == OracleVerdict::Colliding && snake->robot().linkIndex(result.witness->other) >= 0;
  EXPECT_GE(self_contacts, 5u);
}

TEST(Classify, SeparatesFatalFromConservativeAnswers)
{
  OracleResult colliding;
  colliding.verdict = OracleVerdict::Colliding;
  colliding.toc_lo = 0.4;
  colliding.toc_hi = 0.4 + 1e-7;
  colliding.certified_until = 0.39;
  OracleResult free;
  free.verdict = OracleVerdict::CertifiedFree;
  free.certified_until = 1.0;
  free.min_distance_certified = 0.01;

  Report free_report;
  free_report.verdict = Verdict::Free;
  free_report.toc_lower = free_report.toc_upper = 1.0;
  const Classification missed = classify(free_report, colliding, 1e-3);
  EXPECT_TRUE(missed.false_free);
  EXPECT_TRUE(missed.toc_lower_past_contact);
  EXPECT_FALSE(classify(free_report, free, 1e-3).false_free);

  Report hit;
  hit.verdict = Verdict::Collision;
  hit.toc_lower = 0.3995;
  hit.toc_upper = 0.4001;
  const Classification agreed = classify(hit, colliding, 1e-3);
  EXPECT_FALSE(agreed.false_free);
  EXPECT_FALSE(agreed.toc_lower_past_contact);
  ASSERT_TRUE(agreed.toc_error.has_value());
  EXPECT_NEAR(*agreed.toc_error, 0.0005, 1e-12);
  EXPECT_TRUE(agreed.toc_within_tolerance);
  EXPECT_FALSE(classify(hit, colliding, 1e-4).toc_within_tolerance);

  const Classification conservative = classify(hit, free, 1e-3);
  EXPECT_TRUE(conservative.false_collision);
  EXPECT_TRUE(conservative.false_collision_beyond_tolerance);  // proven clearance 0.01 > 1e-3
  EXPECT_TRUE(conservative.toc_upper_before_free);
  EXPECT_FALSE(classify(hit, free, 0.05).false_collision_beyond_tolerance);

  SoundnessTally tally;
  tally.add(free_report, colliding, missed);
  tally.add(hit, colliding, agreed);
  tally.add(hit, free, conservative);
  EXPECT_FALSE(tally.sound());
  EXPECT_EQ(tally.false_free, 1u);
  EXPECT_EQ(tally.false_collision, 1u);
  EXPECT_EQ(tally.toc_compared, 1u);
  EXPECT_EQ(tally.oracle_colliding, 2u);
}
}  // namespace ompl_ccd::test
