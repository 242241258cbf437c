#pragma once
/// \file scene_box_queries.h
/// Axis-aligned box queries against a Scene's broadphase: which obstacles' broadphase boxes a box
/// overlaps (touching counts). The top level of a two-level box hierarchy, whose candidates a
/// robot's own boxes are then tested against one by one.

#include <Eigen/Geometry>
#include <vector>

#include "ompl_ccd/geometry/scene.h"

namespace ompl_ccd
{
/** \brief The obstacles whose broadphase boxes overlap \a box (touching counts), into \a obstacles:
    the top level of a two-level box hierarchy, whose candidates the robot's own boxes are then
    tested against one by one (obstacleOverlaps). Thread-safe (one query object per thread). */
void overlappingObstacles(const Scene &scene, const Eigen::AlignedBox3d &box, std::vector<int> &obstacles);

/** \brief Whether \a box overlaps (or touches) the broadphase box of obstacle \a obstacle. */
bool obstacleOverlaps(const Scene &scene, int obstacle, const Eigen::AlignedBox3d &box);
}  // namespace ompl_ccd
