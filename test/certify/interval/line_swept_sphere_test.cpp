#include "certify/interval/line_swept_sphere.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "bound/motion_samples.h"
#include "ompl_ccd/model/kinematics.h"

namespace ompl_ccd
{
namespace
{
/// Distance from \a p to the segment of \a lss.
double segmentDistance(const LineSweptSphere &lss, const Eigen::Vector3d &p)
{
  const Eigen::Vector3d d = lss.b - lss.a;
  const double s = d.squaredNorm() > 0.0 ? std::clamp((p - lss.a).dot(d) / d.squaredNorm(), 0.0, 1.0) : 0.0;
  return (p - (lss.a + s * d)).norm();
}

TEST(LineSweptSphere, FitContainsEveryPointAlongTheLongestDirection)
{
  const std::vector<Eigen::Vector3d> box = {{-1, -0.1, -0.2}, {1, -0.1, -0.2}, {-1, 0.1, -0.2}, {1, 0.1, -0.2},
                                            {-1, -0.1, 0.2},  {1, -0.1, 0.2},  {-1, 0.1, 0.2},  {1, 0.1, 0.2}};
  const LineSweptSphere lss = fitLineSweptSphere(box);
  EXPECT_NEAR(std::abs((lss.b - lss.a).normalized().x()), 1.0, 1e-9);
  EXPECT_NEAR((lss.b - lss.a).norm(), 2.0, 1e-9);
  EXPECT_NEAR(lss.radius, std::hypot(0.1, 0.2), 1e-9);
  for (const auto &model : test::boundTestModels())
    for (const Link &link : model->links())
      for (const LinkGeometry &geometry : link.geometries)
      {
        const std::vector<Eigen::Vector3d> points = test::geometryPoints(geometry, 400);
        const LineSweptSphere fit = fitLineSweptSphere(points);
        for (const Eigen::Vector3d &p : points)
          ASSERT_LE(segmentDistance(fit, p), fit.radius) << model->name() << " " << link.name;
      }
}

/// The capsule swept over [t0, t1] holds the link's LSS at every sampled time: both end spheres
/// inside (a capsule's distance to a segment is convex, so the whole LSS is then inside).
TEST(LineSweptSphere, SweptCapsuleHoldsTheLinkSphereOverRandomSubIntervals)
{
  std::mt19937 rng(17);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  for (const auto &model : test::boundTestModels())
  {
    KinematicsWorkspace ws(*model);
    std::vector<IntervalPose> X_WL;
    for (int trial = 0; trial < 10; ++trial)
    {
      const JointMotion motion(*model, test::randomState(*model, rng), test::randomState(*model, rng));
      double t0 = unit(rng), t1 = unit(rng);
      if (t0 > t1)
        std::swap(t0, t1);
      linkIntervalPoses(motion, t0, t1, X_WL);
      for (std::size_t l = 0; l < model->links().size(); ++l)
        for (const LinkGeometry &geometry : model->links()[l].geometries)
        {
          const LineSweptSphere lss = fitLineSweptSphere(test::geometryPoints(geometry, 100));
          const LineSweptSphere swept = sweptLineSweptSphere(lss, X_WL[l]);
          for (int k = 0; k <= 20; ++k)
          {
            forwardKinematics(*model, ws, motion.stateAt(t0 + (t1 - t0) * k / 20.0));
            for (const Eigen::Vector3d &end : {lss.a, lss.b})
              ASSERT_LE(segmentDistance(swept, ws.X_WL[l] * end) + lss.radius, swept.radius)
                  << model->name() << " link " << model->links()[l].name;
          }
        }
    }
  }
}
}  // namespace
}  // namespace ompl_ccd
