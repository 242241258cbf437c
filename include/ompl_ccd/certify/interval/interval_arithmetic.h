#pragma once
/// \file interval_arithmetic.h
/// The ARTICULATE certifier ([Redon2004]), name "interval": interval link motions (Sec. 4.1,
/// interval_link_pose.h), culling over time pieces with interval bounding boxes and swept spheres
/// (Sec. 4.2), and the exact contact computation (Sec. 5, exact_pair_solver.h: OBB trees, the
/// elementary contact solver) on the body pairs left.
///
/// Pipeline. After the start check (and, in Mode::Decide, whole-robot probes) the shared culling
/// front end (culling_front_end.h: motion-bound boxes, joint-space certificates, two-level scene
/// culling) leaves the potentially colliding body pairs and, for each, the runs of live pieces during
/// which it may come within clearance + contact_distance; only those are examined, earliest run
/// first. On the `time_pieces` equal pieces a run overlaps, every link pose is enclosed by interval
/// chain products (Sec. 4.1, outward-rounded Interval of bound/interval.h: no rounding-mode switch,
/// so no global state across threads) and each body's link-frame box is carried into an interval
/// world box (the dynamic AABB of Sec. 4.1); the pair survives the piece when its boxes come within
/// `clearance` (stage 1). Then each body's line-swept sphere, swept over the piece, is tested
/// against the obstacle or the other body's (Sec. 4.2, swept_sphere_culling.h; stage 2). Every span
/// of pieces left is decided by the exact contact computation of Sec. 5 (exact_pair_solver.h:
/// refinement levels, continuous OBB-tree tests, the simultaneous elementary solver, confirmation
/// on the exact shapes; stage 3), a self pair in the frame of the two links' deepest common
/// ancestor (the joints above it move both rigidly and would only widen the bounds), only up to the
/// earliest contact found so far.
///
/// Geometry: meshes are their triangles (a surface); boxes, cylinders and spheres are solids,
/// triangulated by triangleFeatures (cylinders and spheres circumscribed; their contacts are
/// confirmed on the exact shapes). A surface misses a body wholly inside a solid, so the start state
/// is checked with FCL (distance ≤ clearance + contact_distance, or in collision): then Collision
/// at TOC 0. Past t = 0, any contact starts with the surfaces touching.
///
/// Verdicts (certifier.h):
///  - Free: every pair stays farther than clearance apart on [0, 1] (a proof: interval arithmetic
///    is outward-rounded, the triangles contain the shapes).
///  - Collision: at witness.time = toc_upper FCL puts the two shapes within clearance +
///    contact_distance (witness.distance; the touching features in witness.feature_a/feature_b when
///    the shapes' own triangles touch); nothing comes within clearance before toc_lower. In
///    Mode::FirstContact toc_upper − toc_lower ≤ tolerance and the bracket holds the first contact.
///    Mode::Decide first probes the whole robot with FCL at t = 1/2, 1/4, 3/4 (as [Zhang2007]
///    Sec. 8): a probe in contact answers Collision with bracket [0, t]; then, after stages 1 and 2
///    on every run, `span_probes` FCL checks of each pair across each span left (a check in
///    collision answers Collision, toc_lower the earliest span's start); then stage 3 on the spans,
///    earliest first, up to the first pair found in contact.
///  - Undecided: a work cap of the pair service ran out: stats "cap_max_boxes", "cap_max_depth",
///    "cap_max_shape_steps" or "cap_shape_stall" is 1; toc_lower is still guaranteed.
///
/// Stats: collision_probes (whole-robot probes of the front end), pcl and live_runs (pairs and runs
/// the front end left), pieces (time pieces whose boxes were computed), pair_pieces (body pairs
/// tested, summed over pieces),
/// box_culled and sphere_culled (those culled by stage 1 and 2), body_pairs (those left to
/// stage 3); stage 3's counters summed over them (PairContactStats): sub_intervals, node_tests,
/// node_culled, triangle_pairs, feature_pairs (equations given to the solver), solver_boxes (time
/// intervals it examined), shape_steps, unconfirmed (triangle contacts the exact shapes did not
/// make); the cap flags above. With Query::statistics also the microseconds spent in each part
/// ([Redon2004] Table 1): time_culling_us (all but stage 3: the start check, the probes, stages 1
/// and 2), time_swept_us (stage 2 alone) and time_exact_us (stage 3).
///
/// Thread safety: immutable after construction; certify() is safe from several threads, each with
/// its own workspace.
///
/// References: [Redon2004] in README.md (section References).

#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <Eigen/Geometry>

#include "ompl_ccd/certify/certifier.h"
#include "ompl_ccd/certify/pipeline/culling_front_end.h"
#include "ompl_ccd/certify/interval/exact_pair_solver.h"
#include "ompl_ccd/certify/interval/swept_sphere_culling.h"
#include "ompl_ccd/geometry/collision_world.h"

