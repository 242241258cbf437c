#pragma once
/// \file lane_rounding.h
/// How far the float lane kinematics (lane_kinematics.h) can be from exact arithmetic: per link, a
/// bound ε on the error of its rotation matrix (spectral norm) and η on the error of its origin;
/// per point of a link, the error of its world position; per test, the error of a distance. The
/// sphere front end pads every radius by these, outward for outer spheres and inward for inner
/// ones, so that float rounding cannot turn a proof false.
///
/// The model ([Higham2002] Sec. 2.2, 3.1, 3.5): every float operation rounds to nearest, so
/// fl(a ∘ b) = (a ∘ b)(1 + e), |e| ≤ u = 2⁻²⁴ (a fused multiply-add rounds once, within the same
/// bound); a dot product of n terms is within γ_n Σ|a_i b_i| of its value, γ_n = nu/(1 − nu); so a
/// product of 3×3 matrices is within γ₃ |A||B| entrywise, whose entries are at most the norms of a
/// row of A and a column of B; a 3×3 matrix whose entries are within x has spectral norm within 3x.
/// Highway's float Sin and Cos are within 3 ulps of the exact value on [−39000, 39000] (their
/// documentation, hwy/contrib/math/math-inl.h), i.e. within 6u absolutely, since |sin| ≤ 1 and an
/// ulp of a float below 1 is at most 2u.
///
/// A joint value v = s + t δ is evaluated in float from s and δ rounded to float (t is a dyadic
/// time, exact): |v̂ − v| ≤ 4u (|s| + |δ|). Its local rotation A + sin v B − cos v C (JointTerms:
/// the entries of A, B and C are at most 1 in magnitude) is then within 3(2(|v̂ − v| + 6u) + 12u) in
/// spectral norm, and a link's pose accumulates, from its parent P and its joint's local transform
/// (R_l, t_l) with |t_l| ≤ T and error δT:
///   ε = ε_P (1 + ε_l) + ε_l + 3γ₃ (1 + ε_P)(1 + ε_l),
///   η = η_P + ε_P T + (1 + ε_P) δT + γ₄ (√3 (1 + ε_P)(T + δT) + P_P),  P = P_P + T,
/// where P bounds the norm of the link's origin. A point p_L of the link (rounded to float) lands
/// within η + ε|p_L| + (1 + ε) u|p_L| + γ₄ (√3 (1 + ε)|p_L| + P) of its exact position. Each bound
/// is computed in double and doubled, which covers the rounding of computing it.
///
/// References: [Higham2002] in docs/design.md (section References).

#include <vector>

#include "ompl_ccd/model/robot_model.h"

namespace ompl_ccd::spheres
{
/** \brief u = 2⁻²⁴: the unit roundoff of float. */
inline constexpr double kFloatRoundoff = 1.0 / 16777216.0;

/** \brief Largest |s| + |δ| of a rotating joint's value the lane kinematics accept (radians): far
    inside Highway's accurate range, and a continuous joint's start is first reduced to [−π, π].
    An edge with a joint beyond it is left to the exact pipeline. */
inline constexpr double kMaxLaneAngle = 64.0;

/** \brief γ_n = nu/(1 − nu) for float. */
constexpr double floatGamma(int n) { return n * kFloatRoundoff / (1.0 - n * kFloatRoundoff); }

/** \brief The float error bounds of one link's pose (file comment). */
struct LinkRounding
{
  /** \brief ε: spectral norm of the error of the rotation matrix. */
  double rotation = 0.0;
  /** \brief η: norm of the error of the origin (metres). */
  double origin = 0.0;
  /** \brief P: a bound on the norm of the origin over every configuration prepareEdge lets through
      (prismatic values and the floating root's position within jointValueBound). */
  double reach = 0.0;
};

/** \brief The bounds of every link of \a model (index as RobotModel::links()), for edges whose
    joint values stay within what prepareEdge checks: |s| + |δ| ≤ kMaxLaneAngle for rotating joints
    (followers included), a prismatic joint's |value| and the floating root's |position| within
    jointValueBound (joint_value_bound.h: a follower's from its source, not its own <limit>), the
    floating root's turn at most π. */
std::vector<LinkRounding> linkRounding(const RobotModel &model);

/** \brief The bound on the float error of the world position of a point \a p_norm = |p_L| from the
    origin of a link with bounds \a link (file comment), doubled. */
double pointRounding(const LinkRounding &link, double p_norm);

/** \brief The bound on the float error of a distance computed between a point within \a reach of
    the world origin and a primitive at \a centre_norm from it with \a size (its largest extent):
    the obstacle's pose and sizes rounded to float, the point taken into its frame (a rotation of
    rounded entries), and the clamped distance. 32u of the magnitudes involved. */
double distanceRounding(double reach, double centre_norm, double size);
}  // namespace ompl_ccd::spheres
