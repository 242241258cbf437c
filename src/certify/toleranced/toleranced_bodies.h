#pragma once
/// \file toleranced_bodies.h
/// Private to the toleranced certifier: what its model holds of each body and obstacle — the
/// body's metric ([SchroeckerWeber] Sec. 2) and the stand-ins its distances are measured on
/// (convex hull, a primitive's surface triangles) — and the FCL objects of one posed pair.
///
/// References: [SchroeckerWeber] in README.md (section References).

#include <Eigen/Core>
#include <fcl/narrowphase/collision_object.h>
#include <memory>
#include <optional>
#include <vector>

#include "certify/toleranced/toleranced_model.h"
#include "ompl_ccd/geometry/convex_hull.h"
#include "ompl_ccd/geometry/shape_triangulation.h"

namespace ompl_ccd
{
/// What a body or an obstacle is measured on besides its own FCL object: its convex hull (a cheap
/// lower bound) and, for a box or cylinder, the triangles around it (exact distances between
/// triangles, where a cylinder's own distances come from GJK, verified but looser near contact).
struct toleranced::Model::StandIns
{
  explicit StandIns(const CollisionShape &shape);
  /// Reduced hulls: at most this far (metres) inside the full ones (as ca's default hull_max_gap).
  static constexpr double kHullMaxGap = 1e-4;
  std::shared_ptr<const ConvexHull> hull;
  std::optional<PrimitiveSurface> surface;
  /// How deep the shape's vertices lie below its hull's surface, at most (an estimate): the body's
  /// distance to anything exceeds its hull's by about that much at most, so a body query cannot
  /// exclude where the hull's distance plus both concavities does not.
  double concavity = 0.0;
  /// How far the shape lies beyond its surface triangles (0 without).
  double surfaceGap() const { return surface ? surface->gap : 0.0; }

  /// max over \a vertices of their depth below the faces of \a hull (a convex mesh: 0).
  static double concavityOf(const ConvexHull &hull, const std::vector<Eigen::Vector3d> &vertices);
};

/// One collision geometry of a link with its metric (in the link frame) and max ϱ over it.
struct toleranced::Model::Body
{
  BodyRef ref;
  AffineMetric metric;
  /// max ϱ over the body, [SchroeckerWeber] Eq. (11): ϱ² is convex, so attained at a vertex of the
  /// body's (or its circumscribed polyhedron's) hull.
  double rho_max = 1.0;
  StandIns stand_ins;
};

/// An obstacle's stand-ins, placed (read-only, shared by the workers).
struct toleranced::Model::Obstacle
{
  StandIns stand_ins;
  std::unique_ptr<fcl::CollisionObjectd> hull, surface;
};

/// The FCL objects of one pair, posed: what they are measured on.
struct toleranced::Model::PairObjects
{
  /// The bodies themselves (meshes, solid primitives) and their convex hulls.
  const fcl::CollisionObjectd *a = nullptr, *other = nullptr, *hull_a = nullptr, *hull_other = nullptr;
  /// What exact distances are measured on: a primitive's surface triangles, else the body.
  const fcl::CollisionObjectd *exact_a = nullptr, *exact_other = nullptr;
  /// Both hulls' gaps, both surfaces' gaps, both concavities (metres).
  double hull_gap = 0.0, surface_gap = 0.0, concavity = 0.0;
};
}  // namespace ompl_ccd
