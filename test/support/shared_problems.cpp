#include "shared_problems.h"

#include "ompl_ccd/geometry/scene_loader.h"
#include "ompl_ccd/model/srdf.h"
#include "random_edges.h"
#include "test_paths.h"

namespace ompl_ccd::test
{
std::vector<SharedProblem> sharedProblems()
{
  return {{"panda / table_scene_table", "panda", "table_scene_table.yaml", {0.1, 0.1, -0.5}},
          {"panda / bookshelf_scene_small", "panda", "bookshelf_scene_small.yaml", {0.2, 0.0, -0.7}},
          {"ur5e / table_scene_table", "ur5e", "table_scene_table.yaml", {0.0, 0.0, -0.75}},
          {"ur5e / bookshelf_scene_tall", "ur5e", "bookshelf_scene_tall.yaml", {0.1, 0.1, -0.9144}}};
}

CollisionWorldPtr loadSharedProblem(const std::string &data_dir, const SharedProblem &problem)
{
  const std::string robot_dir = data_dir + "/robots/" + problem.robot;
  RobotModelOptions options;
  options.srdf = parseSrdfFile(robot_dir + "/robot.srdf");
  auto robot = std::make_shared<const RobotModel>(RobotModel::fromUrdfFile(robot_dir + "/robot.urdf", options));
  std::vector<Obstacle> obstacles =
      loadScene(data_dir + "/scenes/motion_bench_maker/primitive_scenes/" + problem.scene)->obstacles();
  for (Obstacle &obstacle : obstacles)
    obstacle.X_WG.pretranslate(problem.base_offset);
  return std::make_shared<CollisionWorld>(robot, std::make_shared<Scene>(std::move(obstacles)));
}

std::optional<std::vector<AdversarialCase>> sharedProblemCases(const SharedCaseCounts &counts, std::uint32_t seed)
{
  const std::optional<std::string> data_dir = sharedDataPath("");
  if (!data_dir)
    return std::nullopt;
  std::vector<AdversarialCase> cases;
  for (const SharedProblem &problem : sharedProblems())
  {
    const CollisionWorldPtr world = loadSharedProblem(*data_dir, problem);
    RandomEdgeOptions options;
    options.seed = seed;
    cases.push_back({problem.name + " / random", world, randomEdges(*world, counts.random, options)});
    options.seed = seed + 1;
    std::vector<Edge> colliding =
        sampledCollidingEdges(*world, counts.sampled_colliding + counts.near_contact, options);
    AdversarialCase near_contact =
        nearContactCase(world, std::vector<Edge>(colliding.begin() + counts.sampled_colliding, colliding.end()));
    colliding.resize(counts.sampled_colliding);
    cases.push_back({problem.name + " / sampled-colliding", world, std::move(colliding)});
    near_contact.name = problem.name + " / " + near_contact.name;
    cases.push_back(std::move(near_contact));
    seed += 1000;
  }
  return cases;
}
}  // namespace ompl_ccd::test
