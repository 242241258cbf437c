#include "certify/toleranced/toleranced_bodies.h"

#include <algorithm>
#include <fcl/geometry/shape/convex.h>

#include "ompl_ccd/numeric.h"

namespace ompl_ccd
{
toleranced::Model::StandIns::StandIns(const CollisionShape &shape)
  : hull(std::make_shared<const ConvexHull>(shape, kHullMaxGap))
  , surface(makePrimitiveSurface(shape))
  , concavity(shape.kind == CollisionShape::Kind::Mesh ? concavityOf(*hull, shape.mesh->vertices) : 0.0)
{
}

double toleranced::Model::StandIns::concavityOf(const ConvexHull &hull, const std::vector<Eigen::Vector3d> &vertices)
{
  const auto *convex = dynamic_cast<const fcl::Convexd *>(hull.fclGeometry().get());
  if (convex == nullptr)
    return 0.0;
  // faces as [count, i₁ … i_count]*; their outward planes n·x ≤ h
  const std::vector<Eigen::Vector3d> &corners = convex->getVertices();
  Eigen::Vector3d inside = Eigen::Vector3d::Zero();
  for (const Eigen::Vector3d &c : corners)
    inside += c / static_cast<double>(corners.size());
  std::vector<std::pair<Eigen::Vector3d, double>> planes;
  const std::vector<int> &faces = convex->getFaces();
  for (std::size_t f = 0; f < faces.size(); f += faces[f] + 1)
  {
    const Eigen::Vector3d &p0 = corners[faces[f + 1]];
    Eigen::Vector3d n = (corners[faces[f + 2]] - p0).cross(corners[faces[f + 3]] - p0);
    if (n.norm() == 0.0)
      continue;
    n.normalize();
    if (n.dot(p0 - inside) < 0.0)
      n = -n;
    planes.emplace_back(n, n.dot(p0));
  }
  double deepest = 0.0;
  for (const Eigen::Vector3d &v : vertices)
  {
    double depth = numeric::kInfinity;
    for (const auto &[n, h] : planes)
      depth = std::min(depth, h - n.dot(v));
    deepest = std::max(deepest, depth);
  }
  return planes.empty() ? 0.0 : deepest;
}
}  // namespace ompl_ccd
