#pragma once
/// \file line_swept_sphere.h
/// Line-swept spheres (LSS, capsules) around links and around their motion over a time interval:
/// the bounding volume of ARTICULATE's dynamic swept-volume culling ([Redon2004] Sec. 4.2).
/// The paper tessellates the LSS's swept volume and tests it on the GPU; here the swept volume over
/// a short interval T is enclosed by one capsule instead (no tessellation error, so never culling a
/// colliding link): if the LSS's end points stay in boxes A ∋ a(t), B ∋ b(t) for t ∈ T, every point
/// (1 − s) a(t) + s b(t) + r u (‖u‖ ≤ 1) lies within r + max(ρ_A, ρ_B) of the segment joining the
/// boxes' centres, ρ being a box's half-diagonal, because (1 − s)(a − c_A) + s (b − c_B) is a
/// convex combination of two vectors no longer than ρ_A and ρ_B.
///
/// References: [Redon2004] in README.md (section References).

#include <vector>

#include <Eigen/Core>

#include "ompl_ccd/bound/taylor_pose.h"

namespace ompl_ccd
{
/** \brief The points within \e radius of the segment [a, b] (metres, in some frame). */
struct LineSweptSphere
{
  Eigen::Vector3d a = Eigen::Vector3d::Zero(), b = Eigen::Vector3d::Zero();
  double radius = 0.0;
};

/** \brief An LSS containing every point of \a points: axis along their principal direction (PCA of
    the point cloud), end points at the extreme projections, radius the largest distance to the
    axis, padded outward for rounding. \pre \a points is not empty. */
LineSweptSphere fitLineSweptSphere(const std::vector<Eigen::Vector3d> &points);

/** \brief A capsule containing the link-frame LSS \a lss_L moved by every pose of \a X_FL (an
    interval pose over a time interval): the bound of the file comment, padded for rounding. */
LineSweptSphere sweptLineSweptSphere(const LineSweptSphere &lss_L, const IntervalPose &X_FL);
}  // namespace ompl_ccd
