#include "sensor_scene_items.h"

#include <optional>

#include "ompl_ccd/error.h"
#include "ompl_ccd/geometry/octomap_file.h"
#include "ompl_ccd/geometry/point_cloud_file.h"
#include "ompl_ccd/geometry/sensor_obstacles.h"
#include "yaml_values.h"

namespace ompl_ccd::scene_io
{
void checkSensorKeys(const YAML::Node &item, const std::string &shape_key, const std::string &where)
{
  for (const char *key : {"radius", "voxel", "cloud_index"})
    OMPL_CCD_THROW_UNLESS(!item[key] || shape_key == "points", where, ": `", key, "` applies to `points` only, not `",
                          shape_key, "` (", lineOf(item[key]), "); remove `", key, "`.");
  OMPL_CCD_THROW_UNLESS(!item["occupancy_threshold"] || shape_key == "octomap", where,
                        ": `occupancy_threshold` applies to `octomap` only, not `", shape_key, "` (",
                        lineOf(item["occupancy_threshold"]), "); remove it.");
  OMPL_CCD_THROW_UNLESS(!item["cloud_index"] || !item["voxel"], where, ": `cloud_index` and `voxel` (",
                        lineOf(item["voxel"]), ") do not go together: the index holds balls of one radius; remove one.");
  OMPL_CCD_THROW_UNLESS(shape_key != "points" || item["radius"], where, ": `points` needs `radius` (", lineOf(item),
                        "); give each point's ball a radius in metres, e.g. radius: 0.005.");
}

std::vector<Obstacle> sensorObstacles(const YAML::Node &item, const std::string &shape_key,
                                      const std::string &scene_path, const std::string &name,
                                      const Eigen::Isometry3d &X_WG, const std::string &where)
{
  const std::string file = resolveFile(item[shape_key], scene_path, where, shape_key);
  try
  {
    if (shape_key == "octomap")
    {
      std::optional<double> threshold;
      if (item["occupancy_threshold"])
        threshold = readPositive(item["occupancy_threshold"], where, "occupancy_threshold");
      return cellObstacles(readOctomapFile(file, threshold), name, X_WG, where);
    }
    const double radius = readPositive(item["radius"], where, "radius");
    if (item["cloud_index"] && readBoolean(item["cloud_index"], where, "cloud_index"))
      return {pointCloudObstacle(readPointCloudFile(file), radius, name, X_WG, where)};
    const double voxel = item["voxel"] ? readNumber(item["voxel"], where, "voxel") : 0.0;
    return pointObstacles(readPointCloudFile(file), radius, voxel, name, X_WG, where);
  }
  catch (const Error &e)
  {
    // A reader's message names the data file; add the scene file and the item it came through.
    const std::string message = e.what();
    if (message.rfind(where, 0) == 0)
      throw;
    throw Error(concat(where, ": ", message));
  }
}
}  // namespace ompl_ccd::scene_io
