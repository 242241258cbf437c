#pragma once
/// \file numeric.h
/// The library's shared numerical constants: π, ∞, and the named slacks that pad a computed bound
/// outward for floating-point rounding (so that a bound deciding *Free* stays a bound), each with
/// the reason for its size. A slack private to one concept is named in that concept's file; every
/// slack used by more than one file is here.
///
/// Scale: double rounding is ≤ 2⁻⁵³ ≈ 1.1·10⁻¹⁶ relative per operation, and robot coordinates are
/// metres (≈ 10⁻³ … 10² m), so rounding errors of coordinates are ≈ 10⁻¹⁶ m.
///
/// Bit-for-bit: pads are written as x · (1 + rel) + abs (the constants fold at compile time);
/// callers keep that order, since another order rounds differently.

#include <limits>

namespace ompl_ccd::numeric
{
/** \brief π, the double nearest to it: M_PI, and boost::math::constants::pi<double>() that OMPL uses. */
constexpr double kPi = 3.14159265358979323846;
/** \brief 2π, one turn of a revolute joint (exactly 2.0 · kPi: doubling does not round). */
constexpr double kTwoPi = 2.0 * kPi;
/** \brief +∞: "no bound yet" for a running minimum, "never" for a time, "claims nothing" for a distance. */
constexpr double kInfinity = std::numeric_limits<double>::infinity();

/** \brief Relative pad on a bound computed through many roundings (trig, norms, sums over a chain,
    derived radii): 10⁻⁹ ≈ 10⁷ ulps, far above their accumulated rounding, far below any tolerance. */
constexpr double kPadRel = 1e-9;
/** \brief Absolute pad (metres), a nanometre: far above the rounding of metre-scale coordinates
    (≈ 10⁻¹⁶ m), far below any mesh feature; keeps a zero or tiny padded bound positive. */
constexpr double kPadAbs = 1e-9;

/** \brief Relative pad on a bound computed through a few roundings (one product, a short sum, a
    division): 10⁻¹² ≈ 10⁴ ulps. */
constexpr double kFinePadRel = 1e-12;
/** \brief Absolute pad (metres), a picometre, on a distance or gap computed through a few roundings
    of metre-scale values (≈ 10⁻¹⁶ m each). */
constexpr double kFinePadAbs = 1e-12;

/** \brief Relative pad of a few ulps (2⁻⁵² ≈ 2.2·10⁻¹⁶): one rounded product or quotient. */
constexpr double kUlpPadRel = 1e-15;
/** \brief Absolute pad (metres, or metres per unit t, or a sine), a femtometre: keeps a bound that
    rounded to 0 (or to a subnormal) positive before a relative pad scales it. */
constexpr double kUlpPadAbs = 1e-15;

/** \brief Relative slack on the width of a slab between two convex support values h_A, h_B:
    −h_B − h_A less 10⁻¹⁰ (1 + |h_A| + |h_B|), for the rounding of the supports (≈ 10⁻¹⁶ of them). */
constexpr double kSlabSlack = 1e-10;

/** \brief Shortest nearest-point gap (metres) taken as a direction: below a nanometre its
    normalisation is dominated by the rounding of the points (≈ 10⁻¹⁶ m). */
constexpr double kMinDirectionLength = 1e-9;

/** \brief \a x padded up for rounding, x · (1 + kPadRel) + kPadAbs: the standard pad of a derived
    bound in metres (a radius, a widening).
    \pre x ≥ 0 (a negative x would be moved toward zero by the relative part). */
constexpr double padUp(double x) { return x * (1.0 + kPadRel) + kPadAbs; }
}  // namespace ompl_ccd::numeric
