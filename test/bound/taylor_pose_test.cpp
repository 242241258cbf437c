// Tests of one link's Taylor matrix composed along its chain only (linkTaylorPose): from the world
// it is the enclosure of linkTaylorPoses; from an ancestor frame F it encloses the sampled relative
// poses X_FL(t) = X_WF(t)⁻¹ X_WL(t) of forward kinematics. And of the interval poses' mean-value
// narrowing (linkIntervalPoses) along a 30-joint chain.
#include "ompl_ccd/bound/taylor_pose.h"

#include <gtest/gtest.h>

#include <random>

#include "bound/motion_samples.h"
#include "ompl_ccd/bound/motion_bound.h"
#include "ompl_ccd/model/joint_motion.h"
#include "ompl_ccd/model/kinematics.h"
#include "support/composite_robots.h"

namespace ompl_ccd
{
namespace
{
/// Whether \a x lies in the range of \a f over its domain, up to rounding.
bool encloses(const TaylorModel &f, double x)
{
  const Interval range = f.bound();
  const double slack = 1e-12 * (1.0 + std::abs(x));
  return range.lo() - slack <= x && x <= range.hi() + slack;
}

TEST(TaylorPose, OneChainFromTheWorldIsTheWholeRobotsEnclosure)
{
  std::mt19937 rng(3);
  for (const auto &model : test::boundTestModels())
  {
    const JointMotion motion(*model, test::randomState(*model, rng), test::randomState(*model, rng));
    const TaylorDomain domain(0.25, 0.375);
    std::vector<TaylorPose> all;
    linkTaylorPoses(motion, domain, all);
    for (std::size_t l = 0; l < all.size(); ++l)
    {
      const TaylorPose one = linkTaylorPose(motion, domain, static_cast<int>(l));
      for (int k = 0; k < 9; ++k)
      {
        EXPECT_EQ(one.R[k].bound().lo(), all[l].R[k].bound().lo()) << model->name() << " link " << l;
        EXPECT_EQ(one.R[k].bound().hi(), all[l].R[k].bound().hi()) << model->name() << " link " << l;
      }
      for (int k = 0; k < 3; ++k)
      {
        EXPECT_EQ(one.p[k].bound().lo(), all[l].p[k].bound().lo()) << model->name() << " link " << l;
        EXPECT_EQ(one.p[k].bound().hi(), all[l].p[k].bound().hi()) << model->name() << " link " << l;
      }
    }
  }
}

TEST(TaylorPose, OneChainFromAnAncestorEnclosesTheRelativePoses)
{
  std::mt19937 rng(4);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  for (const auto &model : test::boundTestModels())
  {
    KinematicsWorkspace kin(*model);
    const auto &links = model->links();
    for (int trial = 0; trial < 10; ++trial)
    {
      const JointMotion motion(*model, test::randomState(*model, rng), test::randomState(*model, rng));
      const double width = std::pow(10.0, -2.0 * unit(rng));
      const double t0 = unit(rng) * (1.0 - width), t1 = t0 + width;
      for (int l = 0; l < static_cast<int>(links.size()); ++l)
        for (int frame = links[l].parent_link; frame >= 0; frame = links[frame].parent_link)
        {
          const TaylorPose X_FL = linkTaylorPose(motion, TaylorDomain(t0, t1), l, frame);
          for (int k = 0; k <= 10; ++k)
          {
            forwardKinematics(*model, kin, motion.stateAt(t0 + (t1 - t0) * k / 10.0));
            const Eigen::Isometry3d sample = kin.X_WL[frame].inverse() * kin.X_WL[l];
            for (int i = 0; i < 3; ++i)
            {
              for (int j = 0; j < 3; ++j)
                EXPECT_TRUE(encloses(X_FL.R[3 * i + j], sample.linear()(i, j)))
                    << model->name() << " link " << l << " in " << frame << " R(" << i << ", " << j << ")";
              EXPECT_TRUE(encloses(X_FL.p[i], sample.translation()(i)))
                  << model->name() << " link " << l << " in " << frame << " p(" << i << ")";
            }
          }
        }
    }
  }
}

/// Along five bundled arms bolted end to end (30 joints) the plain interval product of the last
/// links is metres wide even over a sub-interval of 1e-6 (each 3×3 product adds its factors'
/// widths); linkIntervalPoses stays within the motion bound (2 μ |t − t_m| per coordinate, plus
/// the midpoint product's rounding, ~1e-8 m here) and still holds every sampled pose, in the world and in every ancestor frame.
TEST(IntervalPoses, MeanValueNarrowingHoldsAndStaysNarrowAlongAThirtyJointChain)
{
  const RobotModelPtr model = test::armChainRobot(5);
  const auto &links = model->links();
  KinematicsWorkspace kin(*model);
  std::mt19937 rng(31);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  const int last = static_cast<int>(links.size()) - 1;
  double plain_width = 0.0, narrowed_width = 0.0;
  std::vector<IntervalPose> narrowed, plain;
  for (int trial = 0; trial < 12; ++trial)
  {
    const JointMotion motion(*model, test::randomState(*model, rng), test::randomState(*model, rng));
    const double span = trial % 3 == 0 ? 1e-6 : trial % 3 == 1 ? 1.0 / 64 : 0.25;
    const double t0 = (1.0 - span) * unit(rng), t1 = t0 + span;
    for (int frame = -1; frame < static_cast<int>(links.size()); frame += 7)
    {
      linkIntervalPoses(motion, t0, t1, narrowed, frame);
      plainLinkIntervalPoses(motion, t0, t1, plain, frame);
      for (int k = 0; k <= 20; ++k)
      {
        forwardKinematics(*model, kin, motion.stateAt(t0 + (t1 - t0) * k / 20.0));
        for (int l = 0; l <= last; ++l)
        {
          bool below = false;  // the product starts at the frame only for the links below it
          for (int a = l; a >= 0 && !below; a = links[a].parent_link)
            below = a == frame;
          const Eigen::Isometry3d X = below ? Eigen::Isometry3d(kin.X_WL[frame].inverse() * kin.X_WL[l]) : kin.X_WL[l];
          for (int i = 0; i < 3; ++i)
          {
            const double slack = 1e-12 * (1.0 + std::abs(X.translation()(i)));
            ASSERT_LE(narrowed[l].p[i].lo() - slack, X.translation()(i)) << "link " << l << " frame " << frame;
            ASSERT_GE(narrowed[l].p[i].hi() + slack, X.translation()(i)) << "link " << l << " frame " << frame;
            for (int j = 0; j < 3; ++j)
            {
              ASSERT_LE(narrowed[l].R[3 * i + j].lo() - 1e-12, X.linear()(i, j)) << "link " << l;
              ASSERT_GE(narrowed[l].R[3 * i + j].hi() + 1e-12, X.linear()(i, j)) << "link " << l;
            }
          }
        }
      }
      if (frame >= 0)
        continue;
      const double mu = motionBound(motion, last, BodyReach{}, t0, t1);
      for (int i = 0; i < 3; ++i)
      {
        EXPECT_LE(narrowed[last].p[i].width(), mu * (t1 - t0) * (1.0 + 1e-6) + 1e-7) << "trial " << trial;
        plain_width += plain[last].p[i].width();
        narrowed_width += narrowed[last].p[i].width();
      }
    }
  }
  std::printf("last link's origin, summed widths: plain products %.4g m, narrowed %.4g m\n", plain_width,
              narrowed_width);
  EXPECT_LT(narrowed_width, 1e-3 * plain_width);
}
}  // namespace
}  // namespace ompl_ccd
