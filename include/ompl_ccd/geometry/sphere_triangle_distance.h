#pragma once
/// \file sphere_triangle_distance.h
/// Bounds on the distance between a ball and a triangle, in closed form, written for every ball and
/// every triangle: what the mesh–sphere distance (pair_distance.h) takes on each triangle of the
/// mesh. (FCL 0.7's sphereTriangleDistance with nearest points writes no distance when the ball
/// overlaps the triangle or the triangle has no area, and gives its points in the two objects' own
/// frames.)
///
/// References: [Ericson2005] in docs/design.md (section References).

#include <Eigen/Core>

#include "ompl_ccd/geometry/distance_bounds.h"

namespace ompl_ccd
{
/** \brief Bounds on the distance d between the ball B of radius \a radius ≥ 0 about \a center and
    the triangle T = abc (one frame; a collapsed triangle is its edges), 0 when they touch:
    - nearest: p_WB = q, the point of T nearest to the centre c ([Ericson2005] Sec. 5.1.5, p. 141;
      for a collapsed triangle the nearest point of its three edges, Sec. 5.1.2), and p_WA, the
      point of B toward q (q itself when q is in B);
    - upper: ‖c − q‖ − radius rounded up (0 when q is in B);
    - lower: min over the corners v of n · (c − v) − radius, n = (c − q) / ‖c − q‖, rounded down and
      at least 0: every point x of T is a convex combination of its corners, so ‖c − x‖ ≥ n · (c − x)
      ≥ min_v n · (c − v) for any unit n — a bound whatever rounding did to q, equal to the
      distance when q is the nearest point. 0 when q is the centre.
    @pre every coordinate finite. */
DistanceBounds sphereTriangleBounds(const Eigen::Vector3d &center, double radius, const Eigen::Vector3d &a,
                                    const Eigen::Vector3d &b, const Eigen::Vector3d &c);
}  // namespace ompl_ccd
