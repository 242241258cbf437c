#include "ompl_ccd/geometry/collision_queries.h"

#include <gtest/gtest.h>

#include <cmath>
#include <fcl/narrowphase/collision.h>
#include <fcl/narrowphase/distance.h>
#include <limits>
#include <random>
#include <set>
#include <thread>

#include "ompl_ccd/geometry/pair_distance.h"
#include "ompl_ccd/model/mesh_loader.h"
#include "support/test_paths.h"

namespace ompl_ccd
{
namespace
{
/** Test arm (test/data/geometry/two_link_arm.urdf): at q = 0 the tool sphere (r 0.05) is centred
    at (1.2, 0, 0.1) and the fore box spans x ∈ [0.4, 1.1], y, z within 0.05 of (·, 0, 0.1). */
RobotModelPtr arm(const RobotModelOptions &options = {})
{
  return std::make_shared<const RobotModel>(
      RobotModel::fromUrdfFile(test::testDataPath("geometry/two_link_arm.urdf"), options));
}

Obstacle sphere(const std::string &name, const Eigen::Vector3d &p_WS, double radius)
{
  Obstacle obstacle;
  obstacle.name = name;
  obstacle.shape.kind = CollisionShape::Kind::Sphere;
  obstacle.shape.radius = radius;
  obstacle.X_WG.translation() = p_WS;
  return obstacle;
}

Obstacle box(const std::string &name, const Eigen::Isometry3d &X_WG, const Eigen::Vector3d &size)
{
  Obstacle obstacle;
  obstacle.name = name;
  obstacle.shape.kind = CollisionShape::Kind::Box;
  obstacle.shape.box_size = size;
  obstacle.X_WG = X_WG;
  return obstacle;
}

Eigen::Isometry3d at(const Eigen::Vector3d &p, double yaw = 0.0)
{
  Eigen::Isometry3d X = Eigen::Isometry3d::Identity();
  X.translation() = p;
  X.linear() = Eigen::AngleAxisd(yaw, Eigen::Vector3d::UnitZ()).toRotationMatrix();
  return X;
}

Eigen::VectorXd state(double j1, double j2)
{
  return (Eigen::VectorXd(2) << j1, j2).finished();
}

fcl::DistanceRequestd exactRequest()
{
  fcl::DistanceRequestd request;
  request.enable_nearest_points = true;
  request.rel_err = 0.0;
  request.abs_err = 0.0;
  return request;
}

TEST(CollisionQueries, SphereSphereDistanceIsClosedForm)
{
  const CollisionWorld world(arm(), std::make_shared<const Scene>(
                                        std::vector<Obstacle>{sphere("ball", Eigen::Vector3d(1.5, 0, 0.1), 0.1)}));
  CollisionWorkspace ws(world);
  Contact nearest;
  // |c_ball − c_tool| − r_ball − r_tool = 0.3 − 0.1 − 0.05.
  EXPECT_NEAR(minimumDistance(world, ws, state(0, 0), &nearest), 0.15, 1e-9);
  EXPECT_FALSE(isInCollision(world, ws, state(0, 0)));
  EXPECT_EQ(nearest.link, "tool");  // the URDF link that declared the sphere, not its body "fore"
  EXPECT_EQ(nearest.other, "ball");
  EXPECT_NEAR(nearest.distance, 0.15, 1e-9);
  EXPECT_TRUE(nearest.point_a.isApprox(Eigen::Vector3d(1.25, 0, 0.1), 1e-9));
  EXPECT_TRUE(nearest.point_b.isApprox(Eigen::Vector3d(1.4, 0, 0.1), 1e-9));
  EXPECT_TRUE(nearest.normal.isApprox(Eigen::Vector3d::UnitX(), 1e-9));
  EXPECT_EQ(nearest.time, 0.0);
}

TEST(CollisionQueries, SphereBoxFaceDistanceIsClosedForm)
{
  const CollisionWorld world(
      arm(), std::make_shared<const Scene>(std::vector<Obstacle>{
                 box("block", at(Eigen::Vector3d(0, 1.5, 0.1)), Eigen::Vector3d::Constant(0.2)),
                 sphere("ball", Eigen::Vector3d(1.5, 0, 0.1), 0.1)}));
  CollisionWorkspace ws(world);
  Contact nearest;
  // j1 = π/2 points the arm along +y: tool centre (0, 1.2, 0.1), box face y = 1.4.
  EXPECT_NEAR(minimumDistance(world, ws, state(M_PI / 2, 0), &nearest), 1.4 - 1.2 - 0.05, 1e-9);
  EXPECT_EQ(nearest.link, "tool");
  EXPECT_EQ(nearest.other, "block");
  EXPECT_TRUE(nearest.point_b.isApprox(Eigen::Vector3d(0, 1.4, 0.1), 1e-9));
  EXPECT_TRUE(nearest.normal.isApprox(Eigen::Vector3d::UnitY(), 1e-9));

  // A–B and B–A: FCL gives the same distance with the points swapped.
  const fcl::CollisionObjectd &block = world.scene().object(0);
  const int tool_body = world.robot().linkIndex("tool");
  const int g = world.robot().links()[tool_body].geometries[0].urdf_link == "tool" ? 0 : 1;
  const fcl::CollisionObjectd &tool = *ws.objects[tool_body][g];
  fcl::DistanceResultd ab, ba;
  const double d_ab = fcl::distance(&tool, &block, exactRequest(), ab);
  const double d_ba = fcl::distance(&block, &tool, exactRequest(), ba);
  EXPECT_NEAR(d_ab, d_ba, 1e-12);
  EXPECT_TRUE(ab.nearest_points[0].isApprox(ba.nearest_points[1], 1e-9));
  EXPECT_TRUE(ab.nearest_points[1].isApprox(ba.nearest_points[0], 1e-9));
}

TEST(CollisionQueries, ContactWitnessNamesTheTouchingPair)
{
  const CollisionWorld world(arm(), std::make_shared<const Scene>(
                                        std::vector<Obstacle>{sphere("ball", Eigen::Vector3d(1.3, 0, 0.1), 0.1)}));
  CollisionWorkspace ws(world);
  Contact witness;
  witness.distance = 7.0;
  ASSERT_TRUE(isInCollision(world, ws, state(0, 0), &witness));
  EXPECT_EQ(witness.link, "tool");
  EXPECT_EQ(witness.other, "ball");
  EXPECT_EQ(witness.distance, 0.0);
  EXPECT_GT(witness.normal.dot(Eigen::Vector3d::UnitX()), 0.99) << "normal from link towards other";
  EXPECT_EQ(witness.point_a, witness.point_b);
  EXPECT_NEAR(witness.point_a.y(), 0.0, 1e-9);
  EXPECT_GT(witness.point_a.x(), 1.19);
  EXPECT_LT(witness.point_a.x(), 1.26);

  Contact nearest;
  EXPECT_EQ(minimumDistance(world, ws, state(0, 0), &nearest), 0.0);
  EXPECT_EQ(nearest.link, "tool");
  EXPECT_EQ(nearest.other, "ball");
}

TEST(CollisionQueries, AdjacentPairsAreNotReported)
{
  const CollisionWorld world(arm(), std::make_shared<const Scene>(std::vector<Obstacle>{}));
  CollisionWorkspace ws(world);
  const RobotModel &robot = world.robot();
  const int base = robot.linkIndex("base"), upper = robot.linkIndex("upper"), fore = robot.linkIndex("fore");
  Contact nearest;
  // fore box starts at x = 0.4, base box ends at x = 0.1, their z ranges overlap.
  EXPECT_NEAR(minimumDistance(world, ws, state(0, 0), &nearest), 0.3, 1e-9);
  EXPECT_EQ(nearest.link, "base");
  EXPECT_EQ(nearest.other, "fore");
  EXPECT_FALSE(isInCollision(world, ws, state(0, 0)));
  // ... although both adjacent pairs overlap at their joints (so the exclusion is what hides them).
  fcl::CollisionResultd result;
  EXPECT_TRUE(fcl::collide(ws.objects[base][0].get(), ws.objects[upper][0].get(), fcl::CollisionRequestd(), result));
  result.clear();
  EXPECT_TRUE(fcl::collide(ws.objects[upper][0].get(), ws.objects[fore][0].get(), fcl::CollisionRequestd(), result));

  // Folded back (j2 = 3) the fore beam sinks into the base: a checked self pair.
  Contact witness;
  ASSERT_TRUE(isInCollision(world, ws, state(0, 3.0), &witness));
  EXPECT_EQ(witness.link, "base");
  EXPECT_EQ(witness.other, "fore");
}

TEST(CollisionQueries, NothingCheckedIsInfinitelyFar)
{
  RobotModelOptions options;
  options.disabled_pairs = {{"base", "fore"}};
  const CollisionWorld world(arm(options), std::make_shared<const Scene>(std::vector<Obstacle>{}));
  ASSERT_TRUE(world.selfPairs().empty());
  CollisionWorkspace ws(world);
  EXPECT_EQ(minimumDistance(world, ws, state(0, 3.0)), std::numeric_limits<double>::infinity());
  EXPECT_FALSE(isInCollision(world, ws, state(0, 3.0)));
}

/** Every pair checked one by one with fresh FCL objects: the oracle of the broadphase and of the
    minimum over pairs (each pair's distance is pairDistanceUpperBound's, as minimumDistance's:
    pair_distance_test holds it against triangle distances; FCL's own distance between primitives
    is GJK's, which this clutter finds above the true one). */
struct BruteForce
{
  struct Part
  {
    std::string name;
    int link;  // -1 for an obstacle
    std::unique_ptr<fcl::CollisionObjectd> object;
  };

