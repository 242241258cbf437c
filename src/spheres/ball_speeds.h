#pragma once
/// \file ball_speeds.h
/// Per-ball motion bounds of an edge: how fast the centre of a ball fixed in a link can move, in
/// the world or relative to an ancestor link ([Zhang2007] Eq. (7)–(10), written per point instead of
/// per link). A point p_L of link l moves at most
///   μ(p) = D_l |a_l × p_L| + W_l |p_L| + B_l   per unit t,
/// where D_l is the rate of l's own rotating joint (whose axis a_l passes through the link origin),
/// W_l the sum of the rates of the rotating joints above it (the floating root's turn included), and
/// B_l = Σ_k |δ_k| O_k + Σ prismatic |δ| + the floating root's travel, O_k the link offsets between
/// l and joint k: motion_bound.h's sum with the body's radius replaced by the point's distance. A
/// ball of radius r about p sweeps, over [t − h, t + h], inside the ball of radius r + μ(p) h about
/// p(t). Relative to an ancestor link only the joints below it count (two links' distance changes
/// only by their motions relative to their deepest common ancestor).
///
/// References: [Zhang2007] in README.md (section References).

#include <vector>

#include "ompl_ccd/model/joint_motion.h"

namespace ompl_ccd::spheres
{
/** \brief The coefficients of μ(p) = own |a × p_L| + turn |p_L| + base (file comment), padded for
    rounding as motion_bound.h pads its bounds. */
struct PointSpeed
{
  double own = 0.0, turn = 0.0, base = 0.0;
  /** \brief μ for a point at \a lever from the link origin and \a axis_lever from its own axis. */
  double at(double lever, double axis_lever) const { return own * axis_lever + turn * lever + base; }
};

/** \brief The PointSpeed of link \a link along \a motion over [0, 1], counting the joints on the path
    from it up to (not including) the joint of link \a relative_to (-1: up to the world). */
PointSpeed pointSpeed(const JointMotion &motion, int link, int relative_to = -1);
}  // namespace ompl_ccd::spheres
