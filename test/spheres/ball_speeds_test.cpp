// The per-point motion bounds of ball_speeds.h hold: on random edges of robots with every joint
// kind (a floating root, prismatic joints, continuous joints whose edges cross ±π, mimic followers
// of revolute and continuous joints), of a planar base (two prismatic joints and a yaw), of the
// bundled arm, and of a floating robot 1e5 m from the origin, the displacement of random points of
// every link between any two sampled times stays below μ · |t − s|, in the world and relative to
// every ancestor link (the self pairs' bound: a point's motion in the ancestor's frame).
#include "spheres/ball_speeds.h"

#include <gtest/gtest.h>
#include <random>

#include "ompl_ccd/model/kinematics.h"
#include "support/random_edges.h"
#include "support/test_paths.h"

namespace ompl_ccd::spheres
{
namespace
{
std::shared_ptr<const RobotModel> everyJointKind(double at)
{
  RobotModelOptions options;
  options.floating_root = true;
  options.floating_lower = Eigen::Vector3d::Constant(at - 3.0);
  options.floating_upper = Eigen::Vector3d::Constant(at + 3.0);
  return std::make_shared<const RobotModel>(
      RobotModel::fromUrdfFile(test::testDataPath("ompl/every_joint_kind.urdf"), options));
}

std::shared_ptr<const RobotModel> planarBase()
{
  const std::string urdf = R"(<robot name="planar">
  <link name="world"/><link name="x"/><link name="y"/>
  <link name="base"><collision><geometry><box size="0.4 0.3 0.2"/></geometry></collision></link>
  <link name="arm"><collision><origin xyz="0.3 0 0"/><geometry><box size="0.6 0.05 0.05"/></geometry></collision></link>
  <joint name="px" type="prismatic"><parent link="world"/><child link="x"/><axis xyz="1 0 0"/>
    <limit lower="-2" upper="2" effort="1" velocity="1"/></joint>
  <joint name="py" type="prismatic"><parent link="x"/><child link="y"/><axis xyz="0 1 0"/>
    <limit lower="-2" upper="2" effort="1" velocity="1"/></joint>
  <joint name="yaw" type="continuous"><parent link="y"/><child link="base"/><axis xyz="0 0 1"/></joint>
  <joint name="lift" type="revolute"><parent link="base"/><child link="arm"/><origin xyz="0.2 0 0.1"/>
    <axis xyz="0 1 0"/><limit lower="-1.5" upper="1.5" effort="1" velocity="1"/></joint>
</robot>)";
  return std::make_shared<const RobotModel>(RobotModel::fromUrdfString(urdf, ".", "planar"));
}

/// The distance of p_L from link's own rotating joint's axis, else |p_L| (sphere_model.cpp's lever).
double axisLever(const RobotModel &model, int link, const Eigen::Vector3d &p_L)
{
  const int j = model.links()[link].parent_joint;
  if (j < 0 || (model.joints()[j].type != JointType::Revolute && model.joints()[j].type != JointType::Continuous))
    return p_L.norm();
  return model.joints()[j].axis.cross(p_L).norm();
}

/// The largest displacement over μ · |t − s| of random points of every link on \a edges random
/// edges, in the world and relative to each ancestor (1 = the bound met exactly), less the
/// rounding of the double-precision positions.
double worstUse(const RobotModel &model, int edges, std::uint32_t seed)
{
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> sym(-1.0, 1.0);
  constexpr int kSamples = 40;
  std::vector<KinematicsWorkspace> poses(kSamples, KinematicsWorkspace(model));
  double times[kSamples], worst = 0.0;
  for (int e = 0; e < edges; ++e)
  {
    const JointMotion motion(model, test::randomState(model, rng), test::randomState(model, rng));
    for (int i = 0; i < kSamples; ++i)
    {
      times[i] = i == 0 ? 0.0 : i == 1 ? 1.0 : (rng() % 100000) / 100000.0;
      forwardKinematics(model, poses[i], motion.stateAt(times[i]));
    }
    for (int l = 0; l < static_cast<int>(model.links().size()); ++l)
    {
      const Eigen::Vector3d p_L = Eigen::Vector3d(sym(rng), sym(rng), sym(rng)) * (rng() % 2 ? 1.0 : 0.05);
      std::vector<int> frames{-1};  // the world, then every ancestor
      for (int a = model.links()[l].parent_link; a >= 0; a = model.links()[a].parent_link)
        frames.push_back(a);
      for (const int to : frames)
      {
        const double mu = pointSpeed(motion, l, to).at(p_L.norm(), axisLever(model, l, p_L));
        const auto at = [&](int i) {
          const Eigen::Isometry3d frame = to < 0 ? Eigen::Isometry3d::Identity() : poses[i].X_WL[to];
          return Eigen::Vector3d(frame.inverse() * (poses[i].X_WL[l] * p_L));
        };
        for (int i = 0; i < kSamples; ++i)
          for (int k = i + 1; k < kSamples; ++k)
          {
            const double dt = std::fabs(times[i] - times[k]);
            // the double-precision positions' own rounding: a few dozen ulps of the point's norm
            const double slack = 1e-14 * (1.0 + (poses[i].X_WL[l] * p_L).norm());
            if (dt > 1e-9)
              worst = std::max(worst, ((at(i) - at(k)).norm() - slack) / (mu * dt));
          }
      }
    }
  }
  return worst;
}

TEST(BallSpeeds, PointsMoveLessThanTheirBoundOnEveryJointKind)
{
  EXPECT_LE(worstUse(*everyJointKind(0.0), 60, 1), 1.0);
}

TEST(BallSpeeds, PointsMoveLessThanTheirBoundOnAPlanarBase)
{
  EXPECT_LE(worstUse(*planarBase(), 100, 2), 1.0);
}

TEST(BallSpeeds, PointsMoveLessThanTheirBoundOnTheArmAndFarFromTheOrigin)
{
  EXPECT_LE(worstUse(RobotModel::fromUrdfFile(test::examplePath("arm/arm.urdf")), 100, 3), 1.0);
  EXPECT_LE(worstUse(*everyJointKind(1e5), 60, 4), 1.0);
}
}  // namespace
}  // namespace ompl_ccd::spheres