  BruteForce(const CollisionWorld &world, const Eigen::VectorXd &q)
  {
    const RobotModel &robot = world.robot();
    KinematicsWorkspace kinematics(robot);
    forwardKinematics(robot, kinematics, q);
    for (int l = 0; l < static_cast<int>(robot.links().size()); ++l)
      for (const LinkGeometry &geometry : robot.links()[l].geometries)
        robot_parts.push_back({geometry.urdf_link, l,
                               std::make_unique<fcl::CollisionObjectd>(makeFclGeometry(geometry.shape),
                                                                       kinematics.X_WL[l] * geometry.X_LG)});
    for (const Obstacle &obstacle : world.scene().obstacles())
      obstacle_parts.push_back(
          {obstacle.name, -1, std::make_unique<fcl::CollisionObjectd>(makeFclGeometry(obstacle.shape), obstacle.X_WG)});
    for (std::size_t i = 0; i < robot_parts.size(); ++i)
    {
      for (const Part &obstacle : obstacle_parts)
        check(robot_parts[i], obstacle);
      for (std::size_t j = 0; j < robot_parts.size(); ++j)
        if (robot_parts[i].link < robot_parts[j].link &&
            !robot.allowedCollisions().isAllowed(robot_parts[i].link, robot_parts[j].link))
          check(robot_parts[i], robot_parts[j]);
    }
  }

