#include "shared_problems.h"

#include "ompl_ccd/geometry/scene_loader.h"
#include "ompl_ccd/model/srdf.h"

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
}  // namespace ompl_ccd::test
