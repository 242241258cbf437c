#include "ompl_ccd/geometry/pair_distance.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <fcl/geometry/shape/box.h>
#include <fcl/geometry/shape/capsule.h>
#include <fcl/geometry/shape/cylinder.h>
#include <fcl/geometry/shape/sphere.h>
#include <fcl/geometry/shape/triangle_p.h>
#include <fcl/narrowphase/detail/traversal/collision_node.h>
#include <fcl/narrowphase/detail/traversal/distance/mesh_distance_traversal_node.h>
#include <fcl/narrowphase/detail/traversal/distance/mesh_shape_distance_traversal_node.h>
#include <fcl/narrowphase/distance.h>

#include "ompl_ccd/geometry/convex_distance.h"
#include "ompl_ccd/geometry/sphere_triangle_distance.h"
#include "ompl_ccd/numeric.h"

namespace ompl_ccd
{
namespace
{
bool isMesh(const fcl::CollisionObjectd &object) { return object.getObjectType() == fcl::OT_BVH; }

bool isSphere(const fcl::CollisionObjectd &object) { return object.getNodeType() == fcl::GEOM_SPHERE; }

/// Whether FCL's distance of two primitives is one of the closed forms of its GJKSolver_libccd
/// (gjk_solver_libccd-inl.h, the ShapeDistanceLibccdImpl specialisations): a sphere against a
/// sphere, box, cylinder or capsule. No other primitive pair may reach fcl::distance: the general
/// case there is libccd's GJK (see pair_distance.h).
bool sphereClosedForm(const fcl::CollisionObjectd &a, const fcl::CollisionObjectd &b)
{
  if (!isSphere(a) && !isSphere(b))
    return false;
  switch ((isSphere(a) ? b : a).getNodeType())
  {
    case fcl::GEOM_SPHERE:
    case fcl::GEOM_BOX:
    case fcl::GEOM_CYLINDER:
    case fcl::GEOM_CAPSULE:
      return true;
    default:
      return false;
  }
}

using Mesh = fcl::BVHModel<fcl::OBBRSSd>;

/// The narrow phase FCL's mesh–shape traversal calls on each triangle against the shape (what
/// fcl::distance would hand to libccd's GJK, or for a sphere to FCL's sphereTriangleDistance, which
/// may leave the distance unset): a sphere's closed form (sphere_triangle_distance.h), another
/// shape's convexDistance, the leaf's value being its lower bound (\e lower) or its upper bound,
/// always written. FCL keeps the least leaf value and prunes a bounding volume farther than it, so
/// the traversal returns the least lower bound over the triangles it visits — a pruned triangle
/// being farther than that least value already — or the least upper bound.
struct TriangleBoundSolver
{
  bool lower = true;

  /// \param X_WS the shape's pose; p1, p2, p3 the triangle in the mesh frame, X_WM the mesh's pose.
  /// \param[out] p_shape, p_triangle the nearest points found, world frame.
  template <typename Shape>
  bool shapeTriangleDistance(const Shape &shape, const fcl::Transform3d &X_WS, const fcl::Vector3d &p1,
                             const fcl::Vector3d &p2, const fcl::Vector3d &p3, const fcl::Transform3d &X_WM,
                             double *distance, fcl::Vector3d *p_shape, fcl::Vector3d *p_triangle) const
  {
    const fcl::TrianglePd triangle(X_WM * p1, X_WM * p2, X_WM * p3);
    return leaf(convexDistance(shape, X_WS, triangle, Eigen::Isometry3d::Identity()), distance, p_shape, p_triangle);
  }

  /// A sphere: the closed form, for every triangle (overlapping or collapsed ones too).
  bool shapeTriangleDistance(const fcl::Sphered &sphere, const fcl::Transform3d &X_WS, const fcl::Vector3d &p1,
                             const fcl::Vector3d &p2, const fcl::Vector3d &p3, const fcl::Transform3d &X_WM,
                             double *distance, fcl::Vector3d *p_shape, fcl::Vector3d *p_triangle) const
  {
    return leaf(sphereTriangleBounds(X_WS.translation(), sphere.radius, X_WM * p1, X_WM * p2, X_WM * p3), distance,
                p_shape, p_triangle);
  }

  /// The leaf's value and points from a triangle's \a bounds (p_WA on the shape).
  bool leaf(const DistanceBounds &bounds, double *distance, fcl::Vector3d *p_shape, fcl::Vector3d *p_triangle) const
  {
    *distance = lower ? bounds.lower : bounds.upper;
    *p_shape = bounds.nearest.p_WA;
    *p_triangle = bounds.nearest.p_WB;
    return *distance > 0.0;
  }

