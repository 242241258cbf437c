#include "example_worlds.h"

#include <memory>
#include <optional>

#include "ompl_ccd/geometry/scene_loader.h"
#include "shared_problems.h"
#include "test_paths.h"

namespace ompl_ccd::test
{
CollisionWorldPtr exampleWorld(const std::string &urdf, const std::string &scene)
{
  auto robot = std::make_shared<const RobotModel>(RobotModel::fromUrdfFile(examplePath(urdf)));
  return std::make_shared<CollisionWorld>(robot, scene.empty() ? std::make_shared<Scene>(std::vector<Obstacle>{})
                                                               : loadScene(examplePath(scene)));
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

std::vector<NamedWorld> robotWorlds(bool shared)
{
  std::vector<NamedWorld> worlds = {{"ccd_arm / examples/scene.yaml", exampleWorld("arm/arm.urdf", "scene.yaml")}};
  const std::optional<std::string> data = sharedDataPath("");
  if (!shared || !data)
    return worlds;
  for (const SharedProblem &problem : sharedProblems())
    worlds.push_back({problem.name, loadSharedProblem(*data, problem)});
  return worlds;
}
}  // namespace ompl_ccd::test
