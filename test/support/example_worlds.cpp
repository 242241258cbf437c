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
