#include "ompl_ccd/bound/dynamic_aabb.h"

#include <gtest/gtest.h>

#include <iostream>
#include <random>

#include "bound/motion_samples.h"
#include "ompl_ccd/model/kinematics.h"

namespace ompl_ccd
{
namespace
{
/// Every sampled geometry point at every sampled time of [t0, t1] lies in the dynamic AABBs
/// computed with Taylor models and with interval arithmetic ([Zhang2007] Sec. 5.2).
TEST(DynamicAabb, EnclosesSampledLinkPointsOverRandomSubIntervals)
{
  std::mt19937 rng(3);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  for (const auto &model : test::boundTestModels())
  {
    KinematicsWorkspace ws(*model);
    std::vector<TaylorPose> taylor;
    std::vector<IntervalPose> interval;
    for (int trial = 0; trial < 15; ++trial)
    {
      const JointMotion motion(*model, test::randomState(*model, rng), test::randomState(*model, rng));
      double t0 = trial == 0 ? 0.0 : unit(rng), t1 = trial == 0 ? 1.0 : unit(rng);
      if (t0 > t1)
        std::swap(t0, t1);
      linkTaylorPoses(motion, TaylorDomain(t0, t1), taylor);
      linkIntervalPoses(motion, t0, t1, interval);
      for (int k = 0; k <= 40; ++k)
      {
        const double t = t0 + (t1 - t0) * k / 40.0;
        forwardKinematics(*model, ws, motion.stateAt(t));
        for (std::size_t l = 0; l < model->links().size(); ++l)
          for (const LinkGeometry &geometry : model->links()[l].geometries)
          {
            const LocalBox box = localBox(geometry);
            const Eigen::AlignedBox3d by_taylor = dynamicAabb(taylor[l], box);
            const Eigen::AlignedBox3d by_interval = dynamicAabb(interval[l], box);
            for (const Eigen::Vector3d &p_L : test::geometryPoints(geometry, 60))
            {
              const Eigen::Vector3d p_W = ws.X_WL[l] * p_L;
              ASSERT_TRUE(by_taylor.contains(p_W)) << model->name() << " link " << model->links()[l].name << " t " << t;
              ASSERT_TRUE(by_interval.contains(p_W)) << model->name() << " link " << model->links()[l].name;
            }
          }
      }
    }
  }
}

/// [Zhang2007] Fig. 5: along a long chain, Taylor-model boxes are much smaller than interval ones.
TEST(DynamicAabb, TaylorBoxesAreSmallerThanIntervalBoxesOnTheSnake)
{
  const auto model = test::boundTestModels()[1];
  std::mt19937 rng(5);
  double taylor_volume = 0.0, interval_volume = 0.0;
  std::vector<TaylorPose> taylor;
  std::vector<IntervalPose> interval;
  for (int trial = 0; trial < 20; ++trial)
  {
    const Eigen::VectorXd q0 = test::randomState(*model, rng);
    const Eigen::VectorXd q1 = q0 + 0.3 * (test::randomState(*model, rng) - q0);  // PRM-length edge
    const JointMotion motion(*model, q0, q1);
    linkTaylorPoses(motion, TaylorDomain(0.0, 1.0), taylor);
    linkIntervalPoses(motion, 0.0, 1.0, interval);
    for (std::size_t l = 0; l < model->links().size(); ++l)
      for (const LinkGeometry &geometry : model->links()[l].geometries)
      {
        taylor_volume += dynamicAabb(taylor[l], localBox(geometry)).volume();
        interval_volume += dynamicAabb(interval[l], localBox(geometry)).volume();
      }
  }
  std::cout << "snake dynamic AABB volume: Taylor " << taylor_volume << " m³, interval " << interval_volume
            << " m³ (ratio " << taylor_volume / interval_volume << ")\n";
  EXPECT_LT(taylor_volume, interval_volume);
}

TEST(DynamicAabb, LocalBoxOfPrimitivesIsTheirExtent)
{
  LinkGeometry cylinder;
  cylinder.shape.kind = CollisionShape::Kind::Cylinder;
  cylinder.shape.radius = 0.1;
  cylinder.shape.length = 0.4;
  cylinder.X_LG.translation() = Eigen::Vector3d(1, 2, 3);
  const LocalBox box = localBox(cylinder);
  EXPECT_TRUE(box.half_extents.isApprox(Eigen::Vector3d(0.1, 0.1, 0.2)));
  EXPECT_TRUE(box.X_LB.translation().isApprox(Eigen::Vector3d(1, 2, 3)));
}
}  // namespace
}  // namespace ompl_ccd
