#include "ompl_ccd/geometry/convex_hull.h"

#include <algorithm>
#include <cassert>
#include <ccd/vec3.h>
#include <cmath>
#include <cstdio>
#include <fcl/geometry/shape/convex.h>
#include <map>

extern "C"
{
#include <libqhull_r/qhull_ra.h>
}

#include "ompl_ccd/numeric.h"

namespace ompl_ccd
{
namespace
{
/// Slack (metres) added to a mesh hull's support value for points qhull left outside its facets.
constexpr double kHullSupportPad = 1e-9;
/// Thickness (metres) given to a flat side of a bounding-box hull, so that GJK sees a volume: a
/// nanometre, invisible at any mesh scale.
constexpr double kFlatBoxThickness = 1e-9;
/// Half of kFlatBoxThickness, added on each side (exactly 5e-10: halving does not round).
constexpr double kFlatBoxHalfThickness = 0.5 * kFlatBoxThickness;

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
  // A flat box still has volume for GJK: widen degenerate sides to kFlatBoxThickness.
  for (int k = 0; k < 3; ++k)
    if (hi[k] - lo[k] < kFlatBoxThickness)
    {
      lo[k] -= kFlatBoxHalfThickness;
      hi[k] += kFlatBoxHalfThickness;
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
/// Each triangle of \a faces (FCL's encoding, triangles only) as corner indices.
std::vector<Eigen::Vector3i> triangles(const std::vector<int> &faces)
{
  std::vector<Eigen::Vector3i> result;
  for (std::size_t f = 0; f + 3 < faces.size(); f += faces[f] + 1)
    result.emplace_back(faces[f + 1], faces[f + 2], faces[f + 3]);
  return result;
}

/// The plane of each counter-clockwise triangle as (unit outward normal, offset): the height of
/// a point p above it is plane·(p, 1).
std::vector<Eigen::Vector4d> facetPlanes(const std::vector<Eigen::Vector3d> &vertices,
                                         const std::vector<Eigen::Vector3i> &tris)
{
  std::vector<Eigen::Vector4d> planes;
  for (const Eigen::Vector3i &t : tris)
  {
    const Eigen::Vector3d normal =
        (vertices[t[1]] - vertices[t[0]]).cross(vertices[t[2]] - vertices[t[0]]).normalized();
    planes.emplace_back(normal.x(), normal.y(), normal.z(), -normal.dot(vertices[t[0]]));
  }
  return planes;
}

/// Distance from \a p to the closed convex polytope with these outward triangles: 0 inside, else
/// the distance to the nearest triangle whose plane \a p is above (the nearest point lies on one),
/// by libccd's exact point–triangle distance; a plane's height bounds its triangle's distance from
/// below, which skips most of them.
double distanceToPolytope(const Eigen::Vector3d &p, const std::vector<Eigen::Vector3d> &vertices,
                          const std::vector<Eigen::Vector3i> &tris, const std::vector<Eigen::Vector4d> &planes)
{
  const auto ccdVector = [](const Eigen::Vector3d &v) {
    ccd_vec3_t c;
    ccdVec3Set(&c, v.x(), v.y(), v.z());
    return c;
  };
  const ccd_vec3_t point = ccdVector(p);
  double nearest = numeric::kInfinity;
  bool outside = false;
  for (std::size_t f = 0; f < tris.size(); ++f)
  {
    const Eigen::Vector3i &t = tris[f];
    const double height = planes[f].dot(p.homogeneous());
    if (!(height > 0.0))
      continue;
    outside = true;
    if (height * height >= nearest)
      continue;
    const ccd_vec3_t a = ccdVector(vertices[t[0]]), b = ccdVector(vertices[t[1]]), c = ccdVector(vertices[t[2]]);
    nearest = std::min(nearest, static_cast<double>(ccdVec3PointTriDist2(&point, &a, &b, &c, nullptr)));
  }
  return outside ? std::sqrt(nearest) : 0.0;
}

/// A hull of a subset of \a vertices (the full hull's) within about \a max_gap of the full hull:
/// the extreme vertices along the 26 directions of a cube's faces, edges and corners, then, round
/// after round as in quickhull, for each kept facet the vertex farthest above its plane if it is
/// more than max_gap above, until no facet has one. \a gap receives the exact reach of the full
/// hull beyond the kept one (max distance of a full-hull vertex to it). False when the subset
/// would not be smaller than half the hull.
bool reducedHull(const std::vector<Eigen::Vector3d> &full, double max_gap, std::vector<Eigen::Vector3d> &vertices,
                 std::vector<int> &faces, int &num_faces, double &gap)
{
  std::vector<bool> kept(full.size(), false);
  std::vector<Eigen::Vector3d> subset;
  const auto keep = [&](std::size_t i) {
    if (!kept[i])
      subset.push_back(full[i]);
    kept[i] = true;
  };
  for (int x = -1; x <= 1; ++x)
    for (int y = -1; y <= 1; ++y)
      for (int z = -1; z <= 1; ++z)
        if (x != 0 || y != 0 || z != 0)
        {
          const Eigen::Vector3d n(x, y, z);
          std::size_t best = 0;
          for (std::size_t i = 1; i < full.size(); ++i)
            if (full[i].dot(n) > full[best].dot(n))
              best = i;
          keep(best);
        }
  // Vertices still more than max_gap above some plane; only they are searched in later rounds
  // (the hull only grows). The gap at the end is measured on every vertex, so this is a heuristic.
  std::vector<std::size_t> outside;
  for (std::size_t i = 0; i < full.size(); ++i)
    if (!kept[i])
      outside.push_back(i);
  while (2 * subset.size() < full.size())
  {
    if (!qhullHull(subset, vertices, faces, num_faces))
      return false;
    const std::vector<Eigen::Vector3i> tris = triangles(faces);
    const std::vector<Eigen::Vector4d> planes = facetPlanes(vertices, tris);
    std::vector<double> farthest(tris.size(), max_gap);
    std::vector<std::size_t> pick(tris.size(), full.size());
    std::vector<std::size_t> still_outside;
    for (std::size_t i : outside)
    {
      bool above = false;
      for (std::size_t f = 0; f < tris.size() && !kept[i]; ++f)
      {
        const double height = planes[f].dot(full[i].homogeneous());
        above = above || height > max_gap;
        if (height > farthest[f])
        {
          farthest[f] = height;
          pick[f] = i;
        }
      }
      if (above)
        still_outside.push_back(i);
    }
    outside = std::move(still_outside);
    const std::size_t before = subset.size();
    for (std::size_t i : pick)
      if (i < full.size())
        keep(i);
    if (subset.size() == before)
    {
      gap = 0.0;
      for (std::size_t i = 0; i < full.size(); ++i)
        if (!kept[i])
          gap = std::max(gap, distanceToPolytope(full[i], vertices, tris, planes));
      return true;
    }
  }
  return false;
}

/// Each vertex's neighbours along the edges of \a faces (FCL's encoding, triangles only), as
/// offsets and a flat list; false (and nothing) unless every edge is shared by exactly two
/// triangles and every vertex lies on one: only a closed surface lets a climb reach every vertex.
bool vertexNeighbours(std::size_t vertices, const std::vector<int> &faces, std::vector<int> &offsets,
                      std::vector<int> &neighbours)
{
  std::map<std::pair<int, int>, int> edge_faces;
  for (const Eigen::Vector3i &t : triangles(faces))
    for (int k = 0; k < 3; ++k)
      ++edge_faces[std::minmax(t[k], t[(k + 1) % 3])];
  std::vector<std::vector<int>> adjacent(vertices);
  for (const auto &[edge, count] : edge_faces)
  {
    if (count != 2)
      return false;
    adjacent[edge.first].push_back(edge.second);
    adjacent[edge.second].push_back(edge.first);
  }
  offsets.assign(1, 0);
  neighbours.clear();
  for (const std::vector<int> &around : adjacent)
  {
    if (around.empty())
      return false;
    neighbours.insert(neighbours.end(), around.begin(), around.end());
    offsets.push_back(static_cast<int>(neighbours.size()));
  }
  return true;
}
}  // namespace

ConvexHull::ConvexHull(const CollisionShape &shape, double max_gap) : shape_(shape)
{
  if (shape.kind != CollisionShape::Kind::Mesh)
  {
    fcl_geometry_ = makeFclGeometry(shape);
    return;
  }
  assert(shape.mesh && !shape.mesh->vertices.empty());
  int num_faces = 0;
  if (!qhullHull(shape.mesh->vertices, vertices_, faces_, num_faces))
  {
    boundingBoxHull(shape.mesh->vertices, vertices_, faces_);
    num_faces = 6;
  }
  std::vector<Eigen::Vector3d> reduced_vertices;
  std::vector<int> reduced_faces;
  int reduced_num_faces = 0;
  if (max_gap > 0.0 && reducedHull(vertices_, max_gap, reduced_vertices, reduced_faces, reduced_num_faces, gap_))
  {
    vertices_ = std::move(reduced_vertices);
    faces_ = std::move(reduced_faces);
    num_faces = reduced_num_faces;
  }
  finishMeshHull(num_faces);
}

std::optional<ConvexHull> ConvexHull::fromParts(const CollisionShape &shape, std::vector<Eigen::Vector3d> vertices,
                                                std::vector<int> faces, double gap)
{
  if (shape.kind != CollisionShape::Kind::Mesh || vertices.size() < 4 || !(gap >= 0.0 && std::isfinite(gap)))
    return std::nullopt;
  for (const Eigen::Vector3d &v : vertices)
    if (!v.allFinite())
      return std::nullopt;
  int num_faces = 0;
  for (std::size_t f = 0; f < faces.size(); f += faces[f] + 1, ++num_faces)
  {
    if (faces[f] < 3 || static_cast<std::size_t>(faces[f]) >= faces.size() - f)
      return std::nullopt;
    for (int k = 1; k <= faces[f]; ++k)
      if (faces[f + k] < 0 || static_cast<std::size_t>(faces[f + k]) >= vertices.size())
        return std::nullopt;
  }
  if (num_faces < 4)
    return std::nullopt;
  ConvexHull hull;
  hull.shape_ = shape;
  hull.vertices_ = std::move(vertices);
  hull.faces_ = std::move(faces);
  hull.gap_ = gap;
  hull.finishMeshHull(num_faces);
  return hull;
}

void ConvexHull::finishMeshHull(int num_faces)
{
  auto fcl_vertices = std::make_shared<const std::vector<Eigen::Vector3d>>(vertices_);
  auto fcl_faces = std::make_shared<const std::vector<int>>(faces_);
  fcl_geometry_ = std::make_shared<fcl::Convexd>(fcl_vertices, num_faces, fcl_faces);
  fcl_geometry_->computeLocalAABB();
  shape_.mesh.reset();  // the hull's vertices answer support queries
  if (!vertexNeighbours(vertices_.size(), faces_, offsets_, neighbours_))
  {
    offsets_.clear();
    neighbours_.clear();
  }
}

int ConvexHull::extremeVertex(const Eigen::Vector3d &n_G, int start) const
{
  int best = 0;
  if (offsets_.empty())
  {
    for (int v = 1; v < static_cast<int>(vertices_.size()); ++v)
      if (vertices_[v].dot(n_G) > vertices_[best].dot(n_G))
        best = v;
    return best;
  }
  // Climb: on a convex polytope a vertex no neighbour of which is higher along n is the highest
  // (the polytope lies in the cone of its edges there). Rounding can stop the climb at a vertex
  // whose neighbours are higher only by the heights' rounding (~1e-16 of the coordinates); the
  // top is then higher by at most that times how flat the vertex's edge cone is, which
  // kHullSupportPad covers for hulls whose edges are not many orders of magnitude shorter than
  // the hull (qhull merges near-coplanar facets; the tests compare the climb with a scan).
  best = start >= 0 && start < static_cast<int>(vertices_.size()) ? start : 0;
  double height = vertices_[best].dot(n_G);
  for (bool climbed = true; climbed;)
  {
    climbed = false;
    for (int k = offsets_[best]; k < offsets_[best + 1]; ++k)
    {
      const int v = neighbours_[k];
      const double h = vertices_[v].dot(n_G);
      if (h > height)
      {
        best = v;
        height = h;
        climbed = true;
        break;
      }
    }
  }
  return best;
}

double ConvexHull::support(const Eigen::Vector3d &n_G, int *hint) const
{
  switch (shape_.kind)
  {
    case CollisionShape::Kind::Mesh:
    {
      const int top = extremeVertex(n_G, hint ? *hint : 0);
      if (hint)
        *hint = top;
      const double h = vertices_[top].dot(n_G);
      // the full hull reaches gap beyond a reduced one; qhull may leave input points outside its
      // facets by its precision (~1e-13 m): pad.
      return h + (gap_ + kHullSupportPad) * n_G.norm();
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

double slabBetween(double h_A, double h_B)
{
  return -h_B - h_A - numeric::kSlabSlack * (1.0 + std::fabs(h_A) + std::fabs(h_B));
}
}  // namespace ompl_ccd
