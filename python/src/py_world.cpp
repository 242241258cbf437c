#include "py_world.h"

#include <stdexcept>

#include "ompl_ccd/geometry/world_loader.h"

namespace ompl_ccd::python
{
PyWorld::PyWorld(const std::string &robot, const std::string &srdf, const std::string &scene,
                 const std::vector<std::string> &package_paths)
{
  RobotModelOptions options;
  options.package_paths = package_paths;
  const RobotModelPtr model = loadRobot(robot, srdf, options);
  model->checkCertifiable("World: " + robot);
  world_ = loadWorld(model, scene, package_paths);

  const auto add = [this](const std::string &name) {
    if (contact_index_.emplace(name, static_cast<int>(contact_names_.size())).second)
      contact_names_.push_back(name);
  };
  for (const Link &link : world_->robot().links())
    for (const LinkGeometry &geometry : link.geometries)
      add(geometry.urdf_link);
  for (const Obstacle &obstacle : world_->scene().obstacles())
    add(obstacle.name);
}

int PyWorld::contactIndex(const std::string &name) const
{
  const auto found = contact_index_.find(name);
  if (found == contact_index_.end())
    throw std::logic_error("PyWorld::contactIndex: witness name '" + name + "' is neither a robot link nor an obstacle");
  return found->second;
}
}  // namespace ompl_ccd::python
