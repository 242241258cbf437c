#pragma once
/// \file ca_slab_separation.h
/// Private to the CA certifier: the slab between two convex hulls along a direction n, the
/// directed distance bound of its steps (ca_slab_separation.cpp). With h the support function of a
/// hull, the slab width s = min_{x∈B} x·n − max_{x∈A} x·n = −h_B(−n) − h_A(n) is a lower bound on
/// the distance between A and B for every unit n (whatever their convexity: they lie in their
/// hulls), positive only when n separates them.

#include <Eigen/Geometry>

#include "ompl_ccd/geometry/convex_hull.h"

namespace ompl_ccd::ca
{
/** \brief h(dir) = max over the hull, placed at \a X_WG, of x·dir (world frame, metres).
    \param[in,out] hint where the hull's search starts (its last extreme vertex), or null. */
inline double supportAlong(const ConvexHull &hull, const Eigen::Isometry3d &X_WG, const Eigen::Vector3d &dir,
                           int *hint)
{
  return hull.support(X_WG.linear().transpose() * dir, hint) + X_WG.translation().dot(dir);
}

/** \brief The slab width −h_B − h_A from h_A = h_A(n) and h_B = h_B(−n), lowered by the slack of
    their floating-point rounding: a lower bound on the distance between the hulls. */
double slabBetween(double h_A, double h_B);
}  // namespace ompl_ccd::ca
