#include "example_worlds.h"

#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <optional>
#include <utility>
#include <stdexcept>

#include "composite_robots.h"
#include "ompl_ccd/geometry/scene_loader.h"
#include "shared_problems.h"
#include "test_paths.h"
#include "thin_obstacles.h"

namespace ompl_ccd::test
{
CollisionWorldPtr exampleWorld(const std::string &urdf, const std::string &scene)
{
  auto robot = std::make_shared<const RobotModel>(RobotModel::fromUrdfFile(examplePath(urdf)));
  return std::make_shared<CollisionWorld>(robot, scene.empty() ? std::make_shared<Scene>(std::vector<Obstacle>{})
                                                               : loadScene(examplePath(scene)));
}

CollisionWorldPtr editedExampleWorld(const std::string &urdf, const std::string &scene, const std::string &from,
                                     const std::string &to, std::size_t count)
{
  std::ifstream file(examplePath(urdf));
  std::string text((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
  std::size_t replaced = 0;
  for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()), ++replaced)
    text.replace(at, from.size(), to);
  if (replaced != count)
    throw std::runtime_error("editedExampleWorld: " + urdf + " holds '" + from + "' " + std::to_string(replaced) +
                             " times, not " + std::to_string(count));
  const std::string folder = std::filesystem::path(examplePath(urdf)).parent_path().string();
  auto robot = std::make_shared<const RobotModel>(
      RobotModel::fromUrdfString(text, folder, urdf + " with '" + from + "' as '" + to + "'"));
  return std::make_shared<CollisionWorld>(robot, loadScene(examplePath(scene)));
}

CollisionWorldPtr wideWristArmWorld()
{
  return editedExampleWorld("arm/arm.urdf", "scene.yaml", R"(lower="-3.0" upper="3.0" effort="28")",
                            R"(lower="-7.0" upper="7.0" effort="28")", 3);
}

Obstacle boxObstacle(const std::string &name, const Eigen::Vector3d &size, const Eigen::Vector3d &p_WG)
{
  Obstacle obstacle;
  obstacle.name = name;
  obstacle.shape.kind = CollisionShape::Kind::Box;
  obstacle.shape.box_size = size;
  obstacle.X_WG.translation() = p_WG;
  return obstacle;
}

CollisionWorldPtr barWorld(std::vector<Obstacle> obstacles)
{
  const char *urdf = R"(<?xml version="1.0"?>
<robot name="bar">
  <link name="base"/>
  <link name="bar"><collision><origin xyz="0.5 0 0"/><geometry><box size="1 0.1 0.1"/></geometry></collision></link>
  <joint name="hinge" type="revolute">
    <parent link="base"/><child link="bar"/><axis xyz="0 0 1"/>
    <limit lower="-3" upper="3" effort="1" velocity="1"/>
  </joint>
</robot>)";
  auto robot = std::make_shared<const RobotModel>(RobotModel::fromUrdfString(urdf, ".", "bar"));
  return std::make_shared<const CollisionWorld>(robot, std::make_shared<const Scene>(std::move(obstacles)));
}

namespace
{
CollisionWorldPtr inExampleScene(RobotModelPtr robot)
{
  return std::make_shared<const CollisionWorld>(std::move(robot), loadScene(examplePath("scene.yaml")));
}
}  // namespace

CollisionWorldPtr armChainWorld(int arms)
{
  return inExampleScene(armChainRobot(arms));
}

std::vector<WorldRecipe> worldRecipes(bool shared)
{
  std::vector<WorldRecipe> recipes = {
      {"ccd_arm / examples/scene.yaml", [] { return exampleWorld("arm/arm.urdf", "scene.yaml"); }},
      {"ccd_arm / thin obstacles",
       [] {
         return thinObstacleWorld(
             std::make_shared<const RobotModel>(RobotModel::fromUrdfFile(examplePath("arm/arm.urdf"))));
       },
       true},
      {"ccd_dual_arm (14 DoF) / examples/scene.yaml", [] { return inExampleScene(dualArmRobot()); }},
      {"ccd_arm_chain_5 (30 DoF) / examples/scene.yaml", [] { return armChainWorld(5); }}};
  const std::optional<std::string> data = sharedDataPath("");
  if (!shared || !data)
    return recipes;
  for (const SharedProblem &problem : sharedProblems())
    recipes.push_back({problem.name, [data, problem] { return loadSharedProblem(*data, problem); }});
  for (const std::string robot : {"panda", "ur5e"})
    recipes.push_back(
        {robot + " / thin obstacles", [data, robot] { return thinObstacleWorld(loadSharedRobot(*data, robot)); },
         true});
  for (const SharedProblem &problem : industrialProblems())
    recipes.push_back({problem.name, [data, problem] { return loadSharedProblem(*data, problem); }});
  return recipes;
}

std::vector<NamedWorld> robotWorlds(bool shared, const std::string &name_filter)
{
  std::vector<NamedWorld> worlds;
  for (const WorldRecipe &recipe : worldRecipes(shared))
    if (recipe.name.find(name_filter) != std::string::npos)
      worlds.push_back({recipe.name, recipe.make(), recipe.thin_obstacles});
  return worlds;
}
}  // namespace ompl_ccd::test
