#include "surface_samples.h"

#include <octomap/OcTree.h>

#include <fstream>
#include <random>
#include <stdexcept>

#include "ompl_ccd/geometry/shape_triangulation.h"

namespace ompl_ccd::test
{
std::vector<Eigen::Vector3d> sampleSurfaces(const Scene &scene, std::size_t count, std::uint32_t seed)
{
  std::vector<std::array<Eigen::Vector3d, 3>> triangles;
  std::vector<double> areas;
  for (const Obstacle &obstacle : scene.obstacles())
  {
    const ShapeTriangles shape = triangulateShape(obstacle.shape, obstacle.X_WG, 64);
    for (const Eigen::Vector3i &t : shape.triangles)
    {
      triangles.push_back({shape.vertices[t[0]], shape.vertices[t[1]], shape.vertices[t[2]]});
      areas.push_back(0.5 * (triangles.back()[1] - triangles.back()[0]).cross(triangles.back()[2] - triangles.back()[0]).norm());
    }
  }
  if (triangles.empty())
    throw std::runtime_error("sampleSurfaces: the scene has no surface");
  std::mt19937 rng(seed);
  std::discrete_distribution<std::size_t> pick(areas.begin(), areas.end());
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  std::vector<Eigen::Vector3d> points;
  points.reserve(count);
  for (std::size_t i = 0; i < count; ++i)
  {
    const auto &[a, b, c] = triangles[pick(rng)];
    double u = unit(rng), v = unit(rng);
    if (u + v > 1.0)
      u = 1.0 - u, v = 1.0 - v;
    points.push_back(a + u * (b - a) + v * (c - a));
  }
  return points;
}

void writeOctomap(const std::vector<Eigen::Vector3d> &points, double resolution, const std::string &path)
{
  octomap::OcTree tree(resolution);
  for (const Eigen::Vector3d &p : points)
    tree.updateNode(octomap::point3d(static_cast<float>(p.x()), static_cast<float>(p.y()), static_cast<float>(p.z())),
                    true);
  tree.updateInnerOccupancy();
  tree.prune();
  if (!tree.writeBinary(path))
    throw std::runtime_error("writeOctomap: cannot write " + path);
}

void writeBinaryPcd(const std::vector<Eigen::Vector3d> &points, const std::string &path)
{
  std::ofstream out(path, std::ios::binary);
  out << "# .PCD v0.7 - Point Cloud Data file format\nVERSION 0.7\nFIELDS x y z\nSIZE 4 4 4\nTYPE F F F\n"
      << "COUNT 1 1 1\nWIDTH " << points.size() << "\nHEIGHT 1\nVIEWPOINT 0 0 0 1 0 0 0\nPOINTS " << points.size()
      << "\nDATA binary\n";
  for (const Eigen::Vector3d &p : points)
  {
    const float xyz[3] = {static_cast<float>(p.x()), static_cast<float>(p.y()), static_cast<float>(p.z())};
    out.write(reinterpret_cast<const char *>(xyz), sizeof(xyz));
  }
  if (!out)
    throw std::runtime_error("writeBinaryPcd: cannot write " + path);
}

std::vector<Eigen::Vector3d> roundedToFloat(const std::vector<Eigen::Vector3d> &points)
{
  std::vector<Eigen::Vector3d> rounded;
  for (const Eigen::Vector3d &p : points)
    rounded.emplace_back(static_cast<float>(p.x()), static_cast<float>(p.y()), static_cast<float>(p.z()));
  return rounded;
}
}  // namespace ompl_ccd::test
