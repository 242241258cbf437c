#include "ompl_ccd/ompl/state_validity_checker.h"

#include <fcl/narrowphase/collision.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <ompl/base/ScopedState.h>
#include <ompl/base/SpaceInformation.h>

#include "ompl/random_states.h"
#include "ompl_ccd/error.h"
#include "ompl_ccd/model/kinematics.h"
#include "ompl_ccd/ompl/state_space.h"

namespace ompl_ccd
{
namespace
{
namespace ob = ompl::base;
using ::testing::HasSubstr;

/** \brief Oracle: FK, then fcl::collide on every robot geometry against every obstacle and on every
    geometry pair of the checked self pairs, each object built here from the world's geometry. */
bool bruteForceInCollision(const CollisionWorld &world, const Eigen::VectorXd &q)
{
  const RobotModel &robot = world.robot();
  KinematicsWorkspace kinematics(robot);
  forwardKinematics(robot, kinematics, q);
  std::vector<std::vector<std::unique_ptr<fcl::CollisionObjectd>>> objects(robot.links().size());
  for (std::size_t l = 0; l < robot.links().size(); ++l)
    for (std::size_t g = 0; g < robot.links()[l].geometries.size(); ++g)
    {
      const Eigen::Isometry3d X_WG = kinematics.X_WL[l] * robot.links()[l].geometries[g].X_LG;
      objects[l].push_back(std::make_unique<fcl::CollisionObjectd>(world.linkGeometry(l, g), X_WG.linear(),
                                                                   X_WG.translation()));
    }
  auto collide = [](const fcl::CollisionObjectd &a, const fcl::CollisionObjectd &b) {
    fcl::CollisionRequestd request;
    fcl::CollisionResultd result;
    fcl::collide(&a, &b, request, result);
    return result.isCollision();
  };
  for (int link : world.collidingLinks())
    for (const auto &object : objects[link])
      for (std::size_t i = 0; i < world.scene().obstacles().size(); ++i)
        if (collide(*object, world.scene().object(i)))
          return true;
  for (const auto &[a, b] : world.selfPairs())
    for (const auto &object_a : objects[a])
      for (const auto &object_b : objects[b])
        if (collide(*object_a, *object_b))
          return true;
  return false;
}

struct Fixture
{
  Fixture() : world(test::armWorld()), si(std::make_shared<ob::SpaceInformation>(makeStateSpace(world->robot())))
  {
    checker = std::make_shared<StateValidityChecker>(si, world);
    si->setStateValidityChecker(checker);
    si->setup();
  }
  CollisionWorldPtr world;
  ob::SpaceInformationPtr si;
  std::shared_ptr<StateValidityChecker> checker;
};

TEST(StateValidityChecker, AgreesWithCollisionQueriesAndBruteForceFcl)
{
  Fixture f;
  const RobotModel &robot = f.world->robot();
  CollisionWorkspace ws(*f.world);
  std::mt19937 rng(2024);
  ob::ScopedState<> state(f.si);
  int valid_count = 0;
  const int n = 300;
  for (int i = 0; i < n; ++i)
  {
    const Eigen::VectorXd q = test::randomState(robot, rng);
    vectorToState(robot, q, state.get());
    const bool valid = f.checker->isValid(state.get());
    const bool oracle_collides = bruteForceInCollision(*f.world, q);
    EXPECT_EQ(valid, !isInCollision(*f.world, ws, q)) << "state " << q.transpose();
    EXPECT_EQ(valid, !oracle_collides) << "state " << q.transpose();
    EXPECT_EQ(f.si->isValid(state.get()), valid);

    const double clearance = f.checker->clearance(state.get());
    EXPECT_EQ(clearance, minimumDistance(*f.world, ws, q)) << "state " << q.transpose();
    double dist = -1.0;
    EXPECT_EQ(f.checker->isValid(state.get(), dist), valid);
    EXPECT_EQ(dist, clearance);
    if (valid)
      EXPECT_GT(clearance, 0.0) << "state " << q.transpose();
    else
      EXPECT_EQ(clearance, 0.0) << "state " << q.transpose();
    valid_count += valid;
  }
  // Both outcomes must occur, or the comparison above proves nothing.
  EXPECT_GT(valid_count, n / 10);
  EXPECT_LT(valid_count, n - n / 10);
}

TEST(StateValidityChecker, OutOfBoundsStateIsInvalid)
{
  Fixture f;
  const RobotModel &robot = f.world->robot();
  ob::ScopedState<> state(f.si);
  Eigen::VectorXd q = Eigen::VectorXd::Zero(robot.nq());
  vectorToState(robot, q, state.get());
  ASSERT_TRUE(f.checker->isValid(state.get())) << "the arm's zero pose should be free";
  const Joint &joint = robot.joints()[0];
  q[joint.q_index] = joint.upper + 0.1;
  vectorToState(robot, q, state.get());
  EXPECT_FALSE(f.checker->isValid(state.get()));
  double dist = 0.0;
  EXPECT_FALSE(f.checker->isValid(state.get(), dist));
}

TEST(StateValidityChecker, AdvertisesExactClearance)
{
  Fixture f;
  EXPECT_EQ(f.checker->getSpecs().clearanceComputationType, ob::StateValidityCheckerSpecs::EXACT);
  EXPECT_EQ(&f.checker->world(), f.world.get());
}

TEST(StateValidityChecker, NullWorldIsRefused)
{
  Fixture f;
  EXPECT_THAT([&] { StateValidityChecker(f.si, nullptr); },
              ::testing::ThrowsMessage<Error>(HasSubstr("StateValidityChecker: the collision world is null")));
}
}  // namespace
}  // namespace ompl_ccd
