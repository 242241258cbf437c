#pragma once
/// \file scene_yaml_reader.h
/// Private: reader of the ompl_ccd scene YAML (top-level `obstacles:` list), documented in
/// include/ompl_ccd/geometry/scene_loader.h.

#include <string>
#include <vector>
#include <yaml-cpp/yaml.h>

#include "ompl_ccd/geometry/scene.h"

namespace ompl_ccd::scene_io
{
/** \brief Obstacles of the ompl_ccd scene \a root read from \a path (relative paths resolve
    against its folder). \throws Error naming the file, the item, the key and the fix. */
std::vector<Obstacle> readSceneYaml(const YAML::Node &root, const std::string &path,
                                    const std::vector<std::string> &package_paths);
}  // namespace ompl_ccd::scene_io
