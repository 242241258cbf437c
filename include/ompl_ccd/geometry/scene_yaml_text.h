#pragma once
/// \file scene_yaml_text.h
/// Obstacles from scene YAML text held in memory (a ROS request), as loadScene reads a file.

#include <string>
#include <vector>

#include "ompl_ccd/geometry/scene.h"

namespace ompl_ccd
{
/** \brief The obstacles of the ompl_ccd scene YAML \a text (a top-level `obstacles:` list, the
    items of scene_loader.h), relative files resolved against \a folder.
    \param source names the text in messages, as a file name would ("update_obstacles: add_yaml").
    \throws Error naming \a source, the item, the key and the fix. */
std::vector<Obstacle> sceneObstaclesFromYaml(const std::string &text, const std::string &folder,
                                             const std::vector<std::string> &package_paths, const std::string &source);
}  // namespace ompl_ccd
