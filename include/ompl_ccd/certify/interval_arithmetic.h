#pragma once
/// \file interval_arithmetic.h
/// The ARTICULATE certifier ([Redon2004]), name "interval": interval link motions (Sec. 4.1,
/// interval_link_pose.h), culling over time pieces with interval bounding boxes and swept spheres
/// (Sec. 4.2), and the exact contact computation (Sec. 5, pair_contact_solver.h: OBB trees, the
/// elementary contact solver) on the body pairs left.
///
/// Pipeline. The motion [0, 1] is cut into `time_pieces` equal pieces, taken in time order. On a
/// piece T every link pose is enclosed by interval chain products (Sec. 4.1, outward-rounded
/// Interval of bound/interval.h: no rounding-mode switch, so no global state across threads) and
/// each body's link-frame box is carried into an interval world box (the dynamic AABB of Sec. 4.1);
/// a body pair (body–obstacle, or a non-excluded self pair) survives T when its boxes come within
/// `clearance` (stage 1). Then each body's line-swept sphere, swept over the piece, is tested
/// against the obstacle or the other body's (Sec. 4.2, swept_sphere_culling.h; stage 2). Every pair
/// left is decided over T by the exact contact computation of Sec. 5 (pair_contact_solver.h:
/// refinement levels, continuous OBB-tree tests, the simultaneous elementary solver, confirmation
/// on the exact shapes; stage 3), a self pair in the frame of the two links' deepest common
/// ancestor (the joints above it move both rigidly and would only widen the bounds).
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
///    Sec. 8): a probe in contact answers Collision with bracket [0, t]; otherwise it stops at the
///    first pair found in contact.
///  - Undecided: a work cap of the pair service ran out: stats "cap_max_boxes", "cap_max_depth",
///    "cap_max_shape_steps" or "cap_shape_stall" is 1; toc_lower is still guaranteed.
///
/// Stats: pieces (pieces examined), pair_pieces (body pairs tested, summed over pieces),
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
/// [Redon2004] S. Redon, Y. J. Kim, M. C. Lin, D. Manocha. Fast continuous collision detection
/// for articulated models. ACM Symposium on Solid Modeling and Applications, 2004.

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <Eigen/Geometry>

#include "ompl_ccd/certify/certifier.h"
#include "ompl_ccd/certify/pair_contact_solver.h"
#include "ompl_ccd/certify/swept_sphere_culling.h"
#include "ompl_ccd/geometry/collision_world.h"

namespace ompl_ccd
{
/** \brief Default time_pieces: boxes over 1/16 of the motion keep a link's interval box within a
    few centimetres of its sweep for the bundled arm's joint ranges. */
constexpr int kIntervalTimePieces = 16;

/** \brief Knobs of IntervalArithmetic; the defaults suit planning. */
struct IntervalArithmeticOptions
{
  /** \brief Equal time pieces the box culling works on (≥ 1). */
  int time_pieces = kIntervalTimePieces;
  /** \brief Stage 1: cull body pairs by their interval boxes over a piece (Sec. 4.1). */
  bool box_culling = true;
  /** \brief Stage 2: cull body pairs by line-swept spheres swept over a piece (Sec. 4.2). */
  bool swept_sphere_culling = true;
  /** \brief Stage 2: capsules per piece and body (≥ 1). */
  int swept_sphere_steps = kSweptSphereSteps;
  /** \brief Stage 3: the exact contact computation, with its work caps (pair_contact_solver.h). */
  PairContactOptions pair;
};

/** \brief ARTICULATE interval certifier, name "interval". See the file comment for its contract. */
class IntervalArithmetic : public Certifier
{
public:
  /** \brief Triangulates every body (link geometry) and obstacle, builds their OBB trees and lists
      the self pairs. \throws Error if an option is out of range. */
  explicit IntervalArithmetic(CollisionWorldPtr world, const IntervalArithmeticOptions &options = {});

  /** \brief "interval". */
  std::string name() const override { return "interval"; }
  /** \brief FCL objects for the start-state check, and pose buffers, for one thread. */
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
  /** \brief The body pairs of \a pairs_ that stages 1 and 2 leave on the current piece (ws.live). */
  void cullPairs(Workspace &ws, double margin) const;

  CollisionWorldPtr world_;
  IntervalArithmeticOptions options_;
  /** \brief Stage 3, and its bodies (collisionBodies(world)). */
  std::shared_ptr<const PairContactSolver> exact_;
  /** \brief Body boxes in their link frame, obstacle boxes in the world. */
  std::vector<Eigen::AlignedBox3d> body_boxes_L_, obstacle_boxes_;
  /** \brief Scene pairs (every body × every obstacle), then the self pairs. */
  std::vector<BodyPair> pairs_;
  /** \brief Stage 2: each body's line-swept sphere. */
  std::shared_ptr<const SweptSphereCulling> swept_spheres_;
};
}  // namespace ompl_ccd
