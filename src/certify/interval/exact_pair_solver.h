#pragma once
/// \file exact_pair_solver.h
/// The exact contact computation of ARTICULATE ([Redon2004] Sec. 5) as a service that any
/// certifier may call near contact: "decide this body pair over [t₀, t₁]" — the first time at
/// which one body pair (a robot body against a scene obstacle, or two bodies) comes into contact
/// under a JointMotion, bracketed, with the configuration in contact and its touching features;
/// or a proof that it never does.
///
/// Pipeline for a pair over [t₀, t₁] (every step conservative: nothing in contact is ever culled):
///  1. Refinement levels (Sec. 5.1.1): each body moved through the interval gets a level r, the
///     halvings of [t₀, t₁] after which its interval pose (Sec. 4.1) grows by less than a quarter
///     of its size (at most obb_max_level); the pair is examined on 2^max(r_a, r_b) sub-intervals,
///     each body's OBBs moved by its pose over the sub-interval of its own level that holds them.
///  2. Front to back: the sub-intervals in time order; on each, the two OBB trees (exact_obb_tree.h) are
///     traversed with the continuous overlap test of Sec. 5.1 (exact_continuous_obb_overlap.h, Eq. (12));
///     the triangle pairs of overlapping leaves give vertex–face (Eq. (14)) and edge–edge (Eq. (13))
///     equations, each kept only if its features' boxes over the sub-interval come near. A
///     sub-interval leaving more than split_pairs equations (or 8 split_pairs leaf pairs) is halved
///     (at most max_splits times): shorter sub-intervals have tighter boxes, and only the leaf
///     pairs left on the whole can overlap on a half.
///  3. The equations of a sub-interval go to the simultaneous elementary solver (Sec. 5.2,
///     exact_elementary_contact.h), which brackets the earliest time two triangles come within
///     clearance + contact_distance / 2.
///  4. Confirmation on the exact shapes: FCL's distance of the two shapes at the solver's witness
///     time must be ≤ clearance + contact_distance. A cylinder's or sphere's triangles circumscribe
///     it (TriangleFeatures::surface_gap), so its triangles may touch first: then the pair is
///     advanced on the exact shapes by conservative steps (FCL distance over an interval bound on
///     the bodies' displacement) from the start of the solver's bracket, until the shapes are in
///     contact, or farther apart than the triangles' gaps (the solver then resumes there).
///
/// Verdicts:
///  - Free: the pair stays farther than clearance apart on all of [t₀, t₁] (a proof: interval
///    arithmetic is outward-rounded and the triangles contain the shapes).
///  - Collision: at witness.time ∈ [toc_lower, toc_upper] = toc_upper, FCL puts the shapes within
///    clearance + contact_distance (witness.distance, an upper bound); the pair comes within
///    clearance nowhere on [t₀, toc_lower); toc_upper − toc_lower ≤ tolerance.
///  - Undecided: a work cap ran out (budget names it: the solver's "max_boxes" or "max_depth"
///    (options solver_max_boxes, solver_max_depth), "max_shape_steps", or "shape_stall" when the
///    distance bounds of the exact shapes (pair_distance.h) cannot tell a pass closer than their gap
///    from a contact);
///    nothing comes within clearance on [t₀, toc_lower).
/// Precondition: the pair is not in contact at t₀ — a body wholly inside a solid (or a closed mesh
/// seen as a solid) touches no triangle, so set PairContactRequest::check_start unless the caller
/// knows it (as the interval certifier does for every piece after t = 0).
///
/// Thread safety: immutable after construction; decide() is safe from several threads, each with
/// its own workspace.
///
/// References: [Redon2004] in README.md (section References).

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <fcl/narrowphase/collision_object.h>

#include "ompl_ccd/certify/certifier.h"
#include "certify/interval/exact_elementary_contact.h"
#include "ompl_ccd/certify/interval/interval_arithmetic.h"
#include "certify/interval/exact_obb_tree.h"
#include "certify/interval/exact_triangle_features.h"
#include "certify/interval/exact_vertex_motion.h"
#include "ompl_ccd/geometry/body_pair.h"
#include "ompl_ccd/geometry/collision_world.h"
#include "ompl_ccd/geometry/pair_distance.h"
#include "ompl_ccd/model/joint_motion.h"

namespace ompl_ccd
{
class ConvexHull;

/** \brief How far (metres) a reduced hull of a body or obstacle may lie inside the full one
    (ConvexHull's max_gap, as conservative advancement's hull_max_gap default). */
constexpr double kHullMaxGap = 1e-3;

/** \brief One pair request: the interval and what counts as contact. */
struct PairContactRequest
{
  /** \brief The interval [t0, t1] ⊂ [0, 1] of the motion. */
  double t0 = 0.0, t1 = 1.0;
  /** \brief Contact means coming within clearance (metres, ≥ 0). */
  double clearance = 0.0;
  /** \brief A witness is within clearance + contact_distance by FCL (metres, > 0; Query's). */
  double contact_distance = 1e-6;
  /** \brief Width of the TOC bracket (time, > 0). */
  double tolerance = 1e-3;
  /** \brief Check the pair with FCL at t0 first (see the precondition in the file comment). */
  bool check_start = true;
  /** \brief Conservative steps on the exact shapes from t0 before the OBB trees (≥ 0; see decide()):
      cheap where the pair is far apart or closes in on a contact, which the OBB tests cannot cull
      near it. */
  int approach_steps = 0;
};

/** \brief Counters of one decide(), for benchmarks and Report::stats. */
struct PairContactStats
{
  /** \brief Sub-intervals examined (after halvings); OBB node pairs tested and culled; triangle
      pairs of overlapping leaves; equations given to the solver; solver time intervals; steps on
      the exact shapes; triangle contacts FCL did not confirm on the exact shapes. */
  double sub_intervals = 0, node_tests = 0, node_culled = 0, triangle_pairs = 0, feature_pairs = 0,
         solver_boxes = 0, shape_steps = 0, unconfirmed = 0;
  /** \brief Adds \a other's counts. */
  void add(const PairContactStats &other);
};

/** \brief The answer for one pair (see the file comment for what each verdict guarantees). */
struct PairContactResult
{
  Verdict verdict = Verdict::Undecided;
  /** \brief No contact before toc_lower (t1 for Free). */
  double toc_lower = 0.0;
  /** \brief Collision: the witness time; otherwise t1. */
  double toc_upper = 0.0;
  /** \brief Collision: the contact (world frame; link names; features when the triangles
      themselves touch, see Contact::features). */
  Contact witness;
  /** \brief Undecided: the budget that ran out. */
  std::string budget;
  PairContactStats stats;
};

/** \brief Per-thread state of PairContactSolver::decide() (from makeWorkspace()). */
struct PairContactWorkspace
{
  virtual ~PairContactWorkspace() = default;
};

/** \brief Decides one body pair over a time interval (see the file comment). */
class PairContactSolver
{
public:
  /** \brief Triangulates every body and obstacle of \a world and builds their OBB trees.
      \throws Error if an option is out of range. */
  explicit PairContactSolver(CollisionWorldPtr world, const PairContactOptions &options = {});
  ~PairContactSolver();

