#pragma once
/// \file interval_link_pose.h
/// Interval link motions ([Redon2004] Sec. 4.1): the pose of one link of a JointMotion over a time
/// interval T, in the world frame or in the frame of one of its ancestors (the common ancestor of a
/// self pair, so that the joints above it, which move both links rigidly, add no width), enclosed as the product of interval joint transforms along its chain (sin and cos of
/// each joint's interval angle value_j(T) = start_j + T δ_j, outward-rounded; prismatic offsets
/// start_j + T δ_j; the floating root's position p₀ + T Δp and rotation R₀ Rot(u, T θ)). The
/// product is linkIntervalPoses (bound/taylor_pose.h); this class plugs it into the elementary
/// contact solver as a PoseEnclosureFunction.
///
/// References: [Redon2004] in README.md (section References).

#include "certify/interval/exact_rigid_vertex_motion.h"
#include "ompl_ccd/model/joint_motion.h"

namespace ompl_ccd
{
/** \brief X_FL(t) of link \e link in frame F (the world, or an ancestor link) under a JointMotion, enclosed over time intervals in outward-rounded
    interval arithmetic. Gives no rate enclosure (the solver then skips interval Newton).
    Immutable and thread-safe. */
class IntervalLinkPose : public PoseEnclosureFunction
{
public:
  /** \param motion the certified motion (outlives this object) \param link index in
      motion.model().links() \param frame −1 for the world, else an ancestor of \a link (or \a link).
      \throws Error if \a link or \a frame is out of range. */
  IntervalLinkPose(const JointMotion &motion, int link, int frame = -1);

  /** \brief X_FL ∋ X_FL(t) for every t ∈ T ⊂ [0, 1]: the chain product of [Redon2004] Sec. 4.1. */
  void enclose(const Interval &T, IntervalPose &X_FL) const override;

private:
  /** \brief The motion whose link is enclosed. */
  const JointMotion *motion_;
  /** \brief Link index, and the frame's link index (−1: world). */
  int link_, frame_;
};
}  // namespace ompl_ccd
