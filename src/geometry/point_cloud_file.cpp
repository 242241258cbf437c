#include "ompl_ccd/geometry/point_cloud_file.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <filesystem>

#include "ompl_ccd/error.h"
#include "ompl_ccd/input_file.h"
#include "ompl_ccd/model/magnitude_bound.h"
#include "point_cloud_readers.h"

namespace ompl_ccd
{
namespace cloud_io
{
void addPoint(std::vector<Eigen::Vector3d> &points, const Eigen::Vector3d &p, const std::string &where)
{
  if (p.array().isNaN().any())
    return;
  OMPL_CCD_THROW_UNLESS(p.allFinite(), where, ": a coordinate is infinite (", p.x(), " ", p.y(), " ", p.z(),
                        "); remove the point or write NaN for a missing return.");
  OMPL_CCD_THROW_UNLESS(withinMagnitudeBound(p), where, ": a coordinate lies beyond ±", kMaxMagnitude, " m (", p.x(),
                        " ", p.y(), " ", p.z(), "); give the points in metres, or remove the point.");
  points.push_back(p);
}
}  // namespace cloud_io

std::vector<Eigen::Vector3d> readPointCloudFile(const std::string &path)
{
  requireInputFile(path, "readPointCloudFile", "point cloud file", "check the path");
  std::string extension = std::filesystem::path(path).extension().string();
  std::transform(extension.begin(), extension.end(), extension.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  if (extension == ".pcd")
    return cloud_io::readPcd(path);
  if (extension == ".ply")
    return cloud_io::readPly(path);
  if (extension == ".xyz")
    return cloud_io::readXyz(path);
  throw Error(concat("readPointCloudFile: ", path, ": unsupported extension ('", extension,
                     "'); give a .pcd, .ply or .xyz point cloud."));
}
}  // namespace ompl_ccd
