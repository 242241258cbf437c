#pragma once
/// \file revolved_cover.h
/// A solid that holds a mesh body at every turn about an axis fixed in its link.
///
/// A joint-space certificate (certify/joint_space_certificate.h) of a pair moved by one joint too many can
/// drop a revolute joint that only turns one body about an axis: the distance to the body's cover
/// bounds the distance to the body at every angle of that joint. The cover is a stack of prisms
/// along the axis; slab i's prism circumscribes the circle of the largest radius that a triangle
/// reaching into the slab has (the distance to a line is convex: a triangle's largest radius is at
/// a vertex), so every turn of every point of the body lies inside it.

#include <Eigen/Core>
#include <vector>

#include "ompl_ccd/model/link.h"

namespace ompl_ccd
{
/** \brief A mesh body's cover under turns about an axis, in the body's link frame L. */
struct RevolvedCover
{
  /** \brief The cover's surface triangles as a mesh geometry of the link (X_LG = identity). */
  LinkGeometry geometry;
  /** \brief The axis: a point on it and its unit direction, in L. */
  Eigen::Vector3d origin = Eigen::Vector3d::Zero(), axis = Eigen::Vector3d::UnitZ();
  /** \brief Slab i covers axial coordinates [z_min + i · slab, z_min + (i + 1) · slab]. */
  double z_min = 0.0, slab = 0.0;
  /** \brief Per slab, a radius about the axis that encloses its prism (its corners'). */
  std::vector<double> radius;
  /** \brief Volume of the prisms (m³): the smaller, the tighter the cover. */
  double volume = 0.0;

  /** \brief Whether \a p_L may be inside the cover solid (closed; a superset of the solid). */
  bool mayContain(const Eigen::Vector3d &p_L) const;
};

/** \brief The cover of the mesh geometry \a body (of a link L) under turns about the axis through
    \a origin along \a axis (both in L), with \a slabs slabs and prisms of \a sides sides.
    \pre \a body is a mesh. */
RevolvedCover revolvedCover(const LinkGeometry &body, const Eigen::Vector3d &origin, const Eigen::Vector3d &axis,
                            int slabs = 16, int sides = 16);
}  // namespace ompl_ccd