  /// The same with the triangle in the world frame (FCL's unoriented nodes; the OBBRSS node, the
  /// only one used, calls the overload above).
  template <typename Shape>
  bool shapeTriangleDistance(const Shape &shape, const fcl::Transform3d &X_WS, const fcl::Vector3d &p1,
                             const fcl::Vector3d &p2, const fcl::Vector3d &p3, double *distance,
                             fcl::Vector3d *p_shape, fcl::Vector3d *p_triangle) const
  {
    return shapeTriangleDistance(shape, X_WS, p1, p2, p3, fcl::Transform3d::Identity(), distance, p_shape,
                                 p_triangle);
  }
};

/// FCL 0.7's traversal nodes copy rel_err/abs_err from their own default request, before
/// initialize() sets the real one, so fcl::distance never stops early: these run the same
/// traversals as fcl::distance with the request's error bounds in force.
template <typename Node, typename... Arguments>
double traverseWithErrorBounds(Node &node, const fcl::DistanceRequestd &request, fcl::DistanceResultd &result,
                               const Arguments &...arguments)
{
  fcl::detail::initialize(node, arguments..., request, result);
  node.rel_err = request.rel_err;
  node.abs_err = request.abs_err;
  fcl::detail::distance(&node);
  return result.min_distance;
}

/// The least leaf value of \a mesh against \a shape (a Shape) with \a solver.
template <typename Shape, typename Solver>
double meshShapeDistance(const fcl::CollisionObjectd &mesh, const fcl::CollisionObjectd &shape,
                         const fcl::DistanceRequestd &request, fcl::DistanceResultd &result, const Solver &solver)
{
  fcl::detail::MeshShapeDistanceTraversalNodeOBBRSS<Shape, Solver> node;
  return traverseWithErrorBounds(node, request, result, static_cast<const Mesh &>(*mesh.collisionGeometry()),
                                 mesh.getTransform(), static_cast<const Shape &>(*shape.collisionGeometry()),
                                 shape.getTransform(), &solver);
}

/// The request of a query stopping early within \a rel_err: FCL prunes a pair of bounding volumes
/// at distance c when c ≥ d − abs_err AND c·(1 + rel_err) ≥ d (d the least value so far):
/// abs_err = ∞ leaves the relative test alone, rel_err = 0 is exact.
fcl::DistanceRequestd requestWithin(double rel_err)
{
  fcl::DistanceRequestd request;
  request.enable_nearest_points = true;
  request.rel_err = rel_err;
  request.abs_err = rel_err > 0.0 ? numeric::kInfinity : 0.0;
  return request;
}

/// The bounds of a closed-form distance \a d of two real points (FCL's triangle–triangle distance,
/// a sphere's closed forms; −1 or 0 when they touch or overlap) found by a query stopping early
/// within \a rel_err: every pruned part was at least d/(1 + rel_err) away.
DistanceBounds closedFormBounds(double d, double rel_err, const fcl::DistanceResultd &result)
{
  DistanceBounds bounds;
  bounds.nearest.p_WA = result.nearest_points[0];
  bounds.nearest.p_WB = result.nearest_points[1];
  if (std::isnan(d))
    return bounds;  // claims nothing
  if (!(d > 0.0))
  {
    bounds.upper = 0.0;
    return bounds;
  }
  const double deflated = rel_err > 0.0 ? d / (1.0 + rel_err) * (1.0 - numeric::kUlpPadRel) : d;
  bounds.lower = std::max(0.0, deflated - numeric::kFinePadRel * (1.0 + d));
  bounds.upper = d * (1.0 + numeric::kFinePadRel) + numeric::kUlpPadAbs;
  return bounds;
}

/// Mesh \a mesh against primitive \a shape: a sphere by the sphere–triangle closed form, a box,
/// capsule or cylinder by convexDistance on each triangle (the traversal minimising the triangles'
/// lower bounds when \a lower, else their upper bounds: the other bound is then the points' distance, or 0).
DistanceBounds meshShapeBounds(const fcl::CollisionObjectd &mesh, const fcl::CollisionObjectd &shape, double rel_err,
                               bool lower)
{
  const fcl::DistanceRequestd request = requestWithin(lower ? rel_err : 0.0);
  fcl::DistanceResultd result;
  const TriangleBoundSolver solver{lower};
  double d = numeric::kInfinity;
  switch (shape.getNodeType())
  {
    case fcl::GEOM_SPHERE:
      d = meshShapeDistance<fcl::Sphered>(mesh, shape, request, result, solver);
      break;
    case fcl::GEOM_BOX:
      d = meshShapeDistance<fcl::Boxd>(mesh, shape, request, result, solver);
      break;
    case fcl::GEOM_CAPSULE:
      d = meshShapeDistance<fcl::Capsuled>(mesh, shape, request, result, solver);
      break;
    case fcl::GEOM_CYLINDER:
      d = meshShapeDistance<fcl::Cylinderd>(mesh, shape, request, result, solver);
      break;
    default:
      assert(false && "pair_distance: no mesh distance for this primitive");
      return DistanceBounds{};  // claims nothing
  }
  DistanceBounds bounds;
  // FCL's leaf points: the mesh's first (o1), the shape's second
  bounds.nearest.p_WA = result.nearest_points[0];
  bounds.nearest.p_WB = result.nearest_points[1];
  if (!(d >= 0.0))
    return bounds;
  if (lower)
  {
    bounds.lower = request.rel_err > 0.0 ? d / (1.0 + request.rel_err) * (1.0 - numeric::kUlpPadRel) : d;
    const double apart = (bounds.nearest.p_WB - bounds.nearest.p_WA).norm();
    bounds.upper = std::isfinite(apart) ? std::max(apart * (1.0 + numeric::kFinePadRel) + numeric::kUlpPadAbs,
                                                   bounds.lower)
                                        : numeric::kInfinity;
  }
  else
    bounds.upper = d;
  return bounds;
}

/// The bounds of \a a and \a b (see pair_distance.h); \a lower picks the bound a mesh–primitive
/// traversal minimises.
DistanceBounds pairBounds(const fcl::CollisionObjectd &a, const fcl::CollisionObjectd &b, double rel_err, bool lower)
{
  assert(rel_err >= 0.0);
  if (isMesh(a) && isMesh(b))
  {
    const fcl::DistanceRequestd request = requestWithin(rel_err);
    fcl::DistanceResultd result;
    fcl::detail::MeshDistanceTraversalNodeOBBRSS<double> node;
    const double d = traverseWithErrorBounds(node, request, result, static_cast<const Mesh &>(*a.collisionGeometry()),
                                             a.getTransform(), static_cast<const Mesh &>(*b.collisionGeometry()),
                                             b.getTransform());
    return closedFormBounds(d, rel_err, result);
  }
  if (isMesh(b))
  {
    DistanceBounds bounds = pairBounds(b, a, rel_err, lower);
    std::swap(bounds.nearest.p_WA, bounds.nearest.p_WB);
    return bounds;
  }
  if (isMesh(a))
    return meshShapeBounds(a, b, rel_err, lower);
  if (sphereClosedForm(a, b))
  {
    fcl::DistanceResultd result;
    return closedFormBounds(fcl::distance(&a, &b, requestWithin(0.0), result), 0.0, result);
  }
  if (isConvexShape(*a.collisionGeometry()) && isConvexShape(*b.collisionGeometry()))
    return convexDistance(*a.collisionGeometry(), a.getTransform(), *b.collisionGeometry(), b.getTransform());
  assert(false && "pair_distance: no distance for this pair of shapes");
  return DistanceBounds{};  // claims nothing
}
}  // namespace

double pairDistanceLowerBound(const fcl::CollisionObjectd &a, const fcl::CollisionObjectd &b, NearestPoints *nearest,
                              double rel_err)
{
  const DistanceBounds bounds = pairBounds(a, b, rel_err, true);
  if (nearest)
    *nearest = bounds.nearest;
  return bounds.lower;
}

double pairDistanceUpperBound(const fcl::CollisionObjectd &a, const fcl::CollisionObjectd &b, NearestPoints *nearest)
{
  const DistanceBounds bounds = pairBounds(a, b, 0.0, false);
  if (nearest)
    *nearest = bounds.nearest;
  return bounds.upper;
}

DistanceBounds pairDistanceBounds(const fcl::CollisionObjectd &a, const fcl::CollisionObjectd &b)
{
  return pairBounds(a, b, 0.0, true);
}

bool convexNearestPoints(const fcl::CollisionObjectd &a, const fcl::CollisionObjectd &b, NearestPoints &nearest)
{
  assert(!isMesh(a) && !isMesh(b));
  const DistanceBounds bounds = pairBounds(a, b, 0.0, true);
  nearest = bounds.nearest;
  return bounds.upper > 0.0;
}
}  // namespace ompl_ccd
