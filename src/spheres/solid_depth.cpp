// Signed depth in a shape's solid (solid_depth.h): closed forms for the primitives, a box tree's
// nearest triangle and the winding number ([VanOosterom1983], inner_spheres.h) for a mesh.
#include "spheres/solid_depth.h"

#include <algorithm>
#include <cmath>

#include "ompl_ccd/numeric.h"
#include "ompl_ccd/spheres/inner_spheres.h"

namespace ompl_ccd::spheres
{
namespace
{
/// A closed mesh's winding number off its triangles is an integer up to rounding: half of one
/// separates 0 from the rest.
constexpr double kInsideWinding = 0.5;

/// The signed distance to the boundary of the box of half sizes \a half (centred, axes of G).
double boxDepth(const Eigen::Vector3d &half, const Eigen::Vector3d &p)
{
  const Eigen::Vector3d beyond = p.cwiseAbs() - half;
  if (beyond.maxCoeff() <= 0.0)
    return -beyond.maxCoeff();
  return -beyond.cwiseMax(0.0).norm();
}

/// The signed distance to the boundary of the cylinder of \a radius and \a length along z.
double cylinderDepth(double radius, double length, const Eigen::Vector3d &p)
{
  const double radial = p.head<2>().norm() - radius, axial = std::abs(p.z()) - 0.5 * length;
  if (radial <= 0.0 && axial <= 0.0)
    return -std::max(radial, axial);
  return -std::hypot(std::max(radial, 0.0), std::max(axial, 0.0));
}
}  // namespace

SolidDepth::SolidDepth(const CollisionShape &shape) : shape_(&shape)
{
  if (shape.kind != CollisionShape::Kind::Mesh)
    return;
  const TriangleMesh &mesh = *shape.mesh;
  std::vector<std::array<Eigen::Vector3d, 3>> triangles;
  triangles.reserve(mesh.triangles.size());
  for (const Eigen::Vector3i &t : mesh.triangles)
    triangles.push_back({mesh.vertices[t[0]], mesh.vertices[t[1]], mesh.vertices[t[2]]});
  triangles_ = std::make_unique<TriangleSet>(std::move(triangles));
  closed_ = isClosedMesh(mesh);
}

double SolidDepth::distance(const Eigen::Vector3d &p_G) const
{
  switch (shape_->kind)
  {
    case CollisionShape::Kind::Mesh:
      return triangles_->distance(p_G);
    case CollisionShape::Kind::Box:
      return std::abs(boxDepth(0.5 * shape_->box_size, p_G));
    case CollisionShape::Kind::Cylinder:
      return std::abs(cylinderDepth(shape_->radius, shape_->length, p_G));
    case CollisionShape::Kind::Sphere:
      return std::abs(shape_->radius - p_G.norm());
  }
  return 0.0;
}

double SolidDepth::depth(const Eigen::Vector3d &p_G) const
{
  switch (shape_->kind)
  {
    case CollisionShape::Kind::Mesh:
    {
      const double d = triangles_->distance(p_G);
      const bool inside = closed_ && std::abs(windingNumber(*shape_->mesh, p_G)) > kInsideWinding;
      return inside ? d : -d;
    }
    case CollisionShape::Kind::Box:
      return boxDepth(0.5 * shape_->box_size, p_G);
    case CollisionShape::Kind::Cylinder:
      return cylinderDepth(shape_->radius, shape_->length, p_G);
    case CollisionShape::Kind::Sphere:
      return shape_->radius - p_G.norm();
  }
  return 0.0;
}

double SolidDepth::excess(const Sphere &ball_G) const
{
  // the distances are within a few ulps of exact (pointTriangleDistance), inside padUp's 1e-9
  return numeric::padUp(std::max(0.0, ball_G.radius - depth(ball_G.centre)));
}
}  // namespace ompl_ccd::spheres
