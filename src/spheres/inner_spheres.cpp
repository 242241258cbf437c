#include "ompl_ccd/spheres/inner_spheres.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>

#include "ompl_ccd/numeric.h"
#include "spheres/point_mesh_distance.h"

namespace ompl_ccd
{
namespace
{
/// Interior candidates per axis of a mesh's box: the balls are chosen among n³ grid points.
constexpr int kMeshGrid = 10;
/// A winding number this close to a non-zero integer marks an interior point; farther from every
/// integer, the mesh is not taken as closed there (its balls would prove nothing).
constexpr double kWindingSlack = 0.1;
/// The smallest ball worth keeping, relative to the largest found.
constexpr double kSmallestBallRatio = 0.25;

/// A radius rounded down for the rounding of the distance it came from.
double padDown(double r) { return std::max(0.0, r * (1.0 - numeric::kPadRel) - numeric::kPadAbs); }

/// Balls of radius \a r at \a count points evenly spaced on [−extent, extent] along \a axis,
/// one at the middle when count = 1.
void ballsAlong(const Eigen::Vector3d &axis, double extent, double r, int count, std::vector<Sphere> &out)
{
  for (int k = 0; k < count; ++k)
  {
    const double s = count == 1 ? 0.0 : -extent + 2.0 * extent * k / (count - 1);
    out.push_back({s * axis, r});
  }
}

std::vector<Sphere> boxBalls(const Eigen::Vector3d &half, int max_count)
{
  // radius: the smallest half size; centres on the box's longest axis, kept that far from its ends
  int longest = 0, shortest = 0;
  half.maxCoeff(&longest);
  half.minCoeff(&shortest);
  const double r = half[shortest];
  const double extent = half[longest] - r;
  const int count = std::clamp(static_cast<int>(std::ceil(extent / r)) + 1, 1, max_count);
  std::vector<Sphere> balls;
  ballsAlong(Eigen::Vector3d::Unit(longest), extent, padDown(r), count, balls);
  return balls;
}

std::vector<Sphere> cylinderBalls(double radius, double length, int max_count)
{
  const double r = std::min(radius, 0.5 * length);
  const double extent = 0.5 * length - r;
  const int count = std::clamp(static_cast<int>(std::ceil(extent / r)) + 1, 1, max_count);
  std::vector<Sphere> balls;
  ballsAlong(Eigen::Vector3d::UnitZ(), extent, padDown(r), count, balls);
  return balls;
}

/// Candidate interior points of a mesh with their distance to the triangles (not yet checked for
/// their winding number), largest first.
std::vector<Sphere> meshCandidates(const TriangleMesh &mesh, const spheres::TriangleSet &triangles)
{
  Eigen::AlignedBox3d box;
  for (const Eigen::Vector3d &v : mesh.vertices)
    box.extend(v);
  std::vector<Sphere> candidates;
  for (int i = 0; i < kMeshGrid; ++i)
    for (int j = 0; j < kMeshGrid; ++j)
      for (int k = 0; k < kMeshGrid; ++k)
      {
        const Eigen::Vector3d f = (Eigen::Vector3d(i, j, k).array() + 0.5) / kMeshGrid;
        const Eigen::Vector3d p = box.min() + f.cwiseProduct(box.sizes());
        candidates.push_back({p, triangles.distance(p)});
      }
  std::sort(candidates.begin(), candidates.end(), [](const Sphere &a, const Sphere &b) { return a.radius > b.radius; });
  return candidates;
}

std::vector<Sphere> meshBalls(const TriangleMesh &mesh, int max_count)
{
  if (mesh.triangles.empty() || !isClosedMesh(mesh))
    return {};
  std::vector<std::array<Eigen::Vector3d, 3>> triangles;
  for (const Eigen::Vector3i &t : mesh.triangles)
    triangles.push_back({mesh.vertices[t[0]], mesh.vertices[t[1]], mesh.vertices[t[2]]});
  const spheres::TriangleSet set(std::move(triangles));
  const std::vector<Sphere> candidates = meshCandidates(mesh, set);
  // greedy: the candidate whose ball is largest and farthest from the chosen centres, checked inside
  std::vector<Sphere> chosen;
  std::vector<char> rejected(candidates.size(), 0);
  double largest = 0.0;
  while (static_cast<int>(chosen.size()) < max_count)
  {
    int best = -1;
    double best_score = 0.0;
    for (std::size_t c = 0; c < candidates.size(); ++c)
    {
      if (rejected[c] || candidates[c].radius <= best_score)
        continue;  // sorted by radius: the score is at most the radius
      double score = candidates[c].radius;
      for (const Sphere &s : chosen)
        score = std::min(score, (candidates[c].centre - s.centre).norm());
      if (score > best_score)
      {
        best_score = score;
        best = static_cast<int>(c);
      }
    }
    if (best < 0 || best_score <= kSmallestBallRatio * largest)
      break;
    rejected[best] = 1;
    const double w = windingNumber(mesh, candidates[best].centre);
    if (std::fabs(w - std::round(w)) > kWindingSlack || std::round(w) == 0.0)
      continue;  // outside, or not clearly inside
    const double r = padDown(candidates[best].radius);
    if (r <= 0.0)
      continue;
    largest = std::max(largest, r);
    chosen.push_back({candidates[best].centre, r});
  }
  return chosen;
}
}  // namespace

bool isClosedMesh(const TriangleMesh &mesh)
{
  // vertices at one position are one vertex (STL files repeat them per triangle)
  std::map<std::tuple<double, double, double>, int> ids;
  std::vector<int> id(mesh.vertices.size());
  for (std::size_t v = 0; v < mesh.vertices.size(); ++v)
  {
    const Eigen::Vector3d &p = mesh.vertices[v];
    id[v] = ids.emplace(std::make_tuple(p.x(), p.y(), p.z()), static_cast<int>(ids.size())).first->second;
  }
  std::map<std::pair<int, int>, int> balance;  // count of (i, j) minus count of (j, i), for i < j
  for (const Eigen::Vector3i &t : mesh.triangles)
    for (int e = 0; e < 3; ++e)
    {
      const int i = id[t[e]], j = id[t[(e + 1) % 3]];
      if (i == j)
        return false;
      balance[{std::min(i, j), std::max(i, j)}] += i < j ? 1 : -1;
    }
  return std::all_of(balance.begin(), balance.end(), [](const auto &entry) { return entry.second == 0; });
}

double windingNumber(const TriangleMesh &mesh, const Eigen::Vector3d &p)
{
  // signed solid angle of a triangle seen from p: tan(Ω/2) = a·(b×c) / (|a||b||c| + (a·b)|c| +
  // (a·c)|b| + (b·c)|a|) with a, b, c its corners relative to p
  double total = 0.0;
  for (const Eigen::Vector3i &t : mesh.triangles)
  {
    const Eigen::Vector3d a = mesh.vertices[t[0]] - p, b = mesh.vertices[t[1]] - p, c = mesh.vertices[t[2]] - p;
    const double la = a.norm(), lb = b.norm(), lc = c.norm();
    total += 2.0 * std::atan2(a.dot(b.cross(c)), la * lb * lc + a.dot(b) * lc + a.dot(c) * lb + b.dot(c) * la);
  }
  return total / (4.0 * numeric::kPi);
}

std::vector<Sphere> innerSpheres(const CollisionShape &shape, const Eigen::Isometry3d &X_FG, int max_count)
{
  std::vector<Sphere> balls;
  switch (shape.kind)
  {
    case CollisionShape::Kind::Mesh:
      balls = meshBalls(*shape.mesh, max_count);
      break;
    case CollisionShape::Kind::Box:
      balls = boxBalls(0.5 * shape.box_size, max_count);
      break;
    case CollisionShape::Kind::Cylinder:
      balls = cylinderBalls(shape.radius, shape.length, max_count);
      break;
    case CollisionShape::Kind::Sphere:
      balls = {Sphere{Eigen::Vector3d::Zero(), shape.radius}};
      break;
  }
  // rigid: centres move (rounding ≈ 1e-16 of the coordinates, inside the radii's nanometre)
  for (Sphere &ball : balls)
    ball = {X_FG * ball.centre, padDown(ball.radius)};
  return balls;
}
}  // namespace ompl_ccd
