#pragma once
/// \file py_world.h
/// The world of the Python module: a robot in a scene, loaded once as `ompl_ccd validate` loads
/// it (world_loader.h), with the names a contact witness can carry.

#include <Eigen/Core>
#include <string>
#include <unordered_map>
#include <vector>

#include "ompl_ccd/geometry/collision_world.h"

namespace ompl_ccd::python
{
/** \brief A loaded robot and scene. Immutable, shared by every validator made from it. */
class PyWorld
{
public:
  /** \brief Loads \a robot (URDF) with \a srdf (empty: none) in \a scene, as `ompl_ccd validate
      --robot --srdf --scene --package-path` does. \throws Error naming the file and the fix. */
  PyWorld(const std::string &robot, const std::string &srdf, const std::string &scene,
          const std::vector<std::string> &package_paths);

  /** \brief \a base's robot and scene file with the point cloud \a p_WP in place of any cloud an
      earlier withPoints gave: one sphere obstacle "points/<i>" of \a radius per point, or per
      voxel of the cover when \a voxel > 0 (sensor_obstacles.h); with \a cloud_index, one obstacle
      "points", the same balls in a k-d tree (pointCloudObstacle). \throws Error for a radius or
      voxel out of range, a voxel with the index, a point that is not finite. */
  PyWorld(const PyWorld &base, const std::vector<Eigen::Vector3d> &p_WP, double radius, double voxel,
          bool cloud_index);

  const CollisionWorldPtr &world() const { return world_; }
  const RobotModel &robot() const { return world_->robot(); }

  /** \brief Every name a witness's link or other may hold: the robot's URDF links that carry
      collision geometry, then the scene's obstacles; indices into it stand for names in results. */
  const std::vector<std::string> &contactNames() const { return contact_names_; }
  /** \brief Index of \a name in contactNames(). \throws std::logic_error if absent (our bug). */
  int contactIndex(const std::string &name) const;

private:
  /** \brief Fills contact_names_ and contact_index_ from world_. */
  void indexNames();

  CollisionWorldPtr world_;
  /** \brief The obstacles of the scene file (without a set_points cloud). */
  std::vector<Obstacle> file_obstacles_;
  std::vector<std::string> contact_names_;
  std::unordered_map<std::string, int> contact_index_;
};
}  // namespace ompl_ccd::python
