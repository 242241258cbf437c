#include "certify/interval/exact_triangle_features.h"

#include <algorithm>
#include <cmath>
#include <set>
#include <utility>

#include "ompl_ccd/geometry/shape_triangulation.h"
#include "ompl_ccd/numeric.h"

namespace ompl_ccd
{
namespace
{
/// Sides n of the prism around a cylinder of radius r: r (1/cos(π/n) − 1) ≤ kCylinderPrismGap.
int cylinderSides(double radius)
{
  int n = 16;
  while (n < kMaxCylinderSides && radius * (1.0 / std::cos(numeric::kPi / n) - 1.0) > kCylinderPrismGap)
    n += 4;
  return n;
}

/// Farthest vertex of \a f from the convex primitive \a shape placed at \a X_FG (a circumscribed
/// polytope's farthest point from the shape is a vertex: the distance to a convex set is convex).
double surfaceGap(const CollisionShape &shape, const Eigen::Isometry3d &X_FG, const TriangleFeatures &f)
{
  if (shape.kind != CollisionShape::Kind::Cylinder && shape.kind != CollisionShape::Kind::Sphere)
    return 0.0;
  double gap = 0.0;
  for (const Eigen::Vector3d &p_FV : f.vertices)
  {
    const Eigen::Vector3d p_GV = X_FG.inverse() * p_FV;
    // A vertex of the prism lies on a cap (|z| = length / 2): its distance is its radial excess.
    const double from_centre = shape.kind == CollisionShape::Kind::Sphere ? p_GV.norm() : p_GV.head<2>().norm();
    gap = std::max(gap, from_centre - shape.radius);
  }
  return numeric::padUp(gap);
}

/// The features of one side whose boxes come near the other side's box, with those boxes.
struct Kept
{
  std::vector<std::pair<int, Eigen::AlignedBox3d>> vertices, triangles, edges;
};

Kept keep(const FeatureSide &side, const Eigen::AlignedBox3d &other, double margin)
{
  const FeatureSetBoxes &boxes = *side.boxes;
  Kept k;
  const auto select = [&](const std::vector<Eigen::AlignedBox3d> &from, std::vector<std::pair<int, Eigen::AlignedBox3d>> &to) {
    for (std::size_t i = 0; i < from.size(); ++i)
      if (boxesWithin(from[i], other, margin))
        to.emplace_back(static_cast<int>(i), from[i]);
  };
  select(boxes.vertices, k.vertices);
  select(boxes.triangles, k.triangles);
  select(boxes.edges, k.edges);
  return k;
}

/// Vertex–face equations, [Redon2004] Eq. (14): vertices of \a kv against faces of \a kf.
void vertexFace(const Kept &kv, int mv, const Kept &kf, const TriangleFeatures &ff, int mf, double margin,
                std::vector<FeaturePair> &pairs)
{
  for (const auto &[v, vbox] : kv.vertices)
    for (const auto &[t, tbox] : kf.triangles)
      if (boxesWithin(vbox, tbox, margin))
      {
        const Eigen::Vector3i &tri = ff.triangles[t];
        pairs.push_back({FeaturePairKind::VertexFace, {VertexRef{mv, v}, {mf, tri[0]}, {mf, tri[1]}, {mf, tri[2]}}});
      }
}
}  // namespace

Eigen::AlignedBox3d alignedBox(const IntervalVector3 &v)
{
  return {Eigen::Vector3d(v[0].lo(), v[1].lo(), v[2].lo()), Eigen::Vector3d(v[0].hi(), v[1].hi(), v[2].hi())};
}

TriangleFeatures triangleFeatures(const CollisionShape &shape, const Eigen::Isometry3d &X_FG)
{
  const int sides = shape.kind == CollisionShape::Kind::Cylinder ? cylinderSides(shape.radius) : 16;
  ShapeTriangles triangles = triangulateShape(shape, X_FG, sides);
  TriangleFeatures f;
  f.vertices = std::move(triangles.vertices);
  f.triangles = std::move(triangles.triangles);
  std::set<std::pair<int, int>> edges;
  for (const Eigen::Vector3i &tri : f.triangles)
    for (int k = 0; k < 3; ++k)
      edges.insert(std::minmax(tri[k], tri[(k + 1) % 3]));
  for (const auto &[a, b] : edges)
    f.edges.emplace_back(a, b);
  f.surface_gap = surfaceGap(shape, X_FG, f);
  return f;
}

void featureBoxes(const TriangleFeatures &f, const std::vector<IntervalVector3> &v, FeatureSetBoxes &boxes)
{
  boxes.vertices.resize(f.vertices.size());
  boxes.triangles.resize(f.triangles.size());
  boxes.edges.resize(f.edges.size());
  boxes.all.setEmpty();
  for (std::size_t i = 0; i < v.size(); ++i)
  {
    boxes.vertices[i] = alignedBox(v[i]);
    boxes.all.extend(boxes.vertices[i]);
  }
  for (std::size_t i = 0; i < f.triangles.size(); ++i)
  {
    const Eigen::Vector3i &t = f.triangles[i];
    boxes.triangles[i] = boxes.vertices[t[0]].merged(boxes.vertices[t[1]]).merged(boxes.vertices[t[2]]);
  }
  for (std::size_t i = 0; i < f.edges.size(); ++i)
    boxes.edges[i] = boxes.vertices[f.edges[i][0]].merged(boxes.vertices[f.edges[i][1]]);
}

void appendFeaturePairs(const FeatureSide &a, const FeatureSide &b, double margin, std::vector<FeaturePair> &pairs)
{
  const Kept ka = keep(a, b.boxes->all, margin), kb = keep(b, a.boxes->all, margin);
  vertexFace(ka, a.motion, kb, *b.features, b.motion, margin, pairs);
  vertexFace(kb, b.motion, ka, *a.features, a.motion, margin, pairs);
  // Edge–edge equations, [Redon2004] Eq. (13).
  const TriangleFeatures &fa = *a.features, &fb = *b.features;
  for (const auto &[e, ebox] : ka.edges)
    for (const auto &[g, gbox] : kb.edges)
      if (boxesWithin(ebox, gbox, margin))
        pairs.push_back({FeaturePairKind::EdgeEdge,
                         {VertexRef{a.motion, fa.edges[e][0]}, {a.motion, fa.edges[e][1]}, {b.motion, fb.edges[g][0]},
                          {b.motion, fb.edges[g][1]}}});
}
}  // namespace ompl_ccd
