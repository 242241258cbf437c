#include "py_world.h"

#include <stdexcept>

#include "ompl_ccd/error.h"
#include "ompl_ccd/geometry/sensor_obstacles.h"
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
  file_obstacles_ = world_->scene().allObstacles();
  indexNames();
}

PyWorld::PyWorld(const PyWorld &base, const std::vector<Eigen::Vector3d> &p_WP, double radius, double voxel,
                 bool cloud_index)
  : file_obstacles_(base.file_obstacles_)
{
  for (std::size_t i = 0; i < p_WP.size(); ++i)
    OMPL_CCD_THROW_UNLESS(p_WP[i].allFinite(), "World.set_points: point ", i, " is not finite (", p_WP[i].transpose(),
                          "); drop it (NaN is a sensor's missing return).");
  OMPL_CCD_THROW_UNLESS(!cloud_index || voxel == 0.0, "World.set_points: voxel ", voxel,
                        " with cloud_index: the index holds balls of one radius; give voxel=0 or cloud_index=False.");
  std::vector<Obstacle> obstacles = file_obstacles_;
  if (cloud_index)
    obstacles.push_back(pointCloudObstacle(p_WP, radius, "points", Eigen::Isometry3d::Identity(), "World.set_points"));
  else
    for (Obstacle &obstacle :
         pointObstacles(p_WP, radius, voxel, "points", Eigen::Isometry3d::Identity(), "World.set_points"))
      obstacles.push_back(std::move(obstacle));
  world_ = std::make_shared<const CollisionWorld>(base.world_->robotPtr(), std::make_shared<const Scene>(std::move(obstacles)));
  indexNames();
}

void PyWorld::indexNames()
{
  const auto add = [this](const std::string &name) {
    if (contact_index_.emplace(name, static_cast<int>(contact_names_.size())).second)
      contact_names_.push_back(name);
  };
  for (const Link &link : world_->robot().links())
    for (const LinkGeometry &geometry : link.geometries)
      add(geometry.urdf_link);
  for (const Obstacle &obstacle : world_->scene().obstacles())
    add(obstacle.name);
  // a cloud's witness names its ball
  for (const Obstacle &cloud : world_->scene().clouds())
    for (std::size_t i = 0; i < cloud.cloud->points().size(); ++i)
      add(cloud.name + "/" + std::to_string(i));
}

int PyWorld::contactIndex(const std::string &name) const
{
  const auto found = contact_index_.find(name);
  if (found == contact_index_.end())
    throw std::logic_error("PyWorld::contactIndex: witness name '" + name + "' is neither a robot link nor an obstacle");
  return found->second;
}
}  // namespace ompl_ccd::python
