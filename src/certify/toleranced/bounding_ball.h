#pragma once
/// \file bounding_ball.h
/// Bounding balls in R¹² of a link's sub-motion ([SchroeckerWeber] Sec. 5): a rigid centre g and a
/// radius R in the object-oriented metric with dist(X(t), g) ≤ R for every t of the sub-interval.
///
/// The radius comes from a rigorous enclosure of the 12 coordinates (the Taylor matrices of
/// taylor_pose.h, outward rounded), not from Prop. 2: for δ = X(t) − g,
///   dist²(X(t), g) = ‖δ(b)‖² + Σᵢ μᵢ ‖D eᵢ‖²            (b barycenter, eᵢ/μᵢ principal axes/moments)
/// and each of the twelve numbers δ(b)ₖ, (D eᵢ)ₖ = (X(t) eᵢ − g eᵢ)ₖ is enclosed over the whole
/// sub-interval, so the sum of their squared magnitudes (rounded up) bounds R².
///
/// References: [SchroeckerWeber] in README.md (section References).

#include <Eigen/Geometry>

#include "certify/toleranced/affine_metric.h"
#include "ompl_ccd/bound/taylor_pose.h"

namespace ompl_ccd
{
/** \brief A ball B_R(g) of affine displacements with a rigid centre g. */
struct BoundingBall
{
  /** \brief Centre g (a rigid motion: its orbits are displaced copies, [SchroeckerWeber] Sec. 3). */
  Eigen::Isometry3d g = Eigen::Isometry3d::Identity();
  /** \brief Radius R in the metric of the moving body (metres, |μ| = 1). */
  double radius = 0.0;
};

/** \brief Smallest R (rounded up) such that dist(X(t), g) ≤ R for every pose the enclosure \a X_t
    admits, in \a metric (the moving body's). \a g is any rigid motion, usually the pose at the
    sub-interval's midpoint. */
double enclosingRadius(const AffineMetric &metric, const TaylorPose &X_t, const Eigen::Isometry3d &g);

/** \brief The same for an interval-matrix enclosure of the sub-motion (any motion whose 12
    coordinates can be enclosed by interval arithmetic, e.g. the rational motions of
    [SchroeckerWeber] Sec. 7). */
double enclosingRadius(const AffineMetric &metric, const IntervalPose &X_t, const Eigen::Isometry3d &g);

/** \brief Encloses X_AB(t) = X_WA(t)⁻¹ · X_WB(t), the pose of link B in link A's frame (relative
    motion for link-vs-link tests). Both enclosures must share their domain. */
TaylorPose relativePose(const TaylorPose &X_WA, const TaylorPose &X_WB);
}  // namespace ompl_ccd
