// Outer covers contain their shape: every vertex and dense samples of every triangle (meshes, slivers
// and triangles larger than a leaf included), of the solid (primitives) lie in the union of the
// leaves; every leaf lies in its child and every child in the root; the reported excess of each
// level bounds how far its balls reach beyond the solid; the robots' covers are tight.
#include "ompl_ccd/spheres/outer_cover.h"

#include <gtest/gtest.h>
#include <random>

#include "ompl_ccd/model/mesh_loader.h"
#include "ompl_ccd/spheres/inner_spheres.h"
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

/// Distance from a point (frame G) to the shape's solid (a closed mesh's enclosed region, an open
/// mesh's triangles, a primitive itself): 0 inside. Computed independently of solid_depth.cpp but
/// for the box tree of point_mesh_distance.h.
class SolidDistance
{
public:
  explicit SolidDistance(const CollisionShape &shape) : shape_(shape)
  {
    if (shape.kind != CollisionShape::Kind::Mesh)
      return;
    std::vector<std::array<Eigen::Vector3d, 3>> triangles;
    for (const Eigen::Vector3i &t : shape.mesh->triangles)
      triangles.push_back({shape.mesh->vertices[t[0]], shape.mesh->vertices[t[1]], shape.mesh->vertices[t[2]]});
    triangles_ = std::make_unique<spheres::TriangleSet>(triangles);
    closed_ = isClosedMesh(*shape.mesh);
  }

  double operator()(const Eigen::Vector3d &p_G) const
  {
    switch (shape_.kind)
    {
      case CollisionShape::Kind::Mesh:
        if (closed_ && std::abs(windingNumber(*shape_.mesh, p_G)) > 0.5)
          return 0.0;
        return triangles_->distance(p_G);
      case CollisionShape::Kind::Box:
        return (p_G.cwiseAbs() - 0.5 * shape_.box_size).cwiseMax(0.0).norm();
      case CollisionShape::Kind::Cylinder:
        return std::hypot(std::max(p_G.head<2>().norm() - shape_.radius, 0.0),
                          std::max(std::fabs(p_G.z()) - 0.5 * shape_.length, 0.0));
      case CollisionShape::Kind::Sphere:
        return std::max(p_G.norm() - shape_.radius, 0.0);
    }
    return 0.0;
  }

private:
  const CollisionShape &shape_;
  std::unique_ptr<spheres::TriangleSet> triangles_;
  bool closed_ = false;
};

/// Whether ball \a inner lies in ball \a outer, as computed (no slack).
bool holds(const Sphere &outer, const Sphere &inner)
{
  return (inner.centre - outer.centre).norm() + inner.radius <= outer.radius;
}

/// The farthest a sampled point of \a balls (frame F) lies from the shape's solid.
double farthestReach(const SolidDistance &distanceToShape, const Eigen::Isometry3d &X_GF, const std::vector<Sphere> &balls)
{
  double farthest = 0.0;
  for (const Sphere &ball : balls)
    for (int i = 0; i < 64; ++i)
    {
      const Eigen::Vector3d d = Eigen::Vector3d(std::sin(i * 2.4), std::cos(i * 1.3), std::sin(i * 0.7)).normalized();
      farthest = std::max(farthest, distanceToShape(X_GF * (ball.centre + ball.radius * d)));
    }
  return farthest;
}

