#include "spheres/point_mesh_distance.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "ompl_ccd/geometry/closest_points.h"

namespace ompl_ccd::spheres
{
namespace
{
double pointSegmentDistance(const Eigen::Vector3d &p, const Eigen::Vector3d &a, const Eigen::Vector3d &b)
{
  const Eigen::Vector3d ab = b - a;
  const double length2 = ab.squaredNorm();
  const double s = length2 > 0.0 ? std::clamp((p - a).dot(ab) / length2, 0.0, 1.0) : 0.0;
  return (a + s * ab - p).norm();
}
}  // namespace

double pointTriangleDistance(const Eigen::Vector3d &p, const Eigen::Vector3d &a, const Eigen::Vector3d &b,
                             const Eigen::Vector3d &c)
{
  const auto [v, w] = closestOnTriangle(p, a, b, c);
  if (std::isfinite(v) && std::isfinite(w))
    return (a + v * (b - a) + w * (c - a) - p).norm();
  // no area: the triangle is its edges
  return std::min({pointSegmentDistance(p, a, b), pointSegmentDistance(p, b, c), pointSegmentDistance(p, c, a)});
}

TriangleSet::TriangleSet(std::vector<std::array<Eigen::Vector3d, 3>> triangles)
  : triangles_(std::move(triangles)), bvh_(triangles_, 4)
{
}

double TriangleSet::distance(const Eigen::Vector3d &p) const
{
  double best = std::numeric_limits<double>::infinity();
  // depth-first, nearer child first; a node whose box is farther than the best is skipped
  std::vector<int> stack{0};
  const auto &nodes = bvh_.nodes();
  while (!stack.empty())
  {
    const TriangleBvh::Node &node = nodes[stack.back()];
    stack.pop_back();
    if (node.box.exteriorDistance(p) >= best)
      continue;
    if (node.leaf())
    {
      for (int i = node.first; i < node.first + node.count; ++i)
      {
        const auto &t = triangles_[bvh_.order()[i]];
        best = std::min(best, pointTriangleDistance(p, t[0], t[1], t[2]));
      }
      continue;
    }
    const double left = nodes[node.left].box.exteriorDistance(p), right = nodes[node.right].box.exteriorDistance(p);
    stack.push_back(left < right ? node.right : node.left);
    stack.push_back(left < right ? node.left : node.right);
  }
  return best;
}
}  // namespace ompl_ccd::spheres
