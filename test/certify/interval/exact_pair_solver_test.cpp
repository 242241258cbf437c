// The pair service (PairContactSolver::decide): a cube sliding on a prismatic joint against
// obstacles with closed-form times of contact — face against face (coplanar vertex–face), a
// leading vertex against a face, crossing edges, parallel edges, contact at t = 0 and at t = 1,
// touching over an interval, near misses, a cylinder and a sphere (triangles circumscribed, the
// contact confirmed on the exact shapes) — then self pairs of the bundled arm against the shared
// oracle, the work caps, and the boundary's errors. Every Collision's witness is checked in contact
// by FCL (distance ≤ contact_distance) at its time; every bracket holds the closed-form TOC.
#include "certify/interval/exact_pair_solver.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <iostream>
#include <sstream>

#include "certify/pipeline/potentially_colliding_pairs.h"
#include "certify/interval/exact_triangle_features.h"
#include "ompl_ccd/certify/interval/interval_arithmetic.h"
#include "ompl_ccd/error.h"
#include "ompl_ccd/geometry/collision_queries.h"
#include "support/example_worlds.h"
#include "support/oracle.h"
#include "support/adversarial_scenes.h"

namespace ompl_ccd
{
namespace
{
using ::testing::HasSubstr;
using ::testing::ThrowsMessage;

const double kContactDistance = PairContactRequest{}.contact_distance;

/// A 0.2 m cube on a prismatic joint along \a axis (link "slider"), turned by \a R in its link.
CollisionWorldPtr sliderWorld(const Eigen::Matrix3d &R, std::vector<Obstacle> obstacles,
                              const Eigen::Vector3d &axis = Eigen::Vector3d::UnitX())
{
  const Eigen::Vector3d rpy = R.eulerAngles(2, 1, 0).reverse();  // URDF rpy: R = Rz(y) Ry(p) Rx(r)
  std::ostringstream urdf;
  urdf.precision(17);
  urdf << R"(<?xml version="1.0"?><robot name="slider"><link name="base"/><link name="slider"><collision>)"
       << "<origin rpy=\"" << rpy.x() << " " << rpy.y() << " " << rpy.z() << "\"/>"
       << R"(<geometry><box size="0.2 0.2 0.2"/></geometry></collision></link>)"
       << R"(<joint name="slide" type="prismatic"><parent link="base"/><child link="slider"/>)"
       << "<axis xyz=\"" << axis.x() << " " << axis.y() << " " << axis.z() << "\"/>"
       << R"(<limit lower="-10" upper="10" effort="1" velocity="1"/></joint></robot>)";
  auto robot = std::make_shared<const RobotModel>(RobotModel::fromUrdfString(urdf.str(), ".", "slider"));
  return std::make_shared<const CollisionWorld>(robot, std::make_shared<const Scene>(std::move(obstacles)));
}

Obstacle obstacle(CollisionShape::Kind kind, const Eigen::Vector3d &position,
                  const Eigen::Matrix3d &R = Eigen::Matrix3d::Identity(),
                  const Eigen::Vector3d &box_size = Eigen::Vector3d(0.1, 1.0, 1.0))
{
  Obstacle o;
  o.name = "obstacle";
  o.shape.kind = kind;
  o.shape.box_size = box_size;
  o.shape.radius = 0.05;
  o.shape.length = 1.0;
  o.X_WG.linear() = R;
  o.X_WG.translation() = position;
  return o;
}

Eigen::Matrix3d turn(double angle, const Eigen::Vector3d &axis)
{
  return Eigen::AngleAxisd(angle, axis.normalized()).toRotationMatrix();
}

/// The wall: a 0.1 m thick box whose face towards the slider is the plane x = 0.6 (off the x axis,
/// so that the axis does not pierce the diagonal of its triangles).
Obstacle wall() { return obstacle(CollisionShape::Kind::Box, {0.65, 0.2, 0.1}); }

struct Decided
{
  PairContactResult result;
  /// FCL's distance of the whole world at the witness time (Collision only).
  double witness_distance = 0.0;
};

/// Decides the slider against obstacle 0 as it moves from x0 to x1.
Decided slide(const CollisionWorldPtr &world, double x0, double x1, PairContactRequest request = {},
              const PairContactOptions &options = {})
{
  const PairContactSolver solver(world, options);
  auto ws = solver.makeWorkspace();
  Eigen::VectorXd s0(1), s1(1);
  s0 << x0;
  s1 << x1;
  const JointMotion motion(world->robot(), s0, s1);
  Decided out;
  out.result = solver.decide(*ws, motion, BodyPair{0, -1, 0, -1}, request);
  if (out.result.verdict == Verdict::Collision)
  {
    CollisionWorkspace fcl(*world);
    out.witness_distance = minimumDistance(*world, fcl, motion.stateAt(out.result.witness.time));
  }
  return out;
}

/// A Collision whose bracket [toc_lower, toc_upper] holds \a toc, no wider than the tolerance,
/// with its witness at toc_upper in contact by FCL. The witness may come before \a toc by the time
/// the pair takes to close contact_distance at \a speed (metres per unit of t).
void expectContactAt(const Decided &d, double toc, double speed = 1.0)
{
  ASSERT_EQ(d.result.verdict, Verdict::Collision) << "budget " << d.result.budget;
  EXPECT_LE(d.result.toc_lower, toc);
  EXPECT_GE(d.result.toc_upper, toc - kContactDistance / speed * (1 + 1e-6) - 1e-12);
  EXPECT_LE(d.result.toc_upper - d.result.toc_lower, PairContactRequest{}.tolerance);
  EXPECT_EQ(d.result.witness.time, d.result.toc_upper);
  EXPECT_LE(d.result.witness.distance, kContactDistance);
  EXPECT_LE(d.witness_distance, kContactDistance * (1 + 1e-9)) << "FCL does not see a contact at the witness";
  EXPECT_EQ(d.result.witness.link, "slider");
  EXPECT_EQ(d.result.witness.other, "obstacle");
}

TEST(PairContactSolver, FaceAgainstFaceCoplanarVertexFace)
{
  // The cube's face x + 0.1 reaches the wall's x = 0.6 at x = 0.5: t = 0.5.
  const Decided d = slide(sliderWorld(Eigen::Matrix3d::Identity(), {wall()}), 0.0, 1.0);
  expectContactAt(d, 0.5);
  EXPECT_GT(d.result.witness.normal.x(), 0.99);
  EXPECT_FALSE(d.result.witness.feature_a.vertices.empty());
  EXPECT_FALSE(d.result.witness.feature_b.vertices.empty());
}

TEST(PairContactSolver, LeadingVertexAgainstAFace)
{
  // The cube's diagonal turned onto x: its vertex leads at x + 0.1√3.
  const Eigen::Matrix3d R = Eigen::Quaterniond::FromTwoVectors(Eigen::Vector3d(1, 1, 1), Eigen::Vector3d::UnitX())
                                .toRotationMatrix();
  const Decided d = slide(sliderWorld(R, {wall()}), 0.0, 1.0);
  expectContactAt(d, 0.6 - 0.1 * std::sqrt(3.0));
  EXPECT_EQ(d.result.witness.feature_a.vertices.size(), 1u) << "a vertex of the cube";
  EXPECT_EQ(d.result.witness.feature_b.vertices.size(), 3u) << "a face of the wall";
  EXPECT_GE(d.result.witness.feature_b.triangle, 0);
  EXPECT_THAT(d.result.witness.feature_b.shape, HasSubstr("box"));
  EXPECT_NEAR(d.result.witness.point_a.x(), 0.6, 1e-5);
}

TEST(PairContactSolver, CrossingEdges)
{
  // The cube turned 45° about z leads with an edge along z at x + 0.1√2; the obstacle cube turned
  // 45° about y, centred at x = 1, leads with an edge along y at 1 − 0.1√2.
  const Obstacle cube = obstacle(CollisionShape::Kind::Box, {1.0, 0.0, 0.0}, turn(M_PI / 4, Eigen::Vector3d::UnitY()),
                                 Eigen::Vector3d::Constant(0.2));
  const Decided d = slide(sliderWorld(turn(M_PI / 4, Eigen::Vector3d::UnitZ()), {cube}), 0.0, 1.0);
  expectContactAt(d, 1.0 - 0.2 * std::sqrt(2.0));
  EXPECT_EQ(d.result.witness.feature_a.vertices.size(), 2u) << "an edge of each";
  EXPECT_EQ(d.result.witness.feature_b.vertices.size(), 2u);
  EXPECT_NEAR(d.result.witness.point_a.y(), 0.0, 1e-5);
  EXPECT_NEAR(d.result.witness.point_a.z(), 0.0, 1e-5);
}

TEST(PairContactSolver, ParallelEdges)
{
  // Both cubes turned 45° about z: their leading edges, both along z, meet along a segment.
  const Obstacle cube = obstacle(CollisionShape::Kind::Box, {1.0, 0.0, 0.05}, turn(M_PI / 4, Eigen::Vector3d::UnitZ()),
                                 Eigen::Vector3d::Constant(0.2));
  const Decided d = slide(sliderWorld(turn(M_PI / 4, Eigen::Vector3d::UnitZ()), {cube}), 0.0, 1.0);
  expectContactAt(d, 1.0 - 0.2 * std::sqrt(2.0));
}

TEST(PairContactSolver, ContactAtTheStart)
{
  // Touching at t = 0 (the face at x = 0.6), moving in or away.
  const CollisionWorldPtr world = sliderWorld(Eigen::Matrix3d::Identity(), {wall()});
  for (const double x1 : {1.0, 0.0})
  {
    const Decided checked = slide(world, 0.5, x1);
    expectContactAt(checked, 0.0);
    EXPECT_EQ(checked.result.toc_upper, 0.0);
    PairContactRequest unchecked;
    unchecked.check_start = false;
    expectContactAt(slide(world, 0.5, x1, unchecked), 0.0);
  }
}

TEST(PairContactSolver, ContactAtTheEnd)
{
  const CollisionWorldPtr world = sliderWorld(Eigen::Matrix3d::Identity(), {wall()});
  expectContactAt(slide(world, 0.0, 0.5), 1.0, 0.5);
  // Stopping 10 µm short is a near miss, Free.
  EXPECT_EQ(slide(world, 0.0, 0.5 - 1e-5).result.verdict, Verdict::Free);
}

TEST(PairContactSolver, TouchingOverAnInterval)
{
  // The cube slides along x touching the wall's face y = 0.1 all the way: on [0.25, 0.75] the
  // first contact is at 0.25.
  const Obstacle side = obstacle(CollisionShape::Kind::Box, {0.5, 0.15, 0.0}, Eigen::Matrix3d::Identity(),
                                 Eigen::Vector3d(2.0, 0.1, 1.0));
  PairContactRequest request;
  request.t0 = 0.25;
  request.t1 = 0.75;
  request.check_start = false;
  const Decided d = slide(sliderWorld(Eigen::Matrix3d::Identity(), {side}), 0.0, 1.0, request);
  expectContactAt(d, 0.25);
  EXPECT_EQ(d.result.toc_lower, 0.25);
}

TEST(PairContactSolver, NearMissesAreFreeAndClearanceMakesThemContacts)
{
  // The cube passes the side box 10 µm away.
  const Obstacle side = obstacle(CollisionShape::Kind::Box, {0.5, 0.15 + 1e-5, 0.0}, Eigen::Matrix3d::Identity(),
                                 Eigen::Vector3d(2.0, 0.1, 1.0));
  const CollisionWorldPtr world = sliderWorld(Eigen::Matrix3d::Identity(), {side});
  const Decided pass = slide(world, 0.0, 1.0);
  EXPECT_EQ(pass.result.verdict, Verdict::Free);
  EXPECT_EQ(pass.result.toc_lower, 1.0);
  PairContactRequest request;
  request.clearance = 2e-5;
  const Decided near = slide(world, 0.0, 1.0, request);
  ASSERT_EQ(near.result.verdict, Verdict::Collision);
  EXPECT_EQ(near.result.toc_lower, 0.0);
  EXPECT_LE(near.result.witness.distance, 2e-5 + kContactDistance);
}

TEST(PairContactSolver, CylinderAndSphereAreConfirmedOnTheExactShapes)
{
  // The face x + 0.1 meets the pole's side (radius 0.05 about x = 1) at x = 0.85; the prism
  // around the pole is touched first, so the contact is found on the exact cylinder.
  for (const auto kind : {CollisionShape::Kind::Cylinder, CollisionShape::Kind::Sphere})
  {
    const Decided d = slide(sliderWorld(Eigen::Matrix3d::Identity(), {obstacle(kind, {1.0, 0.0, 0.0})}), 0.0, 1.0);
    expectContactAt(d, 0.85);
    EXPECT_GE(d.result.stats.unconfirmed, 1.0);
    EXPECT_TRUE(d.result.witness.feature_b.vertices.empty()) << "the circumscribed triangles are not the shape's";
  }
  // Passing the pole 50 µm away (inside the prism around it, gap up to 0.1 mm) is Free.
  const Decided pass =
      slide(sliderWorld(Eigen::Matrix3d::Identity(), {obstacle(CollisionShape::Kind::Cylinder, {1.0, 0.15 + 5e-5, 0.0})}),
            0.0, 2.0);
  EXPECT_EQ(pass.result.verdict, Verdict::Free) << pass.result.budget;
}

TEST(PairContactSolver, CircumscribedTrianglesAlreadyCrossingAtTheStart)
{
  // The sphere turned so that its triangulation's farthest vertex points at the slider (−x): at
  // the start that vertex is already through the slider's face while the sphere is gap / 2 away,
  // so no vertex–face or edge–edge equation has a root before the sphere's own contact at x = 0.85.
  for (const auto kind : {CollisionShape::Kind::Sphere, CollisionShape::Kind::Cylinder})
  {
    Obstacle o = obstacle(kind, {1.0, 0.0, 0.0});
    const TriangleFeatures f = triangleFeatures(o.shape, Eigen::Isometry3d::Identity());
    Eigen::Vector3d farthest = Eigen::Vector3d::Zero();
    for (const Eigen::Vector3d &v : f.vertices)
    {
      const Eigen::Vector3d radial = kind == CollisionShape::Kind::Sphere ? v : Eigen::Vector3d(v.x(), v.y(), 0.0);
      if (radial.norm() > farthest.norm())
        farthest = radial;
    }
    ASSERT_GT(f.surface_gap, 4.0 * kContactDistance);
    o.X_WG.linear() = Eigen::Quaterniond::FromTwoVectors(farthest, -Eigen::Vector3d::UnitX()).toRotationMatrix();
    const double x0 = 0.85 - 0.5 * (farthest.norm() - 0.05), x1 = 1.0;
    for (const bool check_start : {false, true})
    {
      PairContactRequest request;
      request.check_start = check_start;
      expectContactAt(slide(sliderWorld(Eigen::Matrix3d::Identity(), {o}), x0, x1, request), (0.85 - x0) / (x1 - x0),
                      x1 - x0);
    }
  }
}

TEST(PairContactSolver, WithoutObbTreesTheSameContacts)
{
  PairContactOptions options;
  options.obb_trees = false;
  const Eigen::Matrix3d R = Eigen::Quaterniond::FromTwoVectors(Eigen::Vector3d(1, 1, 1), Eigen::Vector3d::UnitX())
                                .toRotationMatrix();
  expectContactAt(slide(sliderWorld(R, {wall()}), 0.0, 1.0, {}, options), 0.6 - 0.1 * std::sqrt(3.0));
  expectContactAt(slide(sliderWorld(Eigen::Matrix3d::Identity(), {wall()}), 0.0, 1.0, {}, options), 0.5);
  EXPECT_EQ(slide(sliderWorld(Eigen::Matrix3d::Identity(), {wall()}), 0.0, 0.4, {}, options).result.verdict,
            Verdict::Free);
}

TEST(PairContactSolver, ApproachStepsCloseInOnTheSameContacts)
{
  // 3 steps hand the rest over to the OBB trees and the solver; 200 reach the contact on the shapes.
  const Eigen::Matrix3d R = Eigen::Quaterniond::FromTwoVectors(Eigen::Vector3d(1, 1, 1), Eigen::Vector3d::UnitX())
                                .toRotationMatrix();
  const Obstacle side = obstacle(CollisionShape::Kind::Box, {0.5, 0.15 + 1e-5, 0.0}, Eigen::Matrix3d::Identity(),
                                 Eigen::Vector3d(2.0, 0.1, 1.0));
  for (const int steps : {3, 200})
  {
    PairContactRequest request;
    request.approach_steps = steps;
    const Decided vertex = slide(sliderWorld(R, {wall()}), 0.0, 1.0, request);
    expectContactAt(vertex, 0.6 - 0.1 * std::sqrt(3.0));
    EXPECT_GE(vertex.result.stats.shape_steps, std::min(steps, 4));
    expectContactAt(slide(sliderWorld(Eigen::Matrix3d::Identity(), {wall()}), 0.0, 1.0, request), 0.5);
    expectContactAt(
        slide(sliderWorld(Eigen::Matrix3d::Identity(), {obstacle(CollisionShape::Kind::Cylinder, {1.0, 0.0, 0.0})}),
              0.0, 1.0, request),
        0.85);
    EXPECT_EQ(slide(sliderWorld(Eigen::Matrix3d::Identity(), {wall()}), 0.0, 0.4, request).result.verdict,
              Verdict::Free);
    // The 10 µm pass stalls or runs out of steps: the solver proves it free.
    EXPECT_EQ(slide(sliderWorld(Eigen::Matrix3d::Identity(), {side}), 0.0, 1.0, request).result.verdict,
              Verdict::Free);
  }
}

TEST(PairContactSolver, WorkCapsGiveUndecidedWithTheirName)
{
  PairContactOptions options;
  options.solver_max_boxes = 1;
  const Decided boxes = slide(sliderWorld(Eigen::Matrix3d::Identity(), {wall()}), 0.0, 1.0, {}, options);
  EXPECT_EQ(boxes.result.verdict, Verdict::Undecided);
  EXPECT_EQ(boxes.result.budget, "max_boxes");
  EXPECT_LE(boxes.result.toc_lower, 0.5);
  options = PairContactOptions{};
  options.max_shape_steps = 1;
  const Decided steps =
      slide(sliderWorld(Eigen::Matrix3d::Identity(), {obstacle(CollisionShape::Kind::Cylinder, {1.0, 0.0, 0.0})}), 0.0,
            1.0, {}, options);
  EXPECT_EQ(steps.result.verdict, Verdict::Undecided);
  EXPECT_EQ(steps.result.budget, "max_shape_steps");
  EXPECT_LE(steps.result.toc_lower, 0.85);
}

TEST(PairContactSolver, BadRequestsAreRefusedByName)
{
  const CollisionWorldPtr world = sliderWorld(Eigen::Matrix3d::Identity(), {wall()});
  const PairContactSolver solver(world);
  auto ws = solver.makeWorkspace();
  const JointMotion motion(world->robot(), Eigen::VectorXd::Zero(1), Eigen::VectorXd::Ones(1));
  PairContactRequest request;
  request.t0 = 0.6;
  request.t1 = 0.4;
  EXPECT_THAT([&] { solver.decide(*ws, motion, BodyPair{0, -1, 0, -1}, request); },
              ThrowsMessage<Error>(HasSubstr("PairContactSolver::decide: interval [0.6, 0.4] is not inside [0, 1]")));
  EXPECT_THAT([&] { solver.decide(*ws, motion, BodyPair{0, -1, 3, -1}, {}); },
              ThrowsMessage<Error>(HasSubstr("does not name 1 bodies and 1 obstacles")));
  request = PairContactRequest{};
  request.approach_steps = -1;
  EXPECT_THAT([&] { solver.decide(*ws, motion, BodyPair{0, -1, 0, -1}, request); },
              ThrowsMessage<Error>(HasSubstr("approach_steps (-1) >= 0")));
  IntervalArithmeticOptions options;
  options.pair.max_shape_steps = 0;
  EXPECT_THAT([&] { IntervalArithmetic(world, options); },
              ThrowsMessage<Error>(HasSubstr("IntervalArithmetic: option 'max_shape_steps' is '0'; allowed: an integer >= 1")));
}

// Self pairs of the snake (15 links, no scene) on edges between random coils, half of them
// touching itself at a sample: the earliest contact over every self pair, each decided on its own
// over [0, 1] in its common ancestor's frame, against the oracle: no pair Free on a colliding edge,
// no bracket past the oracle's contact, every witness in contact.
TEST(PairContactSolver, SnakeSelfPairsAgainstTheOracle)
{
  const test::AdversarialCase coils = test::selfCollisionCase(test::exampleWorld("snake/snake.urdf", ""), 12, 23);
  const CollisionWorldPtr &world = coils.world;
  const std::vector<test::Edge> &edges = coils.edges;
  const PairContactSolver solver(world);
  auto ws = solver.makeWorkspace();
  CollisionWorkspace fcl(*world);
  const std::vector<BodyPair> pairs = selfBodyPairs(*world, solver.bodies());
  const std::vector<test::OracleResult> labels = test::labelEdges(*world, edges, {}, 2);
  int colliding = 0;
  for (std::size_t i = 0; i < edges.size(); ++i)
  {
    const JointMotion motion(world->robot(), edges[i].q0, edges[i].q1);
    PairContactRequest request;
    double lower = 1.0, upper = 2.0;
    for (const BodyPair &pair : pairs)
    {
      const PairContactResult r = solver.decide(*ws, motion, pair, request);
      ASSERT_NE(r.verdict, Verdict::Undecided) << "edge " << i << " " << r.budget;
      if (r.verdict != Verdict::Collision)
        continue;
      EXPECT_LE(minimumDistance(*world, fcl, motion.stateAt(r.toc_upper)), kContactDistance * (1 + 1e-9));
      lower = std::min(lower, r.toc_lower);
      upper = std::min(upper, r.toc_upper);
    }
    const test::OracleResult &label = labels[i];
    if (label.verdict == test::OracleVerdict::Colliding)
    {
      ++colliding;
      EXPECT_LE(upper, 1.0) << "edge " << i << ": a self-colliding edge decided free pair by pair";
      EXPECT_LE(lower, label.toc_hi) << "edge " << i;
      EXPECT_GE(upper, label.certified_until) << "edge " << i;
    }
    const bool proven_apart =
        label.verdict == test::OracleVerdict::CertifiedFree && label.min_distance_certified > kContactDistance;
    EXPECT_TRUE(!proven_apart || upper > 1.0) << "edge " << i << ": a contact on an edge proven apart";
  }
  std::cout << colliding << " of " << edges.size() << " edges self-colliding" << std::endl;
  EXPECT_GE(colliding, 3);
}
}  // namespace
}  // namespace ompl_ccd
