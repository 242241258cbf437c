// Mesh obstacles as groups of nearby triangles in float (sphere_model.h, LaneTriangle).
//
// Why each part of LaneTriangle's bound is below the distance from p to every point q of the
// triangle T (n, e_i unit, computed in double):
//   - plane: n·(p − q) = (n·p − h) − n·(q − a) with h = n·a, and |n·(q − a)| ≤ slack, the largest
//     |n·(v − a)| over T's vertices v (T is their convex hull; slack is 0 but for rounding);
//   - edges: e_i (in T's plane, ⊥ n) points out of T across edge i, so e_i·q ≤ o_i, the largest
//     e_i·v over the vertices, and e_i·(p − q) ≥ e_i·p − o_i;
//   - n ⊥ e_i: |p − q|² = (n·(p − q))² + |(p − q) in the plane|², and the second is at least
//     (e_i·(p − q))² wherever that is positive; so |p − q| ≥ √(a² + b²) with a, b the clamped
//     plane and edge terms;
//   - ball: T lies in the ball (c, r), so |p − q| ≥ |p − c| − r.
// The double-precision rounding of n and e_i (1e-16 off unit and off perpendicular) moves these by
// far less than the float pad of the obstacle's distances (distanceRounding): the float fields,
// each within u of its double, and the float dot products, within γ₃ of |n||p|, give an error below
// 12u (reach + |centre| + size) of the bound, inside that pad's 32u.
#include <algorithm>
#include <numeric>

#include "ompl_ccd/numeric.h"

#include "spheres/sphere_model.h"

namespace ompl_ccd::spheres
{
namespace
{
/// Relative size below which a triangle counts as having no area (its plane and edges unknown).
constexpr double kFlatRatio = 1e-9;

LaneTriangle laneTriangle(const Eigen::Vector3d v[3])
{
  LaneTriangle t;
  const Sphere ball = ballAbout({{v[0], 0.0}, {v[1], 0.0}, {v[2], 0.0}});
  for (int i = 0; i < 3; ++i)
    t.c[i] = static_cast<float>(ball.centre[i]);
  // the float centre moves by at most u|c| per axis: the radius grows by that much
  t.r = floatUp(numeric::padUp(ball.radius + 2.0 * kFloatRoundoff * ball.centre.norm()));
  const Eigen::Vector3d cross = (v[1] - v[0]).cross(v[2] - v[0]);
  const double longest = std::max({(v[1] - v[0]).norm(), (v[2] - v[1]).norm(), (v[0] - v[2]).norm()});
  if (!(cross.norm() > kFlatRatio * longest * longest))
    return t;  // no area: the ball alone
  const Eigen::Vector3d n = cross.normalized();
  double slack = 0.0;
  for (int k = 0; k < 3; ++k)
    slack = std::max(slack, std::abs(n.dot(v[k] - v[0])));
  const double h = n.dot(v[0]);
  for (int i = 0; i < 3; ++i)
  {
    t.n[i] = static_cast<float>(n[i]);
    Eigen::Vector3d e = n.cross(v[(i + 1) % 3] - v[i]).normalized();
    if (e.dot(v[(i + 2) % 3] - v[i]) > 0.0)
      e = -e;  // out of the triangle, whichever way it winds
    double o = e.dot(v[0]);
    for (int k = 1; k < 3; ++k)
      o = std::max(o, e.dot(v[k]));
    for (int k = 0; k < 3; ++k)
      t.e[3 * i + k] = static_cast<float>(e[k]);
    t.o[i] = floatUp(numeric::padUp(o));
  }
  // h rounded to float moves the plane term by u|h|: the slack takes it
  t.h = static_cast<float>(h);
  t.slack = floatUp(numeric::padUp(slack + 2.0 * kFloatRoundoff * std::abs(h)));
  return t;
}
}  // namespace

void SphereModel::addTriangleGroups(const LaneObstacle &lane, const Obstacle &obstacle, int per_group)
{
  const TriangleMesh &mesh = *obstacle.shape.mesh;
  std::vector<Eigen::Vector3d> p_WV;
  for (const Eigen::Vector3d &p_MV : mesh.vertices)
    p_WV.push_back(obstacle.X_WG * p_MV);
  std::vector<Eigen::Vector3d> centroid;
  for (const Eigen::Vector3i &tri : mesh.triangles)
    centroid.push_back((p_WV[tri[0]] + p_WV[tri[1]] + p_WV[tri[2]]) / 3.0);
  std::vector<int> order(mesh.triangles.size());
  std::iota(order.begin(), order.end(), 0);
  // median splits along the longest side of the centroids' box, down to groups of per_group
  std::vector<std::pair<int, int>> todo{{0, static_cast<int>(order.size())}};
  while (!todo.empty())
  {
    const auto [first, last] = todo.back();
    todo.pop_back();
    if (last - first > per_group)
    {
      Eigen::AlignedBox3d box;
      for (int k = first; k < last; ++k)
        box.extend(centroid[order[k]]);
      int axis = 0;
      box.sizes().maxCoeff(&axis);
      const int middle = first + (last - first) / 2;
      std::nth_element(order.begin() + first, order.begin() + middle, order.begin() + last,
                       [&](int x, int y) { return centroid[x][axis] < centroid[y][axis]; });
      todo.push_back({first, middle});
      todo.push_back({middle, last});
      continue;
    }
    LaneObstacle part = lane;
    part.triangle_first = static_cast<int>(obstacle_triangles_.size());
    std::vector<Sphere> corners;
    for (int k = first; k < last; ++k)
    {
      const Eigen::Vector3i &tri = mesh.triangles[order[k]];
      const Eigen::Vector3d v[3] = {p_WV[tri[0]], p_WV[tri[1]], p_WV[tri[2]]};
      obstacle_triangles_.push_back(laneTriangle(v));
      for (const Eigen::Vector3d &corner : v)
        corners.push_back({corner, 0.0});
    }
    part.triangle_count = last - first;
    if (part.triangle_count > 0)
      addObstacle(part, ballAbout(corners));
  }
}
}  // namespace ompl_ccd::spheres
