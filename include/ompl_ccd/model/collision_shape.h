#pragma once
/// \file collision_shape.h
/// The shape of one collision element: a mesh or a URDF primitive, in its own frame G.

#include <Eigen/Core>
#include <string>

#include "ompl_ccd/model/triangle_mesh.h"

namespace ompl_ccd
{
/** \brief Shape of one collision element, described in its frame G (URDF conventions:
    box and cylinder centred at the origin, cylinder axis = z). */
struct CollisionShape
{
  enum class Kind
  {
    Mesh,
    Box,
    Cylinder,
    Sphere
  };
  Kind kind = Kind::Box;
  /** \brief Triangles (Kind::Mesh only). */
  TriangleMeshPtr mesh;
  /** \brief Full side lengths (Kind::Box), metres. */
  Eigen::Vector3d box_size = Eigen::Vector3d::Zero();
  /** \brief Radius (Kind::Cylinder, Kind::Sphere), metres. */
  double radius = 0.0;
  /** \brief Length along z (Kind::Cylinder), metres. */
  double length = 0.0;

  /** \brief "mesh 'file.stl'", "box [x y z]", ... for messages and `info`. */
  std::string describe() const;
};
}  // namespace ompl_ccd
