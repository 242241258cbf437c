#include "point_cloud.h"

#include <memory>

#include "ompl_ccd/model/triangle_mesh.h"

namespace ompl_ccd::test
{
CollisionShape pointCloudMesh(const std::vector<Eigen::Vector3d> &points)
{
  auto mesh = std::make_shared<TriangleMesh>();
  mesh->vertices = points;
  mesh->triangles.emplace_back(0, 1, 2);
  CollisionShape shape;
  shape.kind = CollisionShape::Kind::Mesh;
  shape.mesh = mesh;
  return shape;
}
}  // namespace ompl_ccd::test
