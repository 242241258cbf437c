#include "ompl_ccd/model/joint_motion.h"

#include <gtest/gtest.h>

#include <cmath>

#include "model_fixtures.h"
#include "support/test_paths.h"

namespace ompl_ccd
{
namespace
{
using test::floatingModel;
using test::planar2r;

Eigen::VectorXd floatingState(const Eigen::Vector3d &p, const Eigen::Quaterniond &R, double wheel)
{
  Eigen::VectorXd q(8);
  q << p, R.x(), R.y(), R.z(), R.w(), wheel;
  return q;
}

TEST(JointMotion, EndpointsAndLinearRealJoints)
{
  const RobotModel &model = planar2r();
  const Eigen::Vector3d q0(0.5, -1.0, 0.0), q1(-2.5, 2.0, 0.1);
  const JointMotion motion(model, q0, q1);
  EXPECT_EQ(motion.stateAt(0.0), Eigen::VectorXd(q0));
  EXPECT_EQ(motion.stateAt(1.0), Eigen::VectorXd(q1));
  const Eigen::VectorXd mid = motion.stateAt(0.25);
  EXPECT_EQ(mid[0], 0.5 + (-2.5 - 0.5) * 0.25);  // RealVectorStateSpace: from + (to − from) t
  const int j1 = model.jointIndex("joint_1");
  EXPECT_EQ(motion.jointStart(j1), 0.5);
  EXPECT_EQ(motion.jointDelta(j1), -3.0);
}

TEST(JointMotion, MimicJointsMoveAtTheirSourceRateTimesMultiplier)
{
  const RobotModel &model = planar2r();
  const JointMotion motion(model, Eigen::Vector3d(0, 0, 0.02), Eigen::Vector3d(0, 0, 0.08));
  const int mirror = model.jointIndex("mirror_joint"), mirror_2 = model.jointIndex("mirror_2_joint");
  EXPECT_DOUBLE_EQ(motion.jointStart(mirror), -2 * 0.02 + 0.05);
  EXPECT_DOUBLE_EQ(motion.jointDelta(mirror), -2 * 0.06);
  EXPECT_DOUBLE_EQ(motion.jointStart(mirror_2), 3 * (-2 * 0.02 + 0.05) + 0.01);
  EXPECT_DOUBLE_EQ(motion.jointDelta(mirror_2), -6 * 0.06);
}

TEST(JointMotion, ContinuousJointTakesTheShortWayAcrossPi)
{
  const RobotModel &model = floatingModel();
  const Eigen::Vector3d p = Eigen::Vector3d::Zero();
  const Eigen::Quaterniond I = Eigen::Quaterniond::Identity();
  const int wheel = model.jointIndex("wheel_joint");
  const JointMotion motion(model, floatingState(p, I, 3.0), floatingState(p, I, -3.0));
  EXPECT_EQ(motion.jointStart(wheel), 3.0);
  EXPECT_NEAR(motion.jointDelta(wheel), 2 * M_PI - 6.0, 1e-15);  // through +π, not through 0
  EXPECT_LE(std::abs(motion.jointDelta(wheel)), M_PI);
  for (const double t : {0.0, 0.3, 0.5, 0.7, 1.0})
  {
    const double value = motion.stateAt(t)[7];
    EXPECT_GE(value, -M_PI);
    EXPECT_LE(value, M_PI);
    EXPECT_NEAR(std::remainder(value - (3.0 + t * motion.jointDelta(wheel)), 2 * M_PI), 0.0, 1e-12) << t;
  }
  EXPECT_NEAR(motion.stateAt(1.0)[7], -3.0, 1e-15);
  // The reverse motion and a short one.
  EXPECT_NEAR(JointMotion(model, floatingState(p, I, -3.0), floatingState(p, I, 3.0)).jointDelta(wheel),
              6.0 - 2 * M_PI, 1e-15);
  EXPECT_EQ(JointMotion(model, floatingState(p, I, -1.0), floatingState(p, I, 2.0)).jointDelta(wheel), 3.0);
}

TEST(JointMotion, FloatingRootSlerpHasConstantAngularVelocity)
{
  const RobotModel &model = floatingModel();
  const Eigen::Quaterniond R0(Eigen::AngleAxisd(0.4, Eigen::Vector3d(1, 0, 1).normalized()));
  const Eigen::Quaterniond R1(Eigen::AngleAxisd(-1.2, Eigen::Vector3d(0, 1, 0)));
  Eigen::Quaterniond R1_flipped = R1;
  R1_flipped.coeffs() = -R1.coeffs();  // same rotation, other sign: slerp must still go the short way
  for (const Eigen::Quaterniond &goal : {R1, R1_flipped})
  {
    const JointMotion motion(model, floatingState(Eigen::Vector3d(1, 2, 3), R0, 0.0),
                             floatingState(Eigen::Vector3d(-1, 0, 3), goal, 0.0));
    EXPECT_TRUE(motion.rootPositionStart().isApprox(Eigen::Vector3d(1, 2, 3)));
    EXPECT_TRUE(motion.rootPositionDelta().isApprox(Eigen::Vector3d(-2, -2, 0)));
    const double angle = R0.angularDistance(R1);
    EXPECT_NEAR(motion.rootRotationAngle(), angle, 1e-12);
    EXPECT_TRUE(motion.stateAt(0.0).isApprox(motion.start(), 1e-15));  // slerp: q0 sin θ / sin θ
    for (const double t : {0.0, 0.25, 0.5, 1.0})
    {
      const Eigen::VectorXd q = motion.stateAt(t);
      const Eigen::Quaterniond Rt(q[6], q[3], q[4], q[5]);
      const Eigen::Matrix3d expected =
          (motion.rootRotationStart() * Eigen::AngleAxisd(t * motion.rootRotationAngle(), motion.rootRotationAxis()))
              .toRotationMatrix();
      EXPECT_TRUE(Rt.toRotationMatrix().isApprox(expected, 1e-12)) << t;
      EXPECT_NEAR(R0.angularDistance(Rt), t * angle, 1e-12) << t;  // constant angular velocity
    }
    EXPECT_TRUE(Eigen::Quaterniond(motion.stateAt(1.0).segment<4>(3)).toRotationMatrix().isApprox(R1.toRotationMatrix()));
  }
}

TEST(JointMotion, FloatingRootWithoutRotationStandsStill)
{
  const RobotModel &model = floatingModel();
  const Eigen::Quaterniond R(Eigen::AngleAxisd(0.4, Eigen::Vector3d::UnitX()));
  const JointMotion motion(model, floatingState(Eigen::Vector3d::Zero(), R, 0.0),
                           floatingState(Eigen::Vector3d::Ones(), R, 0.0));
  EXPECT_EQ(motion.rootRotationAngle(), 0.0);
  EXPECT_EQ(motion.stateAt(0.6).segment<4>(3), motion.start().segment<4>(3));  // OMPL copies `from`
}
}  // namespace
}  // namespace ompl_ccd
