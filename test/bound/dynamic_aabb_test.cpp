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

/// [Zhang2007] Fig. 5: along a long chain, Taylor-model boxes are much smaller than plain interval
/// ones; the mean-value narrowing of linkIntervalPoses only ever shrinks the plain boxes.
TEST(DynamicAabb, TaylorBoxesAreSmallerThanIntervalBoxesOnTheSnake)
{
  const auto model = test::boundTestModels()[1];
  std::mt19937 rng(5);
  double taylor_volume = 0.0, interval_volume = 0.0, narrowed_volume = 0.0;
  std::vector<TaylorPose> taylor;
  std::vector<IntervalPose> interval, narrowed;
  for (int trial = 0; trial < 20; ++trial)
  {
    const Eigen::VectorXd q0 = test::randomState(*model, rng);
    const Eigen::VectorXd q1 = q0 + 0.3 * (test::randomState(*model, rng) - q0);  // PRM-length edge
    const JointMotion motion(*model, q0, q1);
    linkTaylorPoses(motion, TaylorDomain(0.0, 1.0), taylor);
    plainLinkIntervalPoses(motion, 0.0, 1.0, interval);
    linkIntervalPoses(motion, 0.0, 1.0, narrowed);
    for (std::size_t l = 0; l < model->links().size(); ++l)
      for (const LinkGeometry &geometry : model->links()[l].geometries)
      {
        taylor_volume += dynamicAabb(taylor[l], localBox(geometry)).volume();
        interval_volume += dynamicAabb(interval[l], localBox(geometry)).volume();
        const double narrowed_box = dynamicAabb(narrowed[l], localBox(geometry)).volume();
        EXPECT_LE(narrowed_box, dynamicAabb(interval[l], localBox(geometry)).volume()) << "link " << l;
        narrowed_volume += narrowed_box;
      }
  }
  std::cout << "snake dynamic AABB volume: Taylor " << taylor_volume << " m³, plain interval " << interval_volume
            << " m³ (ratio " << taylor_volume / interval_volume << "), mean-value interval " << narrowed_volume
            << " m³\n";
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

/// A box turned by quarter turns in its link (URDF rpy such as "1.5708 0 3.14159", rounded) is
/// kept aligned with the link; worldAabb encloses its corners at random poses, turned or not, and
/// is no looser than the AABB of the oriented box by more than the padding (microns).
TEST(DynamicAabb, WorldAabbOfQuarterTurnedAndObliqueBoxes)
{
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> angle(-M_PI, M_PI);
  LinkGeometry box_geometry;
  box_geometry.shape.kind = CollisionShape::Kind::Box;
  box_geometry.shape.box_size = Eigen::Vector3d(0.1, 0.3, 0.7);
  box_geometry.X_LG.translation() = Eigen::Vector3d(0.2, -0.1, 0.4);
  for (const bool quarter : {true, false})
  {
    const double roll = quarter ? 1.5707963 : 0.3, yaw = quarter ? 3.14159265 : 1.1;  // URDF-rounded quarter turns
    box_geometry.X_LG.linear() =
        (Eigen::AngleAxisd(yaw, Eigen::Vector3d::UnitZ()) * Eigen::AngleAxisd(roll, Eigen::Vector3d::UnitX())).matrix();
    const LocalBox box = localBox(box_geometry);
    EXPECT_EQ(box.aligned_with_link, quarter);
    for (int trial = 0; trial < 50; ++trial)
    {
      Eigen::Isometry3d X_WL = Eigen::Isometry3d::Identity();
      X_WL.linear() = (Eigen::AngleAxisd(angle(rng), Eigen::Vector3d::UnitZ()) *
                       Eigen::AngleAxisd(angle(rng), Eigen::Vector3d::UnitY()) *
                       Eigen::AngleAxisd(angle(rng), Eigen::Vector3d::UnitX()))
                          .matrix();
      X_WL.translation() = Eigen::Vector3d(angle(rng), angle(rng), angle(rng));
      const Eigen::AlignedBox3d world = worldAabb(X_WL, box);
      Eigen::AlignedBox3d corners;
      for (int corner = 0; corner < 8; ++corner)
      {
        const Eigen::Vector3d p_G = 0.5 * box_geometry.shape.box_size.cwiseProduct(
                                              Eigen::Vector3d(corner & 1 ? 1 : -1, corner & 2 ? 1 : -1, corner & 4 ? 1 : -1));
        const Eigen::Vector3d p_W = X_WL * box_geometry.X_LG * p_G;
        ASSERT_TRUE(world.contains(p_W)) << (quarter ? "quarter-turned" : "oblique") << " trial " << trial;
        corners.extend(p_W);
      }
      EXPECT_LT((world.sizes() - corners.sizes()).maxCoeff(), 1e-6);
    }
  }
}
}  // namespace
}  // namespace ompl_ccd
