#pragma once
/// \file fcl_geometry.h
/// Conversion of a CollisionShape to the FCL geometry used for queries.

#include <Eigen/Geometry>
#include <fcl/geometry/collision_geometry.h>
#include <fcl/narrowphase/collision_object.h>
#include <memory>
#include <mutex>
#include <optional>

#include "ompl_ccd/model/collision_shape.h"

namespace ompl_ccd
{
using FclGeometryPtr = std::shared_ptr<fcl::CollisionGeometryd>;

/** \brief Mesh → fcl::BVHModel<fcl::OBBRSSd>; box, cylinder, sphere → the FCL primitive.
    The result is built once and only read afterwards (safe to share between threads), provided
    FCL objects of it are made by makeCollisionObject. */
FclGeometryPtr makeFclGeometry(const CollisionShape &shape);

/** \brief The lock makeCollisionObject holds. */
std::mutex &fclObjectConstructionMutex();

/** \brief A new FCL object (\a Object: fcl::CollisionObjectd or a subclass) of a shared \a geometry.
    FCL's CollisionObject constructor recomputes the geometry's local AABB — a write into the
    shared geometry — so objects are made under one process-wide lock: per-thread workspaces made
    at once by OMPL's parallel planners raced there (found by ThreadSanitizer). */
template <typename Object = fcl::CollisionObjectd>
std::unique_ptr<Object> makeCollisionObject(const FclGeometryPtr &geometry)
{
  const std::lock_guard<std::mutex> lock(fclObjectConstructionMutex());
  return std::make_unique<Object>(geometry);
}

/** \brief An FCL object whose world AABB the caller sets. FCL's computeAABB() bounds a turned
    geometry by the sphere around its local box, up to √3 times wider than the box turned: a
    broadphase or pair test on a box from the geometry's own turned box (dynamic_aabb.h's
    worldAabb) meets fewer neighbours. */
class BoxedCollisionObject : public fcl::CollisionObjectd
{
public:
  using fcl::CollisionObjectd::CollisionObjectd;
  /** \brief Sets the object's world AABB (what getAABB() returns) to \a box, which must hold the
      geometry at the object's transform. */
  void setAabb(const Eigen::AlignedBox3d &box)
  {
    aabb.min_ = box.min();
    aabb.max_ = box.max();
  }
};

/** \brief Triangles around a primitive, for exact distances: FCL measures two triangle
    hierarchies with exact triangle–triangle distances, where a cylinder primitive is measured by
    GJK, verified by a slab (convex_distance.h) but looser near contact. */
struct PrimitiveSurface
{
  /** \brief OBBRSS hierarchy of the triangles (geometry frame). */
  FclGeometryPtr triangles;
  /** \brief Every point of the triangles is within \e gap of the primitive, which they enclose:
      distance(x, triangles) ≤ distance(x, primitive) ≤ distance(x, triangles) + gap outside. */
  double gap = 0.0;
};

/** \brief A box's 12 surface triangles (gap 0), or the prism circumscribing a cylinder over an
    n-gon with as many sides as bring the gap r (1/cos(π/n) − 1) within \a max_gap (at most 2^14);
    nothing for meshes and spheres (FCL's sphere–triangle distance is in closed form). Being a
    surface it misses a body wholly inside the primitive: check overlap with the solid too. */
std::optional<PrimitiveSurface> makePrimitiveSurface(const CollisionShape &shape, double max_gap = 1e-7);

/** \brief A cylinder's axis: the segment between its caps' centres, as an FCL capsule of radius 0
    (pair_distance.h measures it in closed form against a triangle, a box or a segment), and the
    radius. The cylinder lies within \e radius of the segment, so
    distance(x, segment) − radius ≤ distance(x, cylinder), with equality when x is beside the
    cylinder (its nearest axis point is not an end): a cheap lower bound for long thin cylinders,
    whose prism surface (makePrimitiveSurface) makes FCL's mesh traversal slow. */
struct CylinderAxis
{
  /** \brief The segment, in the geometry frame G (z from −length/2 to length/2): fcl::Capsuled
      with radius 0. */
  FclGeometryPtr segment;
  double radius = 0.0;
};

/** \brief The axis of a cylinder; nothing for the other kinds. */
std::optional<CylinderAxis> makeCylinderAxis(const CollisionShape &shape);
}  // namespace ompl_ccd
