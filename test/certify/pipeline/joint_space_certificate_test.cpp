#include "certify/pipeline/joint_space_certificate.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <fcl/narrowphase/distance.h>
#include <fstream>
#include <iostream>
#include <iterator>

#include "certify/pipeline/potentially_colliding_pairs.h"
#include "certify/pipeline/shared_certificates.h"
#include "ompl_ccd/error.h"
#include "ompl_ccd/model/kinematics.h"
#include "support/example_worlds.h"
#include "ompl_ccd/geometry/scene_loader.h"
#include "support/random_edges.h"
#include "support/test_paths.h"

namespace ompl_ccd
{
namespace
{
/// A certified self pair of the example arm.
struct CertifiedPair
{
  BodyRef a, b;
  JointSpaceCertificate certificate;
};

std::vector<CertifiedPair> certifiedPairs(const CollisionWorld &world, const JointSpaceCertificateOptions &options)
{
  const std::vector<BodyRef> bodies = collisionBodies(world);
  std::vector<CertifiedPair> pairs;
  for (const BodyPair &pair : selfBodyPairs(world, bodies))
    if (auto certificate = JointSpaceCertificate::build(world, bodies[pair.a], bodies[pair.b], pair.ancestor, options))
      pairs.push_back({bodies[pair.a], bodies[pair.b], std::move(*certificate)});
  return pairs;
}

/// The bundled arm, and the arm whose wrist joints turn over more than a turn.
class JointSpaceCertificateWorlds : public ::testing::TestWithParam<bool>
{
protected:
  CollisionWorldPtr world() const { return GetParam() ? test::wideWristArmWorld() : test::exampleWorld("arm/arm.urdf", "scene.yaml"); }
};

INSTANTIATE_TEST_SUITE_P(Arms, JointSpaceCertificateWorlds, ::testing::Values(false, true),
                         [](const auto &info) { return info.param ? "WideWrist" : "Arm"; });

/// The oracle: FCL's exact distance between the two bodies at state q.
double exactDistance(const CollisionWorld &world, KinematicsWorkspace &kinematics, const BodyRef &a, const BodyRef &b,
                     const Eigen::VectorXd &q)
{
  const RobotModel &robot = world.robot();
  forwardKinematics(robot, kinematics, q);
  const auto placed = [&](const BodyRef &body) {
    const Eigen::Isometry3d X_WG = kinematics.X_WL[body.link] * robot.links()[body.link].geometries[body.geometry].X_LG;
    return fcl::CollisionObjectd(world.linkGeometry(body.link, body.geometry), fcl::Transform3d(X_WG));
  };
  const fcl::CollisionObjectd object_a = placed(a), object_b = placed(b);
  fcl::DistanceRequestd request;
  fcl::DistanceResultd result;
  return fcl::distance(&object_a, &object_b, request, result);
}

/// No cell bounds the distance above what FCL finds at random configurations in it.
TEST_P(JointSpaceCertificateWorlds, CellBoundsHoldAtRandomConfigurations)
{
  const CollisionWorldPtr world = this->world();
  JointSpaceCertificateOptions options;
  options.max_cells = 512;
  const std::vector<CertifiedPair> pairs = certifiedPairs(*world, options);
  ASSERT_FALSE(pairs.empty());
  KinematicsWorkspace kinematics(world->robot());
  test::RandomEdgeOptions edge_options;
  edge_options.seed = 3;
  std::size_t checks = 0, positive = 0;
  for (const test::Edge &edge : test::randomEdges(*world, 300, edge_options))
    for (const CertifiedPair &pair : pairs)
    {
      std::vector<double> values;
      for (int j : pair.certificate.joints())
        values.push_back(edge.q0[world->robot().joints()[j].q_index]);
      const double bound = pair.certificate.lowerBoundAt(values);
      ASSERT_GE(exactDistance(*world, kinematics, pair.a, pair.b, edge.q0), bound);
      positive += bound > 0.0;
      ++checks;
      // the same lookup along a motion, inside it
      const JointMotion motion(world->robot(), edge.q0, edge.q1);
      const double along = pair.certificate.lowerBoundAt(motion, 0.37);
      ASSERT_GE(exactDistance(*world, kinematics, pair.a, pair.b, motion.stateAt(0.37)), along);
      positive += along > 0.0;
      ++checks;
    }
  std::cout << checks << " configurations checked, " << positive << " with a positive bound\n";
  EXPECT_GT(positive, checks / 4);  // the bounds are not vacuous
}

/// A turn above two prismatic joints whose offsets peak at opposite ends (slider_crane.urdf): the
/// cells' directed bounds hold at random configurations of every cell, mixed corners included.
TEST(JointSpaceCertificate, BoundsHoldWithTwoPrismaticJointsUnderATurn)
{
  auto robot = std::make_shared<const RobotModel>(
      RobotModel::fromUrdfFile(test::testDataPath("certify/slider_crane.urdf")));
  const auto world = std::make_shared<const CollisionWorld>(robot, std::make_shared<const Scene>(std::vector<Obstacle>{}));
  JointSpaceCertificateOptions options;
  options.max_dims = 3;
  options.max_cells = 2048;
  const std::vector<CertifiedPair> pairs = certifiedPairs(*world, options);
  ASSERT_EQ(pairs.size(), 1u);
  ASSERT_EQ(pairs[0].certificate.joints().size(), 3u);
  KinematicsWorkspace kinematics(*robot);
  std::mt19937 rng(5);
  std::size_t positive = 0;
  const int checks = 20000;
  for (int i = 0; i < checks; ++i)
  {
    const Eigen::VectorXd q = test::randomState(*robot, rng);
    std::vector<double> values;
    for (int j : pairs[0].certificate.joints())
      values.push_back(q[robot->joints()[j].q_index]);
    const double bound = pairs[0].certificate.lowerBoundAt(values);
    ASSERT_GE(exactDistance(*world, kinematics, pairs[0].a, pairs[0].b, q), bound) << q.transpose();
    positive += bound > 0.0;
  }
  std::cout << checks << " configurations checked, " << positive << " with a positive bound\n";
  EXPECT_GT(positive, static_cast<std::size_t>(checks / 4));
}

/// A piece that meets no open span keeps the pair at least the threshold apart all along it (with
/// wide wrists, also where a joint passes into another turn).
TEST_P(JointSpaceCertificateWorlds, CertifiedPiecesStayApartAllAlong)
{
  const CollisionWorldPtr world = this->world();
  JointSpaceCertificateOptions options;
  options.max_cells = 1024;
  const std::vector<CertifiedPair> pairs = certifiedPairs(*world, options);
  KinematicsWorkspace kinematics(world->robot());
  test::RandomEdgeOptions edge_options;
  edge_options.seed = 4;
  const double threshold = 1e-3;
  const int pieces = 16, samples = 8;
  std::size_t certified = 0, refused = 0;
  for (const test::Edge &edge : test::randomEdges(*world, 25, edge_options))
  {
    const JointMotion motion(world->robot(), edge.q0, edge.q1);
    for (const CertifiedPair &pair : pairs)
    {
      std::vector<std::pair<double, double>> open;
      pair.certificate.openSpans(motion, 0.0, 1.0, threshold, open);
      for (int k = 0; k < pieces; ++k)
      {
        const double t_a = static_cast<double>(k) / pieces, t_b = static_cast<double>(k + 1) / pieces;
        if (std::any_of(open.begin(), open.end(), [&](const auto &span) { return span.first <= t_b && t_a <= span.second; }))
        {
          ++refused;
          continue;
        }
        ++certified;
        for (int s = 0; s <= samples; ++s)
          ASSERT_GE(exactDistance(*world, kinematics, pair.a, pair.b, motion.stateAt(t_a + (t_b - t_a) * s / samples)),
                    threshold);
      }
    }
  }
  std::cout << certified << " pieces certified, " << refused << " refused\n";
  EXPECT_GT(certified, 0u);
  EXPECT_GT(refused, 0u);
  // some of the pairs checked are moved by a joint more than max_dims: a revolved cover took it out
  const auto joints_between = [&](int link, int ancestor) {
    int count = 0;
    for (; link != ancestor; link = world->robot().links()[link].parent_link)
      ++count;
    return count;
  };
  const std::vector<BodyRef> bodies = collisionBodies(*world);
  std::size_t covered = 0;
  for (const BodyPair &pair : selfBodyPairs(*world, bodies))
    if (auto certificate = JointSpaceCertificate::build(*world, bodies[pair.a], bodies[pair.b], pair.ancestor, options))
      covered += static_cast<int>(certificate->joints().size()) <
                 joints_between(bodies[pair.a].link, pair.ancestor) + joints_between(bodies[pair.b].link, pair.ancestor);
  EXPECT_GT(covered, 0u);
}

/// A wide wrist joint is cut over one turn, and its pieces that pass into another turn are
/// certified too (the cut places each part in the root's turn; nothing is left uncovered).
TEST(JointSpaceCertificate, JointsWiderThanATurnAreCutOverOneTurn)
{
  const CollisionWorldPtr world = test::wideWristArmWorld();
  JointSpaceCertificateOptions options;
  options.max_cells = 1024;
  KinematicsWorkspace kinematics(world->robot());
  std::size_t periodic = 0, wrapping_certified = 0;
  for (const CertifiedPair &pair : certifiedPairs(*world, options))
    for (std::size_t k = 0; k < pair.certificate.joints().size(); ++k)
    {
      const Joint &joint = world->robot().joints()[pair.certificate.joints()[k]];
      if (pair.certificate.period(k) == 0.0)
      {
        EXPECT_LE(joint.upper - joint.lower, 2.0 * M_PI) << joint.name;
        continue;
      }
      ++periodic;
      EXPECT_DOUBLE_EQ(pair.certificate.period(k), 2.0 * M_PI);
      // the joint sweeps its whole range (three turn boundaries), the others stay put
      Eigen::VectorXd q0 = Eigen::VectorXd::Zero(world->robot().nq()), q1 = q0;
      q0[joint.q_index] = joint.lower;
      q1[joint.q_index] = joint.upper;
      const JointMotion motion(world->robot(), q0, q1);
      std::vector<std::pair<double, double>> open;
      pair.certificate.openSpans(motion, 0.0, 1.0, 1e-3, open);
      const int samples = 1000;
      for (int s = 0; s <= samples; ++s)
      {
        const double t = static_cast<double>(s) / samples;
        if (std::any_of(open.begin(), open.end(), [&](const auto &span) { return span.first <= t && t <= span.second; }))
          continue;
        ASSERT_GE(exactDistance(*world, kinematics, pair.a, pair.b, motion.stateAt(t)), 1e-3) << joint.name << " t " << t;
        wrapping_certified += std::fabs(q0[joint.q_index] + (q1[joint.q_index] - q0[joint.q_index]) * t) > M_PI;
      }
      // one turn apart, the same bound
      std::vector<double> values(pair.certificate.joints().size(), 0.0), turned = values;
      values[k] = 0.5;
      turned[k] = 0.5 + 2.0 * M_PI;
      EXPECT_EQ(pair.certificate.lowerBoundAt(values), pair.certificate.lowerBoundAt(turned));
    }
  EXPECT_GT(periodic, 0u);
  EXPECT_GT(wrapping_certified, 0u);
}

/// Pairs moved by more joints than max_dims get no certificate; max_dims 0 only rigid pairs.
TEST(JointSpaceCertificate, PairsMovedByTooManyJointsGetNone)
{
  const CollisionWorldPtr world = test::exampleWorld("arm/arm.urdf", "scene.yaml");
  JointSpaceCertificateOptions options;
  options.max_cells = 16;
  std::size_t two = 0, three = 0;
  options.max_dims = 2;
  for (const CertifiedPair &pair : certifiedPairs(*world, options))
  {
    EXPECT_LE(pair.certificate.joints().size(), 2u);
    EXPECT_LE(pair.certificate.cells(), 16u);
    ++two;
  }
  options.max_dims = 3;
  three = certifiedPairs(*world, options).size();
  EXPECT_GT(two, 0u);
  EXPECT_GT(three, two);
  options.max_dims = 0;
  EXPECT_TRUE(certifiedPairs(*world, options).empty());  // the arm's self pairs all have joints between them
  options.max_dims = 4;
  EXPECT_THROW(certifiedPairs(*world, options), Error);
}
/// One certificate per robot object, pair and options, whatever the scene.
TEST(JointSpaceCertificate, SharedOncePerRobotPairAndOptions)
{
  const CollisionWorldPtr world = test::exampleWorld("arm/arm.urdf", "scene.yaml");
  const CollisionWorld empty_scene(world->robotPtr(), std::make_shared<const Scene>(std::vector<Obstacle>{}));
  const CollisionWorldPtr other_robot = test::exampleWorld("arm/arm.urdf", "scene.yaml");
  const std::vector<BodyRef> bodies = collisionBodies(*world);
  const std::vector<BodyPair> pairs = selfBodyPairs(*world, bodies);
  JointSpaceCertificateOptions options, finer;
  options.max_cells = 64;
  finer.max_cells = 128;
  const auto first = sharedCertificates(*world, bodies, pairs, options);
  const auto again = sharedCertificates(empty_scene, bodies, pairs, options);
  const auto other = sharedCertificates(*other_robot, bodies, pairs, options);
  const auto refined = sharedCertificates(*world, bodies, pairs, finer);
  ASSERT_EQ(first.size(), pairs.size());
  std::size_t shared = 0;
  for (std::size_t i = 0; i < pairs.size(); ++i)
  {
    if (!first[i])
      continue;
    ++shared;
    EXPECT_EQ(again[i], first[i]);
    EXPECT_NE(other[i], first[i]);
    EXPECT_NE(refined[i], first[i]);
    // built in parallel, the same certificate as built alone
    const auto alone = JointSpaceCertificate::build(*world, bodies[pairs[i].a], bodies[pairs[i].b], pairs[i].ancestor,
                                                    options);
    ASSERT_TRUE(alone);
    EXPECT_EQ(alone->cells(), first[i]->cells());
  }
  EXPECT_GT(shared, 0u);
}
}  // namespace
}  // namespace ompl_ccd
