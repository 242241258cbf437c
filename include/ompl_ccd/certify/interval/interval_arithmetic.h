#pragma once
/// \file interval_arithmetic.h
/// The ARTICULATE certifier ([Redon2004]), name "interval": interval link motions (Sec. 4.1,
/// interval_link_pose.h), culling over time pieces with interval bounding boxes and swept spheres
/// (Sec. 4.2), and the exact contact computation (Sec. 5: OBB trees, the elementary contact solver) on the body pairs left.
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

#include <memory>
#include <string>

#include "ompl_ccd/certify/certifier.h"
#include "ompl_ccd/certify/pipeline/culling_options.h"
#include "ompl_ccd/geometry/collision_world.h"

namespace ompl_ccd
{
namespace interval
{
class Model;  // src/certify/interval/interval_model.h
}  // namespace interval

/** \brief Default PairContactOptions::split_pairs: above this many equations a sub-interval is halved first. */
constexpr int kPairSplitPairs = 256;
/** \brief Default max_splits: sub-intervals down to 1/4096 of the pair's interval. */
constexpr int kPairMaxSplits = 12;
/** \brief Default obb_max_level: at most 2⁴ = 16 sub-intervals per interval for the OBB tests. */
constexpr int kObbMaxLevel = 4;
/** \brief Largest obb_max_level: 2²⁰ sub-intervals of an interval already lie below any joint's
    motion. */
constexpr int kObbLevelLimit = 20;
/** \brief Default max_depth: [0, 1] halved 64 times is below the spacing of doubles near 1 (2⁻⁵²). */
constexpr int kElementaryMaxDepth = 64;
/** \brief Default max_boxes: far above the most a ccd_queries query needs (bench/README.md,
    elementary_contact_benchmark). */
constexpr int kElementaryMaxBoxes = 1 << 16;
/** \brief Default max_shape_steps: a pass 10 µm from contact takes a few thousand conservative
    steps (as conservative advancement's max_steps_per_pair). */
constexpr int kMaxShapeSteps = 20000;

/** \brief Default sub-intervals per piece of the swept-sphere test (swept_sphere_steps). */
constexpr int kSweptSphereSteps = 4;

/** \brief Knobs and work caps of PairContactSolver (each cap, when hit, makes the answer
    Undecided with its name as the budget). */
struct PairContactOptions
{
  /** \brief Cap per solver call: time intervals examined (budget "max_boxes"). */
  int solver_max_boxes = kElementaryMaxBoxes;
  /** \brief Cap per solver call: halvings of a sub-interval (budget "max_depth"). */
  int solver_max_depth = kElementaryMaxDepth;
  /** \brief Cap per decide(): conservative steps on the exact shapes (budget "max_shape_steps"). */
  int max_shape_steps = kMaxShapeSteps;
  /** \brief Equations of a sub-interval above which it is halved (≥ 1). */
  int split_pairs = kPairSplitPairs;
  /** \brief Halvings of a sub-interval before its equations are solved however many (≥ 0). */
  int max_splits = kPairMaxSplits;
  /** \brief Highest refinement level of the OBB tests (Sec. 5.1.1; in [0, kObbLevelLimit]). */
  int obb_max_level = kObbMaxLevel;
  /** \brief Cull triangle pairs by the OBB trees (Sec. 5.1); false: by feature boxes alone (every
      feature of each body tested against the other body's box, as before the trees; for ablations). */
  bool obb_trees = true;
};

/** \brief Default time_pieces: boxes over 1/16 of the motion keep a link's interval box within a
    few centimetres of its sweep for the bundled arm's joint ranges. */
constexpr int kIntervalTimePieces = 16;

/** \brief Default span_probes: Decide's FCL checks of a pair across each span left after stages 1
    and 2, before stage 3 (a contact found there spares the exact stage). */
constexpr int kIntervalSpanProbes = 2;

/** \brief Knobs of IntervalArithmetic; the defaults suit planning, the ranges are the option
    schema's (validator_options.h). */
struct IntervalArithmeticOptions
{
  /** \brief Equal time pieces the box culling works on (≥ 1). */
  int time_pieces = kIntervalTimePieces;
  /** \brief Stage 1: cull body pairs by their interval boxes over a piece (Sec. 4.1). */
  bool box_culling = true;
  /** \brief Stage 2: cull body pairs by line-swept spheres swept over a piece (Sec. 4.2). Off by
      default: after stage 1 its FCL capsule tests cost more than the pairs they cull save
      (bench/README.md, "interval: the swept spheres' default"). */
  bool swept_sphere_culling = false;
  /** \brief Stage 2: capsules per piece and body (≥ 1). */
  int swept_sphere_steps = kSweptSphereSteps;
  /** \brief Mode::Decide: FCL checks of a pair at equally spaced times of each span before its
      exact stage (≥ 0); a check in collision is the witness. */
  int span_probes = kIntervalSpanProbes;
  /** \brief Stage 3: the exact contact computation, with its work caps (src/certify/interval/exact_pair_solver.h). */
  PairContactOptions pair;
};

/** \brief ARTICULATE interval certifier, name "interval". See the file comment for its contract. */
class IntervalArithmetic : public Certifier
{
public:
  /** \brief Triangulates every body (link geometry) and obstacle, builds their OBB trees, and the
      front end of \a culling (its joint-space certificates on every core).
      \pre every option within its range of the option schema (checkValidatorOptions, which
      makeMotionValidator and every front end apply). */
  explicit IntervalArithmetic(CollisionWorldPtr world, const IntervalArithmeticOptions &options = {},
                              const CullingOptions &culling = {});
  ~IntervalArithmetic() override;

  /** \brief "interval". */
  std::string name() const override { return "interval"; }
  /** \brief The front end's workspace, FCL objects for the start check, stage buffers, for one
      thread. */
  std::unique_ptr<CertifierWorkspace> makeWorkspace() const override;
  /** \brief Certifies \a motion. \pre motion.model() is world().robot().
      \throws Error if \a ws comes from another certifier, or the query is refused (checkQuery). */
  Report certify(CertifierWorkspace &ws, const JointMotion &motion, const Query &query) const override;

  /** \brief The robot and scene certified against. */
  const CollisionWorld &world() const;
  /** \brief The options in use. */
  const IntervalArithmeticOptions &options() const;
  /** \brief The culling front end's options in use. */
  const CullingOptions &culling() const;
  /** \brief The certifier's machinery (src/certify/interval/interval_model.h: for its tests). */
  const interval::Model &model() const { return *model_; }

private:
  std::shared_ptr<const interval::Model> model_;
};
}  // namespace ompl_ccd
