#pragma once
/// \file smallest_ball.h
/// The smallest ball enclosing a set of points, by Welzl's randomised algorithm in its move-to-front
/// form ([Welzl1991], [Gaertner1999]): the tight ball a cover's leaf, child and root are made of.
///
/// Only the centre comes from the algorithm; the radius is then measured from that centre to every
/// point and rounded up (numeric::padUp), so the ball holds every point whatever the rounding of the
/// centre's construction: the algorithm decides how tight the ball is, never whether it contains.
///
/// [Welzl1991] E. Welzl, "Smallest enclosing disks (balls and ellipsoids)", New Results and New
/// Trends in Computer Science, LNCS 555, 1991.
/// [Gaertner1999] B. Gärtner, "Fast and robust smallest enclosing balls", ESA 1999, LNCS 1643.

#include <Eigen/Core>
#include <vector>

#include "ompl_ccd/spheres/sphere.h"

namespace ompl_ccd::spheres
{
/** \brief A ball holding every point of \a points, within rounding of the smallest one (the
    smallest ball of three points holds their triangle, and of a cluster's vertices its triangles:
    a ball is convex). The order of \a points is shuffled deterministically (the expected linear
    time of [Welzl1991]); the result depends only on the set and its order.
    \pre points non-empty and finite. */
Sphere smallestBall(std::vector<Eigen::Vector3d> points);

/** \brief The radius about \a centre that holds every point of \a points: the largest distance,
    rounded up (numeric::padUp: each distance is within 3u of its exact value, and padUp adds
    1e-9 of it and a nanometre). */
double radiusAbout(const Eigen::Vector3d &centre, const std::vector<Eigen::Vector3d> &points);
}  // namespace ompl_ccd::spheres
