#include "ompl_ccd/geometry/scene_loader.h"

#include <algorithm>
#include <assimp/Importer.hpp>
#include <cctype>
#include <filesystem>

#include "moveit_scene_reader.h"
#include "ompl_ccd/error.h"
#include "ompl_ccd/geometry/octomap_file.h"
#include "ompl_ccd/geometry/sensor_obstacles.h"
#include "ompl_ccd/input_file.h"
#include "ompl_ccd/model/mesh_loader.h"
#include "ompl_ccd/yaml_file.h"
#include "scene_yaml_reader.h"
#include "urdf_scene_reader.h"

namespace ompl_ccd
{
namespace
{
/** \brief Obstacles of a YAML scene, in whichever of the two formats its top level shows. */
std::vector<Obstacle> readYaml(const std::string &path, const std::vector<std::string> &package_paths)
{
  const YAML::Node root = loadYamlFile(path, "loadScene");
  if (root.IsMap() && root["obstacles"])
    return scene_io::readSceneYaml(root, path, package_paths);
  if (root.IsMap() && root["world"])
    return scene_io::readMoveItScene(root, path);
  throw Error(concat("loadScene: ", path,
                     ": has neither a top-level `obstacles:` list (ompl_ccd scene) nor `world: collision_objects:` "
                     "(MoveIt planning scene); add one of them."));
}
}  // namespace

ScenePtr loadScene(const std::string &path, const std::vector<std::string> &package_paths)
{
  requireInputFile(path, "loadScene", "scene file", "check the path");
  const std::filesystem::path file(path);
  std::string extension = file.extension().string();
  std::transform(extension.begin(), extension.end(), extension.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });

  std::vector<Obstacle> obstacles;
  if (extension == ".yaml" || extension == ".yml")
    obstacles = readYaml(path, package_paths);
  else if (extension == ".bt" || extension == ".ot")
    obstacles = cellObstacles(readOctomapFile(path), file.stem().string(), Eigen::Isometry3d::Identity(),
                              concat("loadScene: ", path));
  else if (extension == ".pcd" || extension == ".xyz")
    throw Error(concat("loadScene: ", path, ": a point cloud needs a radius per point; give a scene YAML with the "
                       "item {name: cloud, points: ", file.filename().string(), ", radius: 0.005}."));
  else if (extension == ".urdf")
    obstacles = scene_io::urdfObstacles(path, package_paths, "", {}, Eigen::Isometry3d::Identity(),
                                        concat("loadScene: ", path));
  else
  {
    OMPL_CCD_THROW_UNLESS(!extension.empty() && Assimp::Importer().IsExtensionSupported(extension),
                          "loadScene: '", path, "' has an unsupported format ('", extension,
                          "'); give a .yaml/.yml scene, a .urdf, an OctoMap (.bt, .ot) or a mesh (.stl, .dae, .obj, ...).");
    Obstacle obstacle;
    obstacle.name = file.stem().string();
    obstacle.shape.kind = CollisionShape::Kind::Mesh;
    obstacle.shape.mesh = loadMesh(path, Eigen::Vector3d::Ones(), concat("loadScene: ", path));
    obstacles.push_back(std::move(obstacle));
  }

  try
  {
    return std::make_shared<const Scene>(std::move(obstacles));
  }
  catch (const Error &e)
  {
    throw Error(concat("loadScene: ", path, ": ", e.what()));
  }
}
}  // namespace ompl_ccd
