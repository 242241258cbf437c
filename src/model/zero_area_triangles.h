#pragma once
/// \file zero_area_triangles.h
/// A mesh's triangles of zero area (three collinear or coincident vertices) are a segment or a
/// point: no normal and no face for the certifiers, but still surface that FCL and any other
/// checker of the file see. loadMesh drops one only when that segment or point is already an edge
/// or vertex of the mesh's other triangles (as when a vertex collapsed onto an edge); a zero-area
/// triangle that stands alone (a `p, q, q` "segment" no other triangle has) is refused, since
/// dropping it would make a link that touches only that segment free.

#include <Eigen/Core>
#include <string>
#include <vector>

#include "ompl_ccd/model/triangle_mesh.h"

namespace ompl_ccd
{
/** \brief One zero-area triangle of a mesh: its vertices and where it is in the file. */
struct ZeroAreaTriangle
{
  Eigen::Vector3d a, b, c;
  /** \brief Index of the assimp mesh and of the face in it. */
  unsigned int mesh = 0, face = 0;
};

/** \brief Refuses \a mesh (read from \a path, as \a context) when a triangle of \a dropped is not
    covered by the edges and vertices of \a mesh's own triangles: its two farthest vertices an edge
    (or, through its middle vertex, two edges), or its one point a vertex.
    \throws Error naming the file, the face, its vertices and the fix. */
void requireCoveredZeroAreaTriangles(const TriangleMesh &mesh, const std::vector<ZeroAreaTriangle> &dropped,
                                     const std::string &path, const std::string &context);
}  // namespace ompl_ccd