  void check(const Part &a, const Part &b)
  {
    fcl::CollisionResultd collision;
    if (fcl::collide(a.object.get(), b.object.get(), fcl::CollisionRequestd(), collision))
      colliding.emplace(a.name, b.name);
    const double d = pairDistanceUpperBound(*a.object, *b.object);
    if (d < distance)
    {
      distance = d;
      nearest = {a.name, b.name};
    }
  }

  double expectedDistance() const { return colliding.empty() ? distance : 0.0; }

  std::vector<Part> robot_parts, obstacle_parts;
  std::set<std::pair<std::string, std::string>> colliding;
  double distance = std::numeric_limits<double>::infinity();
  std::pair<std::string, std::string> nearest;
};

/** Ball, rotated block, pole, thin plate and a mesh crate around the arm. */
ScenePtr clutter()
{
  Obstacle crate;
  crate.name = "crate";
  crate.shape.kind = CollisionShape::Kind::Mesh;
  crate.shape.mesh = loadMesh(test::testDataPath("geometry/cube.obj"), Eigen::Vector3d::Constant(0.3), "test");
  crate.X_WG = at(Eigen::Vector3d(-0.7, 0.5, 0.3), 0.4);
  Obstacle pole;
  pole.name = "pole";
  pole.shape.kind = CollisionShape::Kind::Cylinder;
  pole.shape.radius = 0.05;
  pole.shape.length = 1.0;
  pole.X_WG = at(Eigen::Vector3d(0, 0.8, 0.5));
  return std::make_shared<const Scene>(std::vector<Obstacle>{
      sphere("ball", Eigen::Vector3d(0.9, 0.3, 0.1), 0.15),
      box("block", at(Eigen::Vector3d(-0.6, -0.6, 0.15), 0.5), Eigen::Vector3d::Constant(0.3)),
      box("plate", at(Eigen::Vector3d(0.3, -0.9, 0.2), 0.3), Eigen::Vector3d(0.6, 0.01, 0.6)), pole, crate});
}

std::vector<Eigen::VectorXd> randomStates(int count)
{
  std::mt19937 generator(42);
  std::uniform_real_distribution<double> j1(-M_PI, M_PI), j2(-3.1, 3.1);
  std::vector<Eigen::VectorXd> states;
  for (int i = 0; i < count; ++i)
    states.push_back(state(j1(generator), j2(generator)));
  return states;
}

TEST(CollisionQueries, AgreesWithBruteForceOnRandomStates)
{
  const CollisionWorld world(arm(), clutter());
  CollisionWorkspace ws(world);
  int collisions = 0, self_collisions = 0;
  for (const Eigen::VectorXd &q : randomStates(400))
  {
    const BruteForce oracle(world, q);
    const bool expected = !oracle.colliding.empty();
    EXPECT_EQ(isInCollision(world, ws, q), expected) << q.transpose();
    Contact witness;
    ASSERT_EQ(isInCollision(world, ws, q, &witness), expected) << q.transpose();
    if (expected)
    {
      ++collisions;
      EXPECT_TRUE(oracle.colliding.count({witness.link, witness.other})) << witness.link << " / " << witness.other;
      self_collisions += witness.link == "base";  // base touches no obstacle: only fore or tool
    }

    Contact nearest;
    const double d = minimumDistance(world, ws, q, &nearest);
    EXPECT_NEAR(d, oracle.expectedDistance(), 1e-9) << q.transpose();
    EXPECT_EQ(nearest.distance, d);
    if (!expected)
    {
      EXPECT_EQ(std::make_pair(nearest.link, nearest.other), oracle.nearest) << q.transpose();
      EXPECT_NEAR((nearest.point_b - nearest.point_a).norm(), d, 1e-6);
      EXPECT_NEAR(nearest.normal.dot(nearest.point_b - nearest.point_a), d, 1e-6);
    }
  }
  // The sample really exercises both answers and the self pair.
  EXPECT_GT(collisions, 40);
  EXPECT_LT(collisions, 360);
  EXPECT_GT(self_collisions, 0);
}

TEST(CollisionQueries, OneWorkspacePerThreadGivesTheSerialAnswers)
{
  const CollisionWorld world(arm(), clutter());
  const std::vector<Eigen::VectorXd> states = randomStates(200);
  std::vector<double> serial(states.size());
  CollisionWorkspace ws(world);
  for (std::size_t i = 0; i < states.size(); ++i)
    serial[i] = minimumDistance(world, ws, states[i]);

  std::vector<double> parallel(states.size());
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&, t] {
      CollisionWorkspace own(world);
      for (std::size_t i = t; i < states.size(); i += 4)
        parallel[i] = minimumDistance(world, own, states[i]);
    });
  for (std::thread &thread : threads)
    thread.join();
  EXPECT_EQ(parallel, serial);
}
}  // namespace
}  // namespace ompl_ccd
