#pragma once
/// \file urdf_scene_reader.h
/// Private: the collision geometry of a URDF, posed at given joint values, as scene obstacles.

#include <Eigen/Geometry>
#include <string>
#include <utility>
#include <vector>

#include "ompl_ccd/geometry/scene.h"

namespace ompl_ccd::scene_io
{
/** \brief Every <collision> of \a urdf_path as an obstacle posed by X_WR · X_RL(q) · X_LG, where R
    is the URDF root and q is zero except for \a joints. Named "<prefix>/<urdf link>" (or
    "<urdf link>" for an empty prefix), with "/<k>" appended when a link has several <collision>s.
    \param where message prefix naming the function, file and item.
    \throws Error for an unknown or mimic joint, or a value outside the joint's limits. */
std::vector<Obstacle> urdfObstacles(const std::string &urdf_path, const std::vector<std::string> &package_paths,
                                    const std::string &prefix,
                                    const std::vector<std::pair<std::string, double>> &joints,
                                    const Eigen::Isometry3d &X_WR, const std::string &where);
}  // namespace ompl_ccd::scene_io