/// The tree's shape: at most max_children children, each over a non-empty run of the leaves, the
/// runs in order and together all the leaves; every leaf in its child, every child in the root.
void expectNested(const OuterCover &cover, const CoverOptions &options, const std::string &what)
{
  ASSERT_FALSE(cover.children.empty()) << what;
  EXPECT_LE(static_cast<int>(cover.children.size()), options.max_children) << what;
  int next = 0;
  for (const CoverChild &child : cover.children)
  {
    EXPECT_EQ(child.leaf_first, next) << what << ": the children's leaves are not one run after another";
    EXPECT_GE(child.leaf_count, 1) << what;
    next = child.leaf_first + child.leaf_count;
    for (int i = child.leaf_first; i < next && i < static_cast<int>(cover.leaves.size()); ++i)
      EXPECT_TRUE(holds(child.ball, cover.leaves[i])) << what << ": leaf " << i << " sticks out of its child";
    EXPECT_TRUE(holds(cover.bound, child.ball)) << what << ": a child sticks out of the root";
  }
  EXPECT_EQ(next, static_cast<int>(cover.leaves.size())) << what;
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
  expectNested(cover, options, what);
  // the excess: no point of a level's balls is farther from the solid than it says (but for the
  // test's own rounding of the sampled points: a few ulps of their coordinates)
  const Eigen::Isometry3d X_GF = X_FG.inverse();
  std::vector<Sphere> children;
  for (const CoverChild &child : cover.children)
    children.push_back(child.ball);
  const double slack = 1e-15 * (1.0 + cover.bound.centre.norm() + cover.bound.radius);
  const SolidDistance distance(shape);
  EXPECT_LE(farthestReach(distance, X_GF, cover.leaves), cover.excess + slack) << what << ": leaves";
  EXPECT_LE(farthestReach(distance, X_GF, children), cover.children_excess + slack) << what << ": children";
  EXPECT_LE(farthestReach(distance, X_GF, {cover.bound}), cover.bound_excess + slack) << what << ": root";
  // outerBound holds the shape too, without the leaves
  const Sphere bound = outerBound(shape, X_FG);
  for (const Eigen::Vector3d &p_G : shapePoints(shape, rng, 2000))
    EXPECT_LE((X_FG * p_G - bound.centre).norm(), bound.radius) << what << ": outside outerBound";
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

/// Every link of \a urdf covered with the robot's options: held, nested, and reaching at most
/// \a most_excess beyond the solid.
void expectTightRobotCover(const std::string &urdf, double most_excess)
{
  const RobotModel robot = RobotModel::fromUrdfFile(urdf);
  for (const Link &link : robot.links())
    for (const LinkGeometry &geometry : link.geometries)
    {
      const std::string what = urdf + " " + link.name;
      expectCovered(geometry.shape, geometry.X_LG, kRobotCoverOptions, what);
      const OuterCover cover = outerCover(geometry.shape, geometry.X_LG, kRobotCoverOptions);
      EXPECT_LE(cover.excess, most_excess) << what;
    }
}

TEST(OuterCover, TheBundledArmsTreesAreWithinTwoCentimetres)
{
  expectTightRobotCover(test::examplePath("arm/arm.urdf"), 0.02);
}

TEST(OuterCover, SharedRobotsTreesAreAsTightAsMeasured)
{
  // the largest leaves' excess measured per robot (bench/README.md, "The sphere front end"), with
  // a few millimetres to spare: Panda 1.45 cm, UR5e 3.4 cm, KR16-2 4.2 cm, KR210 6.2 cm
  for (const auto &[urdf, most_excess] : {std::pair{"robots/panda/robot.urdf", 0.017}, std::pair{"robots/ur5e/robot.urdf", 0.037},
                                          std::pair{"robots/kuka_kr16_2/robot.urdf", 0.045},
                                          std::pair{"robots/kuka_kr210_l150/robot.urdf", 0.066}})
  {
    const std::optional<std::string> path = test::sharedDataPath(urdf);
    if (!path)
      GTEST_SKIP() << "../shared/data is absent";
    expectTightRobotCover(*path, most_excess);
  }
}

TEST(OuterCover, SliversAndTrianglesLargerThanALeafAreHeld)
{
  // needles of aspect 1e-6 fanned about the origin, a 1 m triangle, and a closed 0.4 m cube of 12
  // triangles: every point of each inside a leaf, the large ones cut
  TriangleMesh mesh;
  for (int k = 0; k < 12; ++k)
  {
    const double angle = 0.5 * k;
    const Eigen::Vector3d tip(0.2 * std::cos(angle), 0.2 * std::sin(angle), 0.01 * k);
    const Eigen::Vector3d side = tip.cross(Eigen::Vector3d::UnitZ()).normalized() * 2e-7;
    const int first = static_cast<int>(mesh.vertices.size());
    mesh.vertices.insert(mesh.vertices.end(), {Eigen::Vector3d::Zero(), tip + side, tip - side});
    mesh.triangles.push_back({first, first + 1, first + 2});
  }
  const int big = static_cast<int>(mesh.vertices.size());
  mesh.vertices.insert(mesh.vertices.end(), {{0.5, 0, 0}, {1.5, 0, 0}, {0.5, 1, 0.3}});
  mesh.triangles.push_back({big, big + 1, big + 2});
  CollisionShape open;
  open.kind = CollisionShape::Kind::Mesh;
  open.mesh = std::make_shared<const TriangleMesh>(mesh);
  expectCovered(open, somePose(), kRobotCoverOptions, "slivers and a large triangle");

  TriangleMesh cube;
  for (int i = 0; i < 8; ++i)
    cube.vertices.push_back(0.2 * Eigen::Vector3d(i & 1 ? 1 : -1, i & 2 ? 1 : -1, i & 4 ? 1 : -1));
  cube.triangles = {{0, 2, 1}, {1, 2, 3}, {4, 5, 6}, {5, 7, 6}, {0, 1, 4}, {1, 5, 4},
                    {2, 6, 3}, {3, 6, 7}, {0, 4, 2}, {2, 4, 6}, {1, 3, 5}, {3, 7, 5}};
  CollisionShape closed;
  closed.kind = CollisionShape::Kind::Mesh;
  closed.mesh = std::make_shared<const TriangleMesh>(cube);
  ASSERT_TRUE(isClosedMesh(cube));
  expectCovered(closed, somePose(), kRobotCoverOptions, "a closed cube of 12 triangles");
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
