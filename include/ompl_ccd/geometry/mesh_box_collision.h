#pragma once
/// \file mesh_box_collision.h
/// Exact collision of a triangle mesh with a solid box, for single configurations.
///
/// FCL tests a mesh against a box primitive by walking the mesh's bounding-volume tree and
/// testing each triangle it reaches against the box with libccd (MPR): a mesh lying near a large
/// box (a table top, a shelf board) reaches many triangles, microseconds each. Here the same tree
/// walk tests each triangle with the separating-axis theorem instead: a triangle and a box are
/// apart iff one of 13 axes separates their projections (the box's 3 face normals, the triangle's
/// normal, and the 9 cross products of a box axis with a triangle edge; Akenine-Möller, "Fast 3D
/// triangle-box overlap testing", 2001). Same answers as FCL's, up to rounding at touching.

#include <Eigen/Geometry>
#include <fcl/geometry/bvh/BVH_model.h>
#include <fcl/math/bv/OBBRSS.h>
#include <optional>

namespace ompl_ccd
{
/** \brief Whether the triangle (v0, v1, v2) and the box [−half, half] (both in the box's frame)
    share a point: no separating axis among the 13 of the theorem. Touching counts. */
bool triangleTouchesBox(const Eigen::Vector3d &v0, const Eigen::Vector3d &v1, const Eigen::Vector3d &v2,
                        const Eigen::Vector3d &half);

/** \brief A point (world frame) shared by a triangle of \a mesh placed at \a X_WM and the solid box
    of half sides \a half placed at \a X_WB, or nothing when they are apart. The point is the
    centre of the first such triangle clipped to the box (the box's point nearest the triangle's
    vertices when rounding leaves the clipped polygon empty). */
std::optional<Eigen::Vector3d> meshBoxContact(const fcl::BVHModel<fcl::OBBRSSd> &mesh, const Eigen::Isometry3d &X_WM,
                                              const Eigen::Vector3d &half, const Eigen::Isometry3d &X_WB);
}  // namespace ompl_ccd
