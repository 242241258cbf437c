#pragma once
/// \file ca_advance.h
/// Private to the CA certifier: the step of conservative advancement on one pair
/// (ca_advance.cpp), [Zhang2007] Eq. (4). If the pair's distance at t is at least d and no point
/// of either body moves faster than μ (towards the other, over [t, t_limit]), then the distance
/// stays at least clearance over [t, t + Δt] with Δt = (d − clearance)/μ.
///
/// References: [Zhang2007] in README.md (section References).

#include "ompl_ccd/numeric.h"

namespace ompl_ccd::ca
{
/** \brief The hull pass ([Zhang2007] Sec. 7.2) stops when the hulls come within this many metres:
    the time it stopped at is a valid lower bound τ̌ whatever the threshold (the hulls' distance is
    at most the bodies'); a smaller one buys a later τ̌ with more hull steps. */
constexpr double kHullPassStopDistance = 1e-3;

/** \brief Mode::FirstContact: the live-pair probe in collision (CullingOptions::first_contact_probes)
    is bisected against the free one before it down to this fraction of the tolerance: toc_upper
    within it of that stretch's first collision. */
constexpr double kFirstContactBisection = 1.0 / 16.0;

/** \brief Δt = (d − clearance)/μ, [Zhang2007] Eq. (4), in units of t (∞ when μ ≤ 0: nothing moves).
    \param[in] d a lower bound on the pair's distance at t (metres).
    \param[in] mu a bound on the rate at which that distance can shrink (metres per unit t). */
inline double eq4Step(double d, double clearance, double mu)
{
  return mu > 0.0 ? (d - clearance) / mu : numeric::kInfinity;
}

/** \brief \a dt rounded down so that [t, t + dt] stays certified despite the division's rounding;
    0 for a negative or NaN \a dt (a NaN bound certifies nothing: the step cap then gives Undecided). */
inline double roundedStep(double dt)
{
  return dt >= 0.0 ? dt * (1.0 - numeric::kFinePadRel) : 0.0;
}
}  // namespace ompl_ccd::ca
