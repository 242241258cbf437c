#include "ompl_ccd/geometry/convex_hull.h"

#include <gtest/gtest.h>

#include <fcl/geometry/shape/sphere.h>
#include <cmath>
#include <random>

#include "ompl_ccd/geometry/pair_distance.h"
#include "support/example_worlds.h"
#include "support/point_cloud.h"

namespace ompl_ccd
{
namespace
{
using test::pointCloudMesh;

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

/// 3,000 points on a unit sphere.
std::vector<Eigen::Vector3d> denseSphere()
{
  std::mt19937 rng(7);
  std::normal_distribution<double> gauss;
  std::vector<Eigen::Vector3d> points;
  for (int i = 0; i < 3000; ++i)
    points.push_back(Eigen::Vector3d(gauss(rng), gauss(rng), gauss(rng)).normalized());
  return points;
}

/// A reduced hull keeps few vertices, and its support function still bounds every input point
/// (gap included) while staying within the gap of the full hull's.
TEST(ConvexHull, ReducedHullSupportBoundsEveryPointWithinItsGap)
{
  const std::vector<Eigen::Vector3d> points = denseSphere();
  const ConvexHull full(pointCloudMesh(points)), reduced(pointCloudMesh(points), 0.01);
  EXPECT_EQ(full.gap(), 0.0);
  EXPECT_GT(full.vertices().size(), 2000u);
  EXPECT_LT(reduced.vertices().size(), full.vertices().size() / 4);
  EXPECT_GT(reduced.gap(), 0.0);
  EXPECT_LT(reduced.gap(), 0.03);  // about max_gap: a vertex may sit above two planes at an edge
  std::mt19937 rng(2);
  std::normal_distribution<double> gauss;
  for (int trial = 0; trial < 500; ++trial)
  {
    const Eigen::Vector3d n(gauss(rng), gauss(rng), gauss(rng));
    double best = -1e300;
    for (const Eigen::Vector3d &p : points)
      best = std::max(best, p.dot(n));
    EXPECT_GE(reduced.support(n), best);
    EXPECT_LE(reduced.support(n), best + (reduced.gap() + 1e-8) * n.norm());
  }
}

/// The support search climbing from a hint (any vertex, or the last answer along a turning
/// direction) finds the highest vertex: the same value as a scan of every vertex, on a full and
/// a reduced hull.
TEST(ConvexHull, SupportFromAHintEqualsAScanOfEveryVertex)
{
  const std::vector<Eigen::Vector3d> points = denseSphere();
  std::mt19937 rng(5);
  std::normal_distribution<double> gauss;
  for (const double max_gap : {0.0, 0.01})
  {
    const ConvexHull hull(pointCloudMesh(points), max_gap);
    const auto scan = [&](const Eigen::Vector3d &n) {
      double best = -1e300;
      for (const Eigen::Vector3d &v : hull.vertices())
        best = std::max(best, v.dot(n));
      return best + (hull.gap() + 1e-9) * n.norm();
    };
    std::uniform_int_distribution<int> vertex(0, static_cast<int>(hull.vertices().size()) - 1);
    Eigen::Vector3d n(1, 0, 0);
    int following = 0;
    for (int trial = 0; trial < 2000; ++trial)
    {
      int hint = vertex(rng);
      const Eigen::Vector3d m(gauss(rng), gauss(rng), gauss(rng));
      EXPECT_NEAR(hull.support(m, &hint), scan(m), 1e-14);
      EXPECT_NEAR(hull.vertices()[hint].dot(m) + (hull.gap() + 1e-9) * m.norm(), scan(m), 1e-14);
      n = (n + 0.05 * Eigen::Vector3d(gauss(rng), gauss(rng), gauss(rng))).normalized();  // turning slowly
      EXPECT_NEAR(hull.support(n, &following), scan(n), 1e-14);
    }
  }
}

/// The same on the hulls of real link meshes (the bundled arm and snake: CAD tessellations with
/// short edges and near-coplanar facets), from random hints along random directions.
TEST(ConvexHull, SupportFromAHintEqualsAScanOnTheExampleLinkMeshes)
{
  std::mt19937 rng(11);
  std::normal_distribution<double> gauss;
  int meshes = 0;
  for (const char *urdf : {"arm/arm.urdf", "snake/snake.urdf"})
  {
    const CollisionWorldPtr world = test::exampleWorld(urdf, "");
    for (const Link &link : world->robot().links())
      for (const LinkGeometry &geometry : link.geometries)
      {
        if (geometry.shape.kind != CollisionShape::Kind::Mesh)
          continue;
        ++meshes;
        const ConvexHull hull(geometry.shape);
        std::uniform_int_distribution<int> vertex(0, static_cast<int>(hull.vertices().size()) - 1);
        for (int trial = 0; trial < 500; ++trial)
        {
          const Eigen::Vector3d n(gauss(rng), gauss(rng), gauss(rng));
          double scan = -1e300;
          for (const Eigen::Vector3d &v : hull.vertices())
            scan = std::max(scan, v.dot(n));
          int hint = vertex(rng);
          EXPECT_NEAR(hull.support(n, &hint), scan + (hull.gap() + 1e-9) * n.norm(), 1e-14) << link.name;
        }
      }
  }
  EXPECT_GE(meshes, 5);
}

/// Distances to the reduced hull's FCL geometry minus its gap bound the full hull's (pair_distance
/// on both, the full hull's upper bound as the oracle) from below, and by no more than twice the gap.
TEST(ConvexHull, ReducedHullDistanceMinusGapIsALowerBound)
{
  const std::vector<Eigen::Vector3d> points = denseSphere();
  const ConvexHull full(pointCloudMesh(points)), reduced(pointCloudMesh(points), 0.01);
  const fcl::CollisionObjectd full_object(full.fclGeometry()), reduced_object(reduced.fclGeometry());
  std::mt19937 rng(3);
  std::normal_distribution<double> gauss;
  std::uniform_real_distribution<double> range(1.001, 1.5);
  for (int trial = 0; trial < 300; ++trial)
  {
    const Eigen::Vector3d x = range(rng) * Eigen::Vector3d(gauss(rng), gauss(rng), gauss(rng)).normalized();
    const fcl::CollisionObjectd probe(std::make_shared<fcl::Sphered>(1e-6), Eigen::Matrix3d::Identity(), x);
    const double oracle = pairDistanceUpperBound(probe, full_object);
    const double lower = pairDistanceLowerBound(probe, reduced_object) - reduced.gap();
    EXPECT_LE(lower, oracle) << x.transpose();
    EXPECT_GE(lower, oracle - 2.0 * reduced.gap() - 1e-9) << x.transpose();
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

/// A hull rebuilt from another's parts (as the hull cache reads it back) answers every query the
/// same, full or reduced, on the example arm's link meshes; parts that are not a hull's are refused.
TEST(ConvexHull, FromPartsRebuildsTheHullAndRefusesBadParts)
{
  std::mt19937 rng(3);
  std::normal_distribution<double> gauss;
  const CollisionWorldPtr world = test::exampleWorld("arm/arm.urdf", "");
  std::vector<CollisionShape> meshes;
  for (const Link &link : world->robot().links())
    for (const LinkGeometry &geometry : link.geometries)
      if (geometry.shape.kind == CollisionShape::Kind::Mesh)
        meshes.push_back(geometry.shape);
  ASSERT_GE(meshes.size(), 5u);
  for (const CollisionShape &shape : meshes)
    for (const double max_gap : {0.0, 1e-3})
    {
      const ConvexHull hull(shape, max_gap);
      const std::optional<ConvexHull> again = ConvexHull::fromParts(shape, hull.vertices(), hull.faces(), hull.gap());
      ASSERT_TRUE(again);
      EXPECT_EQ(again->vertices(), hull.vertices());
      EXPECT_EQ(again->faces(), hull.faces());
      EXPECT_EQ(again->gap(), hull.gap());
      int hint = 0, again_hint = 0;
      for (int trial = 0; trial < 100; ++trial)
      {
        const Eigen::Vector3d n(gauss(rng), gauss(rng), gauss(rng));
        ASSERT_EQ(again->support(n, &again_hint), hull.support(n, &hint));
        ASSERT_EQ(again->support(n), hull.support(n));
      }
    }
  const CollisionShape &shape = meshes.front();
  const ConvexHull hull(shape);
  std::vector<int> past_the_vertices = hull.faces(), not_a_polygon = hull.faces(), cut = hull.faces();
  past_the_vertices[1] = static_cast<int>(hull.vertices().size());
  not_a_polygon[0] = 2;
  cut.pop_back();
  std::vector<Eigen::Vector3d> not_finite = hull.vertices();
  not_finite[2].y() = std::nan("");
  const std::vector<Eigen::Vector3d> three(hull.vertices().begin(), hull.vertices().begin() + 3);
  CollisionShape box;
  box.kind = CollisionShape::Kind::Box;
  box.box_size = Eigen::Vector3d::Ones();
  EXPECT_FALSE(ConvexHull::fromParts(shape, hull.vertices(), past_the_vertices, 0.0));
  EXPECT_FALSE(ConvexHull::fromParts(shape, hull.vertices(), not_a_polygon, 0.0));
  EXPECT_FALSE(ConvexHull::fromParts(shape, hull.vertices(), cut, 0.0));
  EXPECT_FALSE(ConvexHull::fromParts(shape, hull.vertices(), {}, 0.0));
  EXPECT_FALSE(ConvexHull::fromParts(shape, not_finite, hull.faces(), 0.0));
  EXPECT_FALSE(ConvexHull::fromParts(shape, three, {3, 0, 1, 2}, 0.0));
  EXPECT_FALSE(ConvexHull::fromParts(shape, hull.vertices(), hull.faces(), -1e-3));
  EXPECT_FALSE(ConvexHull::fromParts(shape, hull.vertices(), hull.faces(), std::nan("")));
  EXPECT_FALSE(ConvexHull::fromParts(box, hull.vertices(), hull.faces(), 0.0));
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
