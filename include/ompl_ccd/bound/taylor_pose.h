#pragma once
/// \file taylor_pose.h
/// Enclosures of every link's pose over a sub-interval [t₀, t₁] of the motion: 4×4 "Taylor
/// matrices" composed along the chain ([Zhang2007] Sec. 5.2, Eq. (1)–(2)), and, for comparison,
/// the same product in plain interval arithmetic (the overestimating baseline of [Zhang2007] Fig. 5).
///
/// References: [Zhang2007] in README.md (section References).

#include <array>
#include <vector>

#include "ompl_ccd/bound/interval.h"
#include "ompl_ccd/bound/taylor_model.h"
#include "ompl_ccd/model/joint_motion.h"

namespace ompl_ccd
{
/** \brief A link pose X_WL(t) = [R(t) p(t)] whose entries are enclosures of type S over the
    sub-interval (S = TaylorModel: a Taylor matrix; S = Interval: an interval matrix). */
template <typename S>
struct PoseEnclosure
{
  /** \brief Rotation R_WL(t), row-major: R[3 i + k] is row i, column k. */
  std::array<S, 9> R;
  /** \brief Origin p_WL(t). */
  std::array<S, 3> p;
};

using TaylorPose = PoseEnclosure<TaylorModel>;
using IntervalPose = PoseEnclosure<Interval>;

/** \brief Taylor matrices of every link of motion.model() over \a domain:
    X_WC(t) = X_WP(t) · X_PJ · M_J(value(t)), with M_J's sin/cos as third-order Taylor models.
    \param[out] X_WL resized to the number of links; X_WL[i] encloses link i's pose. */
void linkTaylorPoses(const JointMotion &motion, const TaylorDomain &domain, std::vector<TaylorPose> &X_WL);

/** \brief The Taylor matrix of one link, X_FL(t), composed along its chain only: from frame link
    \a frame down to \a link (−1: from the world, X_WL). \pre \a frame is \a link, an ancestor of
    it, or −1. The same enclosure as linkTaylorPoses()'s (with frame −1) for a fraction of the
    work when few links are needed. */
TaylorPose linkTaylorPose(const JointMotion &motion, const TaylorDomain &domain, int link, int frame = -1);

/** \brief The same product in plain interval arithmetic over [t0, t1] (sin/cos of the joint's
    angle interval), the enclosure of [Redon2004] Sec. 4.1, then narrowed by its mean-value form
    about the midpoint: each link's origin within its motion bound, its rotation within the angle
    its joints turn (a plain product's widths grow link by link along a chain, the wrapping effect:
    on a 30-joint chain they reach metres over spans of microseconds). Sound under rounding; used
    by the ARTICULATE certifier.
    \param frame −1 for world poses X_WL; a link index F to start the product at F instead: then F
      and every link below it get X_FL (only the joints between F and L move it), and the links not
      below F keep their world pose. */
void linkIntervalPoses(const JointMotion &motion, double t0, double t1, std::vector<IntervalPose> &X_WL,
                       int frame = -1);

/** \brief linkIntervalPoses without the mean-value narrowing: the bare interval product, the
    overestimating baseline of [Zhang2007] Fig. 5 that Taylor models are measured against. */
void plainLinkIntervalPoses(const JointMotion &motion, double t0, double t1, std::vector<IntervalPose> &X_WL,
                            int frame = -1);
}  // namespace ompl_ccd
