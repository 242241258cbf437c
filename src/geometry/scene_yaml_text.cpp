#include "ompl_ccd/geometry/scene_yaml_text.h"

#include <filesystem>

#include "ompl_ccd/error.h"
#include "scene_yaml_reader.h"

namespace ompl_ccd
{
std::vector<Obstacle> sceneObstaclesFromYaml(const std::string &text, const std::string &folder,
                                             const std::vector<std::string> &package_paths, const std::string &source)
{
  YAML::Node root;
  try
  {
    root = YAML::Load(text);
  }
  catch (const YAML::Exception &e)
  {
    throw Error(concat("loadScene: ", source, ": not YAML (", e.what(), "); fix the text."));
  }
  OMPL_CCD_THROW_UNLESS(root.IsMap() && root["obstacles"], "loadScene: ", source,
                        ": has no top-level `obstacles:` list; write `obstacles: [{name: ..., box: [...]}]`.");
  // readSceneYaml resolves relative files against its path's folder.
  return scene_io::readSceneYaml(root, (std::filesystem::path(folder) / source).string(), package_paths);
}
}  // namespace ompl_ccd
