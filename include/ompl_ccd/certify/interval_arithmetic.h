#pragma once
/// \file interval_arithmetic.h
/// The ARTICULATE certifier ([Redon2004]), name "interval": interval link motions (Sec. 4.1,
/// interval_link_pose.h), culling over time pieces with interval bounding boxes, and the exact
/// elementary contact solver (Sec. 5.2, elementary_contact.h) on the surviving triangle features.
///
/// Pipeline. The motion [0, 1] is cut into `time_pieces` equal pieces, taken in time order. On a
/// piece T every link pose is enclosed by interval chain products (Sec. 4.1, outward-rounded
/// Interval of bound/interval.h: no rounding-mode switch, so no global state across threads) and
/// each body's link-frame box is carried into an interval world box (the dynamic AABB of Sec. 4.1);
/// a body pair (body–obstacle, or a non-excluded self pair) survives T when its boxes come within
/// `clearance` (stage 1). Then each body's line-swept sphere, swept over the piece, is tested
/// against the obstacle or the other body's (Sec. 4.2, swept_sphere_culling.h; stage 2). A
/// surviving pair's vertices are enclosed over T — a scene pair in the world frame,
/// a self pair in the frame of the two links' deepest common ancestor (the joints above it move
/// both rigidly and would only widen the boxes) — and its vertex–face and edge–edge equations whose
/// feature boxes meet go to one solver call per piece (triangle_features.h), which returns the
/// earliest contact in T (stage 3). A piece that leaves more than `split_pairs` equations is
/// halved first (at most `max_splits` times): shorter pieces have tighter boxes, so the halves
/// usually leave far fewer (the time subdivision of the hierarchy culling, Sec. 4.1). Not implemented: the continuous OBB-tree tests of Sec. 5.1.
///
/// Geometry: meshes are their triangles (a surface); boxes, cylinders and spheres are solids,
/// triangulated by triangleFeatures (cylinders and spheres circumscribed, so a contact of their
/// triangles may lie a little away from the shape). A surface misses a body wholly inside a solid,
/// so the start state is checked with FCL (distance < clearance, or in collision): then Collision
/// at TOC 0. Past t = 0, any contact starts with the triangle surfaces touching.
///
/// Confirmation. Every contact the solver finds is checked by FCL's exact distance of the two
/// shapes at the witness time (the solver reports triangles within kIntervalContactDistance).
/// Meshes, boxes and cylinders are confirmed for tolerances ≥ 3 kCylinderPrismGap; a contact of a circumscribed
/// surface that the real shape does not make is passed over, and the solver goes on after its
/// bracket (at most `max_restarts` times). A real contact may hide inside a passed-over bracket, so
/// a motion with one is never Free: without a later confirmed contact it is Undecided.
///
/// Verdicts:
///  - Free: every feature pair stays farther than clearance apart on [0, 1] (a proof: interval
///    arithmetic is outward-rounded, the triangles contain the shapes).
///  - Collision: at witness.time ∈ [toc_lower, toc_upper] FCL puts the two shapes within
///    clearance + tolerance (witness.distance); nothing comes within clearance before toc_lower.
///    toc_upper − toc_lower ≤ tolerance unless contacts were passed over (then toc_lower is the
///    first one's). Mode::Decide first probes the whole robot with FCL at t = 1/2, 1/4, 3/4 (as
///    [Zhang2007] Sec. 8): a probe in contact answers Collision with bracket [0, t]. Otherwise both
///    modes stop at the first confirmed contact, which is the earliest one.
///  - Undecided: a work budget ran out: stats "cap_max_boxes", "cap_max_depth" or
///    "cap_max_restarts" is 1 (the last also when contacts were passed over and none confirmed);
///    toc_lower is still guaranteed.
///
/// Stats: pieces (pieces examined), pair_pieces (body pairs tested, summed over pieces),
/// box_culled and sphere_culled (those culled by stage 1 and 2), body_pairs (those left),
/// feature_pairs (equations given to the solver), solver_boxes (time intervals it examined),
/// unconfirmed (contacts FCL did not confirm), cap_max_boxes, cap_max_depth, cap_max_restarts.
///
/// Thread safety: immutable after construction; certify() is safe from several threads, each with
/// its own workspace.
///
/// [Redon2004] S. Redon, Y. J. Kim, M. C. Lin, D. Manocha. Fast continuous collision detection
/// for articulated models. ACM Symposium on Solid Modeling and Applications, 2004.

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <Eigen/Geometry>

#include "ompl_ccd/certify/certifier.h"
#include "ompl_ccd/certify/elementary_contact.h"
#include "ompl_ccd/certify/potentially_colliding_pairs.h"
#include "ompl_ccd/certify/swept_sphere_culling.h"
#include "ompl_ccd/certify/triangle_features.h"
#include "ompl_ccd/geometry/collision_world.h"

