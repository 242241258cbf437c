#include "ompl_ccd/geometry/convex_distance.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <fcl/geometry/shape/box.h>
#include <fcl/geometry/shape/capsule.h>
#include <fcl/geometry/shape/convex.h>
#include <fcl/geometry/shape/cylinder.h>
#include <fcl/geometry/shape/sphere.h>
#include <fcl/geometry/shape/triangle_p.h>
#include <fcl/narrowphase/detail/convexity_based_algorithm/gjk.h>
#include <optional>

#include "ompl_ccd/geometry/polytope_distance.h"

namespace ompl_ccd
{
namespace
{
/// FCL's GJK: most iterations (its solver's default), and its tolerance (metres): the distance
/// below which it reports contact, and the squared distance below which two support points count
/// as one. FCL's default (10⁻⁶) stops GJK at support points a millimetre apart.
constexpr unsigned int kGjkMaxIterations = 128;
constexpr double kGjkTolerance = 1e-12;

/// The shape as a widened polytope, when it is one (box, capsule, sphere, triangle).
std::optional<RoundedPolytope> asPolytope(const fcl::CollisionGeometryd &shape, const Eigen::Isometry3d &X_WG)
{
  switch (shape.getNodeType())
  {
    case fcl::GEOM_BOX:
      return RoundedPolytope::box(X_WG, 0.5 * static_cast<const fcl::Boxd &>(shape).side);
    case fcl::GEOM_SPHERE:
      return RoundedPolytope::point(X_WG.translation(), static_cast<const fcl::Sphered &>(shape).radius);
    case fcl::GEOM_CAPSULE:
    {
      const auto &capsule = static_cast<const fcl::Capsuled &>(shape);
      const Eigen::Vector3d half_axis = 0.5 * capsule.lz * X_WG.linear().col(2);
      return RoundedPolytope::segment(X_WG.translation() - half_axis, X_WG.translation() + half_axis, capsule.radius);
    }
    case fcl::GEOM_TRIANGLE:
    {
      const auto &triangle = static_cast<const fcl::TrianglePd &>(shape);
      return RoundedPolytope::triangle(X_WG * triangle.a, X_WG * triangle.b, X_WG * triangle.c);
    }
    default:
      return std::nullopt;
  }
}

/// GJK's bounds are taken as they are when its lower bound (the slab) is within this fraction of its
/// upper bound (the points' distance); else a polytope pair is measured in closed form.
constexpr double kGjkTightness = 1e-6;

/// GJK's nearest points of two shapes (world frame), and whether it found them in contact.
struct GjkPoints
{
  Eigen::Vector3d p_WA, p_WB;
  bool inside = false;
};

/// The slab −h_B(−n) − h_A(n) along unit n as computed, and lowered for its rounding.
struct Slab
{
  double raw = -numeric::kInfinity, lower = -numeric::kInfinity;
};

Slab slabOf(const fcl::CollisionGeometryd &a, const Eigen::Isometry3d &X_WA, const fcl::CollisionGeometryd &b,
            const Eigen::Isometry3d &X_WB, const Eigen::Vector3d &n_W)
{
  const double h_A = convexSupport(a, X_WA, n_W), h_B = convexSupport(b, X_WB, -n_W);
  return {-h_B - h_A, -h_B - h_A - numeric::kSlabSlack * (1.0 + std::fabs(h_A) + std::fabs(h_B))};
}

/// fcl::detail::GJK on the Minkowski difference A − B in A's frame, as GJKSolver_indep runs it
/// (gjk_solver_indep-inl.h, ShapeDistanceIndepImpl), started along the centres' offset; the
/// points are the simplex's barycentric combinations of support points of each shape.
GjkPoints gjkPoints(const fcl::CollisionGeometryd &a, const Eigen::Isometry3d &X_WA, const fcl::CollisionGeometryd &b,
                    const Eigen::Isometry3d &X_WB, const Eigen::Vector3d &towards_W)
{
  fcl::detail::MinkowskiDiff<double> difference;
  difference.shapes[0] = static_cast<const fcl::ShapeBased *>(&a);
  difference.shapes[1] = static_cast<const fcl::ShapeBased *>(&b);
  difference.toshape1.noalias() = X_WB.linear().transpose() * X_WA.linear();
  difference.toshape0 = X_WA.inverse(Eigen::Isometry) * X_WB;
  fcl::detail::GJK<double> gjk(kGjkMaxIterations, kGjkTolerance);
  // GJK's first support point of A − B is the one farthest along −guess
  const Eigen::Vector3d guess = -(X_WA.linear().transpose() * towards_W);
  const auto status = gjk.evaluate(difference, guess);
  Eigen::Vector3d w_A = Eigen::Vector3d::Zero(), w_B = Eigen::Vector3d::Zero();
  const auto *simplex = gjk.getSimplex();
  for (std::size_t i = 0; i < simplex->rank; ++i)
  {
    w_A += difference.support(simplex->c[i]->d, 0) * simplex->p[i];
    w_B += difference.support(-simplex->c[i]->d, 1) * simplex->p[i];
  }
  return {X_WA * w_A, X_WA * w_B, status == fcl::detail::GJK<double>::Inside};
}

/// GJK's bounds: its points' distance above, the slab along them below; \a tight set when the
/// slab is within kGjkTightness of the distance (or GJK found contact).
DistanceBounds gjkBounds(const fcl::CollisionGeometryd &a, const Eigen::Isometry3d &X_WA,
                         const fcl::CollisionGeometryd &b, const Eigen::Isometry3d &X_WB, bool &tight)
{
  // Started along the centres' offset; a run left loose is run once more from the direction it
  // found, with a fresh simplex (FCL's GJK can stop short of the distance, on a degenerate simplex
  // or a repeated support point).
  tight = false;
  DistanceBounds bounds;
  Slab slab;
  for (int run = 0; run < 2 && !tight; ++run)
  {
    const GjkPoints gjk = gjkPoints(a, X_WA, b, X_WB,
                                    run == 0 ? Eigen::Vector3d(X_WB.translation() - X_WA.translation())
                                             : Eigen::Vector3d(bounds.nearest.p_WB - bounds.nearest.p_WA));
    if (gjk.inside)
    {
      bounds = DistanceBounds{0.0, 0.0, {gjk.p_WA, gjk.p_WB}};
      tight = true;
      break;
    }
    const Eigen::Vector3d gap = gjk.p_WB - gjk.p_WA;
    const double d = gap.norm();
    if (!(d > numeric::kMinDirectionLength) || !std::isfinite(d))
    {
      // touching within a nanometre (or no finite answer): the points only, when a first run
      if (run == 0 && std::isfinite(d))
        bounds = DistanceBounds{0.0, d * (1.0 + numeric::kFinePadRel) + numeric::kUlpPadAbs, {gjk.p_WA, gjk.p_WB}};
      break;
    }
    const Slab along = slabOf(a, X_WA, b, X_WB, gap / d);
    if (run > 0 && !(along.raw > slab.raw))
      break;  // no better
    slab = along;
    bounds.lower = std::max(0.0, slab.lower);
    bounds.upper = d * (1.0 + numeric::kFinePadRel) + numeric::kUlpPadAbs;
    bounds.nearest = {gjk.p_WA, gjk.p_WB};
    tight = slab.raw >= d * (1.0 - kGjkTightness);
  }
  return bounds;
}
}  // namespace

bool isConvexShape(const fcl::CollisionGeometryd &geometry)
{
  switch (geometry.getNodeType())
  {
    case fcl::GEOM_BOX:
    case fcl::GEOM_SPHERE:
    case fcl::GEOM_CAPSULE:
    case fcl::GEOM_CYLINDER:
    case fcl::GEOM_CONVEX:
    case fcl::GEOM_TRIANGLE:
      return true;
    default:
      return false;
  }
}

double convexSupport(const fcl::CollisionGeometryd &shape, const Eigen::Isometry3d &X_WG, const Eigen::Vector3d &n_W)
{
  const Eigen::Vector3d n_G = X_WG.linear().transpose() * n_W;
  const double origin = X_WG.translation().dot(n_W);
  switch (shape.getNodeType())
  {
    case fcl::GEOM_BOX:
      return origin + 0.5 * static_cast<const fcl::Boxd &>(shape).side.dot(n_G.cwiseAbs());
    case fcl::GEOM_SPHERE:
      return origin + static_cast<const fcl::Sphered &>(shape).radius * n_G.norm();
    case fcl::GEOM_CAPSULE:
    {
      const auto &capsule = static_cast<const fcl::Capsuled &>(shape);
      return origin + 0.5 * capsule.lz * std::fabs(n_G.z()) + capsule.radius * n_G.norm();
    }
    case fcl::GEOM_CYLINDER:
    {
      // the rim point: r ‖n_xy‖ + (l/2) |n_z|
      const auto &cylinder = static_cast<const fcl::Cylinderd &>(shape);
      return origin + cylinder.radius * std::hypot(n_G.x(), n_G.y()) + 0.5 * cylinder.lz * std::fabs(n_G.z());
    }
    case fcl::GEOM_CONVEX:
    {
      const std::vector<Eigen::Vector3d> &vertices = static_cast<const fcl::Convexd &>(shape).getVertices();
      double h = -numeric::kInfinity;
      for (const Eigen::Vector3d &v : vertices)
        h = std::max(h, v.dot(n_G));
      return origin + h;
    }
    case fcl::GEOM_TRIANGLE:
    {
      const auto &triangle = static_cast<const fcl::TrianglePd &>(shape);
      return origin + std::max({triangle.a.dot(n_G), triangle.b.dot(n_G), triangle.c.dot(n_G)});
    }
    default:
      assert(false && "convexSupport: not a convex shape (isConvexShape)");
      return numeric::kInfinity;  // claims nothing: the slab is −∞
  }
}

double convexSlab(const fcl::CollisionGeometryd &a, const Eigen::Isometry3d &X_WA, const fcl::CollisionGeometryd &b,
                  const Eigen::Isometry3d &X_WB, const Eigen::Vector3d &n_W)
{
  return slabOf(a, X_WA, b, X_WB, n_W).lower;
}

DistanceBounds convexDistance(const fcl::CollisionGeometryd &a, const Eigen::Isometry3d &X_WA,
                              const fcl::CollisionGeometryd &b, const Eigen::Isometry3d &X_WB)
{
  assert(isConvexShape(a) && isConvexShape(b));
  // GJK first (a few support queries); a polytope pair GJK leaves loose (its points not the
  // nearest: parallel edges) is measured in closed form.
  bool tight = false;
  DistanceBounds bounds = gjkBounds(a, X_WA, b, X_WB, tight);
  if (!tight)
    if (const std::optional<RoundedPolytope> P = asPolytope(a, X_WA))
      if (const std::optional<RoundedPolytope> Q = asPolytope(b, X_WB))
        bounds = polytopeDistance(*P, *Q);
  // NaN poses or sizes: claim nothing
  if (!(bounds.lower >= 0.0) || !(bounds.lower <= bounds.upper))
    bounds.lower = 0.0;
  if (std::isnan(bounds.upper))
    bounds.upper = numeric::kInfinity;
  return bounds;
}
}  // namespace ompl_ccd
