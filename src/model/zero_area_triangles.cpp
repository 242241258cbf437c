#include "zero_area_triangles.h"

#include <array>
#include <set>
#include <utility>

#include "format_vector.h"
#include "ompl_ccd/error.h"

namespace ompl_ccd
{
namespace
{
using Point = std::array<double, 3>;
using Segment = std::pair<Point, Point>;

Point point(const Eigen::Vector3d &p) { return {p.x(), p.y(), p.z()}; }

Segment segment(const Eigen::Vector3d &p, const Eigen::Vector3d &q)
{
  const Point a = point(p), b = point(q);
  return a < b ? Segment{a, b} : Segment{b, a};
}

/// Edges and vertices of the kept triangles, by exact position (vertices of different assimp
/// meshes are not joined, so indices would not match).
struct MeshFeatures
{
  std::set<Segment> edges;
  std::set<Point> vertices;

  explicit MeshFeatures(const TriangleMesh &mesh)
  {
    for (const Eigen::Vector3i &t : mesh.triangles)
      for (int k = 0; k < 3; ++k)
      {
        const Eigen::Vector3d &p = mesh.vertices[t[k]], &q = mesh.vertices[t[(k + 1) % 3]];
        edges.insert(segment(p, q));
        vertices.insert(point(p));
      }
  }

  /// The point set of a zero-area triangle (the segment between its farthest vertices, through the
  /// third) lies in the kept triangles' edges.
  bool cover(const ZeroAreaTriangle &z) const
  {
    const Eigen::Vector3d v[3] = {z.a, z.b, z.c};
    int i = 0, j = 1;
    for (int p = 0; p < 3; ++p)
      for (int q = p + 1; q < 3; ++q)
        if ((v[q] - v[p]).squaredNorm() > (v[j] - v[i]).squaredNorm())
          i = p, j = q;
    const Eigen::Vector3d &middle = v[3 - i - j];
    if (v[i] == v[j])  // one point
      return vertices.count(point(v[i])) > 0;
    if (edges.count(segment(v[i], v[j])) > 0)
      return true;
    return edges.count(segment(v[i], middle)) > 0 && edges.count(segment(middle, v[j])) > 0;
  }
};
}  // namespace

void requireCoveredZeroAreaTriangles(const TriangleMesh &mesh, const std::vector<ZeroAreaTriangle> &dropped,
                                     const std::string &path, const std::string &context)
{
  if (dropped.empty())
    return;
  const MeshFeatures features(mesh);
  for (const ZeroAreaTriangle &z : dropped)
    OMPL_CCD_THROW_UNLESS(features.cover(z), "loadMesh: ", context, ": mesh file '", path, "' has a triangle of zero "
                          "area (face ", z.face, " of mesh ", z.mesh, ", vertices [", formatVector(z.a), "], [",
                          formatVector(z.b), "], [", formatVector(z.c), "]) whose segment is no edge of another "
                          "triangle: it is surface no certifier can see; delete it or give it area.");
}
}  // namespace ompl_ccd
