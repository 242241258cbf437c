#pragma once
/// \file convex_hull.h
/// Convex hulls of collision geometries (qhull), built once per link geometry or obstacle at load:
/// the cheap convex stand-ins of [Zhang2007] Sec. 7.2 and the support function h(n) = max x·n
/// used for directed motion bounds.
///
/// References: [Zhang2007] in README.md (section References).

#include <Eigen/Core>
#include <memory>
#include <optional>
#include <vector>

#include "ompl_ccd/geometry/fcl_geometry.h"
#include "ompl_ccd/model/collision_shape.h"

namespace ompl_ccd
{
/** \brief A convex set that contains a CollisionShape, in the shape's frame G. */
class ConvexHull
{
public:
  /** \brief The hull of \a shape: for a mesh, qhull's hull of its vertices (or, for flat or
      degenerate vertex sets qhull refuses, the vertices' bounding box); a primitive is its own
      hull. \pre a mesh has at least one vertex.
      \param max_gap when positive, a dense mesh hull is reduced to the hull of some of its
             vertices whose planes no other vertex is more than about max_gap (metres) above; the
             full hull then reaches gap() beyond vertices() and fclGeometry(). Fewer vertices make
             support() and GJK on fclGeometry() cheaper. 0: the full hull. */
  explicit ConvexHull(const CollisionShape &shape, double max_gap = 0.0);

  /** \brief The hull of mesh \a shape from the parts of one built earlier for it (vertices(),
      faces(), gap()): how a cached hull is read back (hull_cache.h); no qhull. nullopt when the
      parts are not a hull's: \a shape not a mesh, fewer than 4 vertices, a non-finite
      coordinate, a face that is not a polygon of 3 or more of the vertices, or a negative or
      non-finite gap. The parts must come from a hull of this very shape (the cache's key
      ensures it): nothing checks that they contain it. */
  static std::optional<ConvexHull> fromParts(const CollisionShape &shape, std::vector<Eigen::Vector3d> vertices,
                                             std::vector<int> faces, double gap);
  /** \brief Support function h(n) = max { x·n : x in the hull }, n in the frame G (any length).
      Exact up to rounding: vertices for meshes (plus gap()·|n|), closed forms for primitives.
      A mesh hull's vertex is found by climbing from vertex \a *hint (or 0) to a neighbour higher
      along n until none is (a linear function's local maximum over a convex polytope's edges is
      its maximum), and *hint is set to it: queries along nearby directions then take a step or
      two instead of a scan of every vertex. A hull whose triangles do not close up (every edge
      shared by two) is scanned instead. */
  double support(const Eigen::Vector3d &n_G, int *hint = nullptr) const;
  /** \brief FCL geometry of the hull (fcl::Convexd for meshes, the primitive otherwise); its
      distance to anything, minus gap(), is a lower bound on the shape's. */
  const FclGeometryPtr &fclGeometry() const { return fcl_geometry_; }
  /** \brief Hull vertices (meshes only; empty for primitives). */
  const std::vector<Eigen::Vector3d> &vertices() const { return vertices_; }
  /** \brief Hull faces in FCL's encoding (n, then n indices into vertices(), counter-clockwise seen
      from outside; meshes only, empty for primitives). */
  const std::vector<int> &faces() const { return faces_; }
  /** \brief How far the shape reaches beyond the hull of vertices() (a reduced hull), upper bound
      up to rounding; 0 for a full hull. */
  double gap() const { return gap_; }

private:
  ConvexHull() = default;
  /** \brief Makes the FCL geometry and the vertices' neighbours of a mesh hull from vertices_ and
      faces_ (\a num_faces of them). */
  void finishMeshHull(int num_faces);
  /** \brief The vertex maximising v·n_G (climbing from \a start when the edges are known). */
  int extremeVertex(const Eigen::Vector3d &n_G, int start) const;

  CollisionShape shape_;
  std::vector<Eigen::Vector3d> vertices_;
  std::vector<int> faces_;
  /** \brief Vertex v's neighbours along the hull's edges: neighbours_[offsets_[v] .. offsets_[v + 1]);
      empty when the triangles do not close up. */
  std::vector<int> offsets_, neighbours_;
  double gap_ = 0.0;
  FclGeometryPtr fcl_geometry_;
};

/** \brief h(dir) = max over \a hull, placed at \a X_WG, of x·dir (world frame, metres).
    \param[in,out] hint where the hull's search starts (its last extreme vertex), or null. */
inline double supportAlong(const ConvexHull &hull, const Eigen::Isometry3d &X_WG, const Eigen::Vector3d &dir, int *hint)
{
  return hull.support(X_WG.linear().transpose() * dir, hint) + X_WG.translation().dot(dir);
}

/** \brief The width of the slab between hulls A and B along a unit n, −h_B(−n) − h_A(n), from
    \a h_A = h_A(n) and \a h_B = h_B(−n) (supportAlong), lowered by the slack of their rounding: a
    lower bound on the distance between the hulls (and between anything inside them) for every
    unit n, positive only where n separates them. */
double slabBetween(double h_A, double h_B);
}  // namespace ompl_ccd
