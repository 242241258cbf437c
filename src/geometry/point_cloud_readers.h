#pragma once
/// \file point_cloud_readers.h
/// Private: one reader per point-cloud format, behind readPointCloudFile (point_cloud_file.h).
/// Each takes a file that exists and is readable, and skips NaN points.

#include <Eigen/Core>
#include <string>
#include <vector>

namespace ompl_ccd::cloud_io
{
/** \brief PCL's .pcd: ascii, binary or binary_compressed data. */
std::vector<Eigen::Vector3d> readPcd(const std::string &path);
/** \brief .ply: the vertex element's x, y, z. */
std::vector<Eigen::Vector3d> readPly(const std::string &path);
/** \brief Text, `x y z` per line. */
std::vector<Eigen::Vector3d> readXyz(const std::string &path);

/** \brief Appends \a p unless a coordinate is NaN; refuses an infinite one and one beyond
    ±kMaxMagnitude (magnitude_bound.h).
    \param where "<reader>: <file>: <point i | line n>" for the message. */
void addPoint(std::vector<Eigen::Vector3d> &points, const Eigen::Vector3d &p, const std::string &where);
}  // namespace ompl_ccd::cloud_io
