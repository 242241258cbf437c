#include "ompl_ccd/geometry/pair_distance.h"

#include <gtest/gtest.h>

#include <fcl/geometry/bvh/BVH_model.h>
#include <fcl/geometry/shape/box.h>
#include <fcl/geometry/shape/capsule.h>
#include <fcl/geometry/shape/convex.h>
#include <fcl/geometry/shape/cylinder.h>
#include <fcl/geometry/shape/sphere.h>
#include <fcl/narrowphase/collision.h>
#include <fcl/narrowphase/detail/primitive_shape_algorithm/triangle_distance.h>
#include <fcl/narrowphase/distance.h>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <map>
#include <optional>
#include <random>
#include <string>

#include "ompl_ccd/geometry/convex_distance.h"
#include "ompl_ccd/geometry/convex_hull.h"
#include "ompl_ccd/geometry/shape_triangulation.h"
#include "support/point_cloud.h"

namespace ompl_ccd
{
namespace
{
/// A closed unit cube mesh (12 triangles) centred at the origin.
std::shared_ptr<fcl::BVHModel<fcl::OBBRSSd>> cubeMesh()
{
  std::vector<Eigen::Vector3d> v;
  for (int c = 0; c < 8; ++c)
    v.emplace_back((c & 1) ? 0.5 : -0.5, (c & 2) ? 0.5 : -0.5, (c & 4) ? 0.5 : -0.5);
  const std::vector<fcl::Triangle> t = {{0, 2, 1}, {1, 2, 3}, {4, 5, 6}, {5, 7, 6}, {0, 1, 4}, {1, 5, 4},
                                        {2, 6, 3}, {3, 6, 7}, {0, 4, 2}, {2, 4, 6}, {1, 3, 5}, {3, 7, 5}};
  auto model = std::make_shared<fcl::BVHModel<fcl::OBBRSSd>>();
  model->beginModel();
  model->addSubModel(v, t);
  model->endModel();
  return model;
}

fcl::CollisionObjectd at(const std::shared_ptr<fcl::CollisionGeometryd> &geometry, const Eigen::Vector3d &p)
{
  return fcl::CollisionObjectd(geometry, Eigen::Matrix3d::Identity(), p);
}

TEST(PairDistance, MeshMeshIsExactAndSymmetric)
{
  const auto cube = cubeMesh();
  const fcl::CollisionObjectd a = at(cube, Eigen::Vector3d::Zero()), b = at(cube, Eigen::Vector3d(1.3, 0.2, 0));
  NearestPoints ab, ba;
  const double d_ab = pairDistanceLowerBound(a, b, &ab), d_ba = pairDistanceLowerBound(b, a, &ba);
  EXPECT_NEAR(d_ab, 0.3, 1e-11);  // exact but for the 1e-12 relative deflation
  EXPECT_LE(d_ab, 0.3);
  EXPECT_DOUBLE_EQ(d_ab, d_ba);
  EXPECT_NEAR(ab.p_WA.x(), 0.5, 1e-12);
  EXPECT_NEAR(ab.p_WB.x(), 0.8, 1e-12);
  EXPECT_NEAR(ba.p_WA.x(), 0.8, 1e-12);
}

TEST(PairDistance, ConvexNearestPointsGiveTheSeparatingDirectionOrReportOverlap)
{
  const auto box = std::make_shared<fcl::Boxd>(1.0, 1.0, 1.0);
  const fcl::CollisionObjectd a = at(box, Eigen::Vector3d::Zero());
  NearestPoints nearest;
  ASSERT_TRUE(convexNearestPoints(a, at(box, Eigen::Vector3d(0.3, 1.4, 0.1)), nearest));
  // faces y = 0.5 and y = 0.9 face each other: the nearest points differ by 0.4 along +y
  EXPECT_NEAR((nearest.p_WB - nearest.p_WA - Eigen::Vector3d(0, 0.4, 0)).norm(), 0.0, 1e-5);
  EXPECT_FALSE(convexNearestPoints(a, at(box, Eigen::Vector3d(0.3, 0.9, 0.1)), nearest));
}

TEST(PairDistance, BoxPairsAreExactButForRounding)
{
  const auto box = std::make_shared<fcl::Boxd>(1.0, 1.0, 1.0);
  const auto cube = cubeMesh();
  for (const auto &other : {std::shared_ptr<fcl::CollisionGeometryd>(box), std::shared_ptr<fcl::CollisionGeometryd>(cube)})
  {
    const fcl::CollisionObjectd a = at(box, Eigen::Vector3d::Zero()), b = at(other, Eigen::Vector3d(0, 1.25, 0));
    for (const auto &[first, second] : {std::pair(&a, &b), std::pair(&b, &a)})
    {
      const double lower = pairDistanceLowerBound(*first, *second), upper = pairDistanceUpperBound(*first, *second);
      EXPECT_LE(lower, 0.25);
      EXPECT_GE(lower, 0.25 - 1e-9);
      EXPECT_GE(upper, 0.25);
      EXPECT_LE(upper, 0.25 + 1e-9);
    }
  }
}

/// A wavy sheet (many triangles, a deep hierarchy) so that early stops matter.
std::shared_ptr<fcl::BVHModel<fcl::OBBRSSd>> wavySheet()
{
  constexpr int n = 24;
  std::vector<Eigen::Vector3d> v;
  for (int i = 0; i <= n; ++i)
    for (int j = 0; j <= n; ++j)
      v.emplace_back(0.05 * i, 0.05 * j, 0.03 * std::sin(0.7 * i) * std::cos(0.9 * j));
  std::vector<fcl::Triangle> t;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
    {
      const int k = i * (n + 1) + j;
      t.emplace_back(k, k + n + 1, k + 1);
      t.emplace_back(k + 1, k + n + 1, k + n + 2);
    }
  auto model = std::make_shared<fcl::BVHModel<fcl::OBBRSSd>>();
  model->beginModel();
  model->addSubModel(v, t);
  model->endModel();
  return model;
}

TEST(PairDistance, RelativeErrorGivesALowerBoundWithinItsFactor)
{
  // Mesh–mesh, mesh–box and box–mesh at random poses: d/(1 + r) ≤ bound ≤ exact distance, and the
  // nearest points keep their order (p_WA on the first object).
  const auto sheet = wavySheet();
  const auto box = std::make_shared<fcl::Boxd>(0.3, 0.2, 0.1);
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  int early_stops = 0;
  for (int trial = 0; trial < 200; ++trial)
  {
    const Eigen::Quaterniond q = Eigen::Quaterniond(unit(rng), unit(rng), unit(rng), unit(rng)).normalized();
    const Eigen::Vector3d p(unit(rng), unit(rng), 0.2 + 0.5 * (unit(rng) + 1.0));
    const std::shared_ptr<fcl::CollisionGeometryd> other =
        trial % 2 ? std::shared_ptr<fcl::CollisionGeometryd>(box) : std::shared_ptr<fcl::CollisionGeometryd>(sheet);
    const fcl::CollisionObjectd a = at(sheet, Eigen::Vector3d::Zero());
    const fcl::CollisionObjectd b(other, q.toRotationMatrix(), p);
    for (const double rel_err : {0.1, 0.5})
      for (const bool swap : {false, true})
      {
        const fcl::CollisionObjectd &first = swap ? b : a, &second = swap ? a : b;
        NearestPoints exact_points, bound_points;
        const double exact = pairDistanceLowerBound(first, second, &exact_points);
        const double bound = pairDistanceLowerBound(first, second, &bound_points, rel_err);
        ASSERT_LE(bound, exact) << "trial " << trial;
        ASSERT_GE(bound, exact / (1.0 + rel_err) - 1e-9) << "trial " << trial;
        // the points are on their objects: their gap is at least the exact distance
        ASSERT_GE((bound_points.p_WB - bound_points.p_WA).norm(), exact - 1e-9);
        if (trial % 2)  // the box's nearest point lies on the box, whichever side it is passed
        {
          const Eigen::Vector3d p_W = swap ? bound_points.p_WA : bound_points.p_WB;
          const Eigen::Vector3d p_box = b.getTransform().inverse() * p_W;
          ASSERT_LT((p_box.cwiseAbs() - 0.5 * box->side).maxCoeff(), 1e-6) << "trial " << trial;
        }
        // FCL's own distance, before the deflation, above the exact one: its traversal stopped early
        early_stops += bound * (1.0 + rel_err) > exact + 1e-4 ? 1 : 0;
      }
  }
  EXPECT_GT(early_stops, 0) << "the relative error never changed a result: FCL ignored it";
}

TEST(PairDistance, TouchingOrOverlappingIsZero)
{
  const auto box = std::make_shared<fcl::Boxd>(1.0, 1.0, 1.0);
  const auto cube = cubeMesh();
  EXPECT_EQ(pairDistanceLowerBound(at(box, Eigen::Vector3d::Zero()), at(box, Eigen::Vector3d(0.5, 0.5, 0))), 0.0);
  EXPECT_EQ(pairDistanceLowerBound(at(cube, Eigen::Vector3d::Zero()), at(cube, Eigen::Vector3d(0.9, 0, 0))), 0.0);
}

// ---------------------------------------------------------------------------------------------
// Every lower bound against an independent oracle: FCL's exact triangle–triangle distance between
// triangulations of the shapes (an inner one, inside the shape, and an outer one, around it), with
// containment tested on the triangulations' face planes. d(inner) ≥ d(shape) ≥ d(outer); boxes and
// hulls are their own triangulations, a cylinder's are prisms over n-gons through and around its
// circle, a capsule is its axis (a degenerate triangle) widened by its radius.

using Shape = std::shared_ptr<fcl::CollisionGeometryd>;

/// A convex solid as a triangle surface and the planes n·p ≤ d of its faces (none for a segment or
/// a surface), in its own frame; a BVH of the triangles when there are many.
struct Solid
{
  std::vector<Eigen::Vector3d> vertices, normals;
  std::vector<Eigen::Vector3i> triangles;
  std::vector<double> offsets;
  std::shared_ptr<fcl::BVHModel<fcl::OBBRSSd>> surface;
  /// A cylinder's prism: a point within this radius of its axis, between its caps, is inside
  /// (a cheaper test than its many face planes); 0: use the planes.
  double inner_radius = 0.0, half_length = 0.0;
};

/// Up to this many triangles a side, the oracle measures every triangle pair (no BVH to build).
constexpr std::size_t kFewTriangles = 16;

Solid solidOf(const std::vector<Eigen::Vector3d> &vertices, const std::vector<Eigen::Vector3i> &triangles,
              bool hierarchy = false)
{
  Solid solid;
  solid.vertices = vertices;
  solid.triangles = triangles;
  std::vector<fcl::Triangle> t;
  Eigen::Vector3d centre = Eigen::Vector3d::Zero();
  for (const Eigen::Vector3d &v : vertices)
    centre += v / static_cast<double>(vertices.size());
  for (const Eigen::Vector3i &f : triangles)
  {
    t.emplace_back(f[0], f[1], f[2]);
    Eigen::Vector3d n = (vertices[f[1]] - vertices[f[0]]).cross(vertices[f[2]] - vertices[f[0]]);
    if (n.norm() < 1e-300)
      continue;
    n.normalize();
    if (n.dot(vertices[f[0]] - centre) < 0.0)
      n = -n;
    solid.normals.push_back(n);
    solid.offsets.push_back(n.dot(vertices[f[0]]));
  }
  if (hierarchy || triangles.size() > kFewTriangles)
  {
    solid.surface = std::make_shared<fcl::BVHModel<fcl::OBBRSSd>>();
    solid.surface->beginModel();
    solid.surface->addSubModel(vertices, t);
    solid.surface->endModel();
  }
  return solid;
}

Solid segmentSolid(double half_length)
{
  const Eigen::Vector3d a(0, 0, -half_length), b(0, 0, half_length);
  Solid solid = solidOf({a, b, b}, {Eigen::Vector3i(0, 1, 2)});
  solid.normals.clear();  // no interior
  solid.offsets.clear();
  return solid;
}

bool inside(const Solid &solid, const Eigen::Isometry3d &X_WS, const Eigen::Vector3d &p_W)
{
  if (solid.normals.empty())
    return false;
  const Eigen::Vector3d p_S = X_WS.inverse() * p_W;
  if (solid.inner_radius > 0.0)
    return std::hypot(p_S.x(), p_S.y()) <= solid.inner_radius && std::fabs(p_S.z()) <= solid.half_length;
  for (std::size_t i = 0; i < solid.normals.size(); ++i)
    if (solid.normals[i].dot(p_S) > solid.offsets[i])
      return false;
  return true;
}

/// Whether segment pq crosses triangle abc (the signs of the volumes, Möller–Trumbore's test in
/// its determinant form): FCL's triangle distance misses a degenerate triangle — a segment — passing
/// through another triangle's interior.
bool crosses(const Eigen::Vector3d &p, const Eigen::Vector3d &q, const Eigen::Vector3d &a, const Eigen::Vector3d &b,
             const Eigen::Vector3d &c)
{
  const auto volume = [](const Eigen::Vector3d &w, const Eigen::Vector3d &x, const Eigen::Vector3d &y,
                         const Eigen::Vector3d &z) { return (x - w).dot((y - w).cross(z - w)); };
  const double vp = volume(a, b, c, p), vq = volume(a, b, c, q);
  if ((vp > 0.0 && vq > 0.0) || (vp < 0.0 && vq < 0.0))
    return false;
  const double s1 = volume(p, q, a, b), s2 = volume(p, q, b, c), s3 = volume(p, q, c, a);
  return (s1 >= 0.0 && s2 >= 0.0 && s3 >= 0.0) || (s1 <= 0.0 && s2 <= 0.0 && s3 <= 0.0);
}

/// A segment solid (one degenerate triangle) crossing a face of \a other.
bool segmentCrosses(const Solid &segment, const Eigen::Isometry3d &X_WS, const Solid &other, const Eigen::Isometry3d &X_WO)
{
  if (segment.vertices.size() != 3 || segment.vertices[1] != segment.vertices[2])
    return false;
  const Eigen::Vector3d p = X_WS * segment.vertices[0], q = X_WS * segment.vertices[1];
  for (const Eigen::Vector3i &t : other.triangles)
  {
    const Eigen::Vector3d a = X_WO * other.vertices[t[0]], b = X_WO * other.vertices[t[1]], c = X_WO * other.vertices[t[2]];
    // another segment: FCL's edge–edge distances see it cross
    if ((b - a).cross(c - a).norm() > 0.0 && crosses(p, q, a, b, c))
      return true;
  }
  return false;
}

/// The ends of a segment solid (one triangle with two equal corners), placed.
std::optional<std::pair<Eigen::Vector3d, Eigen::Vector3d>> segmentEnds(const Solid &solid, const Eigen::Isometry3d &X_WS)
{
  if (solid.vertices.size() != 3 || solid.vertices[1] != solid.vertices[2])
    return std::nullopt;
  return std::pair(X_WS * solid.vertices[0], X_WS * solid.vertices[1]);
}

/// Distance from p to segment ab.
double pointSegment(const Eigen::Vector3d &p, const Eigen::Vector3d &a, const Eigen::Vector3d &b)
{
  const double length_sq = (b - a).squaredNorm();
  const double t = length_sq > 0.0 ? std::clamp((p - a).dot(b - a) / length_sq, 0.0, 1.0) : 0.0;
  return (a + t * (b - a) - p).norm();
}

/// Distance from p to triangle abc: to its plane when p projects inside it, else to its edges.
double pointTriangle(const Eigen::Vector3d &p, const Eigen::Vector3d &a, const Eigen::Vector3d &b, const Eigen::Vector3d &c)
{
  const Eigen::Vector3d n = (b - a).cross(c - a);
  if (n.norm() > 0.0)
  {
    const bool inside_ab = (b - a).cross(p - a).dot(n) >= 0.0, inside_bc = (c - b).cross(p - b).dot(n) >= 0.0,
               inside_ca = (a - c).cross(p - c).dot(n) >= 0.0;
    if (inside_ab && inside_bc && inside_ca)
      return std::fabs((p - a).dot(n.normalized()));
  }
  return std::min({pointSegment(p, a, b), pointSegment(p, b, c), pointSegment(p, c, a)});
}

/// Distance between segments pq and ab (FCL's segPoints, the closest points of two segments).
double segmentSegment(const Eigen::Vector3d &p, const Eigen::Vector3d &q, const Eigen::Vector3d &a, const Eigen::Vector3d &b)
{
  Eigen::Vector3d direction, x, y;
  fcl::detail::TriangleDistance<double>::segPoints(p, q - p, a, b - a, direction, x, y);
  return std::min({(x - y).norm(), pointSegment(p, a, b), pointSegment(q, a, b), pointSegment(a, p, q), pointSegment(b, p, q)});
}

/// Distance from segment pq to the triangles of \a other (none crossed: segmentCrosses): its ends
/// against each triangle, and it against each edge. FCL's own triangle distance is not used: it
/// overestimates a triangle with two equal corners.
double segmentDistance(const Eigen::Vector3d &p, const Eigen::Vector3d &q, const Solid &other, const Eigen::Isometry3d &X_WO)
{
  double best = numeric::kInfinity;
  for (const Eigen::Vector3i &t : other.triangles)
  {
    const Eigen::Vector3d a = X_WO * other.vertices[t[0]], b = X_WO * other.vertices[t[1]], c = X_WO * other.vertices[t[2]];
    best = std::min({best, pointTriangle(p, a, b, c), pointTriangle(q, a, b, c), segmentSegment(p, q, a, b),
                     segmentSegment(p, q, b, c), segmentSegment(p, q, c, a)});
  }
  return best;
}

/// The distance between two convex solids: 0 when a vertex of one lies in the other or the surfaces
/// meet, else the triangles' distance.
double solidDistance(const Solid &a, const Eigen::Isometry3d &X_WA, const Solid &b, const Eigen::Isometry3d &X_WB)
{
  for (const Eigen::Vector3d &v : a.vertices)
    if (inside(b, X_WB, X_WA * v))
      return 0.0;
  for (const Eigen::Vector3d &v : b.vertices)
    if (inside(a, X_WA, X_WB * v))
      return 0.0;
  if (segmentCrosses(a, X_WA, b, X_WB) || segmentCrosses(b, X_WB, a, X_WA))
    return 0.0;
  if (a.surface && b.surface)
  {
    const fcl::CollisionObjectd oa(a.surface, X_WA), ob(b.surface, X_WB);
    fcl::DistanceRequestd request;
    fcl::DistanceResultd result;
    return std::max(0.0, fcl::distance(&oa, &ob, request, result));
  }
  if (const std::optional<std::pair<Eigen::Vector3d, Eigen::Vector3d>> ends = segmentEnds(a, X_WA))
    return segmentDistance(ends->first, ends->second, b, X_WB);
  if (const std::optional<std::pair<Eigen::Vector3d, Eigen::Vector3d>> ends = segmentEnds(b, X_WB))
    return segmentDistance(ends->first, ends->second, a, X_WA);
  // FCL's triangle–triangle distance on every pair (the one its mesh traversal calls)
  double best = numeric::kInfinity;
  for (const Eigen::Vector3i &s : a.triangles)
  {
    const Eigen::Vector3d S[3] = {X_WA * a.vertices[s[0]], X_WA * a.vertices[s[1]], X_WA * a.vertices[s[2]]};
    for (const Eigen::Vector3i &t : b.triangles)
    {
      const Eigen::Vector3d T[3] = {X_WB * b.vertices[t[0]], X_WB * b.vertices[t[1]], X_WB * b.vertices[t[2]]};
      Eigen::Vector3d p, q;
      best = std::min(best, fcl::detail::TriangleDistance<double>::triDistance(S, T, p, q));
    }
  }
  return std::max(0.0, best);
}

/// A shape with its inner and outer triangulations and the radius widening them (capsules).
struct Measured
{
  Shape shape;
  Solid inner, outer;
  double radius = 0.0;
};

constexpr int kPrismSides = 256;

/// \param hierarchy whether to build the BVH of its 12 triangles (for measures against shapes of
/// many triangles; two boxes are measured triangle pair by triangle pair).
Measured measuredBox(const Eigen::Vector3d &size, bool hierarchy = false)
{
  CollisionShape box;
  box.kind = CollisionShape::Kind::Box;
  box.box_size = size;
  const ShapeTriangles t = triangulateShape(box, Eigen::Isometry3d::Identity());
  const Solid solid = solidOf(t.vertices, t.triangles, hierarchy);
  return {std::make_shared<fcl::Boxd>(size), solid, solid, 0.0};
}

Measured measuredCylinder(double radius, double length)
{
  CollisionShape cylinder;
  cylinder.kind = CollisionShape::Kind::Cylinder;
  cylinder.radius = radius;
  cylinder.length = length;
  const ShapeTriangles outer = triangulateShape(cylinder, Eigen::Isometry3d::Identity(), kPrismSides);
  const double apothem = radius * std::cos(M_PI / kPrismSides);
  cylinder.radius = apothem;  // its prism's corners lie on the circle
  const ShapeTriangles inner = triangulateShape(cylinder, Eigen::Isometry3d::Identity(), kPrismSides);
  Measured measured{std::make_shared<fcl::Cylinderd>(radius, length), solidOf(inner.vertices, inner.triangles),
                    solidOf(outer.vertices, outer.triangles), 0.0};
  // the disc each prism holds: the inner one's inscribed circle, the outer one's the cylinder's
  measured.inner.inner_radius = apothem * std::cos(M_PI / kPrismSides);
  measured.outer.inner_radius = radius;
  measured.inner.half_length = measured.outer.half_length = 0.5 * length;
  return measured;
}

Measured measuredCapsule(double radius, double length)
{
  const Solid axis = segmentSolid(0.5 * length);
  return {std::make_shared<fcl::Capsuled>(radius, length), axis, axis, radius};
}

/// The hull of \a points as an fcl::Convexd (ConvexHull, qhull) and its triangles.
Measured measuredHull(const std::vector<Eigen::Vector3d> &points)
{
  const ConvexHull hull(test::pointCloudMesh(points));
  std::vector<Eigen::Vector3i> triangles;
  const std::vector<int> &faces = hull.faces();
  for (std::size_t f = 0; f < faces.size(); f += faces[f] + 1)
    for (int k = 2; k < faces[f]; ++k)
      triangles.emplace_back(faces[f + 1], faces[f + k], faces[f + k + 1]);
  const Solid solid = solidOf(hull.vertices(), triangles, true);
  return {hull.fclGeometry(), solid, solid, 0.0};
}

/// The oracle's interval [outer, inner] holding the true distance of \a a at X_WA and \a b at X_WB.
std::pair<double, double> oracle(const Measured &a, const Eigen::Isometry3d &X_WA, const Measured &b,
                                 const Eigen::Isometry3d &X_WB)
{
  const double radii = a.radius + b.radius;
  return {std::max(0.0, solidDistance(a.outer, X_WA, b.outer, X_WB) - radii),
          std::max(0.0, solidDistance(a.inner, X_WA, b.inner, X_WB) - radii)};
}

/// Tightness of the lower bounds seen: how far below the true distance d they fall, d being
/// between the oracle's outer and inner distances (equal but for boxes' and hulls' rounding; a
/// cylinder's prisms leave a gap).
struct Tightness
{
  std::size_t pairs = 0, apart = 0, loose = 0, zero = 0;
  double worst_above = 0.0, worst_below = 0.0, worst_relative = 0.0;
  void add(double lower, double outer, double inner)
  {
    ++pairs;
    if (!(outer > 0.0))
      return;
    ++apart;
    const double loss = std::max(0.0, outer - lower);  // at most the true loss
    worst_below = std::max(worst_below, loss);
    worst_above = std::max(worst_above, inner - lower);
    worst_relative = std::max(worst_relative, loss / outer);
    loose += loss > 1e-6 * outer + 1e-9 ? 1 : 0;
    zero += lower == 0.0 ? 1 : 0;
  }
  void print(const char *what) const
  {
    std::printf("%s: %zu pairs, %zu apart: lower bound below the distance by %.3g m at most (by at least %.3g m, "
                "%.3g of it, at the worst); %zu looser than 10^-6 of it (%zu zero)\n",
                what, pairs, apart, worst_above, worst_below, worst_relative, loose, zero);
  }
};

/// Checks pairDistanceLowerBound/UpperBound of a and b (both orders) against the oracle; adds the
/// tightness. \a slack: the oracle's own rounding (metres).
void checkPair(const Measured &a, const Eigen::Isometry3d &X_WA, const Measured &b, const Eigen::Isometry3d &X_WB,
               double slack, Tightness &tightness, const std::string &label)
{
  const auto [outer, inner] = oracle(a, X_WA, b, X_WB);
  const fcl::CollisionObjectd oa(a.shape, X_WA), ob(b.shape, X_WB);
  for (const bool swap : {false, true})
  {
    const fcl::CollisionObjectd &first = swap ? ob : oa, &second = swap ? oa : ob;
    NearestPoints points;
    const double lower = pairDistanceLowerBound(first, second, &points);
    const double upper = pairDistanceUpperBound(first, second);
    ASSERT_GE(lower, 0.0) << label;
    ASSERT_LE(lower, inner + slack) << label << (swap ? " (swapped)" : "") << ": the lower bound " << lower
                                    << " exceeds the distance " << inner;
    if (upper < outer - slack && std::getenv("DUMP"))
    {
      std::cout.precision(17);
      std::cout << "A " << a.shape->getNodeType() << " " << X_WA.matrix() << "\nB " << b.shape->getNodeType() << " "
                << X_WB.matrix() << "\n";
      if (auto *c = dynamic_cast<const fcl::Capsuled *>(b.shape.get())) std::cout << "capsule r " << c->radius << " l " << c->lz << "\n";
      if (auto *c = dynamic_cast<const fcl::Boxd *>(a.shape.get())) std::cout << "box " << c->side.transpose() << "\n";
      std::cout << "points " << points.p_WA.transpose() << " | " << points.p_WB.transpose() << "\n";
    }
    ASSERT_GE(upper, outer - slack) << label << (swap ? " (swapped)" : "") << ": the upper bound " << upper
                                    << " is below the distance " << outer;
    ASSERT_GE((points.p_WB - points.p_WA).norm(), lower - slack) << label;
    if (!swap)
      tightness.add(lower, outer, inner);
  }
}

Eigen::Matrix3d randomRotation(std::mt19937 &rng)
{
  std::normal_distribution<double> gauss;
  return Eigen::Quaterniond(gauss(rng), gauss(rng), gauss(rng), gauss(rng)).normalized().toRotationMatrix();
}

/// B placed beside A along a direction \a n_W (unit) so that their slab along n is \a gap wide,
/// slid along \a slide_W: the supports touch at gap 0 and overlap below.
Eigen::Isometry3d besideAlong(const fcl::CollisionGeometryd &a, const Eigen::Isometry3d &X_WA,
                              const fcl::CollisionGeometryd &b, const Eigen::Matrix3d &R_WB, const Eigen::Vector3d &n_W,
                              double gap, const Eigen::Vector3d &slide_W)
{
  Eigen::Isometry3d X_WB = Eigen::Isometry3d::Identity();
  X_WB.linear() = R_WB;
  const double h_A = convexSupport(a, X_WA, n_W), h_B = convexSupport(b, X_WB, -n_W);
  X_WB.translation() = n_W * (h_A + h_B + gap) + slide_W;
  return X_WB;
}

TEST(PairDistance, BoxLowerBoundsStayBelowTheTriangleDistance)
{
  // 100,000 box pairs, 1 cm to 1 m: random poses; edges parallel (B turned about an axis of A, the
  // nearest features often parallel edges, where FCL's GJKs err by centimetres); every edge
  // parallel (same orientation); thin plates (0.5 mm) and flat boxes (1 µm) crossing or beside;
  // gaps from 10⁻¹⁰ to 10⁻¹ of the size, touching and overlapping (nested) ones.
  std::mt19937 rng(2024);
  std::uniform_real_distribution<double> unit(-1.0, 1.0), positive(0.0, 1.0);
  Tightness tightness;
  constexpr int kPairs = 100000;
  for (int k = 0; k < kPairs; ++k)
  {
    const int kind = k % 6, axis = (k / 6) % 3;
    const double scale = std::pow(10.0, -2.0 + 2.0 * positive(rng));
    Eigen::Vector3d size_a = scale * Eigen::Vector3d(0.1 + positive(rng), 0.1 + positive(rng), 0.1 + positive(rng));
    Eigen::Vector3d size_b = scale * Eigen::Vector3d(0.1 + positive(rng), 0.1 + positive(rng), 0.1 + positive(rng));
    if (kind == 4)
      size_b[axis] = 5e-4;
    if (kind == 5)
      size_a[(axis + 1) % 3] = 1e-6;
    const Measured a = measuredBox(size_a), b = measuredBox(size_b);
    Eigen::Isometry3d X_WA = Eigen::Isometry3d::Identity(), X_WB;
    X_WA.linear() = randomRotation(rng);
    X_WA.translation() = Eigen::Vector3d(unit(rng), unit(rng), unit(rng));
    if (kind == 0)
    {
      X_WB.linear() = randomRotation(rng);
      X_WB.translation() = X_WA.translation() + 1.5 * scale * Eigen::Vector3d(unit(rng), unit(rng), unit(rng));
    }
    else
    {
      // B turned about A's axis (edges along it parallel), or not at all; placed beside A along a
      // direction across that axis, at a gap from 10⁻¹⁰ to 10⁻¹ of the scale (k % 4 == 0: touching
      // or overlapping), slid along the axis
      const Eigen::Matrix3d turn =
          kind == 2 ? Eigen::Matrix3d::Identity()
                    : Eigen::AngleAxisd(M_PI * unit(rng), Eigen::Vector3d::Unit(axis)).toRotationMatrix();
      const double phi = 2.0 * M_PI * positive(rng);
      Eigen::Vector3d n_A = Eigen::Vector3d::Zero();
      n_A[(axis + 1) % 3] = std::cos(phi);
      n_A[(axis + 2) % 3] = std::sin(phi);
      double gap = scale * std::pow(10.0, -10.0 + 9.0 * positive(rng));
      if (k % 4 == 0)
        gap = -scale * (k % 8 == 0 ? 0.0 : positive(rng));
      const Eigen::Vector3d slide = X_WA.linear().col(axis) * unit(rng) * 0.5 * (size_a[axis] + size_b[axis]);
      X_WB = besideAlong(*a.shape, X_WA, *b.shape, X_WA.linear() * turn, X_WA.linear() * n_A, gap, slide);
      X_WB.translation() += X_WA.translation();
    }
    checkPair(a, X_WA, b, X_WB, 1e-12 * (1.0 + X_WA.translation().norm() + X_WB.translation().norm()), tightness,
              "box pair " + std::to_string(k));
    if (HasFatalFailure())
      return;
  }
  tightness.print("boxes");
  EXPECT_GE(tightness.pairs, 100000u);
  // boxes are measured exactly but for rounding
  EXPECT_EQ(tightness.loose, 0u);
}

TEST(PairDistance, CylinderCapsuleAndHullLowerBoundsStayBelowTheTriangleDistance)
{
  // Pairs of a cylinder, a capsule, a convex hull and a box, random and adversarial: axes parallel
  // (side by side, end to end), perpendicular, caps facing, nearly touching and overlapping.
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> unit(-1.0, 1.0), positive(0.0, 1.0);
  const auto randomShape = [&](int kind) {
    const double scale = 0.05 + positive(rng);
    switch (kind)
    {
      case 0:
        return measuredCylinder(0.2 * scale * (0.1 + positive(rng)), scale * (0.05 + positive(rng)));
      case 1:
        return measuredCapsule(0.2 * scale * (0.05 + positive(rng)), scale * positive(rng));
      case 2:
      {
        std::vector<Eigen::Vector3d> points;
        for (int i = 0; i < 24; ++i)
          points.push_back(0.5 * scale * Eigen::Vector3d(unit(rng), unit(rng), unit(rng)));
        return measuredHull(points);
      }
      default:
        return measuredBox(scale * Eigen::Vector3d(0.1 + positive(rng), 0.1 + positive(rng), 0.1 + positive(rng)), true);
    }
  };
  // a pool of shapes of each kind, built once (a prism's hierarchy takes long to build)
  std::vector<std::vector<Measured>> pool(4);
  for (int kind = 0; kind < 4; ++kind)
    for (int i = 0; i < 6; ++i)
      pool[kind].push_back(randomShape(kind));
  std::map<std::string, Tightness> by_pair;
  const char *names[] = {"cylinder", "capsule", "hull", "box"};
  for (int k = 0; k < 3200; ++k)
  {
    const int kind_a = k % 4, kind_b = (k / 4) % 4;
    if (kind_a == 3 && kind_b == 3)
      continue;  // the box test's
    const Measured &a = pool[kind_a][(k / 16) % 6], &b = pool[kind_b][(k / 96) % 6];
    Eigen::Isometry3d X_WA = Eigen::Isometry3d::Identity(), X_WB = Eigen::Isometry3d::Identity();
    X_WA.linear() = randomRotation(rng);
    const int placement = (k / 7) % 4;
    if (placement == 0)
    {
      X_WB.linear() = randomRotation(rng);
      X_WB.translation() = Eigen::Vector3d(unit(rng), unit(rng), unit(rng));
    }
    else
    {
      // axes (z) parallel, or B turned a quarter about A's x; beside A across its axis or beyond
      // its end, at a gap from 10⁻¹⁰ to 10⁻¹ m (or overlapping)
      const Eigen::Matrix3d R_WB =
          X_WA.linear() * (placement == 2 ? Eigen::AngleAxisd(M_PI / 2, Eigen::Vector3d::UnitX()).toRotationMatrix()
                                          : Eigen::AngleAxisd(M_PI * unit(rng), Eigen::Vector3d::UnitZ()).toRotationMatrix());
      const double phi = 2.0 * M_PI * positive(rng);
      const Eigen::Vector3d n_W =
          X_WA.linear() * (placement == 3 ? Eigen::Vector3d::UnitZ() : Eigen::Vector3d(std::cos(phi), std::sin(phi), 0.0));
      const double gap = k % 5 == 0 ? -0.01 * positive(rng) : std::pow(10.0, -10.0 + 9.0 * positive(rng));
      X_WB = besideAlong(*a.shape, X_WA, *b.shape, R_WB, n_W, gap, X_WA.linear().col(2) * 0.05 * unit(rng));
    }
    Tightness &pair = by_pair[std::string(names[kind_a]) + "–" + names[kind_b]];
    checkPair(a, X_WA, b, X_WB, 1e-12, pair,
              std::string(names[kind_a]) + "–" + names[kind_b] + " pair " + std::to_string(k));
    if (HasFatalFailure())
      return;
  }
  for (const auto &[name, tightness] : by_pair)
    tightness.print(name.c_str());
}

TEST(PairDistance, MeshAgainstPrimitiveLowerBoundsStayBelowTheTriangleDistance)
{
  // A wavy sheet (a mesh: its surface) against a box, a cylinder and a capsule.
  const auto sheet = wavySheet();
  std::vector<Eigen::Vector3d> sheet_vertices(sheet->vertices, sheet->vertices + sheet->num_vertices);
  std::vector<Eigen::Vector3i> sheet_triangles;
  for (int i = 0; i < sheet->num_tris; ++i)
    sheet_triangles.emplace_back(sheet->tri_indices[i][0], sheet->tri_indices[i][1], sheet->tri_indices[i][2]);
  Solid surface = solidOf(sheet_vertices, sheet_triangles);
  surface.normals.clear();  // a surface: nothing is inside it
  surface.offsets.clear();
  const Measured mesh{sheet, surface, surface, 0.0};
  std::mt19937 rng(11);
  std::uniform_real_distribution<double> unit(-1.0, 1.0), positive(0.0, 1.0);
  std::map<std::string, Tightness> by_shape;
  for (int k = 0; k < 600; ++k)
  {
    const int kind = k % 3;
    const Measured other = kind == 0 ? measuredBox(Eigen::Vector3d(0.3, 0.2, 0.1), true)
                                     : kind == 1 ? measuredCylinder(0.08, 0.3) : measuredCapsule(0.05, 0.3);
    Eigen::Isometry3d X_WO = Eigen::Isometry3d::Identity();
    X_WO.linear() = randomRotation(rng);
    X_WO.translation() = Eigen::Vector3d(0.6 * positive(rng), 0.6 * positive(rng), 0.25 * unit(rng));
    checkPair(mesh, Eigen::Isometry3d::Identity(), other, X_WO, 1e-12, by_shape[kind == 0 ? "mesh–box" : kind == 1 ? "mesh–cylinder" : "mesh–capsule"],
              "mesh pair " + std::to_string(k));
    if (HasFatalFailure())
      return;
  }
  for (const auto &[name, tightness] : by_shape)
    tightness.print(name.c_str());
}

// ---------------------------------------------------------------------------------------------
// Degenerate inputs: every distance and collision query the library makes, on shapes that give
// GJK and MPR degenerate simplices — flat, needle and zero-sized primitives, hulls of coplanar,
// collinear and coincident points, collapsed triangles — at the same pose, touching by faces,
// parallel edges and corners, a hair apart, and far apart. Run in a child process: an assertion
// (libccd's doSimplex2 ends the process in Debian's libfcl) or a crash fails the test instead of
// ending it.

/// A one-triangle mesh abc.
Shape triangleMesh(const Eigen::Vector3d &a, const Eigen::Vector3d &b, const Eigen::Vector3d &c)
{
  auto mesh = std::make_shared<fcl::BVHModel<fcl::OBBRSSd>>();
  mesh->beginModel();
  mesh->addTriangle(a, b, c);
  mesh->endModel();
  return mesh;
}

/// A flat fcl::Convexd: the square [−s, s]² in z = 0, both faces.
Shape flatConvex(double s)
{
  auto vertices = std::make_shared<const std::vector<Eigen::Vector3d>>(std::vector<Eigen::Vector3d>{
      {-s, -s, 0.0}, {s, -s, 0.0}, {s, s, 0.0}, {-s, s, 0.0}});
  auto faces = std::make_shared<const std::vector<int>>(std::vector<int>{4, 0, 1, 2, 3, 4, 3, 2, 1, 0});
  return std::make_shared<fcl::Convexd>(vertices, 2, faces);
}

/// The shapes of the degenerate-input test, with names.
std::vector<std::pair<std::string, Shape>> degenerateShapes()
{
  const auto hull = [](const std::vector<Eigen::Vector3d> &points) { return measuredHull(points).shape; };
  std::vector<std::pair<std::string, Shape>> shapes = {
      {"box", std::make_shared<fcl::Boxd>(0.2, 0.3, 0.4)},
      {"flat box", std::make_shared<fcl::Boxd>(0.2, 0.3, 0.0)},
      {"needle box", std::make_shared<fcl::Boxd>(0.0, 0.0, 0.5)},
      {"point box", std::make_shared<fcl::Boxd>(0.0, 0.0, 0.0)},
      {"tiny box", std::make_shared<fcl::Boxd>(1e-12, 1e-12, 1e-12)},
      {"cylinder", std::make_shared<fcl::Cylinderd>(0.1, 0.2)},
      {"flat cylinder", std::make_shared<fcl::Cylinderd>(0.1, 0.0)},
      {"needle cylinder", std::make_shared<fcl::Cylinderd>(0.0, 0.5)},
      {"point cylinder", std::make_shared<fcl::Cylinderd>(0.0, 0.0)},
      {"capsule", std::make_shared<fcl::Capsuled>(0.05, 0.3)},
      {"segment capsule", std::make_shared<fcl::Capsuled>(0.0, 0.3)},
      {"point capsule", std::make_shared<fcl::Capsuled>(0.0, 0.0)},
      {"sphere", std::make_shared<fcl::Sphered>(0.1)},
      {"point sphere", std::make_shared<fcl::Sphered>(0.0)},
      {"hull", hull({{0, 0, 0}, {0.3, 0, 0}, {0, 0.2, 0}, {0, 0, 0.1}, {0.1, 0.1, 0.1}})},
      {"hull of coplanar points", hull({{0, 0, 0}, {0.3, 0, 0}, {0, 0.2, 0}, {0.3, 0.2, 0}, {0.1, 0.1, 0}})},
      {"hull of collinear points", hull({{0, 0, 0}, {0.1, 0.1, 0.1}, {0.2, 0.2, 0.2}, {0.3, 0.3, 0.3}})},
      {"hull of one point", hull({{0.1, 0.2, 0.3}, {0.1, 0.2, 0.3}, {0.1, 0.2, 0.3}, {0.1, 0.2, 0.3}})},
      {"sliver hull", hull({{0, 0, 0}, {0.3, 0, 0}, {0, 0.2, 0}, {0.1, 0.1, 1e-12}})},
      {"flat convex", flatConvex(0.15)},
      {"triangle mesh", triangleMesh({0, 0, 0}, {0.3, 0, 0}, {0, 0.2, 0})},
      {"collinear triangle mesh", triangleMesh({0, 0, 0}, {0.1, 0.1, 0.1}, {0.3, 0.3, 0.3})},
      {"point triangle mesh", triangleMesh({0.1, 0, 0}, {0.1, 0, 0}, {0.1, 0, 0})},
      {"cube mesh", cubeMesh()},
  };
  return shapes;
}

/// How far \a shape reaches along unit \a n from its origin (its support, or its mesh's box's).
double reach(const fcl::CollisionGeometryd &shape, const Eigen::Vector3d &n)
{
  if (isConvexShape(shape))
    return convexSupport(shape, Eigen::Isometry3d::Identity(), n);
  const auto &mesh = static_cast<const fcl::BVHModel<fcl::OBBRSSd> &>(shape);
  double h = -numeric::kInfinity;
  for (int i = 0; i < mesh.num_vertices; ++i)
    h = std::max(h, mesh.vertices[i].dot(n));
  return h;
}

/// Runs every query on every pair and pose; returns the number of broken promises (printed).
int queryDegenerateInputs()
{
  const auto shapes = degenerateShapes();
  const std::vector<Eigen::Vector3d> directions = {
      Eigen::Vector3d::UnitX(), Eigen::Vector3d(1, 1, 0).normalized(), Eigen::Vector3d(1, 1, 1).normalized()};
  int broken = 0;
  for (const auto &[name_a, a] : shapes)
    for (const auto &[name_b, b] : shapes)
    {
      std::vector<std::pair<std::string, Eigen::Isometry3d>> poses = {
          {"same pose", Eigen::Isometry3d::Identity()},
          {"same centre turned", Eigen::Isometry3d(Eigen::AngleAxisd(M_PI / 4, Eigen::Vector3d::UnitZ()))},
          {"a femtometre off", Eigen::Isometry3d(Eigen::Translation3d(1e-15, 0, 0))},
          {"far", Eigen::Isometry3d(Eigen::Translation3d(10, 0, 0))}};
      for (const Eigen::Vector3d &n : directions)
      {
        const double touching = reach(*a, n) + reach(*b, -n);
        for (const double gap : {0.0, 1e-12, -1e-12, 1e-3})
          poses.emplace_back("along (" + std::to_string(n.x()) + ", " + std::to_string(n.y()) + ", " +
                                 std::to_string(n.z()) + ") at gap " + std::to_string(gap),
                             Eigen::Isometry3d(Eigen::Translation3d((touching + gap) * n)));
      }
      for (const auto &[pose_name, X_WB] : poses)
      {
        const fcl::CollisionObjectd oa(a, Eigen::Isometry3d::Identity()), ob(b, X_WB);
        const std::string what = name_a + " – " + name_b + ", " + pose_name;
        const double lower = pairDistanceLowerBound(oa, ob), deflated = pairDistanceLowerBound(oa, ob, nullptr, 0.25);
        const double upper = pairDistanceUpperBound(oa, ob);
        const DistanceBounds both = pairDistanceBounds(oa, ob);
        for (const double l : {lower, deflated, both.lower})
          if (!(l >= 0.0 && std::isfinite(l) && !(l > upper * (1.0 + 1e-9) + 1e-12)))
          {
            std::fprintf(stderr, "%s: lower bound %.17g, upper bound %.17g\n", what.c_str(), l, upper);
            ++broken;
          }
        if (!(upper >= 0.0))
        {
          std::fprintf(stderr, "%s: upper bound %.17g\n", what.c_str(), upper);
          ++broken;
        }
        if (oa.getObjectType() != fcl::OT_BVH && ob.getObjectType() != fcl::OT_BVH)
        {
          NearestPoints nearest;
          convexNearestPoints(oa, ob, nearest);
        }
        // the collision queries of the certifiers and the state checker (libccd's MPR for the
        // primitive pairs FCL has no closed form for)
        fcl::CollisionRequestd with_contact(1, true), without;
        fcl::CollisionResultd first, second;
        fcl::collide(&oa, &ob, with_contact, first);
        fcl::collide(&oa, &ob, without, second);
      }
    }
  return broken;
}

TEST(PairDistanceDeathTest, DegenerateInputsReturnWithoutEndingTheProcess)
{
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(std::exit(queryDegenerateInputs() == 0 ? 0 : 1), ::testing::ExitedWithCode(0), "");
}
}  // namespace
}  // namespace ompl_ccd
