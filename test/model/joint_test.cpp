// Tests of a joint's kinematics constants (joint.h) and the model that holds them.
#include "ompl_ccd/model/joint.h"

#include <gtest/gtest.h>

#include <cmath>

#include "model_fixtures.h"

namespace ompl_ccd
{
namespace
{
/// R_PJ · R(axis, v) rebuilt from JointTerms: A + sin v · B − cos v · C.
Eigen::Matrix3d rotationFromTerms(const JointTerms &terms, double v)
{
  return terms.A + std::sin(v) * terms.B - std::cos(v) * terms.C;
}

TEST(JointTerms, RebuildTheJointRotationAndAxis)
{
  Joint joint;
  joint.X_PJ = Eigen::Translation3d(0.1, -0.2, 0.3) * Eigen::AngleAxisd(0.7, Eigen::Vector3d(1.0, 2.0, -0.5).normalized());
  joint.axis = Eigen::Vector3d(-0.3, 0.4, 1.2).normalized();
  const JointTerms terms = jointTerms(joint);
  for (double v : {-3.0, -0.4, 0.0, 1.1, 2.9})
  {
    const Eigen::Matrix3d expected = joint.X_PJ.linear() * Eigen::AngleAxisd(v, joint.axis).toRotationMatrix();
    EXPECT_TRUE(rotationFromTerms(terms, v).isApprox(expected, 1e-12)) << "v = " << v;
  }
  EXPECT_TRUE(terms.u_P.isApprox(joint.X_PJ.linear() * joint.axis, 1e-15));
}

TEST(JointTerms, TheModelHoldsThoseOfEveryJoint)
{
  for (const RobotModel *model : {&test::planar2r(), &test::floatingModel()})
  {
    ASSERT_EQ(model->jointTerms().size(), model->joints().size());
    for (std::size_t j = 0; j < model->joints().size(); ++j)
    {
      const JointTerms expected = jointTerms(model->joints()[j]);
      EXPECT_TRUE(model->jointTerms()[j].A == expected.A);
      EXPECT_TRUE(model->jointTerms()[j].B == expected.B);
      EXPECT_TRUE(model->jointTerms()[j].C == expected.C);
      EXPECT_TRUE(model->jointTerms()[j].u_P == expected.u_P);
    }
  }
}
}  // namespace
}  // namespace ompl_ccd
