// The ball–triangle distance bounds (sphere_triangle_distance.h) and the mesh–sphere distance they
// make (pair_distance.h): written for every ball and triangle — overlapping, touching, collapsed to
// a segment or a point, slivers — and held against independent oracles: FCL's exact triangle
// distance to the centre (a triangle collapsed onto it) for proper triangles, dense samples of the
// edges for collapsed ones. Under ASan + UBSan (CI runs the geometry tests so) a distance left
// unwritten is read as uninitialised memory.
#include "ompl_ccd/geometry/sphere_triangle_distance.h"

#include <gtest/gtest.h>

#include <fcl/geometry/bvh/BVH_model.h>
#include <fcl/geometry/shape/sphere.h>
#include <fcl/narrowphase/detail/primitive_shape_algorithm/triangle_distance.h>

#include <cmath>
#include <random>

#include "ompl_ccd/geometry/pair_distance.h"

namespace ompl_ccd
{
namespace
{
using Vec = Eigen::Vector3d;

/** \brief Distance from \a p to triangle abc by FCL's triangle–triangle distance (the point as a
    triangle collapsed onto it): an oracle for triangles of positive area. */
double fclPointTriangle(const Vec &p, const Vec &a, const Vec &b, const Vec &c)
{
  Vec on_triangle, on_point;
  return fcl::detail::TriangleDistance<double>::triDistance(a, b, c, p, p, p, on_triangle, on_point);
}

/** \brief Distance from \a p to the segments ab, bc, ca sampled every 1/n of their length: at
    most the distance to a collapsed triangle (its edges) plus half a step. */
double sampledEdgeDistance(const Vec &p, const Vec &a, const Vec &b, const Vec &c, int n = 20000)
{
  double best = INFINITY;
  for (const auto &[from, to] : {std::pair<Vec, Vec>{a, b}, {b, c}, {c, a}})
    for (int i = 0; i <= n; ++i)
      best = std::min(best, (from + (to - from) * (static_cast<double>(i) / n) - p).norm());
  return best;
}

/** \brief \a bounds hold the distance \a d of the ball and the triangle (0 when they touch), within
    \a slack (the oracle's own error), and their points are points of the ball and the triangle. */
void expectBounds(const DistanceBounds &bounds, double d, double slack, const Vec &centre, double radius,
                  const std::string &where)
{
  ASSERT_TRUE(std::isfinite(bounds.lower) && std::isfinite(bounds.upper)) << where;
  EXPECT_GE(bounds.lower, 0.0) << where;
  EXPECT_LE(bounds.lower, std::max(0.0, d) + slack) << where;
  EXPECT_GE(bounds.upper, std::max(0.0, d) - slack) << where;
  EXPECT_LE(bounds.lower, bounds.upper) << where;
  EXPECT_LE((bounds.nearest.p_WA - centre).norm(), radius * (1 + 1e-12) + 1e-12) << where << ": p_WA off the ball";
  EXPECT_NEAR((bounds.nearest.p_WB - bounds.nearest.p_WA).norm(), std::max(0.0, d), slack + 1e-12) << where;
}

TEST(SphereTriangleDistance, AHandSolvedTriangle)
{
  // The triangle (0,0,0), (1,0,0), (0,1,0); balls above its face, beyond an edge, beyond a corner.
  const Vec a(0, 0, 0), b(1, 0, 0), c(0, 1, 0);
  DistanceBounds above = sphereTriangleBounds(Vec(0.2, 0.2, 0.5), 0.1, a, b, c);
  EXPECT_NEAR(above.lower, 0.4, 1e-12);
  EXPECT_LE(above.lower, 0.4);
  EXPECT_GE(above.upper, 0.4);
  EXPECT_NEAR(above.nearest.p_WB.z(), 0.0, 1e-15);
  EXPECT_NEAR(above.nearest.p_WA.z(), 0.4, 1e-12);
  DistanceBounds edge = sphereTriangleBounds(Vec(0.5, -0.3, 0.4), 0.1, a, b, c);
  EXPECT_NEAR(edge.lower, 0.4, 1e-11);  // rounded down by 1e-12 of the farthest corner's distance
  EXPECT_LE(edge.lower, 0.4);
  EXPECT_GE(edge.upper, 0.4);
  DistanceBounds corner = sphereTriangleBounds(Vec(-0.3, -0.4, 0.0), 0.5, a, b, c);
  EXPECT_EQ(corner.lower, 0.0);  // 0.5 away: touching
  EXPECT_EQ(corner.upper, 0.0);
}

TEST(SphereTriangleDistance, OverlappingBallsAreZeroWithACommonPoint)
{
  const Vec a(0, 0, 0), b(1, 0, 0), c(0, 1, 0);
  for (const auto &[centre, radius] : std::vector<std::pair<Vec, double>>{
           {Vec(0.2, 0.2, 0.05), 0.1},    // cuts through the face
           {Vec(0.2, 0.2, 0.0), 0.01},    // centre on the face
           {Vec(0.2, 0.2, 0.0), 0.0},     // a point on the face
           {Vec(0.3, 0.3, -0.1), 5.0},    // swallows the triangle
           {Vec(1.05, 0.0, 0.0), 0.1}})   // holds a corner
  {
    // A point on the face may be a rounding error away from the point found on it: its upper
    // bound is then that error, never more.
    const DistanceBounds bounds = sphereTriangleBounds(centre, radius, a, b, c);
    EXPECT_EQ(bounds.lower, 0.0) << centre.transpose();
    EXPECT_LE(bounds.upper, radius > 0 ? 0.0 : 1e-14) << centre.transpose();
    EXPECT_LE((bounds.nearest.p_WA - bounds.nearest.p_WB).norm(), bounds.upper) << centre.transpose();
    EXPECT_LE((bounds.nearest.p_WA - centre).norm(), radius + 1e-15);
  }
}

TEST(SphereTriangleDistance, CollapsedTrianglesAreTheirEdges)
{
  std::mt19937 rng(5);
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  for (int k = 0; k < 300; ++k)
  {
    const Vec a(unit(rng), unit(rng), unit(rng)), b(unit(rng), unit(rng), unit(rng));
    // a segment (collinear corners), a doubled corner, a point
    const std::vector<std::array<Vec, 3>> collapsed = {{a, b, a + 0.3 * (b - a)}, {a, a, b}, {a, a, a}};
    const Vec centre(unit(rng), unit(rng), unit(rng));
    const double radius = 0.2 * (unit(rng) + 1.0);
    for (std::size_t t = 0; t < collapsed.size(); ++t)
    {
      const auto &[p, q, r] = collapsed[t];
      const double d = sampledEdgeDistance(centre, p, q, r) - radius;
      expectBounds(sphereTriangleBounds(centre, radius, p, q, r), d, 1e-4, centre, radius,
                   "case " + std::to_string(k) + " shape " + std::to_string(t));
    }
  }
}

TEST(SphereTriangleDistance, RandomTrianglesAndSliversAgainstFclsTriangleDistance)
{
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  for (int k = 0; k < 5000; ++k)
  {
    const Vec a(unit(rng), unit(rng), unit(rng)), b(unit(rng), unit(rng), unit(rng));
    // every fourth one a sliver: its third corner 1e-9 off the line ab
    const Vec c = k % 4 == 0 ? Vec(a + 0.4 * (b - a) + 1e-9 * Vec(unit(rng), unit(rng), unit(rng)))
                             : Vec(unit(rng), unit(rng), unit(rng));
    const Vec centre(2 * unit(rng), 2 * unit(rng), 2 * unit(rng));
    const double radius = 0.5 * (unit(rng) + 1.0);
    const double d = fclPointTriangle(centre, a, b, c) - radius;
    expectBounds(sphereTriangleBounds(centre, radius, a, b, c), d, 1e-9, centre, radius, "case " + std::to_string(k));
    if (HasFatalFailure())
      return;
  }
}

/** \brief A mesh of the given triangles. */
std::shared_ptr<fcl::BVHModel<fcl::OBBRSSd>> meshOf(const std::vector<std::array<Vec, 3>> &triangles)
{
  auto mesh = std::make_shared<fcl::BVHModel<fcl::OBBRSSd>>();
  mesh->beginModel();
  for (const auto &[a, b, c] : triangles)
    mesh->addTriangle(a, b, c);
  mesh->endModel();
  return mesh;
}

/// Through pairDistanceBounds: a mesh holding overlapping and collapsed triangles against balls at
/// poses other than the identity; the nearest points are world points on the objects.
TEST(SphereTriangleDistance, MeshSphereBoundsAreWrittenForEveryTriangleInTheWorldFrame)
{
  const std::vector<std::array<Vec, 3>> triangles = {
      {Vec(0, 0, 0), Vec(1, 0, 0), Vec(0, 1, 0)},        // proper
      {Vec(2, 0, 0), Vec(3, 0, 0), Vec(2.5, 0, 0)},      // collapsed to a segment
      {Vec(0, 2, 0), Vec(0, 2, 0), Vec(0, 2, 0)}};       // collapsed to a point
  const auto mesh = meshOf(triangles);
  Eigen::Isometry3d X_WM = Eigen::Isometry3d::Identity();
  X_WM.translation() = Vec(0.3, -0.2, 0.7);
  X_WM.linear() = Eigen::AngleAxisd(0.7, Vec(1, 2, 3).normalized()).toRotationMatrix();
  const fcl::CollisionObjectd mesh_object(mesh, X_WM.linear(), X_WM.translation());
  const std::vector<std::pair<Vec, double>> balls = {
      {Vec(0.2, 0.2, 0.0), 0.05},  // through the proper triangle
      {Vec(2.4, 0.0, 0.0), 0.01},  // on the segment
      {Vec(0.0, 2.0, 0.0), 0.01},  // on the point
      {Vec(2.5, 0.3, 0.0), 0.1},   // 0.2 from the segment
      {Vec(0.0, 2.0, 0.5), 0.1}};  // 0.4 above the point
  const std::vector<double> distances = {0.0, 0.0, 0.0, 0.2, 0.4};
  for (std::size_t i = 0; i < balls.size(); ++i)
  {
    const Vec centre_W = X_WM * balls[i].first;
    const fcl::CollisionObjectd ball(std::make_shared<fcl::Sphered>(balls[i].second), Eigen::Matrix3d::Identity(),
                                     centre_W);
    for (const bool mesh_first : {true, false})
    {
      const DistanceBounds bounds =
          mesh_first ? pairDistanceBounds(mesh_object, ball) : pairDistanceBounds(ball, mesh_object);
      const std::string where = "ball " + std::to_string(i) + (mesh_first ? " (mesh first)" : " (ball first)");
      EXPECT_NEAR(bounds.lower, distances[i], 1e-9) << where;
      EXPECT_LE(bounds.lower, distances[i]) << where;
      EXPECT_GE(bounds.upper, distances[i]) << where;
      const Vec &on_ball = mesh_first ? bounds.nearest.p_WB : bounds.nearest.p_WA;
      EXPECT_LE((on_ball - centre_W).norm(), balls[i].second + 1e-12) << where << ": not a world point of the ball";
      EXPECT_EQ(pairDistanceLowerBound(mesh_object, ball), bounds.lower) << where;
      EXPECT_GE(pairDistanceUpperBound(mesh_object, ball), bounds.lower) << where;
    }
  }
}
}  // namespace
}  // namespace ompl_ccd
