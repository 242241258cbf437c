#pragma once
/// \file exact_feature_bounds.h
/// The interval tests of one elementary feature pair — a vertex against a triangle, or an edge
/// against an edge — given boxes enclosing its four vertices over a time interval T:
///  - the coplanarity functions of [Redon2004] Eq. (13) (edge–edge) and Eq. (14) (vertex–face),
///    with their time derivatives for interval Newton (Sec. 5.2.4);
///  - separation tests: necessary conditions of contact whose failure on T proves that the pair
///    does not come within a distance d anywhere in T. They include the coplanarity test (the
///    feature normal as axis) and the validity checks of Sec. 5.2.1 (vertex inside the triangle,
///    segments crossing: in-plane edge normals as axes), plus axes that keep degenerate
///    configurations decidable (parallel or collinear edges, coplanar vertex and face, a triangle
///    collapsed to a segment);
///  - a witness: an upper bound on the pair's distance at one time, with the points.
/// Every bound is computed in outward-rounded Interval arithmetic (bound/interval.h): a rounding
/// error can only widen a box, so it can only make a test fail to separate, never separate a pair
/// that touches.
///
/// References: [Redon2004] in README.md (section References).

#include <array>

#include "ompl_ccd/bound/interval_vector.h"
#include "ompl_ccd/geometry/contact.h"

namespace ompl_ccd
{
/** \brief Which elementary test a feature pair needs. */
enum class FeaturePairKind
{
  VertexFace,  ///< vertices {p, a, b, c}: vertex p against triangle abc, [Redon2004] Eq. (14)
  EdgeEdge     ///< vertices {a, b, c, d}: edge ab against edge cd, [Redon2004] Eq. (13)
};

/** \brief Boxes of a pair's four vertices, ordered as in FeaturePairKind. */
using FeatureBoxes = std::array<IntervalVector3, 4>;

/** \brief True only if no choice of vertices in the boxes \a x puts the two features within
    distance \a distance of each other (metres, ≥ 0): a separating axis with that margin was found.
    With boxes enclosing the vertices over T, true proves distance > \a distance on all of T. */
bool featuresSeparated(FeaturePairKind kind, const FeatureBoxes &x, double distance);

/** \brief Encloses the coplanarity function f over the boxes: vertex–face
    f = (p − a)·((b − a) × (c − a)) ([Redon2004] Eq. (14)); edge–edge
    f = (c − a)·((b − a) × (d − c)) (Eq. (13)). Contact (at distance 0) implies f = 0. */
Interval coplanarity(FeaturePairKind kind, const FeatureBoxes &x);

/** \brief Encloses df/dt given the vertex boxes \a x and velocity boxes \a v over the same T. */
Interval coplanarityRate(FeaturePairKind kind, const FeatureBoxes &x, const FeatureBoxes &v);

/** \brief A witness of the pair at one time, from boxes \a x enclosing its vertices at that time:
    point_a on the first feature (vertex p, edge ab), point_b on the second (triangle abc, edge cd),
    normal a unit vector from the first feature towards the second (the feature normal when they
    touch, zero if degenerate), and distance ≥ the exact distance between the features (a rigorous
    upper bound: the two points are feasible and their gap is bounded in interval arithmetic). */
Contact featureWitness(FeaturePairKind kind, const FeatureBoxes &x);
}  // namespace ompl_ccd
