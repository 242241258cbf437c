#include "ompl_ccd/geometry/convex_hull.h"

#include <cassert>
#include <cmath>
#include <cstdio>
#include <fcl/geometry/shape/convex.h>
#include <limits>

extern "C"
{
#include <libqhull_r/qhull_ra.h>
}

namespace ompl_ccd
{
namespace
{
/// Slack (metres) added to a mesh hull's support value for points qhull left outside its facets.
constexpr double kHullSupportPad = 1e-9;

/// The 8 corners and 12 triangles of the bounding box of \a points.
void boundingBoxHull(const std::vector<Eigen::Vector3d> &points, std::vector<Eigen::Vector3d> &vertices,
                     std::vector<int> &faces)
{
  Eigen::Vector3d lo = points.front(), hi = points.front();
  for (const Eigen::Vector3d &p : points)
  {
    lo = lo.cwiseMin(p);
    hi = hi.cwiseMax(p);
  }
  // A flat box still has volume for GJK: widen degenerate sides by a nanometre.
  for (int k = 0; k < 3; ++k)
    if (hi[k] - lo[k] < 1e-9)
    {
      lo[k] -= 5e-10;
      hi[k] += 5e-10;
    }
  vertices.clear();
  for (int c = 0; c < 8; ++c)
    vertices.emplace_back((c & 1) ? hi.x() : lo.x(), (c & 2) ? hi.y() : lo.y(), (c & 4) ? hi.z() : lo.z());
  // faces as quads, counter-clockwise from outside: −x, +x, −y, +y, −z, +z
  faces = {4, 0, 4, 6, 2, 4, 1, 3, 7, 5, 4, 0, 1, 5, 4, 4, 2, 6, 7, 3, 4, 0, 2, 3, 1, 4, 4, 5, 7, 6};
}

/// qhull's hull of \a points as vertices and triangles (FCL's face encoding); false if qhull fails
/// (fewer than 4 points, flat or degenerate input).
bool qhullHull(const std::vector<Eigen::Vector3d> &points, std::vector<Eigen::Vector3d> &vertices,
               std::vector<int> &faces, int &num_faces)
{
  if (points.size() < 4)
    return false;
  std::vector<coordT> coordinates;
  coordinates.reserve(3 * points.size());
  for (const Eigen::Vector3d &p : points)
    coordinates.insert(coordinates.end(), {p.x(), p.y(), p.z()});
  qhT qh_storage;
  qhT *qh = &qh_storage;
  QHULL_LIB_CHECK
  qh_zero(qh, nullptr);
  // "Qt": triangulated output; no joggling (QJ would move points and lose containment). Flat input
  // is expected (the box fallback handles it): qhull's messages go to /dev/null, not stderr.
  static FILE *const quiet = std::fopen("/dev/null", "w");
  char options[] = "qhull Qt";
  const int status = qh_new_qhull(qh, 3, static_cast<int>(points.size()), coordinates.data(), False, options,
                                  nullptr, quiet);
  bool ok = status == 0;
  if (ok)
  {
    std::vector<int> index(points.size(), -1);
    vertices.clear();
    faces.clear();
    num_faces = 0;
    vertexT *vertex;
    FORALLvertices
    {
      const int id = qh_pointid(qh, vertex->point);
      index[id] = static_cast<int>(vertices.size());
      vertices.push_back(points[id]);
    }
    facetT *facet;
    FORALLfacets
    {
      int corner[3], k = 0;
      vertexT **vertexp;
      FOREACHvertex_(facet->vertices)
      {
        if (k < 3)
          corner[k] = index[qh_pointid(qh, vertex->point)];
        ++k;
      }
      if (k != 3)
        continue;
      // qhull's vertex order is not oriented: orient counter-clockwise seen from outside
      // (along the facet's outward normal).
      const Eigen::Vector3d &a = vertices[corner[0]], &b = vertices[corner[1]], &c = vertices[corner[2]];
      if ((b - a).cross(c - a).dot(Eigen::Vector3d(facet->normal[0], facet->normal[1], facet->normal[2])) < 0.0)
        std::swap(corner[1], corner[2]);
      faces.insert(faces.end(), {3, corner[0], corner[1], corner[2]});
      ++num_faces;
    }
  }
  qh_freeqhull(qh, !qh_ALL);
  int curlong, totlong;
  qh_memfreeshort(qh, &curlong, &totlong);
  return ok && num_faces >= 4;
}
}  // namespace

ConvexHull::ConvexHull(const CollisionShape &shape) : shape_(shape)
{
  if (shape.kind != CollisionShape::Kind::Mesh)
  {
    fcl_geometry_ = makeFclGeometry(shape);
    return;
  }
  assert(shape.mesh && !shape.mesh->vertices.empty());
  std::vector<int> faces;
  int num_faces = 0;
  if (!qhullHull(shape.mesh->vertices, vertices_, faces, num_faces))
  {
    boundingBoxHull(shape.mesh->vertices, vertices_, faces);
    num_faces = 6;
  }
  auto fcl_vertices = std::make_shared<const std::vector<Eigen::Vector3d>>(vertices_);
  auto fcl_faces = std::make_shared<const std::vector<int>>(faces);
  fcl_geometry_ = std::make_shared<fcl::Convexd>(fcl_vertices, num_faces, fcl_faces);
  fcl_geometry_->computeLocalAABB();
  shape_.mesh.reset();  // the hull's vertices answer support queries
}

double ConvexHull::support(const Eigen::Vector3d &n_G) const
{
  switch (shape_.kind)
  {
    case CollisionShape::Kind::Mesh:
    {
      double h = -std::numeric_limits<double>::infinity();
      for (const Eigen::Vector3d &v : vertices_)
        h = std::max(h, v.dot(n_G));
      // qhull may leave input points outside its facets by its precision (~1e-13 m): pad.
      return h + kHullSupportPad * n_G.norm();
    }
    case CollisionShape::Kind::Box:
      return 0.5 * shape_.box_size.cwiseProduct(n_G).cwiseAbs().sum();
    case CollisionShape::Kind::Cylinder:
      // rim point: r |n_xy| + (l/2) |n_z|
      return shape_.radius * std::hypot(n_G.x(), n_G.y()) + 0.5 * shape_.length * std::fabs(n_G.z());
    case CollisionShape::Kind::Sphere:
      return shape_.radius * n_G.norm();
  }
  return 0.0;
}
}  // namespace ompl_ccd
