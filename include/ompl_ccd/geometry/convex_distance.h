#pragma once
/// \file convex_distance.h
/// Bounds on the distance between two convex FCL shapes at given poses — fcl::Boxd, Sphered,
/// Capsuled, Cylinderd, Convexd, TrianglePd — that hold whatever the error of the method that
/// found the nearest points, and that never go through libccd's GJK (whose assertions, live in
/// Debian's libfcl, abort the process on degenerate simplices).
///
/// How. FCL's own GJK (fcl::detail::GJK, the solver of fcl::GST_INDEP, which has no assertions)
/// finds nearest points p_A, p_B; they are convex combinations of support points, so points of the
/// shapes, and ‖p_B − p_A‖ is an upper bound. GJK stops when an iteration gains little, which
/// bounds its progress, not its error (both of FCL's GJKs return distances far above the true one
/// between boxes whose nearest features are parallel edges), so its distance is never used as a
/// lower bound: the lower bound is the width of the slab between the shapes along
/// n = (p_B − p_A)/‖p_B − p_A‖,
///   s(n) = min_{y∈B} y·n − max_{x∈A} x·n = −h_B(−n) − h_A(n),
/// from the shapes' exact support functions h (every point pair is at least s(n) apart, for any
/// unit n; s(n) is the distance when n is the true nearest direction), lowered for rounding.
/// When s(n) falls short of ‖p_B − p_A‖ by more than a millionth of it, GJK is run once more from
/// n with a fresh simplex; then boxes, capsules, spheres and triangles — small polytopes, widened —
/// are measured in closed form (polytope_distance.h), exact but for rounding. A cylinder or a
/// convex hull keeps the verified slab, a lower bound however loose.

#include <Eigen/Geometry>
#include <fcl/geometry/collision_geometry.h>

#include "ompl_ccd/geometry/distance_bounds.h"

namespace ompl_ccd
{
/** \brief Whether convexDistance measures \a geometry: a box, sphere, capsule, cylinder, convex
    polytope (fcl::Convexd) or triangle (fcl::TrianglePd). */
bool isConvexShape(const fcl::CollisionGeometryd &geometry);

/** \brief h(n) = max { x·n : x in \a shape placed at \a X_WG } for n in the world frame (any
    length), from the shape's parameters: a box c·n + Σ hᵢ|aᵢ·n|, a cylinder c·n + r‖n − (a·n)a‖ +
    (l/2)|a·n|, a sphere or capsule its centre or axis plus r‖n‖, a convex polytope or triangle its
    largest vertex projection. Exact up to rounding. \pre isConvexShape(shape). */
double convexSupport(const fcl::CollisionGeometryd &shape, const Eigen::Isometry3d &X_WG, const Eigen::Vector3d &n_W);

/** \brief Slab width −h_B(−n) − h_A(n) less 10⁻¹⁰ (1 + |h_A| + |h_B|) for the rounding of the
    supports (numeric::kSlabSlack): a lower bound on the distance between \a a and \a b for every
    unit \a n_W (positive only when n separates them). \pre both isConvexShape. */
double convexSlab(const fcl::CollisionGeometryd &a, const Eigen::Isometry3d &X_WA, const fcl::CollisionGeometryd &b,
                  const Eigen::Isometry3d &X_WB, const Eigen::Vector3d &n_W);

/** \brief Bounds on the distance between \a a at \a X_WA and \a b at \a X_WB (see the file's
    doc): GJK's points and the slab along them, or closed forms where GJK leaves a polytope pair
    loose. Both bounds are 0 when GJK finds the shapes within its tolerance (10⁻¹² m) or
    overlapping, or the closed form finds them overlapping. Any input (flat or zero-sized shapes,
    coincident or touching ones) returns, with non-finite results replaced by 0 and +∞.
    \pre both isConvexShape. */
DistanceBounds convexDistance(const fcl::CollisionGeometryd &a, const Eigen::Isometry3d &X_WA,
                              const fcl::CollisionGeometryd &b, const Eigen::Isometry3d &X_WB);
}  // namespace ompl_ccd
