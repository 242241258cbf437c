// Outer covers contain their shape: every vertex and dense samples of every triangle (meshes), of the
// solid (primitives) lie in the union of the leaves and in the bounding ball; the reported excess
// bounds how far the leaves reach from the shape.
#include "ompl_ccd/spheres/outer_cover.h"

#include <gtest/gtest.h>
#include <random>

#include "ompl_ccd/model/mesh_loader.h"
#include "ompl_ccd/model/robot_model.h"
#include "ompl_ccd/numeric.h"
#include "spheres/point_mesh_distance.h"
#include "support/test_paths.h"

namespace ompl_ccd
{
namespace
{
/// Whether \a p lies in some ball of \a balls (exactly as computed, no slack).
bool inUnion(const std::vector<Sphere> &balls, const Eigen::Vector3d &p)
{
  for (const Sphere &ball : balls)
    if ((p - ball.centre).norm() <= ball.radius)
      return true;
  return false;
}

/// Points of the shape in frame G: mesh vertices and random points of its triangles (with their
/// edges and corners), or random points of a primitive's solid and its boundary.
std::vector<Eigen::Vector3d> shapePoints(const CollisionShape &shape, std::mt19937 &rng, int count)
{
  std::uniform_real_distribution<double> unit(0.0, 1.0), sym(-1.0, 1.0);
  std::vector<Eigen::Vector3d> points;
  switch (shape.kind)
  {
    case CollisionShape::Kind::Mesh:
    {
      points = shape.mesh->vertices;
      for (int i = 0; i < count; ++i)
      {
        const Eigen::Vector3i &t = shape.mesh->triangles[rng() % shape.mesh->triangles.size()];
        double u = unit(rng), v = unit(rng);
        if (u + v > 1.0)
          u = 1.0 - u, v = 1.0 - v;
        if (i % 5 == 0)
          v = 0.0;  // on an edge
        const Eigen::Vector3d &a = shape.mesh->vertices[t[0]], &b = shape.mesh->vertices[t[1]], &c = shape.mesh->vertices[t[2]];
        points.push_back(a + u * (b - a) + v * (c - a));
      }
      break;
    }
    case CollisionShape::Kind::Box:
      for (int i = 0; i < count; ++i)
      {
        Eigen::Vector3d s(sym(rng), sym(rng), sym(rng));
        if (i % 3 == 0)
          s[i % 3] = s[i % 3] < 0 ? -1.0 : 1.0;  // on a face
        if (i % 7 == 0)
          s = s.array().sign();  // a corner
        points.push_back(0.5 * s.cwiseProduct(shape.box_size));
      }
      break;
    case CollisionShape::Kind::Cylinder:
      for (int i = 0; i < count; ++i)
      {
        const double angle = 2.0 * numeric::kPi * unit(rng);
        const double r = (i % 3 == 0 ? 1.0 : std::sqrt(unit(rng))) * shape.radius;
        const double z = (i % 4 == 0 ? (sym(rng) < 0 ? -0.5 : 0.5) : 0.5 * sym(rng)) * shape.length;
        points.push_back(Eigen::Vector3d(r * std::cos(angle), r * std::sin(angle), z));
      }
      break;
    case CollisionShape::Kind::Sphere:
      for (int i = 0; i < count; ++i)
      {
        Eigen::Vector3d d(sym(rng), sym(rng), sym(rng));
        points.push_back(d.normalized() * shape.radius * (i % 2 ? 1.0 : unit(rng)));
      }
      break;
  }
  return points;
}

/// Distance from \a p_G to the shape (its triangles for a mesh, its solid for a primitive).
double distanceToShape(const CollisionShape &shape, const Eigen::Vector3d &p_G)
{
  switch (shape.kind)
  {
    case CollisionShape::Kind::Mesh:
    {
      std::vector<std::array<Eigen::Vector3d, 3>> triangles;
      for (const Eigen::Vector3i &t : shape.mesh->triangles)
        triangles.push_back({shape.mesh->vertices[t[0]], shape.mesh->vertices[t[1]], shape.mesh->vertices[t[2]]});
      return spheres::TriangleSet(triangles).distance(p_G);
    }
    case CollisionShape::Kind::Box:
      return (p_G.cwiseAbs() - 0.5 * shape.box_size).cwiseMax(0.0).norm();
    case CollisionShape::Kind::Cylinder:
      return std::hypot(std::max(p_G.head<2>().norm() - shape.radius, 0.0),
                        std::max(std::fabs(p_G.z()) - 0.5 * shape.length, 0.0));
    case CollisionShape::Kind::Sphere:
      return std::max(p_G.norm() - shape.radius, 0.0);
  }
  return 0.0;
}

void expectCovered(const CollisionShape &shape, const Eigen::Isometry3d &X_FG, const CoverOptions &options,
                   const std::string &what)
{
  const OuterCover cover = outerCover(shape, X_FG, options);
  ASSERT_FALSE(cover.leaves.empty()) << what;
  EXPECT_LE(static_cast<int>(cover.leaves.size()), options.max_leaves) << what;
  std::mt19937 rng(7);
  int outside = 0, outside_bound = 0;
  for (const Eigen::Vector3d &p_G : shapePoints(shape, rng, 20000))
  {
    const Eigen::Vector3d p = X_FG * p_G;
    outside += !inUnion(cover.leaves, p);
    outside_bound += !((p - cover.bound.centre).norm() <= cover.bound.radius);
  }
  EXPECT_EQ(outside, 0) << what << ": points of the shape outside every leaf";
  EXPECT_EQ(outside_bound, 0) << what << ": points of the shape outside the bounding ball";
  // the excess: no point of a leaf is farther from the shape than it says
  const Eigen::Isometry3d X_GF = X_FG.inverse();
  double farthest = 0.0, size = 0.0;
  for (const Sphere &leaf : cover.leaves)
    size = std::max(size, leaf.centre.norm() + leaf.radius);
  for (const Sphere &leaf : cover.leaves)
    for (int i = 0; i < 64; ++i)
    {
      const Eigen::Vector3d d = Eigen::Vector3d(std::sin(i * 2.4), std::cos(i * 1.3), std::sin(i * 0.7)).normalized();
      farthest = std::max(farthest, distanceToShape(shape, X_GF * (leaf.centre + leaf.radius * d)));
    }
  // (the test's own rounding of the sampled points: a few ulps of their coordinates)
  EXPECT_LE(farthest, cover.excess + 1e-15 * (1.0 + size)) << what << ": a leaf reaches farther from the shape than the excess says";
}

Eigen::Isometry3d somePose()
{
  Eigen::Isometry3d X = Eigen::Isometry3d::Identity();
  X.linear() = Eigen::AngleAxisd(0.7, Eigen::Vector3d(1, 2, 3).normalized()).toRotationMatrix();
  X.translation() = Eigen::Vector3d(0.3, -1.2, 2.0);
  return X;
}

/// Named boxes of \a box_sizes, cylinders of \a cylinders (radius, length) and a sphere of
/// \a sphere_radius.
std::vector<std::pair<std::string, CollisionShape>> primitives(const std::vector<Eigen::Vector3d> &box_sizes,
                                                               const std::vector<std::pair<double, double>> &cylinders,
                                                               double sphere_radius)
{
  std::vector<std::pair<std::string, CollisionShape>> list;
  CollisionShape box;
  box.kind = CollisionShape::Kind::Box;
  for (const Eigen::Vector3d &size : box_sizes)
  {
    box.box_size = size;
    list.push_back({"box", box});
  }
  CollisionShape cylinder;
  cylinder.kind = CollisionShape::Kind::Cylinder;
  for (const auto &[radius, length] : cylinders)
  {
    cylinder.radius = radius;
    cylinder.length = length;
    list.push_back({"cylinder", cylinder});
  }
  CollisionShape sphere;
  sphere.kind = CollisionShape::Kind::Sphere;
  sphere.radius = sphere_radius;
  list.push_back({"sphere", sphere});
  return list;
}

TEST(OuterCover, PrimitivesAreCoveredWholeIncludingThinAndLongOnes)
{
  const auto shapes = primitives({{0.1, 0.2, 0.3}, {0.4, 0.002, 0.4}, {1e-6, 0.3, 0.3}, {2.0, 0.01, 0.01}},
                                 {{0.006, 0.8}, {0.3, 0.01}, {0.05, 0.05}}, 0.05);
  for (const auto &[name, shape] : shapes)
    for (const CoverOptions &options : {CoverOptions{0.03, 16}, CoverOptions{0.005, 64}, CoverOptions{1.0, 1}})
      expectCovered(shape, somePose(), options, name + " " + shape.describe());
}

TEST(OuterCover, HugePrimitivesAreCoveredWithinTheLeafBudget)
{
  // a 3 cm leaf would cut a 1 km floor into 1e15 boxes: the budget sizes the leaves before any is made
  const auto shapes = primitives({{1e3, 1e3, 0.1}, {1e4, 1e4, 1e4}, {1e4, 0.01, 0.01}}, {{0.05, 1e4}, {1e3, 0.1}}, 1e6);
  for (const auto &[name, shape] : shapes)
    for (const CoverOptions &options : {CoverOptions{0.03, 16}, CoverOptions{0.03, 32}})
    {
      const std::string what = name + " " + shape.describe();
      expectCovered(shape, somePose(), options, what);  // at most max_leaves leaves, holding the solid
      const OuterCover cover = outerCover(shape, somePose(), options);
      const Sphere bound = outerBound(shape, somePose());
      EXPECT_EQ(bound.centre, cover.bound.centre) << what;
      EXPECT_EQ(bound.radius, cover.bound.radius) << what;
    }
}

TEST(OuterCover, TheBundledArmsMeshesAreCoveredAtEveryGranularity)
{
  const RobotModel robot = RobotModel::fromUrdfFile(test::examplePath("arm/arm.urdf"));
  for (const Link &link : robot.links())
    for (const LinkGeometry &geometry : link.geometries)
      for (const CoverOptions &options : {CoverOptions{0.03, 16}, CoverOptions{0.01, 64}, CoverOptions{0.5, 2}})
        expectCovered(geometry.shape, geometry.X_LG, options, link.name + " " + geometry.shape.describe());
}

TEST(OuterCover, SharedRobotMeshesAreCovered)
{
  for (const char *urdf : {"robots/panda/robot.urdf", "robots/ur5e/robot.urdf"})
  {
    const std::optional<std::string> path = test::sharedDataPath(urdf);
    if (!path)
      GTEST_SKIP() << "../shared/data is absent";
    const RobotModel robot = RobotModel::fromUrdfFile(*path);
    for (const Link &link : robot.links())
      for (const LinkGeometry &geometry : link.geometries)
        expectCovered(geometry.shape, geometry.X_LG, CoverOptions{0.03, 16}, link.name);
  }
}

TEST(OuterCover, LargeTrianglesAreCutSoLeavesStaySmall)
{
  // one 2 m triangle: its cover must not be one 1 m ball
  TriangleMesh mesh;
  mesh.vertices = {{0, 0, 0}, {2, 0, 0}, {0, 2, 0}};
  mesh.triangles = {{0, 1, 2}};
  CollisionShape shape;
  shape.kind = CollisionShape::Kind::Mesh;
  shape.mesh = std::make_shared<const TriangleMesh>(mesh);
  const OuterCover cover = outerCover(shape, Eigen::Isometry3d::Identity(), CoverOptions{0.1, 1024});
  double largest = 0.0;
  for (const Sphere &leaf : cover.leaves)
    largest = std::max(largest, leaf.radius);
  EXPECT_LE(largest, 0.1 + 1e-9);
  expectCovered(shape, Eigen::Isometry3d::Identity(), CoverOptions{0.1, 1024}, "one large triangle");
}
}  // namespace
}  // namespace ompl_ccd
