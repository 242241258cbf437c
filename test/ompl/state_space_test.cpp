#include "ompl_ccd/ompl/state_space.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <ompl/base/ScopedState.h>
#include <ompl/base/spaces/RealVectorStateSpace.h>
#include <ompl/base/spaces/SE3StateSpace.h>
#include <ompl/base/spaces/SO2StateSpace.h>
#include <sstream>

#include "ompl/random_states.h"
#include "ompl_ccd/error.h"
#include "ompl_ccd/model/joint_motion.h"

namespace ompl_ccd
{
namespace
{
namespace ob = ompl::base;
using test::randomState;

RobotModel armModel()
{
  return RobotModel::fromUrdfFile(test::examplePath("arm/arm.urdf"));
}

RobotModel mixedModel(bool floating_root)
{
  RobotModelOptions options;
  options.floating_root = floating_root;
  options.floating_lower = Eigen::Vector3d(-1.0, -2.0, -0.5);
  options.floating_upper = Eigen::Vector3d(1.5, 2.0, 3.0);
  return RobotModel::fromUrdfFile(test::testDataPath("ompl/mixed_joints.urdf"), options);
}

/** \brief Checks JointMotion::stateAt(t) against space->interpolate(s1, s2, t) on \a pairs random
    state pairs: bit-for-bit for RealVector and SO2 values, within 1e-12 for the SE3 root. */
void expectInterpolationEqual(const RobotModel &model, int pairs)
{
  const ob::StateSpacePtr space = makeStateSpace(model);
  space->setup();
  std::mt19937 rng(12345);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  ob::ScopedState<> s1(space), s2(space), out(space);
  Eigen::VectorXd q_ompl, q_motion;
  int mismatches = 0;
  std::ostringstream first;
  for (int pair = 0; pair < pairs; ++pair)
  {
    const Eigen::VectorXd q1 = randomState(model, rng);
    // Every 10th pair is a tiny motion (near-zero slerp angle, near-equal SO2 values).
    const Eigen::VectorXd q2 = pair % 10 == 9 ? q1 : randomState(model, rng);
    vectorToState(model, q1, s1.get());
    vectorToState(model, q2, s2.get());
    const JointMotion motion(model, q1, q2);
    for (double t : {0.0, 1.0, 0.5, 1.0 / 3.0, 1e-9, 1.0 - 1e-12, unit(rng), unit(rng)})
    {
      space->interpolate(s1.get(), s2.get(), t, out.get());
      stateToVector(model, out.get(), q_ompl);
      motion.stateAt(t, q_motion);
      ASSERT_EQ(q_motion.size(), model.nq());
      for (const Joint &joint : model.joints())
      {
        for (int k = 0; k < joint.nq(); ++k)
        {
          const int i = joint.q_index + k;
          const bool equal = joint.type == JointType::Floating ? std::abs(q_ompl[i] - q_motion[i]) <= 1e-12
                                                               : q_ompl[i] == q_motion[i];
          if (!equal && mismatches++ == 0)
            first << model.stateName(i) << " at t = " << t << ": interpolate " << q_ompl[i] << ", stateAt "
                  << q_motion[i] << " (difference " << q_ompl[i] - q_motion[i] << ")";
        }
      }
    }
  }
  EXPECT_EQ(mismatches, 0) << "first mismatch: " << first.str();
}

/** \brief vector → state → vector gives back the vector exactly. */
void expectRoundTrip(const RobotModel &model)
{
  const ob::StateSpacePtr space = makeStateSpace(model);
  ob::ScopedState<> state(space);
  std::mt19937 rng(7);
  Eigen::VectorXd back;
  for (int i = 0; i < 200; ++i)
  {
    const Eigen::VectorXd q = randomState(model, rng);
    vectorToState(model, q, state.get());
    stateToVector(model, state.get(), back);
    ASSERT_EQ(back, q);
    EXPECT_TRUE(space->satisfiesBounds(state.get()));
  }
}

TEST(StateSpace, ArmIsOneRealVectorSpaceWithJointLimitsInStateOrder)
{
  const RobotModel model = armModel();
  ASSERT_EQ(model.nq(), 6);
  const ob::StateSpacePtr space = makeStateSpace(model);
  const auto *real = dynamic_cast<const ob::RealVectorStateSpace *>(space.get());
  ASSERT_NE(real, nullptr);
  ASSERT_EQ(real->getDimension(), 6u);
  for (const Joint &joint : model.joints())
  {
    EXPECT_EQ(real->getBounds().low[joint.q_index], joint.lower) << joint.name;
    EXPECT_EQ(real->getBounds().high[joint.q_index], joint.upper) << joint.name;
    EXPECT_EQ(real->getDimensionName(joint.q_index), joint.name);
  }
  // State order: value i of the vector is value i of the OMPL state.
  ob::ScopedState<> state(space);
  Eigen::VectorXd q(6);
  q << 0.1, 0.2, 0.3, 0.4, 0.5, 0.6;
  vectorToState(model, q, state.get());
  for (int i = 0; i < 6; ++i)
    EXPECT_EQ(state->as<ob::RealVectorStateSpace::StateType>()->values[i], q[i]);
}

TEST(StateSpace, MixedJointsLayoutSO2RunSO2Run)
{
  const RobotModel model = mixedModel(false);
  ASSERT_EQ(model.nq(), 5);  // the mimic joint takes no value
  const ob::StateSpacePtr space = makeStateSpace(model);
  ASSERT_TRUE(space->isCompound());
  const auto *compound = space->as<ob::CompoundStateSpace>();
  ASSERT_EQ(compound->getSubspaceCount(), 4u);
  EXPECT_NE(dynamic_cast<const ob::SO2StateSpace *>(compound->getSubspace(0).get()), nullptr);
  EXPECT_EQ(compound->getSubspace(0)->getName(), "spin");
  const auto *run = dynamic_cast<const ob::RealVectorStateSpace *>(compound->getSubspace(1).get());
  ASSERT_NE(run, nullptr);
  ASSERT_EQ(run->getDimension(), 2u);
  EXPECT_EQ(run->getDimensionName(0), "shoulder");
  EXPECT_EQ(run->getDimensionName(1), "slide");
  EXPECT_EQ(run->getBounds().low, (std::vector<double>{-1.5, -0.1}));
  EXPECT_EQ(run->getBounds().high, (std::vector<double>{2.0, 0.25}));
  EXPECT_NE(dynamic_cast<const ob::SO2StateSpace *>(compound->getSubspace(2).get()), nullptr);
  EXPECT_EQ(compound->getSubspace(2)->getName(), "wrist");
  const auto *tool = dynamic_cast<const ob::RealVectorStateSpace *>(compound->getSubspace(3).get());
  ASSERT_NE(tool, nullptr);
  EXPECT_EQ(tool->getDimensionName(0), "tool");
  EXPECT_EQ(tool->getBounds().low[0], -0.7);
  EXPECT_EQ(tool->getBounds().high[0], 0.9);
  for (unsigned int i = 0; i < compound->getSubspaceCount(); ++i)
    EXPECT_EQ(compound->getSubspaceWeight(i), 1.0);

  // State order: each joint's value lands in its own component.
  ob::ScopedState<> state(space);
  Eigen::VectorXd q(5);
  q << 0.1, 0.2, 0.05, -0.4, 0.5;
  vectorToState(model, q, state.get());
  const auto *cs = state->as<ob::CompoundState>();
  EXPECT_EQ(cs->as<ob::SO2StateSpace::StateType>(0)->value, q[model.joints()[model.jointIndex("spin")].q_index]);
  EXPECT_EQ(cs->as<ob::RealVectorStateSpace::StateType>(1)->values[0],
            q[model.joints()[model.jointIndex("shoulder")].q_index]);
  EXPECT_EQ(cs->as<ob::RealVectorStateSpace::StateType>(1)->values[1],
            q[model.joints()[model.jointIndex("slide")].q_index]);
  EXPECT_EQ(cs->as<ob::SO2StateSpace::StateType>(2)->value, q[model.joints()[model.jointIndex("wrist")].q_index]);
  EXPECT_EQ(cs->as<ob::RealVectorStateSpace::StateType>(3)->values[0],
            q[model.joints()[model.jointIndex("tool")].q_index]);
}

TEST(StateSpace, FloatingRootComesFirstAsSE3WithPositionBounds)
{
  const RobotModel model = mixedModel(true);
  ASSERT_EQ(model.nq(), 12);
  const ob::StateSpacePtr space = makeStateSpace(model);
  const auto *compound = space->as<ob::CompoundStateSpace>();
  ASSERT_EQ(compound->getSubspaceCount(), 5u);
  const auto *se3 = dynamic_cast<const ob::SE3StateSpace *>(compound->getSubspace(0).get());
  ASSERT_NE(se3, nullptr);
  EXPECT_EQ(se3->getName(), "floating_root");
  EXPECT_EQ(se3->getBounds().low, (std::vector<double>{-1.0, -2.0, -0.5}));
  EXPECT_EQ(se3->getBounds().high, (std::vector<double>{1.5, 2.0, 3.0}));

  // x y z qx qy qz qw lead the state vector.
  ob::ScopedState<> state(space);
  Eigen::VectorXd q = Eigen::VectorXd::Zero(12);
  q.head<7>() << 0.1, 0.2, 0.3, 0.5, -0.5, 0.5, 0.5;
  vectorToState(model, q, state.get());
  const auto *root = state->as<ob::CompoundState>()->as<ob::SE3StateSpace::StateType>(0);
  EXPECT_EQ(root->getX(), 0.1);
  EXPECT_EQ(root->getY(), 0.2);
  EXPECT_EQ(root->getZ(), 0.3);
  EXPECT_EQ(root->rotation().x, 0.5);
  EXPECT_EQ(root->rotation().y, -0.5);
  EXPECT_EQ(root->rotation().z, 0.5);
  EXPECT_EQ(root->rotation().w, 0.5);
}

TEST(StateSpace, RoundTripIsExact)
{
  expectRoundTrip(armModel());
  expectRoundTrip(mixedModel(false));
  expectRoundTrip(mixedModel(true));
}

TEST(StateSpace, JointMotionEqualsInterpolateOnArm)
{
  expectInterpolationEqual(armModel(), 1000);
}

TEST(StateSpace, JointMotionEqualsInterpolateWithContinuousPrismaticAndMimicJoints)
{
  expectInterpolationEqual(mixedModel(false), 1000);
}

TEST(StateSpace, JointMotionEqualsInterpolateWithFloatingRoot)
{
  expectInterpolationEqual(mixedModel(true), 1000);
}

TEST(StateSpace, JointMotionEqualsInterpolateWhenContinuousJointsWrap)
{
  // Values on both sides of ±π: the shortest way crosses the cut, where SO2 wraps.
  const RobotModel model = mixedModel(false);
  const ob::StateSpacePtr space = makeStateSpace(model);
  ob::ScopedState<> s1(space), s2(space), out(space);
  Eigen::VectorXd q1(5), q2(5), q_ompl;
  q1 << 3.0, 0.0, 0.0, -3.1, 0.0;
  q2 << -3.0, 0.0, 0.0, 3.1, 0.0;
  vectorToState(model, q1, s1.get());
  vectorToState(model, q2, s2.get());
  const JointMotion motion(model, q1, q2);
  for (double t : {0.0, 0.25, 0.5, 0.75, 1.0})
  {
    space->interpolate(s1.get(), s2.get(), t, out.get());
    stateToVector(model, out.get(), q_ompl);
    EXPECT_EQ(motion.stateAt(t), q_ompl) << "t = " << t;
  }
}

TEST(StateSpace, RefusesARobotWithoutMotion)
{
  // A space of dimension 0 has nothing to plan; every "motion" would be certified free.
  const RobotModel fixed = RobotModel::fromUrdfString(
      "<robot name='post'><link name='base'><collision><geometry><sphere radius='1'/></geometry></collision>"
      "</link></robot>",
      "", "post.urdf");
  EXPECT_THAT([&] { makeStateSpace(fixed); },
              ::testing::ThrowsMessage<Error>(::testing::HasSubstr(
                  "makeStateSpace: robot 'post' has no moving joint (only fixed joints), so it has no motion")));
}
}  // namespace
}  // namespace ompl_ccd
