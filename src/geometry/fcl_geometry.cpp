#include "ompl_ccd/geometry/fcl_geometry.h"

#include <cassert>
#include <fcl/geometry/bvh/BVH_model.h>
#include <fcl/geometry/shape/box.h>
#include <fcl/geometry/shape/cylinder.h>
#include <fcl/geometry/shape/sphere.h>
#include <fcl/math/bv/OBBRSS.h>
#include <vector>

namespace ompl_ccd
{
namespace
{
/** \brief Triangle soup of \a mesh as an OBBRSS bounding-volume hierarchy (mesh frame = G). */
FclGeometryPtr makeBvh(const TriangleMesh &mesh)
{
  std::vector<fcl::Vector3d> vertices(mesh.vertices.begin(), mesh.vertices.end());
  std::vector<fcl::Triangle> triangles;
  triangles.reserve(mesh.triangles.size());
  for (const Eigen::Vector3i &t : mesh.triangles)
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
      geometry = makeBvh(*shape.mesh);
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
}  // namespace ompl_ccd