  /** \brief A workspace for one thread. */
  std::unique_ptr<PairContactWorkspace> makeWorkspace() const;

  /** \brief The first contact of \a pair over [request.t0, request.t1] of \a motion: first at most
      request.approach_steps conservative steps on the exact shapes (FCL's distance lower bound over
      an interval bound on the bodies' displacement, [Zhang2007] Eq. (4); while a mesh pair's hulls
      are more than 5 mm apart, the slab between them along GJK's direction instead of FCL's
      distance, as conservative advancement's hull steps; while that slab is wider than the
      clearance, a step may also be as long as the bodies' moves along its direction leave it
      wider than the clearance; a step shorter than half
      the tolerance is followed by an FCL collision probe half a tolerance ahead), which end at a
      contact (distance ≤ clearance + contact_distance by FCL, or a probe in collision), at t1, or
      proved apart up to some t; then
      the pipeline of the file comment on [t, t1].
      \param pair bodies index bodies() (as collisionBodies(world) lists them), obstacles
        world.scene().obstacles(); a self pair's ancestor as selfBodyPairs() gives it.
      \pre \a ws from makeWorkspace(); motion.model() is world().robot().
      \throws Error if the request is out of range (t0 > t1, outside [0, 1], tolerance ≤ 0,
        contact_distance ≤ 0, clearance < 0) or the pair's indices are. */
  PairContactResult decide(PairContactWorkspace &ws, const JointMotion &motion, const BodyPair &pair,
                           const PairContactRequest &request) const;

  /** \brief A discrete check for a caller's probes: whether \a pair is in collision at time \a t
      of \a motion by FCL's narrow phase on the exact shapes (certifies nothing about other times).
      \returns the contact (distance 0, FCL's point and normal), or nullopt.
      \pre as decide(); t ∈ [0, 1]. */
  std::optional<Contact> probe(PairContactWorkspace &ws, const JointMotion &motion, const BodyPair &pair,
                               double t) const;

  /** \brief The robot and scene. */
  const CollisionWorld &world() const { return *world_; }
  /** \brief collisionBodies(world()). */
  const std::vector<BodyRef> &bodies() const { return bodies_; }
  /** \brief The options in use. */
  const PairContactOptions &options() const { return options_; }
  /** \brief Triangles of each body (link frame) and obstacle (world frame). */
  const TriangleFeatures &bodyFeatures(int body) const { return body_features_[body]; }
  const TriangleFeatures &obstacleFeatures(int obstacle) const { return obstacle_features_[obstacle]; }

private:
  class Run;
  /** \brief The pair's FCL objects in \a ws, placed at time \a t of \a motion (first: body a). */
  std::pair<const fcl::CollisionObjectd *, const fcl::CollisionObjectd *> placePair(PairContactWorkspace &ws,
                                                                                  const JointMotion &motion,
                                                                                  const BodyPair &pair, double t) const;
  /** \brief The witness of \a pair at time \a t, its objects placed: link names, \a distance, the
      points; the normal from the points, or from FCL's contact when they touch or overlap. */
  Contact pairContact(const BodyPair &pair, const fcl::CollisionObjectd &a, const fcl::CollisionObjectd &b, double t,
                      double distance, const NearestPoints &nearest) const;
  CollisionWorldPtr world_;
  PairContactOptions options_;
  std::vector<BodyRef> bodies_;
  std::vector<TriangleFeatures> body_features_, obstacle_features_;
  std::vector<ObbTree> body_trees_, obstacle_trees_;
  /** \brief The obstacles' vertices as still vertex motions (the solver's input). */
  std::vector<std::shared_ptr<const VertexMotion>> obstacle_motions_;
  /** \brief Each body's triangle → its three edge indices (for edge–edge equations). */
  std::vector<std::vector<Eigen::Vector3i>> body_triangle_edges_, obstacle_triangle_edges_;
  /** \brief Each body's box in its link frame, and its radius about the box centre. */
  std::vector<Eigen::AlignedBox3d> body_boxes_L_;
  /** \brief Convex hulls of each body and obstacle (reduced to within kHullMaxGap), for the cheap
      far steps of the advance on the shapes. */
  std::vector<std::shared_ptr<const ConvexHull>> body_hulls_, obstacle_hulls_;
};
}  // namespace ompl_ccd
