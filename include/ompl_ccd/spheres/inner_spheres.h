#pragma once
/// \file inner_spheres.h
/// Proved inner spheres: balls inside a shape's solid, so that an inner ball overlapping another
/// body proves the two solids overlap (the sphere front end turns that into a contact by the rule
/// of docs/design.md, "The sphere front end").
///
/// The solid of a box, a cylinder or a sphere is the primitive itself. The solid of a closed mesh
/// (every directed edge matched by its reverse once the vertices at the same position are one:
/// isClosedMesh) is where its winding number is not 0; its boundary lies on the triangles, since
/// the winding number is constant off them. A ball about a point of non-zero winding number whose
/// radius is below that point's distance to the triangles meets no triangle, so every point of it
/// has the same winding number: it is inside the solid. An open mesh has no solid and no inner
/// spheres.
///
/// Radii are rounded down (by numeric::kPadRel and kPadAbs), so that every ball is inside its solid
/// in exact arithmetic.

#include <Eigen/Geometry>
#include <vector>

#include "ompl_ccd/model/collision_shape.h"
#include "ompl_ccd/model/triangle_mesh.h"
#include "ompl_ccd/spheres/sphere.h"

namespace ompl_ccd
{
/** \brief Whether \a mesh is closed: after merging vertices at equal positions, every directed edge
    (i, j) of its triangles occurs as often as (j, i), and no triangle repeats a vertex. Then its
    winding number is an integer off its triangles. */
bool isClosedMesh(const TriangleMesh &mesh);

/** \brief The winding number of \a mesh about \a p (the sum of the triangles' signed solid angles
    over 4π, [VanOosterom1983]); an integer up to rounding when the mesh is closed and p is off it. */
double windingNumber(const TriangleMesh &mesh, const Eigen::Vector3d &p);

/** \brief Up to \a max_count balls inside the solid of \a shape, placed at \a X_FG in frame F (see
    the file comment): a sphere is its own; a box or a cylinder gets balls of its smallest half
    size along its longer extents; a closed mesh gets the largest balls about interior grid points
    spread over it (none for an open mesh, or one whose interior points are ambiguous). */
std::vector<Sphere> innerSpheres(const CollisionShape &shape, const Eigen::Isometry3d &X_FG, int max_count = 8);
}  // namespace ompl_ccd
