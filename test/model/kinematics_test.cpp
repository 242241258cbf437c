#include "ompl_ccd/model/kinematics.h"

#include <gtest/gtest.h>

#include <cmath>

#include "model_fixtures.h"
#include "support/random_edges.h"
#include "support/test_paths.h"

namespace ompl_ccd
{
namespace
{
using test::floatingModel;
using test::examplePath;
using test::planar2r;

Eigen::Vector3d rotZ(double angle, const Eigen::Vector3d &p)
{
  return Eigen::AngleAxisd(angle, Eigen::Vector3d::UnitZ()) * p;
}

TEST(Kinematics, Planar2RClosedForm)
{
  const RobotModel &model = planar2r();
  ASSERT_EQ(model.nq(), 3);  // joint_1, joint_2, slide; the two mimic joints take no value
  KinematicsWorkspace ws(model);
  const double q1 = 0.7, q2 = -1.1, s = 0.04;
  forwardKinematics(model, ws, Eigen::Vector3d(q1, q2, s));

  const int link_2 = model.linkIndex("link_2");
  EXPECT_TRUE(ws.X_WL[model.linkIndex("link_1")].isApprox(Eigen::Isometry3d(Eigen::AngleAxisd(q1, Eigen::Vector3d::UnitZ()))));
  // link_2 origin at the end of link_1, turned by q1 + q2.
  EXPECT_TRUE(ws.X_WL[link_2].translation().isApprox(Eigen::Vector3d(std::cos(q1), std::sin(q1), 0)));
  EXPECT_TRUE(ws.X_WL[link_2].linear().isApprox(Eigen::AngleAxisd(q1 + q2, Eigen::Vector3d::UnitZ()).toRotationMatrix()));
  // finger: tip at (0.5, 0.2) in link_2 facing +y, slid by s along the tip's x (= link_2's y).
  const Eigen::Vector3d p_W_finger =
      Eigen::Vector3d(std::cos(q1), std::sin(q1), 0) + rotZ(q1 + q2, Eigen::Vector3d(0.5, 0.2 + s, 0));
  EXPECT_TRUE(ws.X_WL[model.linkIndex("finger")].translation().isApprox(p_W_finger, 1e-12));
}

TEST(Kinematics, MimicMultiplierOffsetAndMimicOfMimic)
{
  const RobotModel &model = planar2r();
  KinematicsWorkspace ws(model);
  const double s = 0.04;
  forwardKinematics(model, ws, Eigen::Vector3d(0, 0, s));
  const double mirror = -2 * s + 0.05, mirror_2 = 3 * mirror + 0.01;
  EXPECT_DOUBLE_EQ(ws.joint_values[model.jointIndex("mirror_joint")], mirror);
  EXPECT_DOUBLE_EQ(ws.joint_values[model.jointIndex("mirror_2_joint")], mirror_2);
  // mirror slides along the tip's y = link_2's −x; mirror_2 along z. link_2 sits at (1, 0, 0).
  EXPECT_TRUE(ws.X_WL[model.linkIndex("mirror")].translation().isApprox(Eigen::Vector3d(1.5 - mirror, 0.2, 0)));
  EXPECT_TRUE(ws.X_WL[model.linkIndex("mirror_2")].translation().isApprox(Eigen::Vector3d(1.5, 0.2, mirror_2)));
}

TEST(Kinematics, FixedChainIsMergedIntoParentBody)
{
  const RobotModel &model = planar2r();
  const int link_2 = model.linkIndex("link_2");
  EXPECT_EQ(model.linkIndex("wrist"), link_2);
  EXPECT_EQ(model.linkIndex("tip"), link_2);
  EXPECT_EQ(model.links()[link_2].merged_links, (std::vector<std::string>{"wrist", "tip"}));
  const std::vector<LinkGeometry> &geometries = model.links()[link_2].geometries;
  ASSERT_EQ(geometries.size(), 2u);
  // The wrist sphere: X_LG = T(0.5, 0, 0) · Rz(π/2) · T(0.1, 0, 0).
  EXPECT_EQ(geometries[1].urdf_link, "wrist");
  EXPECT_TRUE(geometries[1].X_LG.translation().isApprox(Eigen::Vector3d(0.5, 0.1, 0)));
  EXPECT_TRUE(geometries[1].X_LG.linear().isApprox(
      Eigen::AngleAxisd(M_PI / 2, Eigen::Vector3d::UnitZ()).toRotationMatrix()));
  // The slide joint below the merged tip: X_PJ = T(0.5, 0, 0) · Rz(π/2) · T(0.2, 0, 0), axis normalised.
  const Joint &slide = model.joints()[model.jointIndex("slide")];
  EXPECT_EQ(slide.parent_link, link_2);
  EXPECT_TRUE(slide.X_PJ.translation().isApprox(Eigen::Vector3d(0.5, 0.2, 0)));
  EXPECT_TRUE(slide.axis.isApprox(Eigen::Vector3d::UnitX()));
}

/// Reference: X_WC = X_WP · X_PJ · M(v), M an Eigen AngleAxis or Translation (the one-value joints).
std::vector<Eigen::Isometry3d> referencePoses(const RobotModel &model, const KinematicsWorkspace &ws)
{
  std::vector<Eigen::Isometry3d> X_WL(model.links().size(), Eigen::Isometry3d::Identity());
  for (std::size_t j = 0; j < model.joints().size(); ++j)
  {
    const Joint &joint = model.joints()[j];
    const double v = ws.joint_values[j];
    Eigen::Isometry3d M = Eigen::Isometry3d::Identity();
    if (joint.type == JointType::Prismatic)
      M = Eigen::Translation3d(v * joint.axis);
    else
      M = Eigen::AngleAxisd(v, joint.axis);
    X_WL[joint.child_link] = X_WL[joint.parent_link] * joint.X_PJ * M;
  }
  return X_WL;
}

/// Forward kinematics combines precomputed Rodrigues terms: it matches the plain chain of
/// AngleAxis rotations and translations for joints with tilted frames and axes, far from zero too.
TEST(Kinematics, MatchesAChainOfAngleAxisMotions)
{
  const RobotModel arm = RobotModel::fromUrdfFile(examplePath("arm/arm.urdf"));
  const RobotModel snake = RobotModel::fromUrdfFile(examplePath("snake/snake.urdf"));
  for (const RobotModel *model : {&planar2r(), &arm, &snake})
  {
    KinematicsWorkspace ws(*model);
    for (const double scale : {0.0, 0.3, 1.0, 3.0, 40.0})
    {
      Eigen::VectorXd q(model->nq());
      for (int i = 0; i < q.size(); ++i)
        q[i] = scale * std::sin(1.7 * i + 0.4);  // values of both signs, some beyond ±π
      forwardKinematics(*model, ws, q);
      const std::vector<Eigen::Isometry3d> expected = referencePoses(*model, ws);
      for (std::size_t l = 0; l < model->links().size(); ++l)
        EXPECT_TRUE(ws.X_WL[l].isApprox(expected[l], 1e-12))
            << model->name() << " " << model->links()[l].name << " scale " << scale;
    }
  }
}

TEST(Kinematics, PosesAlongAMotionMatchForwardKinematicsAtEachSample)
{
  // Mimic and prismatic joints (planar2r), chains (arm, snake), a floating root and a continuous
  // joint (floatingModel): the sines and cosines carried by angle addition over N = 64 steps
  // give the poses of forwardKinematics at k/N to within 1e-13 m.
  const RobotModel arm = RobotModel::fromUrdfFile(examplePath("arm/arm.urdf"));
  const RobotModel snake = RobotModel::fromUrdfFile(examplePath("snake/snake.urdf"));
  std::mt19937 rng(3);
  for (const RobotModel *model : {&planar2r(), &arm, &snake, &floatingModel()})
    for (int trial = 0; trial < 5; ++trial)
    {
      const JointMotion motion(*model, test::randomState(*model, rng), test::randomState(*model, rng));
      const int samples = 64;
      KinematicsWorkspace along(*model), direct(*model);
      std::vector<Eigen::Isometry3d> poses;
      forwardKinematicsAlong(motion, samples, along, poses);
      const std::size_t links = model->links().size();
      ASSERT_EQ(poses.size(), (samples + 1) * links);
      for (int k = 0; k <= samples; ++k)
      {
        forwardKinematics(*model, direct, motion.stateAt(static_cast<double>(k) / samples));
        for (std::size_t l = 0; l < links; ++l)
        {
          EXPECT_LT((poses[k * links + l].matrix() - direct.X_WL[l].matrix()).cwiseAbs().maxCoeff(), 1e-13)
              << model->name() << " " << model->links()[l].name << " k " << k;
        }
      }
    }
}

TEST(Kinematics, ContinuousJointValuesBeyondPiWrap)
{
  const RobotModel &model = floatingModel();
  const Joint &wheel = model.joints()[model.jointIndex("wheel_joint")];
  EXPECT_EQ(wheel.type, JointType::Continuous);
  EXPECT_DOUBLE_EQ(wheel.lower, -M_PI);
  EXPECT_DOUBLE_EQ(wheel.upper, M_PI);
  EXPECT_TRUE(wheel.axis.isApprox(Eigen::Vector3d::UnitZ()));  // <axis xyz="0 0 2"> normalised
  const int wheel_link = wheel.child_link;
  KinematicsWorkspace ws(model), ws_wrapped(model);
  Eigen::VectorXd q = Eigen::VectorXd::Zero(model.nq());
  q[model.joints()[0].q_index + 6] = 1.0;  // identity quaternion (qw of the floating root)
  for (const double value : {3.5, -4.0, 7.0})
  {
    Eigen::VectorXd q_wrapped = q;
    q[wheel.q_index] = value;
    q_wrapped[wheel.q_index] = std::remainder(value, 2 * M_PI);
    forwardKinematics(model, ws, q);
    forwardKinematics(model, ws_wrapped, q_wrapped);
    EXPECT_TRUE(ws.X_WL[wheel_link].isApprox(ws_wrapped.X_WL[wheel_link], 1e-12)) << value;
  }
}

TEST(Kinematics, FloatingRoot)
{
  const RobotModel &model = floatingModel();
  ASSERT_EQ(model.nq(), 8);
  ASSERT_EQ(model.joints()[0].type, JointType::Floating);
  KinematicsWorkspace ws(model);
  const Eigen::Quaterniond R(Eigen::AngleAxisd(0.8, Eigen::Vector3d(1, 2, 3).normalized()));
  Eigen::VectorXd q(8);
  // A quaternion off unit length by 1e-7 is normalised.
  q << 0.1, -0.2, 0.3, R.x() * (1 + 1e-7), R.y() * (1 + 1e-7), R.z() * (1 + 1e-7), R.w() * (1 + 1e-7), 0.6;
  forwardKinematics(model, ws, q);
  EXPECT_TRUE(ws.X_WL[0].isApprox(Eigen::Isometry3d::Identity()));
  const Eigen::Isometry3d X_WB = ws.X_WL[model.linkIndex("body")];
  EXPECT_TRUE(X_WB.translation().isApprox(Eigen::Vector3d(0.1, -0.2, 0.8)));
  EXPECT_TRUE(X_WB.linear().isApprox(R.toRotationMatrix(), 1e-12));
  const Eigen::Isometry3d X_WWheel = ws.X_WL[model.linkIndex("wheel")];
  EXPECT_TRUE(X_WWheel.translation().isApprox(X_WB * Eigen::Vector3d(1, 0, 0)));
  EXPECT_TRUE(X_WWheel.linear().isApprox(R * Eigen::AngleAxisd(0.6, Eigen::Vector3d::UnitZ()).toRotationMatrix()));
}

TEST(Kinematics, FloatingRootByOption)
{
  RobotModelOptions options;
  options.floating_root = true;
  const RobotModel model = RobotModel::fromUrdfFile(test::testDataPath("model/planar_2r.urdf"), options);
  ASSERT_EQ(model.nq(), 10);
  EXPECT_EQ(model.joints()[0].name, "floating_root");
  EXPECT_EQ(model.joints()[0].parent_link, -1);
  EXPECT_EQ(model.joints()[0].child_link, 0);
  KinematicsWorkspace ws(model);
  Eigen::VectorXd q = Eigen::VectorXd::Zero(10);
  q.head<7>() << 0.5, 0, 0, 0, 0, std::sin(M_PI / 4), std::cos(M_PI / 4);  // base turned 90° about z
  forwardKinematics(model, ws, q);
  EXPECT_TRUE(ws.X_WL[0].translation().isApprox(Eigen::Vector3d(0.5, 0, 0)));
  EXPECT_TRUE(ws.X_WL[model.linkIndex("link_2")].translation().isApprox(Eigen::Vector3d(0.5, 1, 0)));
}
}  // namespace
}  // namespace ompl_ccd