namespace ompl_ccd
{
/** \brief Default time_pieces: boxes over 1/16 of the motion keep a link's interval box within a
    few centimetres of its sweep for the bundled arm's joint ranges. */
constexpr int kIntervalTimePieces = 16;

/** \brief Default split_pairs. */
constexpr int kIntervalSplitPairs = 256;
/** \brief Default max_splits: pieces down to 1/4096 of the motion. */
constexpr int kIntervalMaxSplits = 8;

/** \brief Distance (metres) at which the solver reports a triangle pair as touching: the witness
    is then a real contact to within a micrometre, and the TOC bracket holds the first contact of
    the triangles (issue 17, req. 5). Capped at tolerance / 2. */
constexpr double kIntervalContactDistance = 1e-6;

/** \brief Default max_restarts: contacts of a circumscribed cylinder or sphere that FCL does not
    confirm, passed over before giving up. */
constexpr int kIntervalMaxRestarts = 64;

/** \brief Knobs of IntervalArithmetic; the defaults suit planning. */
struct IntervalArithmeticOptions
{
  /** \brief Equal time pieces the box culling works on (≥ 1). */
  int time_pieces = kIntervalTimePieces;
  /** \brief Work cap per solver call: time intervals it may examine (budget "cap_max_boxes"). */
  int max_boxes = kElementaryMaxBoxes;
  /** \brief Work cap per solver call: halvings of the piece (budget "cap_max_depth"). */
  int max_depth = kElementaryMaxDepth;
  /** \brief Work cap per motion: unconfirmed contacts passed over (budget "cap_max_restarts"). */
  int max_restarts = kIntervalMaxRestarts;
  /** \brief Equations per solver call above which a piece is halved (≥ 1). */
  int split_pairs = kIntervalSplitPairs;
  /** \brief Halvings of a piece before its equations go to the solver however many (≥ 0). */
  int max_splits = kIntervalMaxSplits;
  /** \brief Stage 1: cull body pairs by their interval boxes over a piece (Sec. 4.1). */
  bool box_culling = true;
  /** \brief Stage 2: cull body pairs by line-swept spheres swept over a piece (Sec. 4.2). */
  bool swept_sphere_culling = true;
  /** \brief Stage 2: capsules per piece and body (≥ 1). */
  int swept_sphere_steps = kSweptSphereSteps;
};

/** \brief ARTICULATE interval certifier, name "interval". See the file comment for its contract. */
class IntervalArithmetic : public Certifier
{
public:
  /** \brief Triangulates every body (link geometry) and obstacle and lists the self pairs.
      \throws Error if an option is out of range. */
  explicit IntervalArithmetic(CollisionWorldPtr world, const IntervalArithmeticOptions &options = {});

  /** \brief "interval". */
  std::string name() const override { return "interval"; }
  /** \brief FCL objects for the start-state check, and pose buffers, for one thread. */
  std::unique_ptr<CertifierWorkspace> makeWorkspace() const override;
  /** \brief Certifies \a motion. \pre \a ws comes from makeWorkspace(); motion.model() is
      world().robot(). \throws Error if query.tolerance ≤ 0 or query.clearance < 0 (or not finite). */
  Report certify(CertifierWorkspace &ws, const JointMotion &motion, const Query &query) const override;

  /** \brief The robot and scene certified against. */
  const CollisionWorld &world() const { return *world_; }
  /** \brief The options in use. */
  const IntervalArithmeticOptions &options() const { return options_; }

private:
  struct Workspace;
  /** \brief Solver input of the current piece: the feature pairs of every body pair that neither
      culling stage proves farther than \a margin apart (ws.pairs, ws.owner); counts in ws. */
  void collectFeaturePairs(Workspace &ws, double margin) const;
  /** \brief Index in ws.motions of body \a body's vertices in frame \a frame (−1: world). */
  int motionIndex(Workspace &ws, int body, int frame) const;
  /** \brief Feature boxes of ws.motions[m] over the current piece. */
  const FeatureSetBoxes &featureBoxesOf(Workspace &ws, int m) const;
  /** \brief The solver's contact, checked by FCL at its time: the report witness (world frame, link
      names), or nullopt if the shapes are farther than \a within apart. */
  std::optional<Contact> confirm(Workspace &ws, const ElementaryContactResult &result, double within) const;

  CollisionWorldPtr world_;
  IntervalArithmeticOptions options_;
  std::vector<BodyRef> bodies_;
  /** \brief Features of each body (link frame) and obstacle (world frame); body boxes in the link frame. */
  std::vector<TriangleFeatures> body_features_, obstacle_features_;
  std::vector<Eigen::AlignedBox3d> body_boxes_L_;
  /** \brief Scene pairs (every body × every obstacle), then the self pairs. */
  std::vector<BodyPair> pairs_;
  /** \brief Obstacles as vertex motions that stand still, and their feature boxes. */
  std::vector<std::shared_ptr<const VertexMotion>> obstacle_motions_;
  std::vector<FeatureSetBoxes> obstacle_feature_boxes_;
  std::vector<Eigen::AlignedBox3d> obstacle_boxes_;
  /** \brief Stage 2: each body's line-swept sphere. */
  std::shared_ptr<const SweptSphereCulling> swept_spheres_;
};
}  // namespace ompl_ccd
