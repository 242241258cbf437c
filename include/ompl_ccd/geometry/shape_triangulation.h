#pragma once
/// \file shape_triangulation.h
/// Closed triangle surfaces that contain a collision shape, for certifiers that work on triangles.

#include <Eigen/Geometry>
#include <vector>

#include "ompl_ccd/model/collision_shape.h"

namespace ompl_ccd
{
/** \brief Triangles of one shape in a frame F, with the solid's face planes when it is a solid.
    FCL's semantics are kept: a mesh is its surface; a box, cylinder or sphere is a solid. */
struct ShapeTriangles
{
  /** \brief Vertices p_FV. */
  std::vector<Eigen::Vector3d> vertices;
  /** \brief Counter-clockwise (seen from outside) index triples into \e vertices. */
  std::vector<Eigen::Vector3i> triangles;
  /** \brief True for primitives: the triangles bound a convex solid that contains the shape. */
  bool solid = false;
  /** \brief Solid only: outward unit normals n and offsets d of its faces, n·p ≤ d inside. */
  std::vector<Eigen::Vector3d> plane_normals;
  std::vector<double> plane_offsets;
};

/** \brief Triangles of \a shape placed at \a X_FG in frame F. A mesh is copied; a box is exact; a
    cylinder becomes the prism over a circumscribed \a sides-gon (so it contains the cylinder); a
    sphere becomes a circumscribed subdivided icosahedron (80 faces, every face plane at distance
    ≥ radius from the centre). \pre sides ≥ 3. */
ShapeTriangles triangulateShape(const CollisionShape &shape, const Eigen::Isometry3d &X_FG, int sides = 16);
}  // namespace ompl_ccd
