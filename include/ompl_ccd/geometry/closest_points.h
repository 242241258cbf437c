#pragma once
/// \file closest_points.h
/// Closest points between a point, a segment and a triangle, in closed form ([Ericson2005]
/// Sec. 5.1): the primitives of the polytope distances (polytope_distance.h) and of the interval
/// certifier's contact witnesses.
///
/// References: [Ericson2005] in docs/design.md (section References).

#include <Eigen/Core>
#include <utility>

namespace ompl_ccd
{
/** \brief Barycentric (v, w) of the point of triangle abc closest to p, q = a + v (b − a) + w (c − a)
    ([Ericson2005] Sec. 5.1.5, p. 141: the Voronoi region of p among the corners, edges and face);
    non-finite for a collapsed triangle (a zero area face region). */
std::pair<double, double> closestOnTriangle(const Eigen::Vector3d &p, const Eigen::Vector3d &a,
                                            const Eigen::Vector3d &b, const Eigen::Vector3d &c);

/** \brief Parameters (s, u) ∈ [0,1]² of the closest points a + s(b − a), c + u(d − c) of two
    segments ([Ericson2005] Sec. 5.1.9, p. 149; degenerate segments handled). For parallel
    segments, s = 0 or the clamped projection: one of the nearest pairs. */
std::pair<double, double> closestOnSegments(const Eigen::Vector3d &a, const Eigen::Vector3d &b,
                                            const Eigen::Vector3d &c, const Eigen::Vector3d &d);
}  // namespace ompl_ccd
