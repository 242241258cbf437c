#include "ompl_ccd/geometry/convex_hull.h"

#include <gtest/gtest.h>

#include <random>

namespace ompl_ccd
{
namespace
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

/// The hull contains every input point: its support function bounds p·n for all n.
TEST(ConvexHull, SupportBoundsEveryPointOfARandomCloud)
{
  std::mt19937 rng(1);
  std::normal_distribution<double> gauss;
  std::vector<Eigen::Vector3d> points;
  for (int i = 0; i < 500; ++i)
    points.emplace_back(gauss(rng), 0.5 * gauss(rng), 0.1 * gauss(rng));
  const ConvexHull hull(pointCloudMesh(points));
  EXPECT_LT(hull.vertices().size(), points.size());
  EXPECT_GE(hull.vertices().size(), 4u);
  for (int trial = 0; trial < 200; ++trial)
  {
    const Eigen::Vector3d n(gauss(rng), gauss(rng), gauss(rng));
    double best = -1e300;
    for (const Eigen::Vector3d &p : points)
      best = std::max(best, p.dot(n));
    EXPECT_GE(hull.support(n), best);
    EXPECT_LE(hull.support(n), best + 1e-8 * n.norm());  // tight: a hull vertex attains it
  }
}

/// Coplanar points make qhull refuse: the hull falls back to their (slightly thickened) box.
TEST(ConvexHull, FlatInputFallsBackToItsBox)
{
  const ConvexHull hull(pointCloudMesh({{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 1, 0}, {0.5, 0.5, 0}}));
  EXPECT_EQ(hull.vertices().size(), 8u);
  EXPECT_NEAR(hull.support(Eigen::Vector3d::UnitX()), 1.0, 1e-8);
  EXPECT_NEAR(hull.support(Eigen::Vector3d::UnitZ()), 0.0, 1e-8);
  EXPECT_NE(hull.fclGeometry(), nullptr);
}

TEST(ConvexHull, PrimitivesAreTheirOwnHullsWithClosedFormSupport)
{
  CollisionShape box;
  box.kind = CollisionShape::Kind::Box;
  box.box_size = Eigen::Vector3d(2, 4, 6);
  EXPECT_DOUBLE_EQ(ConvexHull(box).support(Eigen::Vector3d(1, -1, 1)), 1 + 2 + 3);
  CollisionShape cylinder;
  cylinder.kind = CollisionShape::Kind::Cylinder;
  cylinder.radius = 0.5;
  cylinder.length = 2.0;
  EXPECT_DOUBLE_EQ(ConvexHull(cylinder).support(Eigen::Vector3d(3, 4, -1)), 0.5 * 5 + 1.0);
  CollisionShape sphere;
  sphere.kind = CollisionShape::Kind::Sphere;
  sphere.radius = 0.25;
  EXPECT_DOUBLE_EQ(ConvexHull(sphere).support(Eigen::Vector3d(0, 3, 4)), 0.25 * 5);
  EXPECT_TRUE(ConvexHull(sphere).vertices().empty());
}
}  // namespace
}  // namespace ompl_ccd
