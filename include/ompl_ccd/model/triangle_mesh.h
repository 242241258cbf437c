#pragma once
/// \file triangle_mesh.h
/// An indexed triangle mesh in its own frame (metres, scale already applied).

#include <Eigen/Core>
#include <memory>
#include <string>
#include <vector>

namespace ompl_ccd
{
/** \brief Indexed triangle mesh; vertices in the mesh frame M, in metres. */
struct TriangleMesh
{
  /** \brief Vertex positions p_MV (scale applied). */
  std::vector<Eigen::Vector3d> vertices;
  /** \brief Triangles as three indices into \e vertices, counter-clockwise seen from outside. */
  std::vector<Eigen::Vector3i> triangles;
  /** \brief File the mesh was read from (for messages); empty for generated meshes. */
  std::string source;
};

using TriangleMeshPtr = std::shared_ptr<const TriangleMesh>;
}  // namespace ompl_ccd
