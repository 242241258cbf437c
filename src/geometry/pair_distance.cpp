#include "ompl_ccd/geometry/pair_distance.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <fcl/narrowphase/distance.h>
#include <fcl/narrowphase/detail/traversal/collision_node.h>
#include <fcl/narrowphase/detail/gjk_solver_libccd.h>
#include <fcl/narrowphase/detail/traversal/distance/mesh_distance_traversal_node.h>
#include <fcl/narrowphase/detail/traversal/distance/mesh_shape_distance_traversal_node.h>
#include <fcl/geometry/shape/box.h>
#include <fcl/geometry/shape/cylinder.h>
#include <fcl/geometry/shape/sphere.h>

#include "ompl_ccd/numeric.h"

namespace ompl_ccd
{
namespace
{
bool isMesh(const fcl::CollisionObjectd &object) { return object.getObjectType() == fcl::OT_BVH; }

/// Whether FCL computes the distance in closed form, without GJK's iterations: triangle–triangle
/// (mesh–mesh), and a sphere against a mesh, sphere, box or cylinder (the sphere specialisations
/// of FCL's GJKSolver_libccd). Then only rounding separates FCL's distance from the true one.
bool closedFormDistance(const fcl::CollisionObjectd &a, const fcl::CollisionObjectd &b)
{
  if (isMesh(a) && isMesh(b))
    return true;
  const bool sphere_a = a.getNodeType() == fcl::GEOM_SPHERE, sphere_b = b.getNodeType() == fcl::GEOM_SPHERE;
  if (!sphere_a && !sphere_b)
    return false;
  const fcl::CollisionObjectd &other = sphere_a ? b : a;
  const fcl::NODE_TYPE kind = other.getNodeType();
  return isMesh(other) || kind == fcl::GEOM_SPHERE || kind == fcl::GEOM_BOX || kind == fcl::GEOM_CYLINDER;
}

using Mesh = fcl::BVHModel<fcl::OBBRSSd>;
using Solver = fcl::detail::GJKSolver_libccd<double>;

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

template <typename Shape>
double meshShapeDistance(const fcl::CollisionObjectd &mesh, const fcl::CollisionObjectd &shape,
                         const fcl::DistanceRequestd &request, fcl::DistanceResultd &result)
{
  Solver solver;
  solver.distance_tolerance = request.distance_tolerance;
  fcl::detail::MeshShapeDistanceTraversalNodeOBBRSS<Shape, Solver> node;
  return traverseWithErrorBounds(node, request, result, static_cast<const Mesh &>(*mesh.collisionGeometry()),
                                 mesh.getTransform(), static_cast<const Shape &>(*shape.collisionGeometry()),
                                 shape.getTransform(), &solver);
}

/// fcl::distance(a, b) with early stops: mesh–mesh and mesh–primitive (either order); other
/// pairs (GJK on convex shapes) through fcl::distance itself.
double distanceWithErrorBounds(const fcl::CollisionObjectd &a, const fcl::CollisionObjectd &b,
                               const fcl::DistanceRequestd &request, fcl::DistanceResultd &result)
{
  if (isMesh(a) && isMesh(b))
  {
    fcl::detail::MeshDistanceTraversalNodeOBBRSS<double> node;
    return traverseWithErrorBounds(node, request, result, static_cast<const Mesh &>(*a.collisionGeometry()),
                                   a.getTransform(), static_cast<const Mesh &>(*b.collisionGeometry()),
                                   b.getTransform());
  }
  if (isMesh(b) && !isMesh(a))
  {
    const double d = distanceWithErrorBounds(b, a, request, result);
    std::swap(result.nearest_points[0], result.nearest_points[1]);
    return d;
  }
  if (isMesh(a))
    switch (b.getNodeType())
    {
      case fcl::GEOM_BOX:
        return meshShapeDistance<fcl::Boxd>(a, b, request, result);
      case fcl::GEOM_SPHERE:
        return meshShapeDistance<fcl::Sphered>(a, b, request, result);
      case fcl::GEOM_CYLINDER:
        return meshShapeDistance<fcl::Cylinderd>(a, b, request, result);
      default:
        break;
    }
  return fcl::distance(&a, &b, request, result);
}
}  // namespace

namespace
{
/// FCL's distance of \a a and \b b (−1 or 0 when they overlap), its traversal stopping early
/// within \a rel_err, with its nearest points copied to \a nearest if non-null.
double fclDistance(const fcl::CollisionObjectd &a, const fcl::CollisionObjectd &b, double rel_err,
                   NearestPoints *nearest)
{
  fcl::DistanceRequestd request;
  request.enable_nearest_points = nearest != nullptr;
  // FCL prunes a pair of bounding volumes at distance c when c ≥ d − abs_err AND c·(1 + rel_err) ≥ d
  // (d the smallest distance so far): abs_err = ∞ leaves the relative test alone, rel_err = 0 is exact.
  request.rel_err = rel_err;
  request.abs_err = rel_err > 0.0 ? numeric::kInfinity : 0.0;
  fcl::DistanceResultd result;
  const double d = distanceWithErrorBounds(a, b, request, result);
  if (nearest)
  {
    nearest->p_WA = result.nearest_points[0];
    nearest->p_WB = result.nearest_points[1];
  }
  return d;
}
}  // namespace

double pairDistanceLowerBound(const fcl::CollisionObjectd &a, const fcl::CollisionObjectd &b, NearestPoints *nearest,
                              double rel_err)
{
  assert(rel_err >= 0.0);
  const double d = fclDistance(a, b, rel_err, nearest);
  if (!(d > 0.0))  // touching, overlapping (FCL returns −1 or 0) or NaN: no clearance is certified
    return 0.0;
  const double slack = closedFormDistance(a, b) ? numeric::kFinePadRel * (1.0 + d) : kGjkDistanceSlack;
  // every pruned pair was at least d/(1 + rel_err) apart; the product is rounded down
  const double deflated = rel_err > 0.0 ? d / (1.0 + rel_err) * (1.0 - numeric::kUlpPadRel) : d;
  return std::max(0.0, deflated - slack);
}

double pairDistanceUpperBound(const fcl::CollisionObjectd &a, const fcl::CollisionObjectd &b, NearestPoints *nearest)
{
  const double d = fclDistance(a, b, 0.0, nearest);
  if (std::isnan(d))
    return numeric::kInfinity;  // claims nothing
  return d > 0.0 ? d * (1.0 + numeric::kFinePadRel) + numeric::kUlpPadAbs : 0.0;
}

bool convexNearestPoints(const fcl::CollisionObjectd &a, const fcl::CollisionObjectd &b, NearestPoints &nearest)
{
  assert(!isMesh(a) && !isMesh(b));
  fcl::DistanceRequestd request;
  request.enable_nearest_points = true;
  fcl::DistanceResultd result;
  const double d = fcl::distance(&a, &b, request, result);
  nearest.p_WA = result.nearest_points[0];
  nearest.p_WB = result.nearest_points[1];
  return d > 0.0;
}
}  // namespace ompl_ccd
