// Tests of one link's Taylor matrix composed along its chain only (linkTaylorPose): from the world
// it is the enclosure of linkTaylorPoses; from an ancestor frame F it encloses the sampled relative
// poses X_FL(t) = X_WF(t)⁻¹ X_WL(t) of forward kinematics.
#include "ompl_ccd/bound/taylor_pose.h"

#include <gtest/gtest.h>

#include <random>

#include "bound/motion_samples.h"
#include "ompl_ccd/model/joint_motion.h"
#include "ompl_ccd/model/kinematics.h"

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
}  // namespace
}  // namespace ompl_ccd
