#pragma once
/// \file octomap_file.h
/// Reads the occupied cells of an OctoMap file (.bt, .ot), for scenes whose obstacles come from a
/// sensor (sensor_obstacles.h).

#include <Eigen/Core>
#include <optional>
#include <string>
#include <vector>

namespace ompl_ccd
{
/** \brief One occupied leaf of an octree: the cube of side \a size centred at \a center (frame of
    the map), at the leaf's own depth (a pruned leaf is a larger cube). */
struct OccupiedCell
{
  /** \brief The centre of the leaf's key at its depth, in double: within half an ulp of the exact
      centre on each axis (one rounding). */
  Eigen::Vector3d center = Eigen::Vector3d::Zero();
  /** \brief Side of the cube, metres: resolution × 2^(16 − depth). */
  double size = 0.0;
};

/** \brief Every occupied leaf of the OctoMap in \a path, read with liboctomap as an
    `octomap::OcTree`: `.bt` (binary: leaves are occupied or free) or `.ot` (full: each leaf keeps
    its log-odds; the tree must be an `OcTree`, not a ColorOcTree or OcTreeStamped). A leaf is
    occupied when `isNodeOccupied` says so under \a occupancy_threshold (a probability in (0, 1);
    the file's own default, 0.5, when unset). Unknown space (no leaf) is no obstacle.
    The file's data is walked once before liboctomap reads it (depth ≤ 16, no truncation), so a
    malformed file is refused with a message rather than read past its end. `res` must lie in
    (0, kMaxMagnitude] and every occupied cell within ±kMaxMagnitude of the map's origin
    (magnitude_bound.h).
    \throws Error naming the file, the element (header key, byte) and the fix. */
std::vector<OccupiedCell> readOctomapFile(const std::string &path, std::optional<double> occupancy_threshold = {});
}  // namespace ompl_ccd
