#pragma once
/// \file distance_bounds.h
/// What a distance query between two bodies returns: a certified lower bound, the distance of two
/// real points of the bodies (an upper bound), and those points.

#include <Eigen/Core>

#include "ompl_ccd/numeric.h"

namespace ompl_ccd
{
/** \brief Nearest points of a distance query, in the world frame. */
struct NearestPoints
{
  /** \brief p_WA on the first object and p_WB on the second. */
  Eigen::Vector3d p_WA = Eigen::Vector3d::Zero(), p_WB = Eigen::Vector3d::Zero();
};

/** \brief Bounds lower ≤ d ≤ upper on the distance d between two bodies A and B (metres, 0 when
    they touch or overlap). */
struct DistanceBounds
{
  /** \brief A proved lower bound, ≥ 0 (rounding included). */
  double lower = 0.0;
  /** \brief ‖p_WB − p_WA‖ rounded up, the points being points of the bodies (up to the rounding of
      their coordinates); 0 only when the bodies are shown to touch or overlap; +∞ claims nothing. */
  double upper = numeric::kInfinity;
  /** \brief p_WA on A and p_WB on B: the nearest pair found (\e upper is their distance). */
  NearestPoints nearest;
};
}  // namespace ompl_ccd
