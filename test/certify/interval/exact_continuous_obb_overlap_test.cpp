// The continuous OBB overlap test ([Redon2004] Eq. (12) over a time interval): hand-solved still
// boxes (each of the fifteen axis families separating, and a margin), then an oracle by dense
// sampling: random boxes on the links of a two-joint arm and in the world, over pieces of random
// joint motions; whenever the test separates two boxes on a piece, FCL's box–box distance at 200
// sampled times of the piece must exceed the margin (less FCL's GJK slack); and the test must not
// be vacuous: most pairs that the samples keep 5 cm beyond the margin are separated.
#include "certify/interval/exact_continuous_obb_overlap.h"

#include <gtest/gtest.h>

#include <iostream>
#include <random>

#include <fcl/geometry/shape/box.h>
#include <fcl/narrowphase/distance.h>

#include "ompl_ccd/geometry/pair_distance.h"
#include "ompl_ccd/model/kinematics.h"
#include "ompl_ccd/model/joint_motion.h"
#include "ompl_ccd/model/robot_model.h"
#include "ompl_ccd/numeric.h"

namespace ompl_ccd
{
namespace
{
/// A still pose (point intervals).
IntervalPose stillPose(const Eigen::Isometry3d &X)
{
  IntervalPose pose;
  for (int i = 0; i < 3; ++i)
  {
    for (int k = 0; k < 3; ++k)
      pose.R[3 * i + k] = Interval(X.linear()(i, k));
    pose.p[i] = Interval(X.translation()(i));
  }
  return pose;
}

ObbNode box(const Eigen::Vector3d &half, const Eigen::Vector3d &center = Eigen::Vector3d::Zero(),
            const Eigen::Matrix3d &axes = Eigen::Matrix3d::Identity())
{
  ObbNode node;
  node.axes = axes;
  node.center = center;
  node.half = half;
  return node;
}

Eigen::Isometry3d pose(const Eigen::Matrix3d &R, const Eigen::Vector3d &p)
{
  Eigen::Isometry3d X = Eigen::Isometry3d::Identity();
  X.linear() = R;
  X.translation() = p;
  return X;
}

TEST(ContinuousObbOverlap, StillBoxesAlongFaceAndEdgeAxes)
{
  const ObbNode unit = box(Eigen::Vector3d::Constant(0.5));
  const IntervalObb a = moveObb(unit, stillPose(Eigen::Isometry3d::Identity()));
  // Face axis: 1 m between centres, a 0.2 m gap along x.
  const IntervalObb b = moveObb(unit, stillPose(pose(Eigen::Matrix3d::Identity(), {1.2, 0.3, -0.1})));
  EXPECT_TRUE(obbsSeparated(a, b, 0.0));
  EXPECT_TRUE(obbsSeparated(a, b, 0.19));
  EXPECT_FALSE(obbsSeparated(a, b, 0.21));
  EXPECT_TRUE(obbsSeparated(b, a, 0.19));
  // Overlapping boxes are never separated.
  EXPECT_FALSE(obbsSeparated(a, moveObb(unit, stillPose(pose(Eigen::Matrix3d::Identity(), {0.9, 0.9, 0.9}))), 0.0));
  // Edge against edge: a unit cube turned 45° about z leads with an edge along z at x = √½; one
  // turned 45° about y, centred at x = 2√½ + gap, leads with an edge along y at x = √½ + gap. Only
  // the axis z × y = −x separates them (every face axis sees them overlap).
  const double r = std::sqrt(0.5);
  const IntervalObb about_z =
      moveObb(unit, stillPose(pose(Eigen::AngleAxisd(M_PI / 4, Eigen::Vector3d::UnitZ()).toRotationMatrix(),
                                   Eigen::Vector3d::Zero())));
  const Eigen::Matrix3d Ry = Eigen::AngleAxisd(M_PI / 4, Eigen::Vector3d::UnitY()).toRotationMatrix();
  for (const double gap : {0.001, 0.1})
  {
    const IntervalObb about_y = moveObb(unit, stillPose(pose(Ry, {2 * r + gap, 0.0, 0.0})));
    EXPECT_TRUE(obbsSeparated(about_z, about_y, 0.0)) << gap;
    EXPECT_TRUE(obbsSeparated(about_z, about_y, 0.9 * gap)) << gap;
    EXPECT_FALSE(obbsSeparated(about_z, about_y, 1.1 * gap)) << gap;
  }
  EXPECT_FALSE(obbsSeparated(about_z, moveObb(unit, stillPose(pose(Ry, {2 * r - 0.001, 0.0, 0.0}))), 0.0));
}

/// Two revolute joints: "upper" turns about z at the origin, "lower" about y at (0.4, 0, 0.1).
RobotModel twoJointArm()
{
  const char *urdf = R"(<?xml version="1.0"?>
<robot name="two">
  <link name="base"/>
  <link name="upper"><collision><geometry><box size="0.4 0.1 0.1"/></geometry></collision></link>
  <link name="lower"><collision><geometry><box size="0.4 0.1 0.1"/></geometry></collision></link>
  <joint name="shoulder" type="revolute"><parent link="base"/><child link="upper"/><axis xyz="0 0 1"/>
    <limit lower="-3" upper="3" effort="1" velocity="1"/></joint>
  <joint name="elbow" type="revolute"><parent link="upper"/><child link="lower"/><origin xyz="0.4 0 0.1"/>
    <axis xyz="0 1 0"/><limit lower="-3" upper="3" effort="1" velocity="1"/></joint>
</robot>)";
  return RobotModel::fromUrdfString(urdf, ".", "two");
}

/// An FCL box object for \a node placed by X_WL.
fcl::CollisionObjectd boxObject(const ObbNode &node, const Eigen::Isometry3d &X_WL)
{
  return fcl::CollisionObjectd(std::make_shared<fcl::Boxd>(2.0 * node.half), X_WL * pose(node.axes, node.center));
}

TEST(ContinuousObbOverlap, NeverSeparatesBoxesThatDenseSamplingBringsWithinTheMargin)
{
  const RobotModel robot = twoJointArm();
  KinematicsWorkspace kinematics(robot);
  const int links[2] = {robot.linkIndex("upper"), robot.linkIndex("lower")};
  std::mt19937 random(12);
  std::uniform_real_distribution<double> unit(-1.0, 1.0), size(0.02, 0.3), angle(-2.0, 2.0), margin_of(0.0, 0.05);
  const auto randomBox = [&] {
    const Eigen::Matrix3d axes =
        Eigen::AngleAxisd(3.0 * unit(random), Eigen::Vector3d(unit(random), unit(random), unit(random)).normalized())
            .toRotationMatrix();
    return box({size(random), size(random), size(random)}, 0.5 * Eigen::Vector3d(unit(random), unit(random), unit(random)),
               axes);
  };
  int separated = 0, far = 0, far_separated = 0;
  std::vector<IntervalPose> poses;
  for (int c = 0; c < 3000; ++c)
  {
    Eigen::VectorXd q0(2), q1(2);
    q0 << angle(random), angle(random);
    q1 << angle(random), angle(random);
    const JointMotion motion(robot, q0, q1);
    const int pieces = 1 << (c % 5);  // pieces of 1, 1/2, ..., 1/16
    const int k = static_cast<int>(random() % pieces);
    const double t0 = static_cast<double>(k) / pieces, t1 = static_cast<double>(k + 1) / pieces;
    linkIntervalPoses(motion, t0, t1, poses);
    // Box a on a link, box b on the other link or in the world.
    const int la = links[c % 2], lb = c % 3 == 0 ? -1 : links[(c + 1) % 2];
    const ObbNode a = randomBox(), b = randomBox();
    const Eigen::Isometry3d X_WB0 = pose(Eigen::Matrix3d::Identity(), Eigen::Vector3d(unit(random), unit(random), unit(random)));
    const double margin = margin_of(random);
    const bool apart = obbsSeparated(moveObb(a, poses[la]), moveObb(b, lb >= 0 ? poses[lb] : stillPose(X_WB0)), margin);
    double closest = numeric::kInfinity;
    for (int i = 0; i <= 200; ++i)
    {
      const double t = t0 + (t1 - t0) * i / 200.0;
      forwardKinematics(robot, kinematics, motion.stateAt(t));
      const fcl::CollisionObjectd A = boxObject(a, kinematics.X_WL[la]);
      const fcl::CollisionObjectd B = boxObject(b, lb >= 0 ? kinematics.X_WL[lb] : X_WB0);
      closest = std::min(closest, pairDistanceUpperBound(A, B));
    }
    separated += apart;
    ASSERT_TRUE(!apart || closest > margin)
        << "case " << c << ": separated boxes come within the margin (" << closest << " m)";
    if (closest > margin + 0.05 && pieces >= 8)
    {
      ++far;
      far_separated += apart;
    }
  }
  std::cout << separated << " of 3000 separated; " << far_separated << " of " << far
            << " kept 5 cm beyond the margin by the samples on pieces of 1/8 and 1/16" << std::endl;
  EXPECT_GT(far, 200);
  EXPECT_GT(far_separated, far / 2) << "the test separates too few far pairs";
}
}  // namespace
}  // namespace ompl_ccd
