#pragma once
/// \file ca_live_pieces.h
/// Private to the CA certifier: the kernels of its live-piece culling (ca_live_pieces.cpp), the
/// spatial culling of [Zhang2007] Sec. 5 done piece by piece. The motion [0, 1] is cut into N
/// pieces [k/N, (k+1)/N]; a pair is *live* during a piece when its bodies' motion-bound boxes
/// (inflated by clearance + contact_distance) overlap during it. CA steps only in live pieces:
/// during a dead one the pair is farther apart than clearance + contact_distance.
///
/// References: [Zhang2007] in README.md (section References).

#include "ompl_ccd/model/joint_motion.h"

namespace ompl_ccd::ca
{
/** \brief The earliest time ≥ \a t in a live piece of a pair, or ∞ if none.
    \param[in] live the pair's N = \a samples flags, piece k = [k/N, (k+1)/N] live iff live[k] ≠ 0.
    \pre samples ≥ 1; t ≥ 0. The piece holding t is found whatever t·N rounds to. */
double nextLiveTime(const char *live, int samples, double t);

/** \brief The largest Σ of rotation rates (radians per unit t) along the path from the root to a
    link: how finely the Taylor models cut the motion. */
double largestChainRotation(const JointMotion &motion);
}  // namespace ompl_ccd::ca
