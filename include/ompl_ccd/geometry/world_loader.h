#pragma once
/// \file world_loader.h
/// Loads a robot (URDF + SRDF files) and the collision world of that robot in a scene file: what
/// every front end (the `ompl_ccd` command line, the Python module) starts from.

#include <string>
#include <vector>

#include "ompl_ccd/geometry/collision_world.h"
#include "ompl_ccd/model/robot_model.h"

namespace ompl_ccd
{
/** \brief Reads \a urdf_path with \a options, first parsing \a srdf_path into options.srdf when it
    is not empty. \throws Error naming the file, element and fix. */
RobotModelPtr loadRobot(const std::string &urdf_path, const std::string &srdf_path, RobotModelOptions options);

/** \brief The robot in the scene read from \a scene_path (package:// URIs resolved with
    \a package_paths). \throws Error naming the file, item and fix. */
CollisionWorldPtr loadWorld(const RobotModelPtr &robot, const std::string &scene_path,
                            const std::vector<std::string> &package_paths);
}  // namespace ompl_ccd
