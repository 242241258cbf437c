// The KUKA arms in motion_bench_maker's scenes (test/support/shared_problems.h, industrialProblems):
// their sampled disabled pairs, and their scaled scenes within reach. Skipped without ../shared/data.
#include <gtest/gtest.h>

#include <set>

#include "ompl_ccd/geometry/collision_queries.h"
#include "support/random_edges.h"
#include "support/shared_problems.h"
#include "support/test_paths.h"

namespace ompl_ccd::test
{
TEST(IndustrialProblems, KukaArmsGetSampledDisabledPairsAndAScaledSceneInReach)
{
  const std::optional<std::string> data = sharedDataPath("robots/kuka_kr16_2");
  if (!data)
    GTEST_SKIP() << "../shared/data/robots/kuka_kr16_2 is absent";
  const std::string data_dir = *sharedDataPath("");
  const std::vector<SharedProblem> problems = industrialProblems();
  ASSERT_EQ(problems.size(), 4u);
  for (const SharedProblem &problem : problems)
  {
    const CollisionWorldPtr world = loadSharedProblem(data_dir, problem);
    const RobotModel &robot = world->robot();
    const std::set<std::string> reasons = {"adjacent", "srdf: Default", "srdf: Always", "srdf: Never"};
    for (const auto &[a, b] : robot.allowedCollisions().allowedPairs())
      EXPECT_EQ(reasons.count(robot.allowedCollisions().reason(a, b)), 1u)
          << problem.name << ": " << robot.allowedCollisions().reason(a, b);
    EXPECT_FALSE(world->selfPairs().empty()) << problem.name;
    // In reach: some random PRM edges run into the scene, most random states are free of it.
    CollisionWorkspace ws(*world);
    std::size_t colliding = 0;
    for (const Edge &edge : randomEdges(*world, 100))
      colliding += firstSampledCollision(*world, ws, JointMotion(robot, edge.q0, edge.q1), 200).has_value();
    EXPECT_GE(colliding, 2u) << problem.name;
    std::mt19937 rng(1);
    std::size_t free = 0;
    for (int s = 0; s < 200; ++s)
      free += !isInCollision(*world, ws, randomState(robot, rng));
    EXPECT_GE(free, 100u) << problem.name;
  }
}

TEST(IndustrialProblems, ScaleTheSceneByTheRatioOfMedianReaches)
{
  const std::optional<std::string> data = sharedDataPath("robots/kuka_kr210_l150");
  if (!data)
    GTEST_SKIP() << "../shared/data/robots/kuka_kr210_l150 is absent";
  const std::string data_dir = *sharedDataPath("");
  const WorkspaceMedians ur5e = medianWorkspace(loadSharedRobot(data_dir, "ur5e"));
  const WorkspaceMedians kr210 = medianWorkspace(loadSharedRobot(data_dir, "kuka_kr210_l150"));
  EXPECT_GT(kr210.reach, 3.0 * ur5e.reach);  // a 2.7 m arm against a 0.85 m one
  SharedProblem problem = industrialProblems()[3];
  ASSERT_EQ(problem.scene, "bookshelf_scene_tall.yaml");
  const double scale = kr210.reach / ur5e.reach;
  const CollisionWorldPtr scaled = loadSharedProblem(data_dir, problem);
  problem.scaled_from.clear();
  const CollisionWorldPtr unscaled = loadSharedProblem(data_dir, problem);
  for (std::size_t i = 0; i < unscaled->scene().obstacles().size(); ++i)
  {
    const Obstacle &a = unscaled->scene().obstacles()[i], &b = scaled->scene().obstacles()[i];
    EXPECT_NEAR(b.shape.box_size.norm(), scale * a.shape.box_size.norm(), 1e-9) << a.name;
    EXPECT_NEAR(b.shape.radius, scale * a.shape.radius, 1e-9) << a.name;
    EXPECT_NEAR(b.X_WG.translation().x(), scale * a.X_WG.translation().x(), 1e-9) << a.name;
    EXPECT_NEAR(b.X_WG.translation().z() - kr210.height, scale * (a.X_WG.translation().z() - ur5e.height), 1e-9)
        << a.name;
  }
}
}  // namespace ompl_ccd::test
