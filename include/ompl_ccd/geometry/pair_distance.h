#pragma once
/// \file pair_distance.h
/// A guaranteed lower bound on the distance between two posed FCL objects (a link geometry and an
/// obstacle, or two link geometries), for conservative advancement.
///
/// FCL's mesh–mesh distance is exact when rel_err = abs_err = 0; with a relative error r the
/// traversal stops early (its result d may exceed the true distance by the factor 1 + r), so the
/// bound is d / (1 + r): a cheaper query that stays a lower bound. A sphere against a mesh, sphere,
/// box or cylinder has a closed form in FCL too; other pairs with a primitive or a convex hull go
/// through GJK, which stops when its progress falls under distance_tolerance; that distance is
/// deflated by kGjkDistanceSlack before it decides anything.

#include <Eigen/Core>
#include <fcl/narrowphase/collision_object.h>

namespace ompl_ccd
{
/** \brief Amount (metres) subtracted from distances that FCL computes with GJK. */
constexpr double kGjkDistanceSlack = 1e-5;

/** \brief Nearest points of a distance query, in the world frame. */
struct NearestPoints
{
  /** \brief p_WA on the first object and p_WB on the second. */
  Eigen::Vector3d p_WA = Eigen::Vector3d::Zero(), p_WB = Eigen::Vector3d::Zero();
};

/** \brief Lower bound d̲ ≥ 0 on the distance between \a a and \a b at their current poses: 0 when
    they touch or overlap, else FCL's distance deflated by a relative 1e-12 (closed forms: mesh–mesh,
    a sphere against a mesh or primitive) or by kGjkDistanceSlack (GJK: other primitive or convex pairs). Symmetric in a and b.
    \param[out] nearest if non-null, FCL's nearest points (p_WA on \a a).
    \param rel_err 0 for the exact distance; r > 0 lets FCL's mesh traversal stop early, the result
      then being FCL's distance / (1 + r): a lower bound within the factor 1 + r, much cheaper when
      the objects are far apart (conservative-advancement steps do not need more). */
double pairDistanceLowerBound(const fcl::CollisionObjectd &a, const fcl::CollisionObjectd &b,
                              NearestPoints *nearest = nullptr, double rel_err = 0.0);

/** \brief Upper bound on the distance between \a a and \a b at their current poses: FCL's exact
    distance (0 when they touch or overlap), whose nearest points are real points of the objects
    (triangle distances, or GJK's points on the Minkowski difference), padded by rounding.
    \param[out] nearest if non-null, FCL's nearest points (p_WA on \a a). */
double pairDistanceUpperBound(const fcl::CollisionObjectd &a, const fcl::CollisionObjectd &b,
                              NearestPoints *nearest = nullptr);

/** \brief FCL's GJK nearest points of two convex objects (FCL Convex or primitives): an estimate,
    not a bound (GJK stops when an iteration gains little, which bounds its progress, not its
    error). For a direction: the slab between the objects along p_WB − p_WA is then a certified
    lower bound. \returns false when FCL finds them overlapping. */
bool convexNearestPoints(const fcl::CollisionObjectd &a, const fcl::CollisionObjectd &b, NearestPoints &nearest);
}  // namespace ompl_ccd
