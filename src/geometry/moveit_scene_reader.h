#pragma once
/// \file moveit_scene_reader.h
/// Private: reader of MoveIt planning-scene YAML (moveit_msgs/PlanningScene: `world:
/// collision_objects:` with box, cylinder and sphere primitives).

#include <string>
#include <vector>
#include <yaml-cpp/yaml.h>

#include "ompl_ccd/geometry/scene.h"

namespace ompl_ccd::scene_io
{
/** \brief Obstacles of the planning scene \a root read from \a path: one per primitive, named
    "<id>" (or "<id>/<k>" when the object has several), posed by X_WO · X_OP (object pose, if
    any, times primitive pose), in the frame of header.frame_id (Obstacle::frame), which is taken as
    the world: objects in two different frames are refused (there is no transform between them).
    \throws Error for meshes, planes, octomaps, cones, unknown keys, bad values and mixed frames. */
std::vector<Obstacle> readMoveItScene(const YAML::Node &root, const std::string &path);
}  // namespace ompl_ccd::scene_io
