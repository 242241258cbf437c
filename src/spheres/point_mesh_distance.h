#pragma once
/// \file point_mesh_distance.h
/// Distance from a point to a set of triangles, through a TriangleBvh: what the inner spheres of a
/// closed mesh are sized by, and what bounds a cover's excess.

#include <Eigen/Core>
#include <array>
#include <vector>

#include "ompl_ccd/geometry/triangle_bvh.h"

namespace ompl_ccd::spheres
{
/** \brief Distance from \a p to triangle abc (to its edges when it has no area), rounded as computed
    (within a few ulps of the exact distance). */
double pointTriangleDistance(const Eigen::Vector3d &p, const Eigen::Vector3d &a, const Eigen::Vector3d &b,
                             const Eigen::Vector3d &c);

/** \brief Triangles with a box tree over them, for nearest-distance queries. */
class TriangleSet
{
public:
  /** \pre triangles non-empty. */
  explicit TriangleSet(std::vector<std::array<Eigen::Vector3d, 3>> triangles);
  /** \brief Distance from \a p to the nearest triangle (pointTriangleDistance's rounding). */
  double distance(const Eigen::Vector3d &p) const;
  const std::vector<std::array<Eigen::Vector3d, 3>> &triangles() const { return triangles_; }

private:
  std::vector<std::array<Eigen::Vector3d, 3>> triangles_;
  TriangleBvh bvh_;
};
}  // namespace ompl_ccd::spheres
