#pragma once
/// \file thin_obstacles.h
/// A robot among thin obstacles spread over its workspace — plates 1 mm thick and poles 2–5 mm
/// across — where a sampling validator misses contacts (grazing_edges.h builds the edges it misses).

#include <cstddef>
#include <cstdint>

#include "ompl_ccd/geometry/collision_world.h"

namespace ompl_ccd::test
{
/** \brief What thinObstacleWorld places. */
struct ThinObstacleOptions
{
  /** \brief Square plates: how many, side and thickness (metres). */
  std::size_t plates = 4;
  double plate_side = 0.25, plate_thickness = 1e-3;
  /** \brief Poles (cylinders): how many, length, and diameters drawn uniformly in [min, max]. */
  std::size_t poles = 8;
  double pole_length = 0.6, pole_min_diameter = 2e-3, pole_max_diameter = 5e-3;
  /** \brief Obstacle centres keep at least this horizontal distance from the root's z axis, so
      that the base and the first links stay clear. */
  double min_axis_distance = 0.25;
  std::uint32_t seed = 1;
};

/** \brief \a robot among thin obstacles, each centred where the end link (endLink) is in a random
    collision-free state of the robot alone (so across the workspace it reaches), plates normal to
    a random direction, poles along one. Deterministic in options.seed. */
CollisionWorldPtr thinObstacleWorld(const RobotModelPtr &robot, const ThinObstacleOptions &options = {});
}  // namespace ompl_ccd::test
