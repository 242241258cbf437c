#pragma once
/// \file exact_continuous_obb_overlap.h
/// The continuous OBB overlap test of ARTICULATE ([Redon2004] Sec. 5.1, after [RKC02]): two boxes
/// of OBB trees (exact_obb_tree.h), each moved by an interval pose that encloses its body's pose over a
/// time interval T, are separated on all of T if one of the fifteen separating-axis tests of
/// [Gottschalk1996],
///   |a · T_AB| > Σᵢ aᵢ |a · eᵢ| + Σᵢ bᵢ |a · fᵢ|      ([Redon2004] Eq. (12)),
/// holds with its left member bounded below and its right member bounded above in outward-rounded
/// interval arithmetic over T: then at every t ∈ T the axis a(t) separates the boxes at t.
///
/// The axes are the three of each box and their nine cross products, written as in [Gottschalk1996]
/// with R_ij = eᵢ · fⱼ; those identities hold for orthonormal right-handed axes, which the boxes'
/// axes are up to ≈ 10⁻¹⁶, far inside the nanometre by which ObbNode::half is padded. The frame's
/// own three axes are tried first: any fixed axis is a valid test, and when the boxes turn through
/// wide angles over T (a long chain below the frame) their interval AABBs are the tighter bound.
/// With a margin d ≥ 0 a test also proves the boxes farther than d apart: the left member must
/// exceed the right one by d (every axis has length ≤ 1).
///
/// References: [Redon2004] in README.md, [RKC02], [Gottschalk1996] in docs/design.md (sections References).

#include <array>

#include "ompl_ccd/bound/interval_vector.h"
#include "ompl_ccd/bound/taylor_pose.h"
#include "certify/interval/exact_obb_tree.h"

namespace ompl_ccd
{
/** \brief An OBB over a time interval T, in a frame F: boxes enclosing its axes and its centre at
    every t ∈ T; its half-sizes do not change. */
struct IntervalObb
{
  /** \brief e_i(t) ∈ axes[i]. */
  std::array<IntervalVector3, 3> axes;
  /** \brief Centre p_FC(t) ∈ center. */
  IntervalVector3 center;
  /** \brief Half-sizes (metres). */
  Eigen::Vector3d half = Eigen::Vector3d::Zero();
};

/** \brief The box \a node of a body whose pose in F is enclosed by \a X_FB over T:
    e_i = R_FB e_i^B, centre = R_FB c^B + p_FB. */
IntervalObb moveObb(const ObbNode &node, const IntervalPose &X_FB);

/** \brief True only if some axis of Eq. (12) separates \a a and \a b by more than \a margin
    (metres, ≥ 0) for every t of the interval both are enclosed over: then the boxes stay farther
    than \a margin apart on it. */
bool obbsSeparated(const IntervalObb &a, const IntervalObb &b, double margin);
}  // namespace ompl_ccd
