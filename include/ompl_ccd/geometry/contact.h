#pragma once
/// \file contact.h
/// A contact (or nearest-point) witness between a robot link and another link or obstacle.

#include <Eigen/Core>
#include <string>
#include <vector>

namespace ompl_ccd
{
/** \brief One touching feature of a contact, on the triangles of one collision shape: a vertex (one
    vertex index), an edge (two) or a face (three, and its triangle index). Indices are the mesh's
    own for a mesh, the triangulation's (exact_triangle_features.h) for a box; empty when unknown. */
struct ContactFeature
{
  /** \brief The shape it belongs to (CollisionShape::describe(): "mesh 'forearm.stl'", "box [...]"). */
  std::string shape;
  /** \brief Vertex indices of the feature: 1, 2 or 3; empty if the feature is unknown. */
  std::vector<int> vertices;
  /** \brief Triangle index of a face; −1 for a vertex or an edge. */
  int triangle = -1;
};

/** \brief Witness of a contact or of the nearest points, in the world frame W. */
struct Contact
{
  /** \brief Motion time t ∈ [0,1] of the witness configuration (0 for a single-state query). */
  double time = 0.0;
  /** \brief URDF link of the robot (the link that declared the touching geometry). */
  std::string link;
  /** \brief Other URDF link of the robot, or the scene obstacle's name. */
  std::string other;
  /** \brief p_WA on \e link and p_WB on \e other (equal or inside each other when penetrating). */
  Eigen::Vector3d point_a = Eigen::Vector3d::Zero(), point_b = Eigen::Vector3d::Zero();
  /** \brief Unit normal from \e link towards \e other (zero if FCL gives none). */
  Eigen::Vector3d normal = Eigen::Vector3d::Zero();
  /** \brief Distance between the two (0 when touching or penetrating). */
  double distance = 0.0;
  /** \brief The touching features on \e link and on \e other, when the certifier knows them
      (the interval certifier, when the shapes' own triangles touch; empty otherwise). */
  ContactFeature feature_a, feature_b;
};
}  // namespace ompl_ccd
