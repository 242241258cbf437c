#pragma once
/// \file ca_workspace.h
/// Private to the CA certifier (src/certify/ca/ca_*.cpp): its per-thread Workspace, the counters
/// behind its report statistics, the outcome of CA on one pair (Advance) and shared constants.
///
/// Thread safety: a Workspace belongs to one thread at a time (ConservativeAdvancement::makeWorkspace).

#include <fcl/narrowphase/collision_object.h>
#include <limits>
#include <memory>
#include <utility>
#include <vector>

#include "certify/ca/ca_model.h"
#include "ompl_ccd/geometry/collision_queries.h"
#include "ompl_ccd/numeric.h"

namespace ompl_ccd
{
namespace ca
{
/// FCL object for a body's geometry (pose set per query).
inline std::unique_ptr<fcl::CollisionObjectd> makeObject(const FclGeometryPtr &geometry)
{
  return makeCollisionObject(geometry);
}

/// The report's statistics, counted in plain fields (the Stats map is built once per certify()).
struct Counters
{
  double distance_queries = 0, hull_distance_queries = 0, ca_steps = 0, hull_ca_steps = 0, slab_steps = 0,
         undecided_cap_hits = 0, pcl_before_culling = 0, pcl_after_temporal_culling = 0;
  /** \brief These counters and the front end's \a culling. */
  Stats toStats(const CullingCounters &culling) const
  {
    return Stats{{"distance_queries", distance_queries},
                 {"hull_distance_queries", hull_distance_queries},
                 {"ca_steps", ca_steps},
                 {"hull_ca_steps", hull_ca_steps},
                 {"slab_steps", slab_steps},
                 {"collision_probes", culling.collision_probes},
                 {"undecided_cap_hits", undecided_cap_hits},
                 {"box_pieces", culling.box_pieces},
                 {"taylor_pieces", culling.taylor_pieces},
                 {"pcl_before_culling", pcl_before_culling},
                 {"pcl_after_spatial_culling", culling.pcl_after_spatial_culling},
                 {"pcl_after_temporal_culling", pcl_after_temporal_culling}};
  }
};
}  // namespace ca

/// Per-thread state: the front end's (link poses, body meshes, live pieces of the PCL), the hulls'
/// and primitive surfaces' FCL objects, support hints and the counters.
struct ca::Model::Workspace : CertifierWorkspace, CullingWorkspace
{
  explicit Workspace(const Model &ca)
    : CullingWorkspace(ca.front_end_)
    , collision(ca.world())
    , support_hints(2 * ca.bodies_.size(), 0)
    , obstacle_support_hints(ca.world().scene().obstacles().size(), 0)
  {
    for (const Body &body : ca.bodies_)
    {
      surface_objects.push_back(body.surface ? ca::makeObject(body.surface->triangles) : nullptr);
      axis_objects.push_back(body.axis ? ca::makeObject(body.axis->segment) : nullptr);
      hull_objects.push_back(ca::makeObject(body.hull->fclGeometry()));
    }
  }
  /** \brief Whole-robot distance queries (the probes' contact with a clearance). */
  CollisionWorkspace collision;
  /** \brief hull_objects[b]: body b's convex hull; surface_objects[b]: its primitive surface (exact
      distances), or null; axis_objects[b]: its cylinder axis, or null. Placed per pair. */
  std::vector<std::unique_ptr<fcl::CollisionObjectd>> hull_objects, surface_objects, axis_objects;
  /** \brief Where each hull's support search starts (its last extreme vertex): body b's as the
      pair's first body at [2b], as its second at [2b + 1]; each obstacle's. */
  std::vector<int> support_hints, obstacle_support_hints;
  ca::Counters stats;
};

/// Outcome of CA on one pair.
struct ca::Model::Advance
{
  enum class Status
  {
    Contact,  ///< d ≤ clearance + contact_distance at t (confirmed on the bodies), or a probe's collision
    Passed,   ///< certified up to t_limit
    Capped    ///< step cap reached; certified up to t
  };
  Status status = Status::Passed;
  double t = 0.0;
  double distance = 0.0;
  Eigen::Vector3d p_WA = Eigen::Vector3d::Zero(), p_WB = Eigen::Vector3d::Zero();
  /** \brief Contact normal from A to B when the points coincide (a probe's collision); else zero. */
  Eigen::Vector3d normal = Eigen::Vector3d::Zero();
  /** \brief A collision probe found the pair in collision at t (Contact; nothing certified). */
  bool in_collision = false;
};
}  // namespace ompl_ccd
