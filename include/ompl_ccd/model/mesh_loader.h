#pragma once
/// \file mesh_loader.h
/// Reads STL, COLLADA (DAE) and OBJ files with assimp into a TriangleMesh.

#include <Eigen/Core>
#include <string>

#include "ompl_ccd/model/triangle_mesh.h"

namespace ompl_ccd
{
/** \brief Loads every triangle of every mesh of \a path (node transforms applied), scaled by \a scale.
    \param[in] path   mesh file (absolute or relative to the working directory)
    \param[in] scale  per-axis scale factor (URDF \c scale attribute)
    \param[in] context who asks, for messages (e.g. "arm.urdf: link 'forearm' <collision> 1")
    \throws Error if the file is missing or unreadable, holds no triangle, every triangle is
            degenerate (zero area), or a zero-area triangle's segment or point is not an edge or
            vertex of the good ones (that surface would be seen by no certifier); zero-area
            triangles the good ones cover are dropped. */
TriangleMeshPtr loadMesh(const std::string &path, const Eigen::Vector3d &scale, const std::string &context);
}  // namespace ompl_ccd
