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
    - `.ply` — through assimp: the vertices of every element (faces ignored); x, y, z must be
      stored as `float` (assimp reads single precision: a `double` coordinate is refused rather
      than rounded);
    - `.xyz` — text, one point per line `x y z` (more columns ignored), blank lines and `#`
      comments skipped.
    A point with a NaN coordinate is skipped: NaN is PCL's "no return" in organised clouds. An
    infinite coordinate is refused.
    \throws Error naming the file, the element (header key, line, point) and the fix. */
std::vector<Eigen::Vector3d> readPointCloudFile(const std::string &path);
}  // namespace ompl_ccd
