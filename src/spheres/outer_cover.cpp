#include "ompl_ccd/spheres/outer_cover.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <numeric>

#include "ompl_ccd/numeric.h"
#include "spheres/point_mesh_distance.h"

namespace ompl_ccd
{
namespace
{
using Triangle = std::array<Eigen::Vector3d, 3>;

/// Most triangle pieces a cover cuts a mesh into: past it, pieces stay larger than a leaf and
/// their balls grow instead (still a cover).
constexpr std::size_t kMaxPieces = 1 << 16;

/// The ball about the centre of the box of \a points whose radius reaches the farthest of them,
/// rounded up: it holds every point, hence their convex hull.
template <typename Points>
Sphere ballAround(const Points &points)
{
  Eigen::AlignedBox3d box;
  for (const Eigen::Vector3d &p : points)
    box.extend(p);
  Sphere ball{box.center(), 0.0};
  for (const Eigen::Vector3d &p : points)
    ball.radius = std::max(ball.radius, (p - ball.centre).norm());
  ball.radius = numeric::padUp(ball.radius);
  return ball;
}

double longestEdge(const Triangle &t)
{
  return std::max({(t[1] - t[0]).norm(), (t[2] - t[1]).norm(), (t[0] - t[2]).norm()});
}

/// \a triangles cut at their edges' midpoints until every piece's longest edge is at most
/// \a length (or kMaxPieces is reached): the four pieces of a cut together are the triangle.
std::vector<Triangle> cutToLength(std::vector<Triangle> triangles, double length)
{
  std::vector<Triangle> done;
  while (!triangles.empty())
  {
    const Triangle t = triangles.back();
    triangles.pop_back();
    if (longestEdge(t) <= length || done.size() + triangles.size() + 4 > kMaxPieces)
    {
      done.push_back(t);
      continue;
    }
    const Eigen::Vector3d ab = 0.5 * (t[0] + t[1]), bc = 0.5 * (t[1] + t[2]), ca = 0.5 * (t[2] + t[0]);
    triangles.push_back({t[0], ab, ca});
    triangles.push_back({ab, t[1], bc});
    triangles.push_back({ca, bc, t[2]});
    triangles.push_back({ab, bc, ca});
  }
  return done;
}

/// A cluster of pieces[first, last) and its ball.
struct Cluster
{
  std::size_t first, last;
  Sphere ball;
};

Cluster clusterOf(const std::vector<Triangle> &pieces, std::size_t first, std::size_t last)
{
  std::vector<Eigen::Vector3d> corners;
  corners.reserve(3 * (last - first));
  for (std::size_t i = first; i < last; ++i)
    corners.insert(corners.end(), pieces[i].begin(), pieces[i].end());
  return {first, last, ballAround(corners)};
}

/// Splits a cluster at the median of its pieces' centroids along their longest axis.
std::pair<Cluster, Cluster> split(std::vector<Triangle> &pieces, const Cluster &cluster)
{
  Eigen::AlignedBox3d centroids;
  for (std::size_t i = cluster.first; i < cluster.last; ++i)
    centroids.extend((pieces[i][0] + pieces[i][1] + pieces[i][2]) / 3.0);
  int axis = 0;
  centroids.sizes().maxCoeff(&axis);
  const std::size_t middle = cluster.first + (cluster.last - cluster.first) / 2;
  std::nth_element(pieces.begin() + cluster.first, pieces.begin() + middle, pieces.begin() + cluster.last,
                   [axis](const Triangle &a, const Triangle &b) {
                     return a[0](axis) + a[1](axis) + a[2](axis) < b[0](axis) + b[1](axis) + b[2](axis);
                   });
  return {clusterOf(pieces, cluster.first, middle), clusterOf(pieces, middle, cluster.last)};
}

/// Leaves over \a pieces: the cluster with the largest ball is split in two until there are
/// \a max_leaves clusters or every ball is within \a leaf_radius (or holds one piece).
std::vector<Sphere> clusterLeaves(std::vector<Triangle> &pieces, double leaf_radius, int max_leaves, double &excess)
{
  std::vector<Cluster> clusters{clusterOf(pieces, 0, pieces.size())};
  const auto larger = [](const Cluster &a, const Cluster &b) { return a.ball.radius < b.ball.radius; };
  while (static_cast<int>(clusters.size()) < max_leaves)
  {
    std::pop_heap(clusters.begin(), clusters.end(), larger);
    const Cluster largest = clusters.back();
    if (largest.ball.radius <= leaf_radius || largest.last - largest.first < 2)
    {
      std::push_heap(clusters.begin(), clusters.end(), larger);
      break;
    }
    clusters.pop_back();
    const auto [low, high] = split(pieces, largest);
    for (const Cluster &half : {low, high})
    {
      clusters.push_back(half);
      std::push_heap(clusters.begin(), clusters.end(), larger);
    }
  }
  std::vector<Sphere> leaves;
  for (const Cluster &c : clusters)
  {
    // a point of the ball is within its radius of the centre, and the centre within this of a piece
    double to_pieces = numeric::kInfinity;
    for (std::size_t i = c.first; i < c.last; ++i)
      to_pieces = std::min(to_pieces, spheres::pointTriangleDistance(c.ball.centre, pieces[i][0], pieces[i][1], pieces[i][2]));
    excess = std::max(excess, c.ball.radius + to_pieces);
    leaves.push_back(c.ball);
  }
  return leaves;
}

/// The cuts n₀, n₁, n₂ of a box of half sizes \a half: each axis cut so that a sub-box's half
/// diagonal is at most about \a leaf_radius, unless that makes more than \a max_leaves sub-boxes;
/// then the axis whose sub-boxes are longest is cut once more while the product stays within
/// \a max_leaves. Counted in doubles before anything is allocated (a 1 km box at 3 cm wants 1e15).
Eigen::Vector3i boxCuts(const Eigen::Vector3d &half, double leaf_radius, int max_leaves)
{
  Eigen::Vector3d wanted;
  for (int i = 0; i < 3; ++i)
    wanted[i] = std::max(1.0, std::ceil(half[i] * std::sqrt(3.0) / leaf_radius));
  if (wanted.prod() <= max_leaves)
    return wanted.cast<int>();
  Eigen::Vector3i cuts = Eigen::Vector3i::Ones();
  for (;;)
  {
    int axis = 0;
    half.cwiseQuotient(cuts.cast<double>()).maxCoeff(&axis);
    if (cuts[axis] >= wanted[axis] || cuts.prod() / cuts[axis] * (cuts[axis] + 1) > max_leaves)
      return cuts;
    ++cuts[axis];
  }
}

/// Balls circumscribing the n₀ × n₁ × n₂ sub-boxes (boxCuts) of a box of half sizes \a half
/// (frame G).
std::vector<Sphere> boxLeaves(const Eigen::Vector3d &half, double leaf_radius, int max_leaves)
{
  const Eigen::Vector3i cuts = boxCuts(half, leaf_radius, max_leaves);
  const Eigen::Vector3d sub = half.cwiseQuotient(cuts.cast<double>());
  const double radius = numeric::padUp(sub.norm());
  std::vector<Sphere> leaves;
  leaves.reserve(cuts.prod());
  for (int i = 0; i < cuts[0]; ++i)
    for (int j = 0; j < cuts[1]; ++j)
      for (int k = 0; k < cuts[2]; ++k)
      {
        const Eigen::Vector3d centre = -half + sub.cwiseProduct(Eigen::Vector3d(2 * i + 1, 2 * j + 1, 2 * k + 1));
        leaves.push_back({centre, radius});
      }
  return leaves;
}

/// Balls circumscribing n slices of a cylinder (frame G: axis z, centred), n such that a slice's
/// ball is at most about \a leaf_radius where the cylinder's own radius allows, and at most
/// \a max_leaves (counted in doubles first).
std::vector<Sphere> cylinderLeaves(double radius, double length, double leaf_radius, int max_leaves)
{
  const double half_slice_wanted = std::sqrt(std::max(leaf_radius * leaf_radius - radius * radius, 0.0));
  const double wanted = std::ceil(0.5 * length / std::max(half_slice_wanted, 0.5 * radius));
  const int slices = static_cast<int>(std::clamp(wanted, 1.0, static_cast<double>(max_leaves)));
  const double half_slice = 0.5 * length / slices;
  const double ball = numeric::padUp(std::hypot(radius, half_slice));
  std::vector<Sphere> leaves;
  leaves.reserve(slices);
  for (int k = 0; k < slices; ++k)
    leaves.push_back({Eigen::Vector3d(0.0, 0.0, -0.5 * length + (2 * k + 1) * half_slice), ball});
  return leaves;
}

/// The leaves of \a shape in its own frame G, at most \a max_leaves of them, and their excess.
std::vector<Sphere> leavesInShapeFrame(const CollisionShape &shape, double leaf_radius, int max_leaves, double &excess)
{
  switch (shape.kind)
  {
    case CollisionShape::Kind::Mesh:
      return triangleCover(shape.mesh->vertices, shape.mesh->triangles, leaf_radius, max_leaves, &excess);
    case CollisionShape::Kind::Box:
    {
      std::vector<Sphere> leaves = boxLeaves(0.5 * shape.box_size, leaf_radius, max_leaves);
      excess = leaves.front().radius;  // each ball's centre is in the box
      return leaves;
    }
    case CollisionShape::Kind::Cylinder:
    {
      std::vector<Sphere> leaves = cylinderLeaves(shape.radius, shape.length, leaf_radius, max_leaves);
      excess = leaves.front().radius;
      return leaves;
    }
    case CollisionShape::Kind::Sphere:
      excess = numeric::kPadRel * shape.radius;  // the leaf is the sphere, but for its rounding pad
      return {Sphere{Eigen::Vector3d::Zero(), shape.radius}};
  }
  return {};
}

}  // namespace

std::vector<Sphere> triangleCover(const std::vector<Eigen::Vector3d> &vertices_F,
                                  const std::vector<Eigen::Vector3i> &triangles, double leaf_radius, int max_leaves,
                                  double *excess)
{
  std::vector<Triangle> pieces;
  pieces.reserve(triangles.size());
  for (const Eigen::Vector3i &t : triangles)
    pieces.push_back({vertices_F[t[0]], vertices_F[t[1]], vertices_F[t[2]]});
  pieces = cutToLength(std::move(pieces), leaf_radius);
  double worst = 0.0;
  std::vector<Sphere> leaves = clusterLeaves(pieces, leaf_radius, max_leaves, worst);
  if (excess)
    *excess = worst;
  return leaves;
}

Sphere outerBound(const CollisionShape &shape, const Eigen::Isometry3d &X_FG)
{
  Sphere bound;
  switch (shape.kind)
  {
    case CollisionShape::Kind::Mesh:
      bound = ballAround(shape.mesh->vertices);
      break;
    case CollisionShape::Kind::Box:
      bound = {Eigen::Vector3d::Zero(), 0.5 * shape.box_size.norm()};
      break;
    case CollisionShape::Kind::Cylinder:
      bound = {Eigen::Vector3d::Zero(), std::hypot(shape.radius, 0.5 * shape.length)};
      break;
    case CollisionShape::Kind::Sphere:
      bound = {Eigen::Vector3d::Zero(), shape.radius};
      break;
  }
  // rigid: the centre moves, the radius stays; the transform's rounding (≈ 1e-16 of the
  // coordinates) is inside padUp's nanometre
  return {X_FG * bound.centre, numeric::padUp(bound.radius)};
}

OuterCover outerCover(const CollisionShape &shape, const Eigen::Isometry3d &X_FG, const CoverOptions &options)
{
  OuterCover cover;
  const std::vector<Sphere> leaves = leavesInShapeFrame(shape, options.leaf_radius, options.max_leaves, cover.excess);
  cover.leaves.reserve(leaves.size());
  // rigid, as outerBound
  for (const Sphere &leaf : leaves)
    cover.leaves.push_back({X_FG * leaf.centre, numeric::padUp(leaf.radius)});
  cover.excess = numeric::padUp(cover.excess);  // the radii grew by it (padUp(r + d) ≥ padUp(r) + d)
  cover.bound = outerBound(shape, X_FG);
  return cover;
}
}  // namespace ompl_ccd
