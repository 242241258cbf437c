#pragma once
/// \file mesh_cover.h
/// Tight, proved leaves over a mesh's surface (frame G), centred near the medial axis of its solid.
///
/// The triangles are cut in two at their longest edge's midpoint (the halves together are the
/// triangle) until no longer than the leaf size. Candidate centres are shot inward from surface
/// points spread over the mesh (farthest-point order): along the inward normal, the largest
/// tangent ball that stays in the solid (found by bisection on the distance to the triangles) is
/// an approximate medial ball ([Bradshaw2004] Sec. 3 samples the medial axis the same way, by the
/// shrinking of tangent balls; foam [Coumar2025] runs that construction on robots' meshes);
/// smaller tangent balls on the same normal, and the surface point itself, are candidates too. A
/// candidate centre c of inscribed depth ρ that takes a piece must reach its corners: its ball
/// then reaches at most max|v − c| − ρ beyond the solid (solid_depth.h). Round by round, new
/// seeds are spread among the pieces that no candidate takes within the goal, candidates that are
/// no piece's few cheapest are dropped, and those pieces are cut in two (the worst first; a half
/// keeps its piece's costs, bounds from above, measured again for its cheapest candidates). The fewest candidates that take every piece within a reach τ are chosen
/// greedily (set cover); τ is the least the leaf budget suffices for, and no less than the goal
/// (bisection). Each piece then goes to the chosen centre it costs least, and each leaf's radius
/// is measured to its pieces' corners and rounded up (smallest_ball.h's radiusAbout): it holds
/// them, hence its part of every triangle, whatever the candidates' rounding.
///
/// An open mesh has no solid: its candidates are surface points, its reach the radius plus the
/// centre's distance to the surface.
///
/// [Bradshaw2004] G. Bradshaw, C. O'Sullivan, "Adaptive medial-axis approximation for sphere-tree
/// construction", ACM Transactions on Graphics 23(1), 2004.
/// [Coumar2025] S. Coumar et al., "foam: A Tool for Spherical Approximation of Robot Geometry",
/// arXiv:2503.13704, 2025.

#include <Eigen/Core>
#include <vector>

#include "ompl_ccd/spheres/outer_cover.h"
#include "spheres/solid_depth.h"

namespace ompl_ccd::spheres
{
/** \brief The leaves of a mesh (frame G); see the file comment. Every leaf holds at least one
    piece; their union holds every triangle.
    \param depth the mesh's SolidDepth; options' leaf_radius is the pieces' longest edge (as far as
    the most pieces allow), max_leaves and excess_goal as CoverOptions says. */
std::vector<Sphere> meshLeaves(const TriangleMesh &mesh_G, const SolidDepth &depth, const CoverOptions &options);
}  // namespace ompl_ccd::spheres
