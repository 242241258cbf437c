#include "ompl_ccd/geometry/shape_triangulation.h"

#include <cassert>
#include <cmath>
#include <map>
#include <utility>

#include "ompl_ccd/numeric.h"

namespace ompl_ccd
{
namespace
{
using numeric::kPi;

/// Convex solid from vertices and outward counter-clockwise triangles in the shape frame G.
ShapeTriangles convexSolid(std::vector<Eigen::Vector3d> vertices, std::vector<Eigen::Vector3i> triangles)
{
  ShapeTriangles out;
  out.vertices = std::move(vertices);
  out.triangles = std::move(triangles);
  out.solid = true;
  return out;
}

ShapeTriangles box(const Eigen::Vector3d &size)
{
  const Eigen::Vector3d h = 0.5 * size;
  std::vector<Eigen::Vector3d> v;
  for (int k = 0; k < 8; ++k)
    v.emplace_back((k & 1) ? h.x() : -h.x(), (k & 2) ? h.y() : -h.y(), (k & 4) ? h.z() : -h.z());
  // Two triangles per face, counter-clockwise seen from outside.
  return convexSolid(v, {{0, 2, 1}, {1, 2, 3}, {4, 5, 6}, {5, 7, 6}, {0, 1, 4}, {1, 5, 4},
                         {2, 6, 3}, {3, 6, 7}, {0, 4, 2}, {2, 4, 6}, {1, 3, 5}, {3, 7, 5}});
}

ShapeTriangles cylinder(double radius, double length, int sides)
{
  // Circumscribed polygon: vertex radius r / cos(π/n) puts every side at distance r.
  const double rv = radius / std::cos(kPi / sides) * (1.0 + numeric::kFinePadRel);
  std::vector<Eigen::Vector3d> v;
  for (int i = 0; i < sides; ++i)
  {
    const double a = numeric::kTwoPi * i / sides;
    v.emplace_back(rv * std::cos(a), rv * std::sin(a), -0.5 * length);
    v.emplace_back(rv * std::cos(a), rv * std::sin(a), 0.5 * length);
  }
  const int bottom = static_cast<int>(v.size());
  v.emplace_back(0.0, 0.0, -0.5 * length);
  v.emplace_back(0.0, 0.0, 0.5 * length);
  std::vector<Eigen::Vector3i> t;
  for (int i = 0; i < sides; ++i)
  {
    const int j = (i + 1) % sides;
    t.emplace_back(2 * i, 2 * j, 2 * i + 1);
    t.emplace_back(2 * j, 2 * j + 1, 2 * i + 1);
    t.emplace_back(bottom, 2 * j, 2 * i);
    t.emplace_back(bottom + 1, 2 * i + 1, 2 * j + 1);
  }
  return convexSolid(v, t);
}

ShapeTriangles sphere(double radius)
{
  // Icosahedron subdivided once, projected on the unit sphere, then scaled so that its nearest
  // face plane is at distance ≥ radius.
  const double p = (1.0 + std::sqrt(5.0)) / 2.0;
  std::vector<Eigen::Vector3d> v = {{-1, p, 0}, {1, p, 0}, {-1, -p, 0}, {1, -p, 0}, {0, -1, p}, {0, 1, p},
                                    {0, -1, -p}, {0, 1, -p}, {p, 0, -1}, {p, 0, 1}, {-p, 0, -1}, {-p, 0, 1}};
  for (Eigen::Vector3d &x : v)
    x.normalize();
  std::vector<Eigen::Vector3i> t = {{0, 11, 5}, {0, 5, 1},  {0, 1, 7},   {0, 7, 10}, {0, 10, 11},
                                    {1, 5, 9},  {5, 11, 4}, {11, 10, 2}, {10, 7, 6}, {7, 1, 8},
                                    {3, 9, 4},  {3, 4, 2},  {3, 2, 6},   {3, 6, 8},  {3, 8, 9},
                                    {4, 9, 5},  {2, 4, 11}, {6, 2, 10},  {8, 6, 7},  {9, 8, 1}};
  std::map<std::pair<int, int>, int> midpoints;
  const auto midpoint = [&](int a, int b) {
    const std::pair<int, int> key(std::min(a, b), std::max(a, b));
    const auto it = midpoints.find(key);
    if (it != midpoints.end())
      return it->second;
    v.push_back((v[a] + v[b]).normalized());
    return midpoints[key] = static_cast<int>(v.size()) - 1;
  };
  std::vector<Eigen::Vector3i> fine;
  for (const Eigen::Vector3i &f : t)
  {
    const int ab = midpoint(f[0], f[1]), bc = midpoint(f[1], f[2]), ca = midpoint(f[2], f[0]);
    fine.emplace_back(f[0], ab, ca);
    fine.emplace_back(f[1], bc, ab);
    fine.emplace_back(f[2], ca, bc);
    fine.emplace_back(ab, bc, ca);
  }
  double inradius = 1.0;
  for (const Eigen::Vector3i &f : fine)
  {
    const Eigen::Vector3d n = (v[f[1]] - v[f[0]]).cross(v[f[2]] - v[f[0]]).normalized();
    inradius = std::min(inradius, std::fabs(n.dot(v[f[0]])));
  }
  for (Eigen::Vector3d &x : v)
    x *= radius / inradius * (1.0 + numeric::kPadRel);
  return convexSolid(v, fine);
}
}  // namespace

ShapeTriangles triangulateShape(const CollisionShape &shape, const Eigen::Isometry3d &X_FG, int sides)
{
  assert(sides >= 3);
  ShapeTriangles out;
  switch (shape.kind)
  {
    case CollisionShape::Kind::Mesh:
      out.vertices = shape.mesh->vertices;
      out.triangles = shape.mesh->triangles;
      break;
    case CollisionShape::Kind::Box:
      out = box(shape.box_size);
      break;
    case CollisionShape::Kind::Cylinder:
      out = cylinder(shape.radius, shape.length, sides);
      break;
    case CollisionShape::Kind::Sphere:
      out = sphere(shape.radius);
      break;
  }
  for (Eigen::Vector3d &p : out.vertices)
    p = X_FG * p;
  if (out.solid)
  {
    // Face planes oriented away from the centroid (inside the convex solid).
    Eigen::Vector3d centroid = Eigen::Vector3d::Zero();
    for (const Eigen::Vector3d &p : out.vertices)
      centroid += p / static_cast<double>(out.vertices.size());
    for (const Eigen::Vector3i &f : out.triangles)
    {
      const Eigen::Vector3d &a = out.vertices[f[0]];
      Eigen::Vector3d n = (out.vertices[f[1]] - a).cross(out.vertices[f[2]] - a).normalized();
      if (n.dot(centroid - a) > 0.0)
        n = -n;
      out.plane_normals.push_back(n);
      out.plane_offsets.push_back(n.dot(a));
    }
  }
  return out;
}
}  // namespace ompl_ccd
