#pragma once
/// \file cloud_points.h
/// The points of a sensor_msgs/PointCloud2, in its own frame.

#include <sensor_msgs/PointCloud2.h>

#include <Eigen/Core>
#include <vector>

namespace ompl_ccd::ros_node
{
/** \brief Every point of \a cloud (fields x, y, z of FLOAT32 or FLOAT64, any layout and byte
    order the message declares), NaN points skipped (a depth camera's "no return").
    \throws Error naming the field or size that is wrong and the fix. */
std::vector<Eigen::Vector3d> cloudPoints(const sensor_msgs::PointCloud2 &cloud);
}  // namespace ompl_ccd::ros_node
