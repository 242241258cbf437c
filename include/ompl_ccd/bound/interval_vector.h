#pragma once
/// \file interval_vector.h
/// 3-vectors of outward-rounded intervals (interval boxes) and the vector algebra the elementary
/// contact equations need. Each result encloses the exact result for every choice of vectors in
/// the operand boxes, because every component is built from Interval's outward-rounded operations.

#include <array>

#include <Eigen/Core>

#include "ompl_ccd/bound/interval.h"

namespace ompl_ccd
{
/** \brief An axis-aligned box of R³: one Interval per coordinate. */
using IntervalVector3 = std::array<Interval, 3>;

/** \brief The point box of \a p (exact: no rounding). */
inline IntervalVector3 pointBox(const Eigen::Vector3d &p)
{
  return {Interval(p.x()), Interval(p.y()), Interval(p.z())};
}

/** \brief Box midpoints (a point inside the box). */
inline Eigen::Vector3d midpoint(const IntervalVector3 &a) { return {a[0].mid(), a[1].mid(), a[2].mid()}; }

/** \brief {x + y : x ∈ a, y ∈ b}. */
inline IntervalVector3 operator+(const IntervalVector3 &a, const IntervalVector3 &b)
{
  return {a[0] + b[0], a[1] + b[1], a[2] + b[2]};
}

/** \brief {x − y : x ∈ a, y ∈ b}. */
inline IntervalVector3 operator-(const IntervalVector3 &a, const IntervalVector3 &b)
{
  return {a[0] - b[0], a[1] - b[1], a[2] - b[2]};
}

/** \brief {s x : s ∈ s, x ∈ a}. */
inline IntervalVector3 operator*(const Interval &s, const IntervalVector3 &a) { return {s * a[0], s * a[1], s * a[2]}; }

/** \brief {x · y : x ∈ a, y ∈ b}. */
inline Interval dot(const IntervalVector3 &a, const IntervalVector3 &b)
{
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

/** \brief {x × y : x ∈ a, y ∈ b}. */
inline IntervalVector3 cross(const IntervalVector3 &a, const IntervalVector3 &b)
{
  return {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
}

/** \brief {‖x‖² : x ∈ a} (square() is tighter than x · x when a coordinate straddles 0). */
inline Interval squaredNorm(const IntervalVector3 &a) { return square(a[0]) + square(a[1]) + square(a[2]); }

/** \brief Smallest box containing both. */
inline IntervalVector3 hull(const IntervalVector3 &a, const IntervalVector3 &b)
{
  return {hull(a[0], b[0]), hull(a[1], b[1]), hull(a[2], b[2])};
}
}  // namespace ompl_ccd
