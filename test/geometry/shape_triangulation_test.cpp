// Tests of the closed triangle surfaces that contain collision shapes (shape_triangulation.h).
#include "ompl_ccd/geometry/shape_triangulation.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

namespace ompl_ccd
{
namespace
{
/// True iff p satisfies every face plane of the solid (n·p ≤ d).
bool insideSolid(const ShapeTriangles &solid, const Eigen::Vector3d &p)
{
  for (std::size_t i = 0; i < solid.plane_normals.size(); ++i)
    if (solid.plane_normals[i].dot(p) > solid.plane_offsets[i] + 1e-12)
      return false;
  return true;
}

/// Every triangle faces away from the solid's centroid (counter-clockwise seen from outside).
void expectOutward(const ShapeTriangles &solid)
{
  Eigen::Vector3d c = Eigen::Vector3d::Zero();
  for (const Eigen::Vector3d &v : solid.vertices)
    c += v / static_cast<double>(solid.vertices.size());
  for (const Eigen::Vector3i &t : solid.triangles)
  {
    const Eigen::Vector3d &a = solid.vertices[t[0]], &b = solid.vertices[t[1]], &d = solid.vertices[t[2]];
    EXPECT_GT((b - a).cross(d - a).dot((a + b + d) / 3.0 - c), 0.0);
  }
}

Eigen::Isometry3d somePose()
{
  Eigen::Isometry3d X = Eigen::Isometry3d::Identity();
  X.linear() = Eigen::AngleAxisd(0.7, Eigen::Vector3d(1, 2, 3).normalized()).toRotationMatrix();
  X.translation() = Eigen::Vector3d(0.3, -0.2, 1.5);
  return X;
}

TEST(ShapeTriangulation, BoxIsExactAndSolid)
{
  CollisionShape box;
  box.kind = CollisionShape::Kind::Box;
  box.box_size = Eigen::Vector3d(0.2, 0.4, 0.6);
  const ShapeTriangles t = triangulateShape(box, somePose());
  EXPECT_TRUE(t.solid);
  EXPECT_EQ(t.vertices.size(), 8u);
  EXPECT_EQ(t.triangles.size(), 12u);
  expectOutward(t);
  EXPECT_TRUE(insideSolid(t, somePose() * Eigen::Vector3d(0.099, -0.199, 0.299)));
  EXPECT_FALSE(insideSolid(t, somePose() * Eigen::Vector3d(0.101, 0.0, 0.0)));
}

TEST(ShapeTriangulation, CylinderAndSpherePolyhedraContainTheShape)
{
  std::mt19937 rng(1);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  CollisionShape cylinder;
  cylinder.kind = CollisionShape::Kind::Cylinder;
  cylinder.radius = 0.05;
  cylinder.length = 0.3;
  CollisionShape sphere;
  sphere.kind = CollisionShape::Kind::Sphere;
  sphere.radius = 0.1;
  const ShapeTriangles c = triangulateShape(cylinder, somePose(), 16);
  const ShapeTriangles s = triangulateShape(sphere, somePose());
  expectOutward(c);
  expectOutward(s);
  EXPECT_EQ(s.triangles.size(), 80u);
  for (int k = 0; k < 2000; ++k)
  {
    // Points on the cylinder's rim and caps, and on the sphere.
    const double a = 2.0 * M_PI * unit(rng);
    const Eigen::Vector3d rim(0.05 * std::cos(a), 0.05 * std::sin(a), 0.3 * (unit(rng) - 0.5));
    EXPECT_TRUE(insideSolid(c, somePose() * rim));
    const Eigen::Vector3d dir = Eigen::Vector3d(unit(rng) - 0.5, unit(rng) - 0.5, unit(rng) - 0.5).normalized();
    EXPECT_TRUE(insideSolid(s, somePose() * (0.1 * dir)));
  }
  // Not absurdly larger: 2 % beyond the radius is outside somewhere.
  EXPECT_FALSE(insideSolid(s, somePose() * Eigen::Vector3d(0.0, 0.0, 0.12)));
}

TEST(ShapeTriangulation, MeshIsCopiedAsASurface)
{
  auto mesh = std::make_shared<TriangleMesh>();
  mesh->vertices = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
  mesh->triangles = {{0, 1, 2}};
  CollisionShape shape;
  shape.kind = CollisionShape::Kind::Mesh;
  shape.mesh = mesh;
  const ShapeTriangles t = triangulateShape(shape, somePose());
  EXPECT_FALSE(t.solid);
  ASSERT_EQ(t.vertices.size(), 3u);
  EXPECT_TRUE(t.vertices[1].isApprox(somePose() * Eigen::Vector3d(1, 0, 0)));
  EXPECT_TRUE(t.plane_normals.empty());
}
}  // namespace
}  // namespace ompl_ccd
