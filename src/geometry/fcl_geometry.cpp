#include "ompl_ccd/geometry/fcl_geometry.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <fcl/geometry/bvh/BVH_model.h>
#include <fcl/geometry/shape/box.h>
#include <fcl/geometry/shape/capsule.h>
#include <fcl/geometry/shape/cylinder.h>
#include <fcl/geometry/shape/sphere.h>
#include <fcl/math/bv/OBBRSS.h>
#include <vector>

#include "ompl_ccd/geometry/shape_triangulation.h"
#include "ompl_ccd/numeric.h"

namespace ompl_ccd
{
std::mutex &fclObjectConstructionMutex()
{
  static std::mutex mutex;
  return mutex;
}

namespace
{
/** \brief Triangle soup as an OBBRSS bounding-volume hierarchy (in the frame of the vertices). */
FclGeometryPtr makeBvh(const std::vector<Eigen::Vector3d> &mesh_vertices, const std::vector<Eigen::Vector3i> &mesh_triangles)
{
  std::vector<fcl::Vector3d> vertices(mesh_vertices.begin(), mesh_vertices.end());
  std::vector<fcl::Triangle> triangles;
  triangles.reserve(mesh_triangles.size());
  for (const Eigen::Vector3i &t : mesh_triangles)
    triangles.emplace_back(t[0], t[1], t[2]);

  auto bvh = std::make_shared<fcl::BVHModel<fcl::OBBRSSd>>();
  bvh->beginModel(static_cast<int>(triangles.size()), static_cast<int>(vertices.size()));
  bvh->addSubModel(vertices, triangles);
  bvh->endModel();
  return bvh;
}
}  // namespace

FclGeometryPtr makeFclGeometry(const CollisionShape &shape)
{
  FclGeometryPtr geometry;
  switch (shape.kind)
  {
    case CollisionShape::Kind::Mesh:
      assert(shape.mesh && !shape.mesh->triangles.empty() && "loadMesh refuses empty meshes");
      geometry = makeBvh(shape.mesh->vertices, shape.mesh->triangles);
      break;
    case CollisionShape::Kind::Box:
      geometry = std::make_shared<fcl::Boxd>(shape.box_size);
      break;
    case CollisionShape::Kind::Cylinder:
      geometry = std::make_shared<fcl::Cylinderd>(shape.radius, shape.length);
      break;
    case CollisionShape::Kind::Sphere:
      geometry = std::make_shared<fcl::Sphered>(shape.radius);
      break;
  }
  assert(geometry && "every CollisionShape::Kind is handled");
  geometry->computeLocalAABB();
  return geometry;
}

std::optional<PrimitiveSurface> makePrimitiveSurface(const CollisionShape &shape, double max_gap)
{
  if (shape.kind != CollisionShape::Kind::Box && shape.kind != CollisionShape::Kind::Cylinder)
    return std::nullopt;
  int sides = 16;
  if (shape.kind == CollisionShape::Kind::Cylinder)  // r (1/cos(π/n) − 1) ≤ max_gap
    sides = static_cast<int>(std::clamp(std::ceil(numeric::kPi / std::acos(1.0 / (1.0 + max_gap / shape.radius))), 16.0, 16384.0));
  const ShapeTriangles solid = triangulateShape(shape, Eigen::Isometry3d::Identity(), sides);
  PrimitiveSurface surface;
  surface.triangles = makeBvh(solid.vertices, solid.triangles);
  surface.triangles->computeLocalAABB();
  if (shape.kind == CollisionShape::Kind::Cylinder)  // the polygon's corners stick out the most
    surface.gap = (shape.radius / std::cos(numeric::kPi / sides) - shape.radius) * (1.0 + numeric::kPadRel) + numeric::kFinePadAbs;
  return surface;
}

std::optional<CylinderAxis> makeCylinderAxis(const CollisionShape &shape)
{
  if (shape.kind != CollisionShape::Kind::Cylinder)
    return std::nullopt;
  CylinderAxis axis;
  // a capsule of radius 0 is the segment itself, which pair_distance measures in closed form
  // (FCL's triangle distance overestimates a triangle with two equal corners: its early exit on
  // the edge pairs trusts the collapsed triangle's off-edge corner)
  axis.segment = std::make_shared<fcl::Capsuled>(0.0, shape.length);
  axis.segment->computeLocalAABB();
  axis.radius = shape.radius;
  return axis;
}
}  // namespace ompl_ccd
