#pragma once
/// \file point_cloud_file.h
/// Reads the points of a point-cloud file (PCL's .pcd, .ply, plain-text .xyz), in the file's own
/// frame C, for scenes whose obstacles come from a sensor (sensor_obstacles.h).

#include <Eigen/Core>
#include <string>
#include <vector>

namespace ompl_ccd
{
/** \brief Points p_CP of the cloud in \a path, in file order, chosen by extension:
    - `.pcd` — PCL's format (header VERSION … DATA): `DATA ascii`, `binary` or `binary_compressed`
      (LZF); the fields `x`, `y`, `z` of TYPE F and SIZE 4 or 8 (any other fields are skipped);
      VIEWPOINT is not applied (PCL does not apply it either);
    - `.ply` — ascii, binary_little_endian or binary_big_endian: the `vertex` element's x, y, z
      (any scalar type, read exactly), elements before it skipped, those after it not read;
    - `.xyz` — text, one point per line `x y z` (more columns ignored), blank lines and `#`
      comments skipped.
    A point with a NaN coordinate is skipped: NaN is PCL's "no return" in organised clouds. An
    infinite coordinate is refused, and so is one beyond ±kMaxMagnitude (magnitude_bound.h).
    \throws Error naming the file, the element (header key, line, point) and the fix. */
std::vector<Eigen::Vector3d> readPointCloudFile(const std::string &path);
}  // namespace ompl_ccd
