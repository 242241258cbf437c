#pragma once
/// \file ca_workspace.h
/// Private to the CA certifier (src/certify/ca_*.cpp): its per-thread Workspace, the counters
/// behind its report statistics, the outcome of CA on one pair (Advance) and shared constants.
///
/// Thread safety: a Workspace belongs to one thread at a time (ConservativeAdvancement::makeWorkspace).

#include <fcl/narrowphase/collision_object.h>
#include <limits>
#include <memory>
#include <utility>
#include <vector>

#include "ompl_ccd/bound/taylor_pose.h"
#include "ompl_ccd/certify/conservative_advancement.h"
#include "ompl_ccd/model/kinematics.h"
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
         collision_probes = 0, undecided_cap_hits = 0, box_pieces = 0, taylor_pieces = 0, pcl_before_culling = 0,
         pcl_after_spatial_culling = 0, pcl_after_temporal_culling = 0;
  Stats toStats() const
  {
    return Stats{{"distance_queries", distance_queries},
                 {"hull_distance_queries", hull_distance_queries},
                 {"ca_steps", ca_steps},
                 {"hull_ca_steps", hull_ca_steps},
                 {"slab_steps", slab_steps},
                 {"collision_probes", collision_probes},
                 {"undecided_cap_hits", undecided_cap_hits},
                 {"box_pieces", box_pieces},
                 {"taylor_pieces", taylor_pieces},
                 {"pcl_before_culling", pcl_before_culling},
                 {"pcl_after_spatial_culling", pcl_after_spatial_culling},
                 {"pcl_after_temporal_culling", pcl_after_temporal_culling}};
  }
};
}  // namespace ca

/// Per-thread state: link poses at the last posed time, FCL objects of every body, the live pieces
/// of the potentially colliding pairs, scratch lists and the counters.
struct ConservativeAdvancement::Workspace : CertifierWorkspace
{
  explicit Workspace(const ConservativeAdvancement &ca)
    : kinematics(ca.world().robot())
    , support_hints(2 * ca.bodies_.size(), 0)
    , obstacle_support_hints(ca.world().scene().obstacles().size(), 0)
  {
    for (const Body &body : ca.bodies_)
    {
      const FclGeometryPtr &geometry = ca.world().linkGeometry(body.ref.link, body.ref.geometry);
      mesh_objects.push_back(makeCollisionObject<BoxedCollisionObject>(geometry));
      surface_objects.push_back(body.surface ? ca::makeObject(body.surface->triangles) : nullptr);
      hull_objects.push_back(ca::makeObject(body.hull->fclGeometry()));
    }
  }
  KinematicsWorkspace kinematics;
  /** \brief Time of the poses in kinematics (NaN: none yet); objects are placed per pair. */
  double posed_time = std::numeric_limits<double>::quiet_NaN();
  const JointMotion *posed_motion = nullptr;
  Eigen::VectorXd q;
  /** \brief mesh_objects[b]: body b's geometry (its AABB set by the probes); surface_objects[b]:
      its primitive surface (exact distances), or null. */
  std::vector<std::unique_ptr<BoxedCollisionObject>> mesh_objects;
  std::vector<std::unique_ptr<fcl::CollisionObjectd>> hull_objects, surface_objects;
  /** \brief A probe's body boxes (world frame). */
  std::vector<Eigen::AlignedBox3d> probe_boxes;
  std::vector<int> probe_obstacles;  // the obstacles a probe's robot box overlaps
  std::vector<char> probe_placed;    // whether a probe has set body b's pose in mesh_objects[b]
  /** \brief Where each hull's support search starts (its last extreme vertex): body b's as the
      pair's first body at [2b], as its second at [2b + 1]; each obstacle's. */
  std::vector<int> support_hints, obstacle_support_hints;
  std::vector<TaylorPose> taylor;
  std::vector<Eigen::AlignedBox3d> aabbs, sample_boxes;
  /** \brief Union of body b's boxes at the samples k/N, not widened: inside every box enclosing its
      sweep, so two bodies whose sampled sweeps overlap keep overlapping boxes however tight. */
  std::vector<Eigen::AlignedBox3d> sampled_sweeps;
  /** \brief Link poses at the samples k/N, k = 0..N: link l's at [k · links + l]. */
  std::vector<Eigen::Isometry3d> sample_poses;
  /** \brief Motion-bound box of body b over piece k = [k/N, (k+1)/N] at [b · N + k], inflated. */
  std::vector<Eigen::AlignedBox3d> piece_boxes;
  /** \brief Pieces N of the motion-bound boxes of this motion (computeAabbs). */
  int samples = 0;
  /** \brief For PCL i, whether its boxes overlap during piece k, at [i · N + k]. */
  std::vector<char> live_pieces;
  /** \brief A certificate's open spans (scratch). */
  std::vector<std::pair<double, double>> open_spans;
  /** \brief The potentially colliding pairs left by the culling so far. */
  std::vector<BodyPair> pcl;
  ca::Counters stats;
};

/// Outcome of CA on one pair.
struct ConservativeAdvancement::Advance
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
