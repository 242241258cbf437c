#pragma once
/// \file pair_distance.h
/// Bounds on the distance between two posed FCL objects (a link geometry and an obstacle, two link
/// geometries, their convex hulls or surface triangles), for conservative advancement and every
/// other test that excludes on a distance: a proved lower bound, and an upper bound that is the
/// distance of two real points of the objects (a contact's witness).
///
/// By pair:
///  - mesh–mesh: FCL's exact triangle–triangle distance; with a relative error r the traversal
///    stops early (its result d may exceed the true distance by the factor 1 + r), so the lower
///    bound is d / (1 + r): a cheaper query that stays a lower bound;
///  - a sphere against a mesh: the closed form of sphere_triangle_distance.h on each triangle, FCL's
///    mesh traversal choosing the triangles;
///  - a sphere against a sphere, box, cylinder or capsule: FCL's closed forms;
///  - other pairs of primitives and convex hulls (fcl::Convexd): convexDistance (convex_distance.h),
///    FCL's own GJK verified by a slab, and closed forms where it leaves boxes or capsules loose;
///  - a mesh against a box, capsule or cylinder: FCL's mesh traversal with convexDistance on each
///    triangle.
/// Only rounding separates a closed form from the true distance; it is padded for.
///
/// libccd's GJK (fcl::distance's general case for primitive pairs, and FCL's triangle–primitive
/// distance) is never called: its results are not bounds (far above the distance between boxes
/// whose nearest features are parallel edges), and Debian's libfcl keeps its assertions
/// (doSimplex2, extractClosestPoints), which end the process on degenerate simplices.

#include <fcl/narrowphase/collision_object.h>

#include "ompl_ccd/geometry/distance_bounds.h"

namespace ompl_ccd
{
/** \brief Lower bound d̲ ≥ 0 on the distance between \a a and \a b at their current poses: 0 when
    they touch or overlap (or a surface triangle of a mesh does), else the bound of the file's
    doc (a mesh is its surface: a body wholly inside it is not seen). Symmetric in a and b.
    \param[out] nearest if non-null, the nearest pair found (p_WA on \a a): real points, at least
      d̲ apart.
    \param rel_err 0 for the tightest bound; r > 0 lets a mesh traversal stop early, the result
      then being its distance / (1 + r): a lower bound within the factor 1 + r of the distance,
      much cheaper when the objects are far apart (conservative-advancement steps do not need more). */
double pairDistanceLowerBound(const fcl::CollisionObjectd &a, const fcl::CollisionObjectd &b,
                              NearestPoints *nearest = nullptr, double rel_err = 0.0);

/** \brief Upper bound on the distance between \a a and \a b at their current poses: the distance
    of two real points of the objects (closed forms, triangle distances, or GJK's points), padded
    for rounding; 0 only when they are shown to touch or overlap.
    \param[out] nearest if non-null, those points (p_WA on \a a). */
double pairDistanceUpperBound(const fcl::CollisionObjectd &a, const fcl::CollisionObjectd &b,
                              NearestPoints *nearest = nullptr);

/** \brief Both bounds at once (the lower one as pairDistanceLowerBound with rel_err 0; the upper
    one the distance of its nearest points, which for a mesh against a primitive may exceed
    pairDistanceUpperBound's). */
DistanceBounds pairDistanceBounds(const fcl::CollisionObjectd &a, const fcl::CollisionObjectd &b);

/** \brief Nearest points of two convex objects (FCL Convex or primitives, not meshes): closed
    forms or GJK's, an estimate, not a bound. For a direction: the slab between the objects along
    p_WB − p_WA is then a certified lower bound. \returns false when they are shown to overlap. */
bool convexNearestPoints(const fcl::CollisionObjectd &a, const fcl::CollisionObjectd &b, NearestPoints &nearest);
}  // namespace ompl_ccd
