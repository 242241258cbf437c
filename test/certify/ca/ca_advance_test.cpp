// Per-pair advancement of the CA certifier (src/certify/ca/ca_advance.*): the step of [Zhang2007]
// Eq. (4), Δt = (d − clearance)/μ with the certifier's motion bounds, keeps the robot at least
// clearance from the scene and from itself over [t, t + Δt] (FCL's exact distance sampled densely
// as the oracle); and the step's edge cases.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "certify/ca/ca_advance.h"
#include "ompl_ccd/bound/motion_bound.h"
#include "ompl_ccd/geometry/collision_queries.h"
#include "support/example_worlds.h"
#include "support/random_edges.h"

namespace ompl_ccd::test
{
namespace
{
TEST(CaAdvance, StepEdgeCases)
{
  EXPECT_DOUBLE_EQ(ca::eq4Step(0.3, 0.1, 2.0), 0.1);
  EXPECT_TRUE(std::isinf(ca::eq4Step(0.3, 0.1, 0.0)));  // nothing moves
  EXPECT_LT(ca::eq4Step(0.05, 0.1, 2.0), 0.0);         // closer than clearance: no step
  EXPECT_EQ(ca::roundedStep(-0.1), 0.0);
  EXPECT_EQ(ca::roundedStep(std::nan("")), 0.0);  // a NaN bound certifies nothing
  EXPECT_LT(ca::roundedStep(0.25), 0.25);
  EXPECT_GT(ca::roundedStep(0.25), 0.25 * (1.0 - 1e-11));
}

/// μ bounding how fast any pair's distance can shrink over [t_a, t_b]: twice the fastest body's
/// speed bound (a self pair's bodies both move; a scene pair's one).
double pairRateBound(const CollisionWorld &world, const JointMotion &motion, double t_a, double t_b)
{
  const RobotModel &robot = world.robot();
  double fastest = 0.0;
  for (std::size_t l = 0; l < robot.links().size(); ++l)
    for (const LinkGeometry &geometry : robot.links()[l].geometries)
      fastest = std::max(fastest, motionBound(motion, static_cast<int>(l),
                                              bodyReach(robot, static_cast<int>(l), geometry), t_a, t_b));
  return 2.0 * fastest;
}

TEST(CaAdvance, Eq4StepKeepsTheClearanceOverTheStep)
{
  const double clearance = 0.01;
  for (const auto &[urdf, scene] : {std::pair<std::string, std::string>{"arm/arm.urdf", "scene.yaml"},
                                   std::pair<std::string, std::string>{"snake/snake.urdf", ""}})
  {
    const CollisionWorldPtr world = exampleWorld(urdf, scene);
    CollisionWorkspace ws(*world);
    RandomEdgeOptions options;
    options.seed = 11;
    std::mt19937 random(12);
    int steps = 0;
    Eigen::VectorXd q;
    for (const Edge &edge : randomEdges(*world, 40, options))
    {
      const JointMotion motion(world->robot(), edge.q0, edge.q1);
      double t = std::uniform_real_distribution<double>(0.0, 0.9)(random);
      // a few consecutive steps, as CA takes them
      for (int k = 0; k < 5 && t < 1.0; ++k)
      {
        motion.stateAt(t, q);
        const double d = minimumDistance(*world, ws, q);
        if (!(d > clearance))
          break;
        const double dt = ca::roundedStep(ca::eq4Step(d, clearance, pairRateBound(*world, motion, t, 1.0)));
        ASSERT_GT(dt, 0.0);
        const double t_end = std::min(1.0, t + dt);
        for (int s = 1; s <= 60; ++s)
        {
          motion.stateAt(t + (t_end - t) * s / 60.0, q);
          EXPECT_GE(minimumDistance(*world, ws, q), clearance - 1e-9) << urdf << " step from " << t;
        }
        ++steps;
        t = t_end;
      }
    }
    EXPECT_GT(steps, 40) << urdf;
  }
}
}  // namespace
}  // namespace ompl_ccd::test
