#include "ompl_ccd/bound/motion_bound.h"

#include <gtest/gtest.h>

#include <iostream>
#include <random>

#include "bound/motion_samples.h"
#include "ompl_ccd/model/kinematics.h"

namespace ompl_ccd
{
namespace
{
Eigen::Vector3d randomDirection(std::mt19937 &rng)
{
  std::normal_distribution<double> gauss;
  return Eigen::Vector3d(gauss(rng), gauss(rng), gauss(rng)).normalized();
}

/// [Zhang2007] Eq. (10): for random models, motions, sub-intervals [t_a, t_b] and directions n,
/// no sampled point of any geometry moves further along n (or at all) than μ (t − t_a).
TEST(MotionBound, BoundsSampledDisplacementsOfEveryGeometryPoint)
{
  std::mt19937 rng(17);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  std::size_t checks = 0;
  double tightest = 0.0;  // largest displacement / bound ratio seen (directed)
  for (const auto &model : test::boundTestModels())
  {
    KinematicsWorkspace ws_a(*model), ws(*model);
    for (int trial = 0; trial < 40; ++trial)
    {
      const Eigen::VectorXd q0 = test::randomState(*model, rng);
      Eigen::VectorXd q1 = test::randomState(*model, rng);
      const JointMotion motion(*model, q0, q1);
      double t_a = unit(rng), t_b = unit(rng);
      if (t_a > t_b)
        std::swap(t_a, t_b);
      if (trial % 4 == 0)  // the whole motion, as CA's first step sees it
        t_a = 0.0, t_b = 1.0;
      forwardKinematics(*model, ws_a, motion.stateAt(t_a));
      const Eigen::Vector3d n = randomDirection(rng);
      for (std::size_t l = 0; l < model->links().size(); ++l)
        for (const LinkGeometry &geometry : model->links()[l].geometries)
        {
          const BodyReach reach = bodyReach(*model, static_cast<int>(l), geometry);
          const double radius = reach.radius;
          ASSERT_LE(reach.axis_radius, radius);
          const double mu_n = motionBoundAlong(motion, ws_a.X_WL, static_cast<int>(l), reach, t_a, t_b, n);
          const double mu = motionBound(motion, static_cast<int>(l), reach, t_a, t_b);
          ASSERT_LE(mu_n, mu * (1 + 1e-12));
          const std::vector<Eigen::Vector3d> points = test::geometryPoints(geometry, 80);
          const int own_joint = model->links()[l].parent_joint;
          for (const Eigen::Vector3d &p_L : points)
          {
            ASSERT_LE(p_L.norm(), radius);
            if (own_joint >= 0)
            {
              ASSERT_LE(model->joints()[own_joint].axis.cross(p_L).norm(), reach.axis_radius);
            }
          }
          for (int k = 1; k <= 30; ++k)
          {
            const double t = t_a + (t_b - t_a) * k / 30.0;
            forwardKinematics(*model, ws, motion.stateAt(t));
            for (const Eigen::Vector3d &p_L : points)
            {
              const Eigen::Vector3d shift = ws.X_WL[l] * p_L - ws_a.X_WL[l] * p_L;
              ASSERT_LE(std::fabs(shift.dot(n)), mu_n * (t - t_a) + 1e-12)
                  << model->name() << " link " << model->links()[l].name << " t_a " << t_a << " t " << t;
              ASSERT_LE(shift.norm(), mu * (t - t_a) + 1e-12) << model->name() << " link " << model->links()[l].name;
              if (mu_n > 0)
                tightest = std::max(tightest, std::fabs(shift.dot(n)) / (mu_n * (t - t_a)));
              ++checks;
            }
          }
        }
    }
  }
  std::cout << checks << " displacements checked; largest displacement/bound ratio " << tightest << "\n";
  EXPECT_GT(tightest, 0.3);  // the bound is not vacuous
}

/// With relative_to = an ancestor C: points taken in C's frame move (overall, and along a direction
/// fixed in C's frame) no further than the bound from the joints below C, which never exceeds the
/// world bound.
TEST(MotionBound, BoundsDisplacementsRelativeToAnAncestor)
{
  std::mt19937 rng(29);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  std::size_t checks = 0;
  double tightest = 0.0;
  for (const auto &model : test::boundTestModels())
  {
    KinematicsWorkspace ws_a(*model), ws(*model);
    for (int trial = 0; trial < 20; ++trial)
    {
      const JointMotion motion(*model, test::randomState(*model, rng), test::randomState(*model, rng));
      double t_a = unit(rng), t_b = unit(rng);
      if (t_a > t_b)
        std::swap(t_a, t_b);
      forwardKinematics(*model, ws_a, motion.stateAt(t_a));
      const Eigen::Vector3d n = randomDirection(rng);
      for (std::size_t l = 0; l < model->links().size(); ++l)
        for (int c = model->links()[l].parent_link; c >= 0; c = model->links()[c].parent_link)
          for (const LinkGeometry &geometry : model->links()[l].geometries)
          {
            const int link = static_cast<int>(l);
            const BodyReach reach = bodyReach(*model, link, geometry);
            const double mu_n = motionBoundAlong(motion, ws_a.X_WL, link, reach, t_a, t_b, n, c);
            const double mu = motionBound(motion, link, reach, t_a, t_b, c);
            ASSERT_LE(mu_n, mu * (1 + 1e-12));
            ASSERT_LE(mu_n, motionBoundAlong(motion, ws_a.X_WL, link, reach, t_a, t_b, n) * (1 + 1e-12));
            const Eigen::Vector3d n_C = ws_a.X_WL[c].linear().transpose() * n;
            const Eigen::Isometry3d X_CL_a = ws_a.X_WL[c].inverse() * ws_a.X_WL[l];
            const std::vector<Eigen::Vector3d> points = test::geometryPoints(geometry, 40);
            for (int k = 1; k <= 20; ++k)
            {
              const double t = t_a + (t_b - t_a) * k / 20.0;
              forwardKinematics(*model, ws, motion.stateAt(t));
              const Eigen::Isometry3d X_CL = ws.X_WL[c].inverse() * ws.X_WL[l];
              for (const Eigen::Vector3d &p_L : points)
              {
                const Eigen::Vector3d shift = X_CL * p_L - X_CL_a * p_L;
                ASSERT_LE(std::fabs(shift.dot(n_C)), mu_n * (t - t_a) + 1e-12)
                    << model->name() << " link " << model->links()[l].name << " relative to "
                    << model->links()[c].name;
                ASSERT_LE(shift.norm(), mu * (t - t_a) + 1e-12) << model->name() << " link " << model->links()[l].name;
                if (mu_n > 0)
                  tightest = std::max(tightest, std::fabs(shift.dot(n_C)) / (mu_n * (t - t_a)));
                ++checks;
              }
            }
          }
    }
  }
  std::cout << checks << " relative displacements checked; largest displacement/bound ratio " << tightest << "\n";
  EXPECT_GT(checks, 10000u);
  EXPECT_GT(tightest, 0.3);
}

/// The acceleration bound A keeps every sampled point of every geometry within
/// A (t − t_0)(t_1 − t)/2 of its chord from p(t_0) to p(t_1), in the world and relative to each
/// ancestor, on random sub-intervals of random motions.
TEST(AccelerationBound, KeepsSampledPointsNearTheirChords)
{
  std::mt19937 rng(41);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  std::size_t checks = 0;
  double tightest = 0.0;  // largest deviation / bound ratio seen
  for (const auto &model : test::boundTestModels())
  {
    KinematicsWorkspace ws_0(*model), ws_1(*model), ws(*model);
    for (int trial = 0; trial < 30; ++trial)
    {
      const JointMotion motion(*model, test::randomState(*model, rng), test::randomState(*model, rng));
      double t_0 = unit(rng), t_1 = unit(rng);
      if (t_0 > t_1)
        std::swap(t_0, t_1);
      if (trial % 3 == 0)  // the whole motion, as the box pieces' bound takes it
        t_0 = 0.0, t_1 = 1.0;
      forwardKinematics(*model, ws_0, motion.stateAt(t_0));
      forwardKinematics(*model, ws_1, motion.stateAt(t_1));
      for (std::size_t l = 0; l < model->links().size(); ++l)
        for (int c = static_cast<int>(l); c >= -1; c = c >= 0 ? model->links()[c].parent_link : -2)
        {
          if (c == static_cast<int>(l))
            continue;  // c = −1: the world, then every proper ancestor
          const auto inFrame = [&](const KinematicsWorkspace &kin) {
            return c < 0 ? kin.X_WL[l] : Eigen::Isometry3d(kin.X_WL[c].inverse() * kin.X_WL[l]);
          };
          for (const LinkGeometry &geometry : model->links()[l].geometries)
          {
            const BodyReach reach = bodyReach(*model, static_cast<int>(l), geometry);
            const double bound = accelerationBound(motion, static_cast<int>(l), reach, t_0, t_1, c);
            const std::vector<Eigen::Vector3d> points = test::geometryPoints(geometry, 40);
            for (int k = 1; k < 16; ++k)
            {
              const double s = k / 16.0, t = t_0 + (t_1 - t_0) * s;
              forwardKinematics(*model, ws, motion.stateAt(t));
              const double allowed = bound * (t - t_0) * (t_1 - t) / 2.0;
              for (const Eigen::Vector3d &p_L : points)
              {
                const Eigen::Vector3d chord = (1.0 - s) * (inFrame(ws_0) * p_L) + s * (inFrame(ws_1) * p_L);
                const double deviation = (inFrame(ws) * p_L - chord).norm();
                ASSERT_LE(deviation, allowed + 1e-12)
                    << model->name() << " link " << model->links()[l].name << " relative to " << c << " t " << t;
                if (allowed > 1e-6)
                  tightest = std::max(tightest, deviation / allowed);
                ++checks;
              }
            }
          }
        }
    }
  }
  std::cout << checks << " chord deviations checked; largest deviation/bound ratio " << tightest << "\n";
  EXPECT_GT(checks, 100000u);
  EXPECT_GT(tightest, 0.2);  // the bound is not vacuous
}

/// Hand-solved: a point at distance r from a single revolute axis turning by δ at a constant rate
/// accelerates by δ² r (centripetal); the second-order widening of a short piece is the chord's
/// sagitta bound, of a long one the first-order μ · span/2.
TEST(AccelerationBound, SingleRevoluteJointClosedForm)
{
  const auto model = test::boundTestModels()[2];  // planar 2R: joint_1 about z at the origin
  Eigen::VectorXd q0 = Eigen::VectorXd::Zero(model->nq()), q1 = q0;
  q1[0] = 0.5;
  const JointMotion motion(*model, q0, q1);
  const int link_1 = model->linkIndex("link_1");
  EXPECT_NEAR(accelerationBound(motion, link_1, BodyReach{0.8, 0.3}, 0.0, 1.0), 0.25 * 0.3, 1e-12);
  EXPECT_DOUBLE_EQ(sweptBoxWidening(0.15, 0.075, 0.25), 0.075 * 0.0625 / 8.0);
  EXPECT_DOUBLE_EQ(sweptBoxWidening(0.15, 100.0, 1.0), 0.075);
}

/// Hand-solved: a point at distance r from a single revolute axis turning by δ moves at most |δ| r;
/// along the axis it does not move at all.
TEST(MotionBound, SingleRevoluteJointClosedForm)
{
  const auto model = test::boundTestModels()[2];  // planar 2R: joint_1 about z at the origin
  Eigen::VectorXd q0 = Eigen::VectorXd::Zero(model->nq()), q1 = q0;
  q1[0] = 0.5;
  const JointMotion motion(*model, q0, q1);
  KinematicsWorkspace ws(*model);
  forwardKinematics(*model, ws, q0);
  const int link_1 = model->linkIndex("link_1");
  const Eigen::Vector3d z = Eigen::Vector3d::UnitZ();
  const BodyReach reach{0.8, 0.8};
  EXPECT_NEAR(motionBound(motion, link_1, reach, 0.0, 1.0), 0.5 * 0.8, 1e-12);
  EXPECT_NEAR(motionBoundAlong(motion, ws.X_WL, link_1, reach, 0.0, 1.0, z), 0.0, 1e-9);  // angle slack only
  // a point 0.8 from the origin but 0.3 from the axis moves at most 0.5 · 0.3
  EXPECT_NEAR(motionBound(motion, link_1, BodyReach{0.8, 0.3}, 0.0, 1.0), 0.5 * 0.3, 1e-12);
}
}  // namespace
}  // namespace ompl_ccd
