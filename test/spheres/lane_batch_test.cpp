// The float lane kinematics stay within their proved rounding pad of double-precision forward
// kinematics: every ball centre of every lane, on random edges of robots with every joint kind
// (a floating root, prismatic, continuous and mimic joints), of the bundled arm, of a 30-joint
// chain and of arms placed far from the origin; and Highway's float Sin and Cos stay within the
// 3 ulps the pad takes from their documentation.
#include "spheres/lane_batch.h"

#include <gtest/gtest.h>
#include <cmath>
#include <random>

#include "certify/pipeline/potentially_colliding_pairs.h"
#include "ompl_ccd/model/kinematics.h"
#include "spheres/block_kernel.h"
#include "support/composite_robots.h"
#include "support/example_worlds.h"
#include "support/random_edges.h"
#include "support/test_paths.h"

namespace ompl_ccd::spheres
{
namespace
{
CollisionWorldPtr everyJointKindWorld()
{
  RobotModelOptions options;
  options.floating_root = true;
  options.floating_lower = Eigen::Vector3d::Constant(-3.0);
  options.floating_upper = Eigen::Vector3d::Constant(3.0);
  auto robot = std::make_shared<const RobotModel>(
      RobotModel::fromUrdfFile(test::testDataPath("ompl/every_joint_kind.urdf"), options));
  return std::make_shared<const CollisionWorld>(robot, std::make_shared<const Scene>(std::vector<Obstacle>{}));
}

/// The largest error of the lane centres of every outer and inner ball, over the lanes of
/// \a edges, in units of each ball's own pad (1 = the whole pad used).
double worstPadUse(const CollisionWorldPtr &world, int edges, std::uint32_t seed)
{
  const std::vector<BodyRef> bodies = collisionBodies(*world);
  const SphereModel model(*world, bodies, selfBodyPairs(*world, bodies));
  EdgeLanes edge;
  BlockWorkspace ws(model);
  KinematicsWorkspace kinematics(world->robot());
  std::mt19937 rng(seed);
  double worst = 0.0;
  std::vector<float> centres;
  for (int e = 0; e < edges; ++e)
  {
    const JointMotion motion(world->robot(), test::randomState(world->robot(), rng), test::randomState(world->robot(), rng));
    if (!prepareEdge(motion, edge))
      continue;  // beyond the lanes' range: the edge is not for the lanes
    float times[kLanes];
    for (int k = 0; k < kLanes; ++k)
      times[k] = static_cast<float>((k + 0.5 + (rng() % 100) / 200.0) / kLanes);
    lanePoses(model, edge, times, ws.poses.data());
    for (int k = 0; k < kLanes; ++k)
    {
      forwardKinematics(world->robot(), kinematics, motion.stateAt(times[k]));
      for (const LaneBody &body : model.bodies())
        for (const auto &[balls, first, count] :
             {std::tuple{&model.outer(), body.bound, 1 + body.outer_count},
              std::tuple{&model.inner(), body.inner_first, body.inner_count}})
        {
          centres.resize(static_cast<std::size_t>(count) * 3 * kLanes);
          laneCentres(ws.poses.data(), body.link, *balls, first, count, centres.data());
          for (int b = 0; b < count; ++b)
          {
            const Eigen::Vector3d p_L(balls->x[first + b], balls->y[first + b], balls->z[first + b]);
            const Eigen::Vector3d exact = kinematics.X_WL[body.link] * p_L;
            const Eigen::Vector3d lane(centres[(b * 3 + 0) * kLanes + k], centres[(b * 3 + 1) * kLanes + k],
                                       centres[(b * 3 + 2) * kLanes + k]);
            const double pad = pointRounding(model.links()[body.link], p_L.norm());
            worst = std::max(worst, (lane - exact).norm() / pad);
          }
        }
    }
  }
  return worst;
}

TEST(LaneBatch, FloatCentresStayWithinTheirPadOnEveryJointKind)
{
  const double worst = worstPadUse(everyJointKindWorld(), 300, 1);
  EXPECT_LT(worst, 1.0) << "a lane centre left its proved pad";
  RecordProperty("worst_pad_use", std::to_string(worst));
}

TEST(LaneBatch, FloatCentresStayWithinTheirPadOnTheArmAndLongChains)
{
  EXPECT_LT(worstPadUse(test::exampleWorld("arm/arm.urdf", "scene.yaml"), 300, 2), 1.0);
  EXPECT_LT(worstPadUse(test::armChainWorld(5), 100, 3), 1.0);
}

TEST(LaneBatch, HighwaySinAndCosKeepTheirDocumentedThreeUlps)
{
  // the lanes' angles: |s| + |δ| ≤ kMaxLaneAngle; every float of [-kMaxLaneAngle, kMaxLaneAngle] a
  // stride apart, against double precision
  std::vector<float> angles;
  for (float a = -static_cast<float>(kMaxLaneAngle); a <= static_cast<float>(kMaxLaneAngle); a += 1.37e-4f)
    angles.push_back(a);
  double worst = 0.0;
  for (float a : angles)
  {
    float s, c;
    laneSinCos(a, s, c);
    worst = std::max({worst, std::fabs(s - std::sin(static_cast<double>(a))), std::fabs(c - std::cos(static_cast<double>(a)))});
  }
  EXPECT_LE(worst, 6.0 * kFloatRoundoff) << "Highway's sine or cosine is beyond 3 ulps";
}
}  // namespace
}  // namespace ompl_ccd::spheres
