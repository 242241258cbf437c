#pragma once
/// \file solid_depth.h
/// How deep a point lies in a shape's solid, the measure of a cover's excess (outer_cover.h).
///
/// The solid of a primitive is itself; of a closed mesh, the region of non-zero winding number
/// (inner_spheres.h); an open mesh has none, only its surface. depth(p) is the distance from p to
/// the shape's boundary, positive inside the solid and negative outside (always negative for an
/// open mesh). Then a ball (c, r) reaches at most max(0, r − depth(c)) beyond the solid (beyond
/// the surface of an open mesh): inside, the ball (c, depth(c)) meets no boundary and holds a
/// point of the solid, so it lies in the solid, and every point of (c, r) is within r − depth(c)
/// of it; outside, every point of (c, r) is within r + |depth(c)| of the boundary point nearest c.

#include <Eigen/Core>
#include <memory>

#include "ompl_ccd/model/collision_shape.h"
#include "ompl_ccd/spheres/sphere.h"
#include "spheres/point_mesh_distance.h"

namespace ompl_ccd::spheres
{
/** \brief depth() of one shape, in its own frame G; see the file comment. */
class SolidDepth
{
public:
  /** \pre shape is valid (outer_cover.h). */
  explicit SolidDepth(const CollisionShape &shape);
  /** \brief Metres: + the distance to the boundary inside the solid, − outside it. */
  double depth(const Eigen::Vector3d &p_G) const;
  /** \brief The distance from \a p_G to the boundary (a mesh's triangles), without its sign: a
      cheaper bound from above on depth(). */
  double distance(const Eigen::Vector3d &p_G) const;
  /** \brief Whether the shape has a solid (a primitive, a closed mesh). */
  bool hasSolid() const { return closed_ || shape_->kind != CollisionShape::Kind::Mesh; }
  /** \brief How far ball (frame G) reaches beyond the solid: max(0, r − depth(c)), rounded up. */
  double excess(const Sphere &ball_G) const;

private:
  const CollisionShape *shape_;
  std::unique_ptr<TriangleSet> triangles_;
  bool closed_ = false;
};
}  // namespace ompl_ccd::spheres
