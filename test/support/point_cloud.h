#pragma once
/// \file point_cloud.h
/// A mesh shape made of a point cloud, for the convex hulls (ConvexHull) tests take of points.

#include <Eigen/Core>
#include <vector>

#include "ompl_ccd/model/collision_shape.h"

namespace ompl_ccd::test
{
/** \brief A mesh shape whose vertices are \a points (one triangle on the first three: ConvexHull
    takes the hull of every vertex). \pre at least 3 points. */
CollisionShape pointCloudMesh(const std::vector<Eigen::Vector3d> &points);
}  // namespace ompl_ccd::test
