// OBB trees of body triangles: every node's box contains every vertex of the triangles below it
// (its projections on the node's axes within the padded half-sizes), every
// triangle sits in exactly one leaf, axes are orthonormal, and an empty feature set has no nodes.
#include "certify/interval/exact_obb_tree.h"

#include <gtest/gtest.h>

#include <functional>
#include <random>

#include "ompl_ccd/model/mesh_loader.h"
#include "support/test_paths.h"

namespace ompl_ccd
{
namespace
{
/// Checks the tree's invariants over \a f.
void expectValidTree(const TriangleFeatures &f)
{
  const ObbTree tree(f);
  const std::vector<ObbNode> &nodes = tree.nodes();
  ASSERT_FALSE(nodes.empty());
  std::vector<int> seen(f.triangles.size(), 0);
  // Depth-first with the triangles below each node.
  std::function<std::vector<int>(int)> below = [&](int i) -> std::vector<int> {
    const ObbNode &node = nodes[i];
    EXPECT_LT((node.axes.transpose() * node.axes - Eigen::Matrix3d::Identity()).norm(), 1e-12) << "node " << i;
    EXPECT_GT(node.axes.determinant(), 0.0);
    std::vector<int> triangles;
    if (node.leaf())
    {
      EXPECT_GE(node.triangle, 0);
      triangles.push_back(node.triangle);
      ++seen[node.triangle];
    }
    else
    {
      EXPECT_EQ(node.triangle, -1);
      for (const int child : {node.left, node.left + 1})
      {
        const std::vector<int> sub = below(child);
        triangles.insert(triangles.end(), sub.begin(), sub.end());
      }
    }
    for (const int t : triangles)
      for (int k = 0; k < 3; ++k)
      {
        const Eigen::Vector3d alpha = node.axes.transpose() * (f.vertices[f.triangles[t][k]] - node.center);
        EXPECT_TRUE((alpha.cwiseAbs().array() <= node.half.array()).all())
            << "node " << i << " misses a vertex of triangle " << t << ": " << alpha.transpose() << " vs "
            << node.half.transpose();
      }
    return triangles;
  };
  below(0);
  for (std::size_t t = 0; t < seen.size(); ++t)
    EXPECT_EQ(seen[t], 1) << "triangle " << t;
}

CollisionShape primitive(CollisionShape::Kind kind)
{
  CollisionShape shape;
  shape.kind = kind;
  shape.box_size = Eigen::Vector3d(0.3, 0.02, 1.1);
  shape.radius = 0.05;
  shape.length = 0.4;
  return shape;
}

TEST(ObbTree, BoxesContainTheirTrianglesForEveryPrimitive)
{
  Eigen::Isometry3d X_FG = Eigen::Isometry3d::Identity();
  X_FG.linear() = Eigen::AngleAxisd(0.7, Eigen::Vector3d(1, 2, 3).normalized()).toRotationMatrix();
  X_FG.translation() = Eigen::Vector3d(0.3, -2.0, 5.0);
  for (const auto kind : {CollisionShape::Kind::Box, CollisionShape::Kind::Cylinder, CollisionShape::Kind::Sphere})
    expectValidTree(triangleFeatures(primitive(kind), X_FG));
}

TEST(ObbTree, BoxesContainTheirTrianglesForTheArmMeshes)
{
  for (const char *mesh : {"arm/meshes/forearm_link.stl", "arm/meshes/upper_arm_motor.stl", "scene_meshes/shelf.stl"})
  {
    CollisionShape shape;
    shape.kind = CollisionShape::Kind::Mesh;
    shape.mesh = loadMesh(test::examplePath(mesh), Eigen::Vector3d::Ones(), "test");
    expectValidTree(triangleFeatures(shape, Eigen::Isometry3d::Identity()));
  }
}

TEST(ObbTree, RandomTriangleSoupsAndDegenerateOnes)
{
  std::mt19937 random(5);
  std::uniform_real_distribution<double> coordinate(-3.0, 3.0);
  for (int n : {1, 2, 7, 64})
  {
    TriangleFeatures f;
    for (int t = 0; t < n; ++t)
    {
      for (int k = 0; k < 3; ++k)
        f.vertices.emplace_back(coordinate(random), coordinate(random), coordinate(random));
      f.triangles.emplace_back(3 * t, 3 * t + 1, 3 * t + 2);
    }
    expectValidTree(f);
  }
  // A zero-area triangle, and two coincident ones.
  TriangleFeatures flat;
  flat.vertices = {{0, 0, 0}, {1, 1, 1}, {2, 2, 2}};
  flat.triangles = {{0, 1, 2}, {0, 1, 2}};
  expectValidTree(flat);
  EXPECT_TRUE(ObbTree(TriangleFeatures{}).nodes().empty());
}
}  // namespace
}  // namespace ompl_ccd
