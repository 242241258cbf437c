#include "certify/interval/interval_link_pose.h"

#include <gtest/gtest.h>

#include <random>

#include "ompl_ccd/model/kinematics.h"
#include "support/example_worlds.h"
#include "support/random_edges.h"

namespace ompl_ccd
{
namespace
{
bool holds(const Interval &x, double value)
{
  return x.lo() - 1e-12 <= value && value <= x.hi() + 1e-12;
}

/// X_FL(t) = X_WF(t)⁻¹ X_WL(t) lies in the enclosure over T for every link L, every ancestor F of
/// L (and the world), at sampled times of random sub-intervals: [Redon2004] Sec. 4.1. The
/// reference X_WF⁻¹ X_WL carries a few ulps of rounding of its own, hence the 1e-12 slack (the
/// outward rounding itself is held by the bound/ tests).
TEST(IntervalLinkPose, EnclosesTheLinkInEveryAncestorFrame)
{
  std::mt19937 rng(23);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  for (const char *urdf : {"arm/arm.urdf", "snake/snake.urdf"})
  {
    const CollisionWorldPtr world = test::exampleWorld(urdf, "");
    const RobotModel &model = world->robot();
    KinematicsWorkspace ws(model);
    for (int trial = 0; trial < 8; ++trial)
    {
      const JointMotion motion(model, test::randomState(model, rng), test::randomState(model, rng));
      double t0 = unit(rng), t1 = unit(rng);
      if (t0 > t1)
        std::swap(t0, t1);
      for (int link = 0; link < static_cast<int>(model.links().size()); ++link)
        for (int frame = link; frame != -2; frame = frame < 0 ? -2 : model.links()[frame].parent_link)
        {
          IntervalPose X_FL;
          IntervalLinkPose(motion, link, frame).enclose(Interval(t0, t1), X_FL);
          for (int k = 0; k <= 10; ++k)
          {
            forwardKinematics(model, ws, motion.stateAt(t0 + (t1 - t0) * k / 10.0));
            const Eigen::Isometry3d X = frame < 0 ? ws.X_WL[link] : ws.X_WL[frame].inverse() * ws.X_WL[link];
            for (int i = 0; i < 3; ++i)
            {
              ASSERT_TRUE(holds(X_FL.p[i], X.translation()(i))) << urdf << " link " << link << " frame " << frame;
              for (int j = 0; j < 3; ++j)
                ASSERT_TRUE(holds(X_FL.R[3 * i + j], X.linear()(i, j))) << urdf << " link " << link;
            }
          }
        }
    }
  }
}
}  // namespace
}  // namespace ompl_ccd
