#include "cloud_points.h"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "ompl_ccd/error.h"

namespace ompl_ccd::ros_node
{
namespace
{
const char *const kWhere = "~cloud";

/** \brief The x, y or z field \a name of \a cloud. */
const sensor_msgs::PointField &field(const sensor_msgs::PointCloud2 &cloud, const std::string &name)
{
  for (const sensor_msgs::PointField &f : cloud.fields)
    if (f.name == name)
    {
      OMPL_CCD_THROW_UNLESS((f.datatype == sensor_msgs::PointField::FLOAT32 || f.datatype == sensor_msgs::PointField::FLOAT64) &&
                                f.count == 1 && f.offset + (f.datatype == sensor_msgs::PointField::FLOAT32 ? 4u : 8u) <= cloud.point_step,
                            kWhere, ": field '", name, "' is not one FLOAT32 or FLOAT64 inside point_step ", cloud.point_step,
                            "; publish x, y, z as float32 (as PCL and depth_image_proc do).");
      return f;
    }
  throw Error(concat(kWhere, ": the cloud has no field '", name, "'; publish x, y, z (sensor_msgs/PointCloud2)."));
}

double value(const std::uint8_t *at, const sensor_msgs::PointField &f, bool swap)
{
  std::uint8_t bytes[8];
  const int size = f.datatype == sensor_msgs::PointField::FLOAT32 ? 4 : 8;
  std::memcpy(bytes, at + f.offset, size);
  if (swap)
    std::reverse(bytes, bytes + size);
  if (size == 4)
  {
    float x;
    std::memcpy(&x, bytes, 4);
    return x;
  }
  double x;
  std::memcpy(&x, bytes, 8);
  return x;
}
}  // namespace

std::vector<Eigen::Vector3d> cloudPoints(const sensor_msgs::PointCloud2 &cloud)
{
  const sensor_msgs::PointField *xyz[3] = {&field(cloud, "x"), &field(cloud, "y"), &field(cloud, "z")};
  OMPL_CCD_THROW_UNLESS(static_cast<std::uint64_t>(cloud.width) * cloud.point_step <= cloud.row_step &&
                            static_cast<std::uint64_t>(cloud.height) * cloud.row_step <= cloud.data.size(),
                        kWhere, ": ", cloud.height, " rows of ", cloud.width, " points (point_step ", cloud.point_step,
                        ", row_step ", cloud.row_step, ") do not fit in ", cloud.data.size(),
                        " bytes of data; publish a consistent cloud.");
  const bool swap = cloud.is_bigendian;  // every ROS 1 platform is little-endian
  std::vector<Eigen::Vector3d> points;
  points.reserve(static_cast<std::size_t>(cloud.width) * cloud.height);
  for (std::uint32_t row = 0; row < cloud.height; ++row)
    for (std::uint32_t col = 0; col < cloud.width; ++col)
    {
      const std::uint8_t *at = cloud.data.data() + static_cast<std::size_t>(row) * cloud.row_step +
                               static_cast<std::size_t>(col) * cloud.point_step;
      const Eigen::Vector3d p(value(at, *xyz[0], swap), value(at, *xyz[1], swap), value(at, *xyz[2], swap));
      if (p.array().isNaN().any())
        continue;
      OMPL_CCD_THROW_UNLESS(p.allFinite(), kWhere, ": point (row ", row, ", column ", col,
                            ") has an infinite coordinate; publish NaN for a missing return.");
      points.push_back(p);
    }
  return points;
}
}  // namespace ompl_ccd::ros_node