namespace ompl_ccd
{
namespace pipeline
{
struct PairRun;     // certify/pipeline/pipeline.h
class TocBracket;  // certify/pipeline/pipeline.h
}  // namespace pipeline

/** \brief Default time_pieces: boxes over 1/16 of the motion keep a link's interval box within a
    few centimetres of its sweep for the bundled arm's joint ranges. */
constexpr int kIntervalTimePieces = 16;

/** \brief Mode::Decide: the whole robot is probed at the first kDecideProbes times of the bisection
    order 1/2, 1/4, 3/4 before any culling ([Zhang2007] Sec. 8). */
constexpr int kDecideProbes = 3;
/** \brief Default span_probes (bench/README.md). */
constexpr int kIntervalSpanProbes = 2;

/** \brief Conservative steps on the exact shapes per span before its OBB trees
    (PairContactRequest::approach_steps), in both modes: a pair closing in on a contact reaches it
    in a few dozen, and a pair that stays near but apart over a span (a mesh pair passing within
    millimetres) is proved apart without the OBB trees, which would descend to thousands of leaf
    pairs for it. */
constexpr int kApproachSteps = 200;

/** \brief Knobs of IntervalArithmetic; the defaults suit planning. */
struct IntervalArithmeticOptions
{
  /** \brief Equal time pieces the box culling works on (≥ 1). */
  int time_pieces = kIntervalTimePieces;
  /** \brief Stage 1: cull body pairs by their interval boxes over a piece (Sec. 4.1). */
  bool box_culling = true;
  /** \brief Stage 2: cull body pairs by line-swept spheres swept over a piece (Sec. 4.2). Off by
      default: its FCL capsule tests cost more than the pairs they cull save, on free edges of the
      many-obstacle, two-arm and 30-DoF worlds by 11–61 %, and nowhere is it clearly faster
      (bench/README.md, "interval: the swept spheres' default"). */
  bool swept_sphere_culling = false;
  /** \brief Stage 2: capsules per piece and body (≥ 1). */
  int swept_sphere_steps = kSweptSphereSteps;
  /** \brief Mode::Decide: FCL checks of a pair at equally spaced times of each span before its
      exact stage (≥ 0); a check in collision is the witness. */
  int span_probes = kIntervalSpanProbes;
  /** \brief Stage 3: the exact contact computation, with its work caps (exact_pair_solver.h). */
  PairContactOptions pair;
  /** \brief The shared front end's knobs (culling_front_end.h; the defaults `ca` uses). */
  CullingOptions culling;
};

/** \brief ARTICULATE interval certifier, name "interval". See the file comment for its contract. */
class IntervalArithmetic : public Certifier
{
public:
  /** \brief Triangulates every body (link geometry) and obstacle, builds their OBB trees, and the
      front end (its joint-space certificates on every core). \throws Error if an option is out of
      range. */
  explicit IntervalArithmetic(CollisionWorldPtr world, const IntervalArithmeticOptions &options = {});

  /** \brief "interval". */
  std::string name() const override { return "interval"; }
  /** \brief The front end's workspace, FCL objects for the start check, stage buffers, for one
      thread. */
  std::unique_ptr<CertifierWorkspace> makeWorkspace() const override;
  /** \brief Certifies \a motion. \pre \a ws comes from makeWorkspace(); motion.model() is
      world().robot(). \throws Error if query.tolerance ≤ 0, query.contact_distance ≤ 0 or
      query.clearance < 0 (or not finite). */
  Report certify(CertifierWorkspace &ws, const JointMotion &motion, const Query &query) const override;

  /** \brief The robot and scene certified against. */
  const CollisionWorld &world() const { return *world_; }
  /** \brief The options in use. */
  const IntervalArithmeticOptions &options() const { return options_; }
  /** \brief Stage 3: the pair service it decides the pairs left with. */
  const PairContactSolver &exactStage() const { return *exact_; }

private:
  struct Workspace;
  /** \brief What a time piece's body boxes (stage 1) come from: none yet, the plain interval
      products, or the narrowed ones (bound/taylor_pose.h). */
  static constexpr char kUnboxed = 0, kPlainBoxes = 1, kNarrowedBoxes = 2;
  /** \brief Every body's box over time piece \a k from the link poses \a poses says, into ws. */
  void boxPiece(Workspace &ws, const JointMotion &motion, int k, char poses) const;
  /** \brief Whether stage 1 or 2 proves \a pair farther than \a margin apart on time piece \a k
      (counted in ws). */
  bool culledOnPiece(Workspace &ws, const JointMotion &motion, const BodyPair &pair, int k, double margin) const;
  /** \brief Appends to ws.spans the spans of the time pieces of \a run, up to \a limit, that stages 1
      and 2 leave. */
  void addSpans(Workspace &ws, const JointMotion &motion, const pipeline::PairRun &run, double limit,
                double margin) const;
  /** \brief Mode::Decide: stages 1 and 2 on every live run, then span_probes FCL checks across each
      span left, earliest first; true (the contact in \a bracket) when one is in collision. */
  bool probeSpans(Workspace &ws, const JointMotion &motion, const Query &query, pipeline::TocBracket &bracket) const;
  /** \brief Stage 3 ([Redon2004] Sec. 5) on the spans, earliest first, each up to bracket.limit(),
      the live runs cut into spans (stages 1 and 2) as their turn comes, into \a bracket. */
  void exactStage(Workspace &ws, const JointMotion &motion, const Query &query, pipeline::TocBracket &bracket) const;
  /** \brief The report's statistics (the file comment lists them); \a budget a cap that ran out. */
  Stats statistics(const Workspace &ws, std::chrono::steady_clock::time_point start, const std::string &budget) const;

  CollisionWorldPtr world_;
  IntervalArithmeticOptions options_;
  /** \brief The shared culling front end (probes, live pieces). */
  CullingFrontEnd front_end_;
  /** \brief Stage 3, and its bodies (collisionBodies(world), as the front end's). */
  std::shared_ptr<const PairContactSolver> exact_;
  /** \brief Body boxes in their link frame, obstacle boxes in the world. */
  std::vector<Eigen::AlignedBox3d> body_boxes_L_, obstacle_boxes_;
  /** \brief Stage 2: each body's line-swept sphere. */
  std::shared_ptr<const SweptSphereCulling> swept_spheres_;
};
}  // namespace ompl_ccd
