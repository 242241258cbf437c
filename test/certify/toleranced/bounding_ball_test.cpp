// Tests of bounding balls of sub-motions in R¹² ([SchroeckerWeber] Sec. 5): sampled poses of the
// sub-motion (forward kinematics, independent of the enclosure) always lie inside the ball.
#include "certify/toleranced/bounding_ball.h"

#include <gtest/gtest.h>

#include <random>

#include "bound/motion_samples.h"
#include "ompl_ccd/model/joint_motion.h"
#include "ompl_ccd/model/kinematics.h"

namespace ompl_ccd
{
namespace
{
AffineDisplacement displacement(const Eigen::Isometry3d &X)
{
  AffineDisplacement alpha;
  alpha.A = X.linear();
  alpha.a = X.translation();
  return alpha;
}

/// The link's metric from its geometry points, or a unit cube about its origin if it has none.
AffineMetric linkMetric(const Link &link)
{
  std::vector<Eigen::Vector3d> points;
  for (const LinkGeometry &geometry : link.geometries)
    for (const Eigen::Vector3d &p : test::geometryPoints(geometry))
      points.push_back(p);
  if (points.empty())
    for (int k = 0; k < 8; ++k)
      points.emplace_back((k & 1) ? 0.5 : -0.5, (k & 2) ? 0.5 : -0.5, (k & 4) ? 0.5 : -0.5);
  return AffineMetric::fromVertices(points, MassDistribution::MeshVertices);
}

TEST(BoundingBall, SampledPosesOfTheSubMotionLieInsideTheBall)
{
  std::mt19937 rng(42);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  for (const auto &model : test::boundTestModels())
  {
    KinematicsWorkspace kin(*model);
    std::vector<TaylorPose> poses;
    std::vector<AffineMetric> metrics;
    for (const Link &link : model->links())
      metrics.push_back(linkMetric(link));
    for (int trial = 0; trial < 20; ++trial)
    {
      const JointMotion motion(*model, test::randomState(*model, rng), test::randomState(*model, rng));
      const double width = std::pow(10.0, -3.0 * unit(rng));
      const double t0 = unit(rng) * (1.0 - width), t1 = t0 + width;
      linkTaylorPoses(motion, TaylorDomain(t0, t1), poses);
      forwardKinematics(*model, kin, motion.stateAt(0.5 * (t0 + t1)));
      const std::vector<Eigen::Isometry3d> centres = kin.X_WL;
      std::vector<IntervalPose> interval_poses;
      linkIntervalPoses(motion, t0, t1, interval_poses);
      std::vector<double> radius(model->links().size()), interval_radius(model->links().size());
      for (std::size_t l = 0; l < radius.size(); ++l)
      {
        radius[l] = enclosingRadius(metrics[l], poses[l], centres[l]);
        interval_radius[l] = enclosingRadius(metrics[l], interval_poses[l], centres[l]);
      }
      // The last link relative to the first one that moves (relative motion, self pairs).
      const std::size_t a = model->links().size() > 1 ? 1 : 0, b = model->links().size() - 1;
      const Eigen::Isometry3d g_ab = centres[a].inverse() * centres[b];
      const double r_ab = enclosingRadius(metrics[b], relativePose(poses[a], poses[b]), g_ab);
      for (int k = 0; k <= 30; ++k)
      {
        const double t = k == 30 ? t1 : t0 + (t1 - t0) * k / 30.0;
        forwardKinematics(*model, kin, motion.stateAt(t));
        for (std::size_t l = 0; l < radius.size(); ++l)
        {
          const double d = std::sqrt(metrics[l].squaredDistance(displacement(kin.X_WL[l]), displacement(centres[l])));
          EXPECT_LE(d, radius[l] * (1.0 + 1e-12) + 1e-12) << model->name() << " link " << l << " t " << t;
          EXPECT_LE(d, interval_radius[l] * (1.0 + 1e-12) + 1e-12) << model->name() << " link " << l << " t " << t;
        }
        const double d_ab = std::sqrt(metrics[b].squaredDistance(displacement(kin.X_WL[a].inverse() * kin.X_WL[b]),
                                                                 displacement(g_ab)));
        EXPECT_LE(d_ab, r_ab * (1.0 + 1e-12) + 1e-12) << model->name() << " relative, t " << t;
      }
    }
  }
}

TEST(BoundingBall, RadiusShrinksWithTheSubInterval)
{
  // Halving the sub-interval about the same centre roughly halves R (the curve is C¹).
  std::mt19937 rng(5);
  const auto model = test::boundTestModels().front();
  const AffineMetric metric = linkMetric(model->links().back());
  KinematicsWorkspace kin(*model);
  std::vector<TaylorPose> poses;
  const JointMotion motion(*model, test::randomState(*model, rng), test::randomState(*model, rng));
  forwardKinematics(*model, kin, motion.stateAt(0.5));
  const Eigen::Isometry3d g = kin.X_WL.back();
  double previous = INFINITY;
  for (double h = 0.1; h > 1e-4; h *= 0.5)
  {
    linkTaylorPoses(motion, TaylorDomain(0.5 - h, 0.5 + h), poses);
    const double R = enclosingRadius(metric, poses.back(), g);
    EXPECT_LT(R, 0.6 * previous) << "h = " << h;
    previous = R;
  }
  EXPECT_GT(previous, 0.0);
}
}  // namespace
}  // namespace ompl_ccd
