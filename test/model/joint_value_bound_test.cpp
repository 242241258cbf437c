#include "ompl_ccd/model/joint_value_bound.h"

#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <random>

#include "model_fixtures.h"
#include "ompl_ccd/model/joint_motion.h"
#include "ompl_ccd/numeric.h"

namespace ompl_ccd
{
namespace
{
using test::floatingModel;
using test::planar2r;

TEST(JointValueBound, LimitsForIndependentJointsTheSourceForFollowers)
{
  const RobotModel &model = planar2r();
  const auto bound = [&](const char *name) { return jointValueBound(model, model.jointIndex(name)); };
  EXPECT_DOUBLE_EQ(bound("joint_1"), 3.0 + kJointLimitTolerance);
  EXPECT_DOUBLE_EQ(bound("slide"), 0.1 + kJointLimitTolerance);
  // mirror = −2 · slide + 0.05 and mirror_2 = 3 · mirror + 0.01 = −6 · slide + 0.16, whatever their
  // own <limit> [−1, 1] says.
  EXPECT_DOUBLE_EQ(bound("mirror_joint"), 2.0 * (0.1 + kJointLimitTolerance) + 0.05);
  EXPECT_DOUBLE_EQ(bound("mirror_2_joint"), 6.0 * (0.1 + kJointLimitTolerance) + 0.16);
  EXPECT_DOUBLE_EQ(jointValueBound(floatingModel(), floatingModel().jointIndex("wheel_joint")), numeric::kTwoPi);
}

/// Every joint value of random motions between accepted states, sampled along them, within its bound.
void expectWithinBounds(const RobotModel &model, const std::function<Eigen::VectorXd(std::mt19937 &)> &state)
{
  std::mt19937 random(7);
  for (int e = 0; e < 500; ++e)
  {
    const Eigen::VectorXd q0 = model.acceptState(state(random), "q0"), q1 = model.acceptState(state(random), "q1");
    const JointMotion motion(model, q0, q1);
    for (std::size_t j = 0; j < model.joints().size(); ++j)
      for (int k = 0; k <= 16; ++k)
      {
        const Joint &joint = model.joints()[j];
        const double t = k / 16.0;
        const double value = joint.type == JointType::Floating
                                 ? (motion.rootPositionStart() + t * motion.rootPositionDelta()).norm()
                                 : std::fabs(motion.jointStart(static_cast<int>(j)) + t * motion.jointDelta(static_cast<int>(j)));
        EXPECT_LE(value, jointValueBound(model, j)) << joint.name << " at t = " << t;
      }
  }
}

TEST(JointValueBound, HoldsAlongRandomMotions)
{
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  expectWithinBounds(planar2r(), [&](std::mt19937 &random) {
    Eigen::VectorXd q(3);
    q << -3.0 + 6.0 * unit(random), -3.0 + 6.0 * unit(random), 0.1 * unit(random);
    return q;
  });
  // The floating body's position anywhere in its box, the wheel anywhere on its turn (motions
  // across ±π included).
  const RobotModel &floating = floatingModel();
  const Joint &root = floating.joints()[0];
  expectWithinBounds(floating, [&](std::mt19937 &random) {
    Eigen::VectorXd q(8);
    for (int i = 0; i < 3; ++i)
      q[i] = root.position_lower[i] + (root.position_upper[i] - root.position_lower[i]) * unit(random);
    const Eigen::Quaterniond R = Eigen::Quaterniond::UnitRandom();
    q.segment<4>(3) << R.x(), R.y(), R.z(), R.w();
    q[7] = -numeric::kPi + numeric::kTwoPi * unit(random);
    return q;
  });
}
}  // namespace
}  // namespace ompl_ccd
