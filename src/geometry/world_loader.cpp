#include "ompl_ccd/geometry/world_loader.h"

#include <memory>

#include "ompl_ccd/geometry/scene_loader.h"
#include "ompl_ccd/model/srdf.h"

namespace ompl_ccd
{
RobotModelPtr loadRobot(const std::string &urdf_path, const std::string &srdf_path, RobotModelOptions options)
{
  if (!srdf_path.empty())
    options.srdf = parseSrdfFile(srdf_path);
  return std::make_shared<const RobotModel>(RobotModel::fromUrdfFile(urdf_path, options));
}

CollisionWorldPtr loadWorld(const RobotModelPtr &robot, const std::string &scene_path,
                            const std::vector<std::string> &package_paths)
{
  return std::make_shared<const CollisionWorld>(robot, loadScene(scene_path, package_paths));
}
}  // namespace ompl_ccd
