#pragma once
/// \file motion_bound.h
/// Motion bounds μ of conservative advancement ([Zhang2007] Sec. 6, Eq. (6)–(10)): how fast any
/// point of a body fixed in a link can move, overall or along a world direction n, during a
/// sub-interval [t_a, t_b] of a JointMotion; and a bound on its acceleration, which keeps it near
/// the chord between its two end positions.
///
/// The velocity of a point p of link i is the sum over the moving joints k on the path from the
/// root to i ([Zhang2007] Eq. (7)–(8), the columns of the geometric Jacobian):
///   revolute / continuous k:  δ_k a_k(t) × (p − o_k(t)),   prismatic k:  δ_k a_k(t),
///   floating root:            ṗ₀ + ω₀ × (p − o₀(t)),
/// with a_k the joint axis in the world, o_k the joint origin and δ_k the joint's change over
/// [0,1]. Hence |v·n| ≤ Σ_k |δ_k| L_k s_k(n) + …, where L_k bounds |p − o_k| by the link offsets
/// below k plus the body's radius (Eq. (9)), and s_k(n) bounds |a_k × n| (|a_k · n| for prismatic
/// joints) over the interval: a_k(t) stays within the angle θ_k = Σ(rotation rates above k)·(t_b − t_a)
/// of a_k(t_a), since the angle of a product of rotations is at most the sum of their angles.
/// For the body's own joint the lever is its distance from the joint's axis (BodyReach).
/// Without a direction s_k = 1 (the undirected bound).
///
/// Acceleration: every joint value is linear in t (the floating root turns at a constant rate
/// about a fixed axis and translates linearly), so p̈ = Σ_i Σ_k δ_i δ_k ∂²p/∂q_i∂q_k. For a joint i
/// at or above a revolute joint k, ∂²p/∂q_i∂q_k = a_i × (a_k × (p − o_k)) (differentiate
/// a_k × (p − o_k) along q_i and apply the Jacobi identity), of norm at most p's distance from k's
/// axis; for a prismatic k it is a_i × a_k (norm ≤ 1) and it vanishes when i is prismatic. Hence
///   |p̈| ≤ Σ_k |δ_k| L_k (|δ_k| + 2 Σ_{i above k} |δ_i|)  over the revolute k,
///       + Σ_k 2 |δ_k| Σ_{i above k} |δ_i|             over the prismatic k,
/// the inner sums over rotations only. A C² curve with |p̈| ≤ A stays within
/// A (t − t_0)(t_1 − t)/2 ≤ A (t_1 − t_0)²/8 of its chord from p(t_0) to p(t_1) (the interpolation
/// error of a linear function), so a body's sweep over a short piece lies in the box of its two end
/// positions widened by that: second order in the piece's length, where μ's widening is first.
///
/// References: [Zhang2007] in README.md (section References).

#include <Eigen/Geometry>
#include <vector>

#include "ompl_ccd/model/joint_motion.h"
#include "ompl_ccd/model/link.h"

namespace ompl_ccd
{
/** \brief Largest distance from the link origin of any point of \a geometry (metres), padded by a
    relative 1e-12. The body radius used by the motion bounds. */
double radiusAboutLinkOrigin(const LinkGeometry &geometry);

/** \brief The levers of a body fixed in a link ([Zhang2007] Eq. (9)). */
struct BodyReach
{
  /** \brief Bound on |p − link origin| over the body (radiusAboutLinkOrigin). */
  double radius = 0.0;
  /** \brief Bound on the distance of p from the axis of the link's own joint, which passes through
      the link origin: the lever of that joint's rotation, |a × (p − o)| ([Zhang2007] Eq. (7)).
      At most \e radius; equal to it when the link has no revolute or continuous joint. */
  double axis_radius = 0.0;
};

/** \brief The BodyReach of \a geometry of link \a link of \a model, padded by a relative 1e-12. */
BodyReach bodyReach(const RobotModel &model, int link, const LinkGeometry &geometry);

/** \brief μ ≥ 0 such that every point p of a body fixed in link \a link, within \a reach of the
    link origin and of its joint's axis, satisfies ‖p(t) − p(t_a)‖ ≤ μ (t − t_a) for all
    t ∈ [t_a, t_b] ([Zhang2007] Eq. (10), the undirected bound). Sound under rounding: padded by a
    relative 1e-12 and an absolute 1e-15.
    \param relative_to an ancestor link of \a link, or -1: with an ancestor, only the joints below
           it count, which bounds the motion relative to that link's frame (two links' distance
           changes only by their motions relative to their deepest common ancestor); p and p(t_a)
           are then taken in that frame.
    \pre 0 ≤ t_a ≤ t_b ≤ 1. */
double motionBound(const JointMotion &motion, int link, const BodyReach &reach, double t_a, double t_b,
                   int relative_to = -1);

/** \brief ω̄ ≥ 0 such that the rotation of link \a link's frame (relative to link \a relative_to,
    or the world with -1) between any two times t, t' of the motion is by an angle of at most
    ω̄ |t − t'|: the sum of the rotation rates of the joints on the path (the angle of a product
    of rotations is at most the sum of their angles). Padded as motionBound. */
double turnRateBound(const JointMotion &motion, int link, int relative_to = -1);

/** \brief μ_n ≥ 0 such that the same points satisfy |(p(t) − p(t_a)) · n| ≤ μ_n (t − t_a) for all
    t ∈ [t_a, t_b] ([Zhang2007] Eq. (10) along a direction); at most motionBound().
    \param X_WL link poses at t_a (forwardKinematics of motion.stateAt(t_a)); used for the joint
           axes' directions only.
    \param n unit direction in the world; with \a relative_to an ancestor, a direction fixed in that
           link's frame, given by its world coordinates at t_a. */
double motionBoundAlong(const JointMotion &motion, const std::vector<Eigen::Isometry3d> &X_WL, int link,
                        const BodyReach &reach, double t_a, double t_b, const Eigen::Vector3d &n,
                        int relative_to = -1);

/** \brief A ≥ 0 such that every point p of a body fixed in link \a link, within \a reach of the
    link origin and of its joint's axis, satisfies |p̈(t)| ≤ A for all t ∈ [t_a, t_b] (see the file
    comment); with \a relative_to an ancestor link, p is taken in that link's frame and only the
    joints below it count. Sound under rounding: padded by a relative 1e-12 and an absolute 1e-15.
    \pre 0 ≤ t_a ≤ t_b ≤ 1. */
double accelerationBound(const JointMotion &motion, int link, const BodyReach &reach, double t_a, double t_b,
                         int relative_to = -1);

/** \brief How far beyond the box of its positions at the two ends of a piece of length \a span a
    point can go during the piece, when its speed is bounded by \a speed (motionBound) and its
    acceleration by \a acceleration (accelerationBound): it stays within speed · span/2 of its
    position at the nearer end, and within acceleration · span²/8 of the chord between its end
    positions, which lies in the box; the smaller of the two. */
double sweptBoxWidening(double speed, double acceleration, double span);

/** \brief The rotation rate (radians per unit t) of the joint moving link \a link: |δ| of a revolute or
    continuous joint, the floating root's turn angle; 0 for a prismatic joint and a fixed root. */
double jointTurnRate(const JointMotion &motion, int link);

/** \brief Deepest common ancestor of links \a a and \b b (possibly one of them); -1 if they lie in
    different trees (never for a RobotModel). */
int commonAncestor(const RobotModel &model, int a, int b);
}  // namespace ompl_ccd
