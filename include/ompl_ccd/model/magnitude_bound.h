#pragma once
/// \file magnitude_bound.h
/// The one bound on the size of a value read into the library: every length, coordinate, radius,
/// mesh vertex and pose translation of a robot or a scene (metres), every angle (radians), joint
/// limit, scale and factor lies within ±kMaxMagnitude. Beyond it a value is a typo, a placeholder
/// (1e300 as "no limit"), a flipped exponent or the wrong unit, never a robot or its surroundings;
/// and what is computed from it breaks: squared lengths overflow (FCL's dynamic AABB tree indexes
/// outside its nodes when every merge cost is infinite) and the certifiers' bounds lose every digit.

#include <Eigen/Core>

namespace ompl_ccd
{
/** \brief Largest magnitude accepted: 10⁶ (metres, radians or a factor). */
constexpr double kMaxMagnitude = 1e6;

/** \brief True iff |x| ≤ kMaxMagnitude (false for NaN). */
constexpr bool withinMagnitudeBound(double x) { return x >= -kMaxMagnitude && x <= kMaxMagnitude; }

/** \brief True iff every coordinate of \a p is within ±kMaxMagnitude (false for NaN). */
inline bool withinMagnitudeBound(const Eigen::Vector3d &p)
{
  return withinMagnitudeBound(p.x()) && withinMagnitudeBound(p.y()) && withinMagnitudeBound(p.z());
}
}  // namespace ompl_ccd
