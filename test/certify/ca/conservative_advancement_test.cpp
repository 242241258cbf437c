#include "ompl_ccd/certify/ca/conservative_advancement.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <iostream>

#include "ompl_ccd/error.h"
#include "ompl_ccd/geometry/convex_hull.h"
#include "ompl_ccd/geometry/collision_queries.h"
#include "support/adversarial_scenes.h"
#include "support/example_worlds.h"
#include "support/random_edges.h"

namespace ompl_ccd
{
namespace
{
/// A post x ∈ [−0.05, 0.05], y ∈ [0.55, 0.65] (1 m tall): the bar turning from 0 to 1.5 rad first
/// touches its corner c = (0.05, 0.55) with its leading face {p : p·v = 0.05}, v = (−sin θ, cos θ):
/// 0.55 cos θ − 0.05 sin θ = 0.05, so θ* = acos(0.05/R) − atan2(0.05, 0.55), R = √(0.55² + 0.05²).
Obstacle post()
{
  Obstacle obstacle;
  obstacle.name = "post";
  obstacle.shape.kind = CollisionShape::Kind::Box;
  obstacle.shape.box_size = Eigen::Vector3d(0.1, 0.1, 1.0);
  obstacle.X_WG.translation() = Eigen::Vector3d(0.0, 0.6, 0.0);
  return obstacle;
}

double closedFormContactAngle()
{
  const double R = std::hypot(0.55, 0.05);
  return std::acos(0.05 / R) - std::atan2(0.05, 0.55);
}

Report certifyBar(const CollisionWorldPtr &world, double q0, double q1, Mode mode, double clearance = 0.0)
{
  const ConservativeAdvancement ca(world);
  auto ws = ca.makeWorkspace();
  Eigen::VectorXd s0(1), s1(1);
  s0 << q0;
  s1 << q1;
  const JointMotion motion(world->robot(), s0, s1);
  Query query;
  query.mode = mode;
  query.clearance = clearance;
  return ca.certify(*ws, motion, query);
}

TEST(ConservativeAdvancement, BarHitsPostAtClosedFormTime)
{
  const CollisionWorldPtr world = test::barWorld({post()});
  const double toc = closedFormContactAngle() / 1.5;  // ≈ 0.926
  const Report report = certifyBar(world, 0.0, 1.5, Mode::FirstContact);
  ASSERT_EQ(report.verdict, Verdict::Collision);
  EXPECT_LE(report.toc_lower, toc);  // guaranteed lower bound
  EXPECT_NEAR(report.toc_upper, toc, Query{}.tolerance / 16);  // a probe in collision, bisected
  ASSERT_TRUE(report.witness.has_value());
  EXPECT_EQ(report.witness->link, "bar");
  EXPECT_EQ(report.witness->other, "post");
  EXPECT_NEAR(report.witness->time, report.toc_upper, 1e-15);
  EXPECT_LE(report.witness->distance, Query{}.contact_distance);
  EXPECT_NEAR((report.witness->point_b - Eigen::Vector3d(0.05, 0.55, report.witness->point_b.z())).norm(), 0.0,
              2e-3);  // the post's corner
  EXPECT_GT(report.stats.at("collision_probes"), 0);  // the collision found first, then bracketed by CA
  EXPECT_EQ(report.stats.at("pcl_after_spatial_culling"), 1);
}

TEST(ConservativeAdvancement, BarHitsCylinderPostAtClosedFormTime)
{
  // A round post (centre c = (0, 0.6), r = 0.05), measured as its circumscribed prism: the bar's
  // leading face p·v = 0.05 touches it when c·v − 0.05 = r, cos θ* = 1/6.
  Obstacle round;
  round.name = "round";
  round.shape.kind = CollisionShape::Kind::Cylinder;
  round.shape.radius = 0.05;
  round.shape.length = 1.0;
  round.X_WG.translation() = Eigen::Vector3d(0.0, 0.6, 0.0);
  const double toc = std::acos(1.0 / 6.0) / 1.5;
  const Report report = certifyBar(test::barWorld({round}), 0.0, 1.5, Mode::FirstContact);
  ASSERT_EQ(report.verdict, Verdict::Collision);
  EXPECT_LE(report.toc_lower, toc);
  EXPECT_NEAR(report.toc_upper, toc, Query{}.tolerance / 16);  // a probe in collision, bisected
  ASSERT_TRUE(report.witness.has_value());
  EXPECT_LE(report.witness->distance, Query{}.contact_distance);
  EXPECT_EQ(certifyBar(test::barWorld({round}), 0.0, 0.99 * std::acos(1.0 / 6.0), Mode::Decide).verdict, Verdict::Free);
}

TEST(ConservativeAdvancement, DecideStopsAtTheFirstContactFound)
{
  const Report report = certifyBar(test::barWorld({post()}), 0.0, 1.5, Mode::Decide);
  EXPECT_EQ(report.verdict, Verdict::Collision);
  EXPECT_LE(report.toc_lower, closedFormContactAngle() / 1.5);
  EXPECT_LT(report.toc_upper, 1.0);
}

/// The bar turning 0 → 2.4 rad through the post, certified in Mode::Decide with \a options.
Report certifyBarThroughPost(const ConservativeAdvancementOptions &options, const CullingOptions &culling = {})
{
  const CollisionWorldPtr world = test::barWorld({post()});
  const ConservativeAdvancement ca(world, options, culling);
  auto ws = ca.makeWorkspace();
  const JointMotion motion(world->robot(), Eigen::VectorXd::Zero(1), Eigen::VectorXd::Constant(1, 2.4));
  return ca.certify(*ws, motion, Query{});
}

TEST(ConservativeAdvancement, DecideProbesFindAConfigurationInCollisionWithoutCreepingUpToIt)
{
  // The bar sweeps through the post (contact at θ* ≈ 1.39 rad; at 2.4 rad it is deep inside).
  const double contact = closedFormContactAngle() / 2.4;
  const auto expectProbeHit = [&](const Report &report) {
    ASSERT_EQ(report.verdict, Verdict::Collision);
    EXPECT_GT(report.stats.at("collision_probes"), 0.0);
    EXPECT_EQ(report.stats.at("distance_queries"), 0.0);
    EXPECT_LE(report.toc_lower, contact);
    EXPECT_GE(report.toc_upper, contact);
    ASSERT_TRUE(report.witness.has_value());
    EXPECT_EQ(report.witness->other, "post");
    EXPECT_EQ(report.witness->distance, 0.0);
    EXPECT_NEAR(report.witness->normal.norm(), 1.0, 1e-12);
  };
  // Seven early probes (1/2, 1/4, 3/4, 1/8, 3/8, 5/8, 7/8): the bar is in the post only from θ*
  // to about 1.75 rad, so θ(5/8) = 1.5 rad is the one in collision, found before any bound.
  CullingOptions seven;
  seven.early_probes = 7;
  const Report early = certifyBarThroughPost({}, seven);
  expectProbeHit(early);
  EXPECT_EQ(early.toc_upper, 0.625);
  EXPECT_EQ(early.stats.at("hull_distance_queries"), 0.0);
  EXPECT_EQ(early.stats.at("pcl_after_temporal_culling"), 0.0);
  // Without them, the pair's probes in (τ̌, 1] after its hull pass: the first, at
  // τ̌ + (1 − τ̌)/8, is past the contact.
  CullingOptions no_early_probes;
  no_early_probes.early_probes = 0;
  const Report late = certifyBarThroughPost({}, no_early_probes);
  expectProbeHit(late);
  EXPECT_GT(late.stats.at("hull_distance_queries"), 0.0);
  // Without those either, the hull pass itself probes ahead while the hulls close in.
  ConservativeAdvancementOptions creep_only;
  creep_only.collision_probes = 0;
  const Report creep = certifyBarThroughPost(creep_only, no_early_probes);
  expectProbeHit(creep);
  EXPECT_EQ(creep.stats.at("pcl_after_temporal_culling"), 1.0);
  EXPECT_EQ(creep.toc_lower, 0.0);  // a creep probe certifies nothing
  // and the probes change nothing but the speed: without any, CA finds a contact too
  ConservativeAdvancementOptions no_probes = creep_only;
  no_probes.creep_probes = false;
  const Report crept = certifyBarThroughPost(no_probes, no_early_probes);
  EXPECT_EQ(crept.verdict, Verdict::Collision);
  EXPECT_EQ(crept.stats.at("collision_probes"), 0.0);
  EXPECT_GT(crept.stats.at("distance_queries"), 0.0);
  EXPECT_LE(crept.toc_upper, early.toc_upper);
}

/// An arm turning about z at the origin carries, at its tip, two fingers on their own joints:
/// boxes 0.1 m apart whatever the arm does, as long as the finger joints stay still.
const char *kFingersUrdf = R"(<?xml version="1.0"?>
<robot name="fingers">
  <link name="base"/>
  <link name="arm"><collision><origin xyz="0.4 0 0"/><geometry><box size="0.6 0.05 0.05"/></geometry></collision></link>
  <link name="left"><collision><origin xyz="0.1 0.1 0"/><geometry><box size="0.2 0.1 0.1"/></geometry></collision></link>
  <link name="right"><collision><origin xyz="0.1 -0.1 0"/><geometry><box size="0.2 0.1 0.1"/></geometry></collision></link>
  <joint name="shoulder" type="revolute">
    <parent link="base"/><child link="arm"/><axis xyz="0 0 1"/>
    <limit lower="-3" upper="3" effort="1" velocity="1"/>
  </joint>
  <joint name="left_joint" type="revolute">
    <origin xyz="1 0 0"/><parent link="arm"/><child link="left"/><axis xyz="0 0 1"/>
    <limit lower="-1" upper="1" effort="1" velocity="1"/>
  </joint>
  <joint name="right_joint" type="revolute">
    <origin xyz="1 0 0"/><parent link="arm"/><child link="right"/><axis xyz="0 0 1"/>
    <limit lower="-1" upper="1" effort="1" velocity="1"/>
  </joint>
</robot>)";

/// kFingersUrdf's robot in an empty scene.
CollisionWorldPtr fingersWorld()
{
  auto robot = std::make_shared<const RobotModel>(RobotModel::fromUrdfString(kFingersUrdf, ".", "fingers"));
  return std::make_shared<const CollisionWorld>(robot, std::make_shared<const Scene>(std::vector<Obstacle>{}));
}

TEST(ConservativeAdvancement, SelfPairsAreCulledInTheirCommonAncestorsFrame)
{
  // The fingers' inner faces are at y = 0.05 and y = −0.05 in the arm's frame (0.1 m apart). The
  // arm sweeps 2.5 rad, 0.08 rad per piece: about 0.08 m of travel at the tip per piece, so their
  // world boxes (rotated, widened by half of it) overlap in many pieces; in the arm's frame they
  // never move, and the pair is culled before any distance is computed.
  const CollisionWorldPtr world = fingersWorld();
  const RobotModel &robot = world->robot();
  const ConservativeAdvancement ca(world);
  auto ws = ca.makeWorkspace();
  Eigen::VectorXd q0 = Eigen::VectorXd::Zero(3), q1 = q0;
  q0 << -1.2, 0.0, 0.0;
  q1 << 1.3, 0.0, 0.0;
  for (const Mode mode : {Mode::Decide, Mode::FirstContact})
  {
    Query query;
    query.mode = mode;
    const Report report = ca.certify(*ws, JointMotion(robot, q0, q1), query);
    EXPECT_EQ(report.verdict, Verdict::Free);
    EXPECT_EQ(report.stats.at("pcl_before_culling"), 1.0);  // left–right (the others are adjacent)
    EXPECT_EQ(report.stats.at("pcl_after_spatial_culling"), 0.0);
    EXPECT_EQ(report.stats.at("hull_distance_queries"), 0.0);
  }
  // When the left finger turns into the right one (its tip corner (0.2, 0.05) reaches y < −0.05
  // past −0.5 rad), the pair stays and the contact is found.
  q1(1) = -0.6;
  Query first_contact;
  first_contact.mode = Mode::FirstContact;
  const Report closing = ca.certify(*ws, JointMotion(robot, q0, q1), first_contact);
  EXPECT_EQ(closing.verdict, Verdict::Collision);
  EXPECT_EQ(closing.stats.at("pcl_after_spatial_culling"), 1.0);
  ASSERT_TRUE(closing.witness.has_value());
  EXPECT_EQ(closing.witness->link == "left" ? closing.witness->other : closing.witness->link, "right");
}

TEST(ConservativeAdvancement, DecideEarlyProbesCheckSelfPairsToo)
{
  // The left finger turns 0 → −1 rad into the right one (whose top face is at y = −0.05): at
  // t = 1/2 (−0.5 rad) its tip corner (0.2, 0.05) is at (0.1995, −0.052), inside. The first early
  // probe checks the whole robot, self pairs included, before any bound.
  const CollisionWorldPtr world = fingersWorld();
  const ConservativeAdvancement ca(world);
  const auto certifyLeftFinger = [&, ws = ca.makeWorkspace()](double q1_left) {
    const Eigen::Vector3d q0 = Eigen::Vector3d::Zero(), q1(0.0, q1_left, 0.0);
    return ca.certify(*ws, JointMotion(world->robot(), q0, q1), Query{});
  };
  const Report report = certifyLeftFinger(-1.0);
  ASSERT_EQ(report.verdict, Verdict::Collision);
  EXPECT_EQ(report.toc_upper, 0.5);
  EXPECT_EQ(report.toc_lower, 0.0);
  EXPECT_EQ(report.stats.at("collision_probes"), 1.0);
  EXPECT_EQ(report.stats.at("hull_distance_queries"), 0.0);
  ASSERT_TRUE(report.witness.has_value());
  EXPECT_EQ(report.witness->link == "left" ? report.witness->other : report.witness->link, "right");
  // Stopping at −0.45 rad (the tip at y ≈ −0.042): no probe in collision, and CA certifies it.
  EXPECT_EQ(certifyLeftFinger(-0.45).verdict, Verdict::Free);
}

/// Whether two FirstContact reports on one motion give the same verdict (a test failure if not),
/// or differ only as the contract allows for a motion whose distance dips into (0,
/// contact_distance] without touching: one Free (CA stepped past it), the other Collision with a
/// witness within contact_distance but not touching.
bool sameAnswerUpToGrazing(const Report &a, const Report &b)
{
  if (a.verdict == b.verdict)
    return true;
  const Report &collision = a.verdict == Verdict::Collision ? a : b;
  const Report &free = a.verdict == Verdict::Collision ? b : a;
  EXPECT_EQ(free.verdict, Verdict::Free);
  EXPECT_EQ(collision.verdict, Verdict::Collision);
  EXPECT_TRUE(collision.witness && collision.witness->distance > 0.0 &&
              collision.witness->distance <= Query{}.contact_distance)
      << "verdicts differ on a motion that is not grazing";
  return false;
}

/// \a count random PRM-length edges of \a world drawn with \a seed.
std::vector<test::Edge> seededEdges(const CollisionWorld &world, std::size_t count, std::uint32_t seed)
{
  test::RandomEdgeOptions options;
  options.seed = seed;
  return test::randomEdges(world, count, options);
}

/// Certifies every edge in Mode::FirstContact (default tolerance) with \a a and with \a b, and
/// hands both reports to \a compare.
template <typename Compare>
void certifyWithBoth(const CollisionWorldPtr &world, const std::vector<test::Edge> &edges,
                     const ConservativeAdvancement &a, const ConservativeAdvancement &b, const Compare &compare)
{
  auto ws_a = a.makeWorkspace(), ws_b = b.makeWorkspace();
  Query query;
  query.mode = Mode::FirstContact;
  for (const test::Edge &edge : edges)
  {
    const JointMotion motion(world->robot(), edge.q0, edge.q1);
    compare(a.certify(*ws_a, motion, query), b.certify(*ws_b, motion, query));
  }
}

TEST(ConservativeAdvancement, SlabStepsSpareDistanceQueriesAndKeepTheAnswers)
{
  // The example arm in its scene: re-measured slabs replace most distance queries, and the
  // verdicts are those of a query at every step (slab_reuse = 1).
  const CollisionWorldPtr world = test::exampleWorld("arm/arm.urdf", "scene.yaml");
  const std::vector<test::Edge> edges = seededEdges(*world, 100, 5);
  ConservativeAdvancementOptions every_step;
  every_step.slab_reuse = 1.0;
  const ConservativeAdvancement reusing(world), querying(world, every_step);
  double slab_steps = 0.0, queries_reusing = 0.0, queries_querying = 0.0;
  certifyWithBoth(world, edges, reusing, querying, [&](const Report &a, const Report &b) {
    sameAnswerUpToGrazing(a, b);
    slab_steps += a.stats.at("slab_steps");
    queries_reusing += a.stats.at("distance_queries") + a.stats.at("hull_distance_queries");
    queries_querying += b.stats.at("distance_queries") + b.stats.at("hull_distance_queries");
  });
  EXPECT_GT(slab_steps, 0.0);
  EXPECT_LT(queries_reusing, queries_querying);
}

TEST(ConservativeAdvancement, StatisticsOffLeavesTheStatsEmptyAndTheAnswers)
{
  const CollisionWorldPtr world = test::exampleWorld("arm/arm.urdf", "scene.yaml");
  const ConservativeAdvancement ca(world);
  auto ws = ca.makeWorkspace();
  for (const Mode mode : {Mode::Decide, Mode::FirstContact})
    for (const test::Edge &edge : seededEdges(*world, 30, 3))
    {
      const JointMotion motion(world->robot(), edge.q0, edge.q1);
      Query query;
      query.mode = mode;
      const Report counted = ca.certify(*ws, motion, query);
      query.statistics = false;
      const Report plain = ca.certify(*ws, motion, query);
      EXPECT_EQ(counted.stats.count("box_pieces"), 1u);
      EXPECT_TRUE(plain.stats.empty());
      EXPECT_EQ(plain.verdict, counted.verdict);
      EXPECT_EQ(plain.toc_lower, counted.toc_lower);
      EXPECT_EQ(plain.toc_upper, counted.toc_upper);
    }
}

TEST(ConservativeAdvancement, PieceCullingAndReducedHullsKeepTheAnswers)
{
  // The example arm in its scene: per-piece boxes and reduced hulls cut the hull steps, and the
  // verdicts and TOCs agree with one whole-motion box and full hulls. The arm's meshes are
  // coarse: a 1 cm gap makes sure some of its hulls are reduced.
  const CollisionWorldPtr world = test::exampleWorld("arm/arm.urdf", "scene.yaml");
  const std::vector<test::Edge> edges = seededEdges(*world, 150, 9);
  ConservativeAdvancementOptions plain;
  plain.hull_max_gap = 0.0;
  CullingOptions one_box;
  one_box.swept_box_samples = 1;
  ConservativeAdvancementOptions reducing;
  reducing.hull_max_gap = 0.01;
  const ConservativeAdvancement culling(world, reducing), whole(world, plain, one_box);
  double steps_culling = 0.0, steps_whole = 0.0, pcl_culling = 0.0, pcl_whole = 0.0;
  int collisions = 0;
  const double tolerance = Query{}.tolerance;
  certifyWithBoth(world, edges, culling, whole, [&](const Report &a, const Report &b) {
    if (!sameAnswerUpToGrazing(a, b))
      return;
    if (a.verdict == Verdict::Collision)
    {
      ++collisions;
      // the same first contact (within contact_distance of touching) to within the time tolerance
      ASSERT_TRUE(a.witness && b.witness);
      EXPECT_LE(a.witness->distance, Query{}.contact_distance);
      EXPECT_LE(b.witness->distance, Query{}.contact_distance);
      EXPECT_NEAR(a.toc_upper, b.toc_upper, tolerance);
      EXPECT_NEAR(a.toc_lower, b.toc_lower, tolerance);
    }
    steps_culling += a.stats.at("hull_ca_steps");
    steps_whole += b.stats.at("hull_ca_steps");
    pcl_culling += a.stats.at("pcl_after_spatial_culling");
    pcl_whole += b.stats.at("pcl_after_spatial_culling");
  });
  EXPECT_GT(collisions, 0);
  int reduced = 0;
  for (const Link &link : world->robot().links())
    for (const LinkGeometry &geometry : link.geometries)
      reduced += ConvexHull(geometry.shape, culling.options().hull_max_gap).gap() > 0.0;
  EXPECT_GT(reduced, 0);
  EXPECT_LT(pcl_culling, pcl_whole);
  EXPECT_LT(steps_culling, 0.8 * steps_whole);
}

TEST(ConservativeAdvancement, JointSpaceCertificatesCullSelfPiecesAndKeepTheAnswers)
{
  // The example arm: self pairs moved by two joints get certificates, which cull many of them
  // (every piece certified); the answers are those without certificates.
  const CollisionWorldPtr world = test::exampleWorld("arm/arm.urdf", "scene.yaml");
  const std::vector<test::Edge> edges = seededEdges(*world, 120, 12);
  CullingOptions without;
  without.certificate_max_dims = 0;
  const ConservativeAdvancement certified(world), uncertified(world, {}, without);
  double pcl_certified = 0.0, pcl_uncertified = 0.0;
  certifyWithBoth(world, edges, certified, uncertified, [&](const Report &a, const Report &b) {
    if (!sameAnswerUpToGrazing(a, b))
      return;
    if (a.verdict == Verdict::Collision && a.witness->distance < 1e-6 && b.witness->distance < 1e-6)
    {
      EXPECT_NEAR(a.toc_upper, b.toc_upper, Query{}.tolerance);
    }
    pcl_certified += a.stats.at("pcl_after_spatial_culling");
    pcl_uncertified += b.stats.at("pcl_after_spatial_culling");
  });
  EXPECT_LT(pcl_certified, 0.9 * pcl_uncertified);
}

TEST(ConservativeAdvancement, MotionBoundBoxPiecesFollowTheMotionsLength)
{
  // The bar's far corners are 1.00125 m from the hinge: turning it by Δθ moves them by μ =
  // 1.00125 Δθ, cut into the fewest pieces of at most swept_box_travel = 0.5 m, at most
  // swept_box_samples of them.
  const CollisionWorldPtr world = test::barWorld({});
  const auto pieces = [&](double turn, const CullingOptions &culling) {
    const ConservativeAdvancement ca(world, {}, culling);
    auto ws = ca.makeWorkspace();
    const JointMotion motion(world->robot(), Eigen::VectorXd::Zero(1), Eigen::VectorXd::Constant(1, turn));
    const Report report = ca.certify(*ws, motion, Query{});
    EXPECT_EQ(report.verdict, Verdict::Free);
    return report.stats.at("box_pieces");
  };
  EXPECT_EQ(pieces(0.4, {}), 1.0);  // μ = 0.40 m
  EXPECT_EQ(pieces(0.5, {}), 2.0);  // μ = 0.5006 m
  EXPECT_EQ(pieces(1.5, {}), 4.0);  // μ = 1.50 m
  CullingOptions few;
  few.swept_box_samples = 3;
  EXPECT_EQ(pieces(1.5, few), 3.0);
}

TEST(ConservativeAdvancement, NearMissesAreFreeAndShallowTouchesCollide)
{
  // The example arm's end link passes a 3 cm cube at 10 µm, 100 µm and 1 mm (the cube placed by
  // bisection on the motion's exact minimum distance, both ways along each edge): a near miss is
  // Free in both modes at default options, never Collision; 0.1 mm deep, every edge collides.
  const CollisionWorldPtr arm = test::exampleWorld("arm/arm.urdf", "");
  std::size_t near_misses = 0, undecided = 0, touches = 0;
  for (const test::AdversarialCase &c : test::grazingCases(arm, {1e-5, 1e-4, 1e-3, -1e-4}, 5, 71))
  {
    const bool touching = c.name.rfind("grazing-", 0) == 0;
    const ConservativeAdvancement ca(c.world);
    auto ws = ca.makeWorkspace();
    for (const test::Edge &edge : c.edges)
      for (const Mode mode : {Mode::Decide, Mode::FirstContact})
      {
        Query query;
        query.mode = mode;
        const Report report = ca.certify(*ws, JointMotion(c.world->robot(), edge.q0, edge.q1), query);
        if (touching)
        {
          EXPECT_EQ(report.verdict, Verdict::Collision) << c.name << " " << toString(mode);
          ++touches;
          continue;
        }
        EXPECT_NE(report.verdict, Verdict::Collision) << c.name << " " << toString(mode) << ": a near miss";
        if (report.verdict == Verdict::Undecided)
          std::cout << c.name << " " << toString(mode) << ": undecided, " << report.stats.at("ca_steps")
                    << " CA steps, certified to " << report.toc_lower << "\n";
        undecided += report.verdict == Verdict::Undecided;
        ++near_misses;
      }
  }
  EXPECT_GE(near_misses, 3u * 5 * 2 * 2);
  EXPECT_GE(touches, 5u * 2 * 2);
  EXPECT_EQ(undecided, 0u);
}

TEST(ConservativeAdvancement, StopsShortOfThePostIsFree)
{
  const double stop = closedFormContactAngle() - 0.05;  // the corner stays ≈ 2.8 cm away
  const Report report = certifyBar(test::barWorld({post()}), 0.0, stop, Mode::Decide);
  EXPECT_EQ(report.verdict, Verdict::Free);
  EXPECT_EQ(report.toc_lower, 1.0);
  EXPECT_EQ(report.toc_upper, 1.0);
  // ... but not with 5 cm of clearance
  const Report cleared = certifyBar(test::barWorld({post()}), 0.0, stop, Mode::FirstContact, 0.05);
  EXPECT_EQ(cleared.verdict, Verdict::Collision);
}

TEST(ConservativeAdvancement, ReversedMotionGivesTheSameVerdict)
{
  const CollisionWorldPtr world = test::barWorld({post()});
  const double theta = closedFormContactAngle();
  // through the post and back out: 0 → 2.5 rad passes the post (x ∈ [−0.05, 0.05] near θ = π/2)
  for (const auto &[a, b] : {std::pair{0.0, 2.5}, std::pair{0.0, theta - 0.05}, std::pair{-1.0, 0.5}})
  {
    const Report forward = certifyBar(world, a, b, Mode::FirstContact);
    const Report backward = certifyBar(world, b, a, Mode::FirstContact);
    EXPECT_EQ(forward.verdict, backward.verdict) << a << " → " << b;
  }
}

TEST(ConservativeAdvancement, StartInCollisionIsCollisionAtTimeZero)
{
  const Report report = certifyBar(test::barWorld({post()}), 1.5, 0.0, Mode::FirstContact);  // starts inside
  EXPECT_EQ(report.verdict, Verdict::Collision);
  EXPECT_EQ(report.toc_lower, 0.0);
  EXPECT_EQ(report.toc_upper, 0.0);
}

TEST(ConservativeAdvancement, BarWhollyInsideABoxIsCollisionAtTimeZero)
{
  // Boxes are measured as their surface triangles, which are 4 m apart here: the solids decide.
  Obstacle vault;
  vault.name = "vault";
  vault.shape.kind = CollisionShape::Kind::Box;
  vault.shape.box_size = Eigen::Vector3d(10.0, 10.0, 10.0);
  const CollisionWorldPtr world = test::barWorld({vault});
  ConservativeAdvancementOptions no_hulls;
  no_hulls.temporal_culling = false;  // CA on the exact geometry from t = 0
  for (const ConservativeAdvancementOptions &options : {ConservativeAdvancementOptions{}, no_hulls})
    for (const Mode mode : {Mode::FirstContact, Mode::Decide})
    {
      const ConservativeAdvancement ca(world, options);
      auto ws = ca.makeWorkspace();
      Query query;
      query.mode = mode;
      const Report report =
          ca.certify(*ws, JointMotion(world->robot(), Eigen::VectorXd::Constant(1, 0.0), Eigen::VectorXd::Constant(1, 0.3)), query);
      EXPECT_EQ(report.verdict, Verdict::Collision) << toString(mode);
      if (mode == Mode::FirstContact)  // Decide may stop at an early probe in collision instead
      {
        EXPECT_EQ(report.toc_upper, 0.0);
      }
    }
}

TEST(ConservativeAdvancement, FarObstacleIsCulledSpatially)
{
  Obstacle far = post();
  far.X_WG.translation() = Eigen::Vector3d(5.0, 5.0, 0.0);
  const Report report = certifyBar(test::barWorld({far}), 0.0, 3.0, Mode::FirstContact);
  EXPECT_EQ(report.verdict, Verdict::Free);
  EXPECT_EQ(report.stats.at("pcl_before_culling"), 1);
  EXPECT_EQ(report.stats.at("pcl_after_spatial_culling"), 0);
  EXPECT_EQ(report.stats.at("distance_queries"), 0);
}

/// Grazing: the step cap is reached and the answer is Undecided, never Free.
TEST(ConservativeAdvancement, StepCapGivesUndecided)
{
  const CollisionWorldPtr world = test::barWorld({post()});
  ConservativeAdvancementOptions options;
  options.max_steps_per_pair = 1;
  options.temporal_culling = false;
  const ConservativeAdvancement ca(world, options);
  auto ws = ca.makeWorkspace();
  Eigen::VectorXd s0(1), s1(1);
  s0 << 0.0;
  s1 << closedFormContactAngle() - 0.01;
  const Report report = ca.certify(*ws, JointMotion(world->robot(), s0, s1), Query{});
  EXPECT_EQ(report.verdict, Verdict::Undecided);
  EXPECT_GT(report.toc_lower, 0.0);
  EXPECT_LT(report.toc_lower, 1.0);
  EXPECT_EQ(report.stats.at("undecided_cap_hits"), 1);
}

TEST(ConservativeAdvancement, RefusesOptionsOutOfTheSchemasRanges)
{
  ConservativeAdvancementOptions options;
  options.max_steps_per_pair = 0;
  EXPECT_THAT([&] { ConservativeAdvancement(test::barWorld({post()}), options); },
              testing::ThrowsMessage<Error>(testing::HasSubstr(
                  "ConservativeAdvancement: option 'max_steps_per_pair' is '0'; allowed: an integer >= 1")));
}

TEST(ConservativeAdvancement, RefusesBadQueries)
{
  const CollisionWorldPtr world = test::barWorld({post()});
  const ConservativeAdvancement ca(world);
  auto ws = ca.makeWorkspace();
  const JointMotion motion(world->robot(), Eigen::VectorXd::Zero(1), Eigen::VectorXd::Ones(1));
  Query query;
  query.tolerance = 0.0;
  EXPECT_THAT([&] { ca.certify(*ws, motion, query); },
              testing::ThrowsMessage<Error>(testing::HasSubstr("ConservativeAdvancement::certify: query tolerance (0)")));
  query.tolerance = 1e-3;
  query.contact_distance = 0.0;
  EXPECT_THAT([&] { ca.certify(*ws, motion, query); },
              testing::ThrowsMessage<Error>(testing::HasSubstr("contact_distance (0) must be positive")));
  query.contact_distance = 1e-6;
  query.clearance = -1.0;
  EXPECT_THAT([&] { ca.certify(*ws, motion, query); },
              testing::ThrowsMessage<Error>(testing::HasSubstr("clearance (-1) must be non-negative")));
}
}  // namespace
}  // namespace ompl_ccd
