#include "scene_yaml_reader.h"

#include <map>

#include "ompl_ccd/error.h"
#include "ompl_ccd/geometry/scene_bound.h"
#include "ompl_ccd/model/mesh_loader.h"
#include "sensor_scene_items.h"
#include "urdf_scene_reader.h"
#include "yaml_values.h"

namespace ompl_ccd::scene_io
{
namespace
{
/** \brief Keys of one obstacle item, and those that give its shape (exactly one per item). */
const std::vector<std::string> kItemKeys = {"name", "mesh", "box", "cylinder", "sphere", "urdf", "points", "octomap",
                                            "pose", "scale", "joints", "radius", "voxel", "occupancy_threshold",
                                            "cloud_index"};
const std::vector<std::string> kShapeKeys = {"mesh", "box", "cylinder", "sphere", "urdf", "points", "octomap"};

/** \brief The one shape key of \a item. */
std::string shapeKey(const YAML::Node &item, const std::string &where)
{
  std::string found;
  for (const std::string &key : kShapeKeys)
    if (item[key])
    {
      OMPL_CCD_THROW_UNLESS(found.empty(), where, ": has both `", found, "` and `", key, "` (", lineOf(item[key]),
                            "); give one shape per obstacle (split it into two obstacles).");
      found = key;
    }
  OMPL_CCD_THROW_UNLESS(!found.empty(), where, ": has no shape (", lineOf(item),
                        "); add one of mesh, box, cylinder, sphere, urdf, points, octomap.");
  return found;
}

/** \brief Mesh scale: one number or [sx, sy, sz], all positive; 1 when absent. */
Eigen::Vector3d readScale(const YAML::Node &item, const std::string &where)
{
  const YAML::Node scale = item["scale"];
  if (!scale)
    return Eigen::Vector3d::Ones();
  if (scale.IsScalar())
    return Eigen::Vector3d::Constant(readPositive(scale, where, "scale"));
  const std::vector<double> s = readNumbers(scale, where, "scale", 3, true);
  return Eigen::Vector3d(s[0], s[1], s[2]);
}

/** \brief `joints: {name: value}` in file order. */
std::vector<std::pair<std::string, double>> readJoints(const YAML::Node &item, const std::string &where)
{
  std::vector<std::pair<std::string, double>> joints;
  const YAML::Node node = item["joints"];
  if (!node)
    return joints;
  OMPL_CCD_THROW_UNLESS(node.IsMap(), where, ": `joints` must be a map {joint_name: value} (", lineOf(node),
                        "); fix `joints`.");
  for (const auto &entry : node)
  {
    const std::string name = entry.first.Scalar();
    joints.emplace_back(name, readNumber(entry.second, where, "joints." + name));
  }
  return joints;
}

/** \brief A primitive shape from its key (`box`, `cylinder` or `sphere`). */
CollisionShape readPrimitive(const YAML::Node &item, const std::string &key, const std::string &where)
{
  CollisionShape shape;
  const YAML::Node node = item[key];
  if (key == "box")
  {
    const std::vector<double> size = readNumbers(node, where, "box", 3, true);
    shape.kind = CollisionShape::Kind::Box;
    shape.box_size = Eigen::Vector3d(size[0], size[1], size[2]);
  }
  else if (key == "cylinder")
  {
    checkKeys(node, where + ": `cylinder`", {"radius", "length"});
    OMPL_CCD_THROW_UNLESS(node["radius"] && node["length"], where, ": `cylinder` needs both radius and length (",
                          lineOf(node), "); write cylinder: {radius: r, length: l}.");
    shape.kind = CollisionShape::Kind::Cylinder;
    shape.radius = readPositive(node["radius"], where, "cylinder.radius");
    shape.length = readPositive(node["length"], where, "cylinder.length");
  }
  else
  {
    shape.kind = CollisionShape::Kind::Sphere;
    shape.radius = readPositive(node, where, "sphere");
  }
  return shape;
}
}  // namespace

std::vector<Obstacle> readSceneYaml(const YAML::Node &root, const std::string &path,
                                    const std::vector<std::string> &package_paths)
{
  const std::string file_where = concat("loadScene: ", path);
  checkKeys(root, file_where, {"obstacles"});
  const YAML::Node items = root["obstacles"];
  OMPL_CCD_THROW_UNLESS(items.IsSequence() || items.IsNull(), file_where, ": `obstacles` must be a list (",
                        lineOf(items), "); write one `- name: ...` item per obstacle.");

  std::vector<Obstacle> obstacles;
  std::map<std::string, std::size_t> item_of_name;
  for (std::size_t i = 0; i < items.size(); ++i)
  {
    const YAML::Node item = items[i];
    std::string where = concat(file_where, ": obstacle ", i);
    if (item.IsMap() && item["name"] && item["name"].IsScalar())
      where += " ('" + item["name"].Scalar() + "')";
    checkKeys(item, where, kItemKeys);
    OMPL_CCD_THROW_UNLESS(item["name"], where, ": has no `name` (", lineOf(item), "); add a unique name.");
    const std::string name = readString(item["name"], where, "name");
    const auto [first, unique] = item_of_name.emplace(name, i);
    OMPL_CCD_THROW_UNLESS(unique, where, ": obstacle ", first->second, " has the same name; rename one of them.");

    const std::string shape_key = shapeKey(item, where);
    OMPL_CCD_THROW_UNLESS(!item["scale"] || shape_key == "mesh", where, ": `scale` applies to `mesh` only, not `",
                          shape_key, "` (", lineOf(item["scale"]), "); remove `scale` or give the size directly.");
    OMPL_CCD_THROW_UNLESS(!item["joints"] || shape_key == "urdf", where, ": `joints` applies to `urdf` only, not `",
                          shape_key, "` (", lineOf(item["joints"]), "); remove `joints`.");
    checkSensorKeys(item, shape_key, where);
    const Eigen::Isometry3d X_WG = item["pose"] ? readPose(item["pose"], where, "pose") : Eigen::Isometry3d::Identity();
    if (shape_key == "points" || shape_key == "octomap")
    {
      for (Obstacle &obstacle : sensorObstacles(item, shape_key, path, name, X_WG, where))
        obstacles.push_back(std::move(obstacle));
      continue;
    }

    if (shape_key == "urdf")
    {
      const std::string urdf = resolveFile(item["urdf"], path, where, "urdf");
      for (Obstacle &obstacle : urdfObstacles(urdf, package_paths, name, readJoints(item, where), X_WG, where))
        obstacles.push_back(std::move(obstacle));
      continue;
    }
    Obstacle obstacle;
    obstacle.name = name;
    obstacle.X_WG = X_WG;
    if (shape_key == "mesh")
    {
      obstacle.shape.kind = CollisionShape::Kind::Mesh;
      obstacle.shape.mesh = loadMesh(resolveFile(item["mesh"], path, where, "mesh"), readScale(item, where), where);
    }
    else
      obstacle.shape = readPrimitive(item, shape_key, where);
    requireShapeInBounds(obstacle.shape, obstacle.X_WG, where);
    obstacles.push_back(std::move(obstacle));
  }
  return obstacles;
}
}  // namespace ompl_ccd::scene_io
