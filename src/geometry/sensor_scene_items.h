#pragma once
/// \file sensor_scene_items.h
/// Private: the scene YAML's sensor items, `points:` and `octomap:` (scene_loader.h documents them).

#include <Eigen/Geometry>
#include <string>
#include <vector>
#include <yaml-cpp/yaml.h>

#include "ompl_ccd/geometry/scene.h"

namespace ompl_ccd::scene_io
{
/** \brief Refuses `radius`/`voxel`/`cloud_index` on an item that is not `points` (and `points`
    without `radius`, or with both `voxel` and `cloud_index`), and `occupancy_threshold` on one that
    is not `octomap`. */
void checkSensorKeys(const YAML::Node &item, const std::string &shape_key, const std::string &where);

/** \brief The obstacles of a `points` or `octomap` item (\a shape_key), placed at \a X_WG, named
    "<name>/<i>" (a `points` item with `cloud_index: true`: one obstacle \a name, its index); the file resolves against the folder of the scene file \a scene_path.
    \throws Error naming the scene file, the item, the key and the fix. */
std::vector<Obstacle> sensorObstacles(const YAML::Node &item, const std::string &shape_key,
                                      const std::string &scene_path, const std::string &name,
                                      const Eigen::Isometry3d &X_WG, const std::string &where);
}  // namespace ompl_ccd::scene_io
