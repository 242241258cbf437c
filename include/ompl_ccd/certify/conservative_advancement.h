#pragma once
/// \file conservative_advancement.h
/// The CATCH certifier ([Zhang2007]): conservative advancement (CA) for articulated robots against
/// a static scene and against themselves, with Taylor-model spatial culling and temporal culling
/// by convex-hull lower bounds.
///
/// Per potentially colliding pair, CA advances the time by Δt = (d − clearance)/μ ([Zhang2007]
/// Eq. (4)) where d is a guaranteed lower bound on the pair's distance at t (pair_distance.h) and
/// μ bounds how fast the distance can shrink (motion_bound.h). Two sound steps are tried and the
/// longer one is taken:
///   - undirected: μ = the bodies' speed bounds (for a self pair, relative to their deepest common
///     ancestor, since shared joints move both rigidly), valid for non-convex bodies;
///   - directed: the slab between the bodies along n = p_B − p_A (FCL's nearest points), whose
///     width s comes from the bodies' convex-hull support functions, with μ_n = the bodies' speed
///     bounds along n. A slab separates the bodies for any n, so no convexity is needed. For a
///     self pair n is fixed in the common ancestor's frame (it turns with the ancestor) and μ_n
///     counts only the joints below the ancestor.
/// Between distance queries the slab along the last query's n is re-measured at the new time
/// (support functions only); while it stays wide it is itself the distance lower bound of the next
/// step, and FCL is queried again only when it has narrowed (options slab_reuse). Far from contact
/// the exact-geometry distance is computed to within a relative error (distance_rel_err); contact
/// is always decided on the exact distance. Boxes and cylinders (links and obstacles) are measured
/// as triangles around them (a box's 12, a cylinder's circumscribed prism with enough sides to lie
/// within 0.1 µm of it), so that FCL computes triangle–triangle distances instead of running GJK
/// (whose error near contact exceeded 1e-5 m): steps use the triangles' distance less the gap, a
/// lower bound; contact is claimed when the triangles' distance plus the gap is within reach, or
/// else when FCL's GJK distance on the primitive itself (an upper bound: its points are real) is.
/// The solids are checked for overlap at the start of each run, as a surface misses a body wholly
/// inside a primitive.
///
/// Culling before CA: the bodies' motion-bound boxes over the whole motion and then over each
/// piece [k/N, (k+1)/N] (options swept_box_samples, swept_box_travel): a pair is dropped when its
/// boxes are apart in every piece, and its CA skips the pieces where they are apart (no contact
/// can happen there).
/// A self pair's pieces are culled again with its bodies' boxes in the frame of their deepest
/// common ancestor, widened by the motion bound relative to it: the joints above the ancestor move
/// both bodies rigidly, so only the joints below it count; and pieces along which the pair's
/// JointSpaceCertificate (built at construction for pairs moved by few joints) bounds its distance
/// by clearance + tolerance are culled too. With options taylor_models (off by default: it costs
/// more than it saves after the sampled boxes), then the Taylor-model boxes of the bodies of the
/// pairs left whose sampled boxes (the bodies' boxes at k/N, not widened) are apart: every box
/// enclosing a sweep holds its samples, so no tighter box can cull the other pairs, and when no
/// pair is left to cull no Taylor model is computed (stat taylor_pieces 0). Dense hulls are
/// reduced to fewer vertices (hull_max_gap) and their distances lowered by the exact gap, so τ̌
/// stays a lower bound.
///
/// Contact: a pair counts as touching when d < clearance + tolerance. Then:
///   - Verdict::Collision iff CA met a configuration with d < clearance + tolerance; its time is
///     toc_upper and the witness holds FCL's nearest points there. In Mode::FirstContact CA goes on
///     with that pair to d < clearance + tolerance × refine_factor (a real contact up to 1e-6 m),
///     and that earliest refined contact is reported, so toc_upper is the real first contact to
///     within tolerance; only when no pair gets that close is a grazing configuration (within
///     tolerance) the witness. toc_lower = toc_upper unless a pair hit its step cap;
///   - toc_lower is guaranteed: no configuration before it is closer than clearance (every CA step
///     certifies distance ≥ clearance on the interval it skips);
///   - Verdict::Free: every pair was advanced past t = 1 (or culled): distance ≥ clearance all along;
///   - Verdict::Undecided: a pair needed more than max_steps_per_pair steps (grazing) and no
///     contact was found; counted in stats "undecided_cap_hits".
/// A start state already in contact gives Collision at TOC 0.
///
/// Mode::Decide first checks the whole robot with FCL, before any bound, at a few times of the
/// bisection order 1/2, 1/4, 3/4 (early_probes; the obstacles the robot's box overlaps in the scene
/// broadphase, each against the bodies whose boxes overlap it, then the self pairs that their
/// certificates do not bound apart), then takes pairs one by one (hull bound τ̌,
/// with collision probes ahead while the hulls close in (creep_probes), a few FCL collision
/// probes in (τ̌, 1], then CA from τ̌ to 1),
/// and stops at the first contact or probe in collision ([Zhang2007] Sec. 8), so its toc_lower
/// after a Collision is only 0 unless every
/// pair was bounded; a probe's witness holds FCL's contact point (point_a = point_b, distance 0)
/// and normal. Mode::FirstContact runs [Zhang2007] Alg. 1: all τ̌, sorted, then CA per pair up to
/// the current t_min, skipping pairs whose τ̌ ≥ t_min.
///
/// Hull distances: GJK on the (reduced) hulls only picks a direction n; the slab between the hulls
/// along n, from their support functions, is the certified bound (GJK's own stop rule bounds its
/// progress, not its error).
///
/// Verdicts differ between the modes or between a motion and its reverse only for grazing
/// motions whose distance dips into [clearance, clearance + tolerance): both answers keep the
/// contract (Free certifies distance ≥ clearance; Collision shows distance < clearance + tolerance).
///
/// Stats: distance_queries, hull_distance_queries, ca_steps, hull_ca_steps, slab_steps (steps
/// taken on a re-measured slab, without a query), collision_probes, pcl_before_culling,
/// pcl_after_spatial_culling, pcl_after_temporal_culling, undecided_cap_hits, box_pieces (N of the
/// motion-bound boxes; 0 when an early probe decided first), taylor_pieces.
///
/// Thread safety: immutable after construction; certify() is safe from several threads, each with
/// its own workspace from makeWorkspace().
///
/// [Zhang2007] X. Zhang, S. Redon, M. Lee, Y. J. Kim. Continuous collision detection for
/// articulated models using Taylor models and temporal culling. ACM TOG 26(3), 2007.

#include <fcl/narrowphase/collision_request.h>
#include <fcl/narrowphase/collision_result.h>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "ompl_ccd/bound/dynamic_aabb.h"
#include "ompl_ccd/bound/motion_bound.h"
#include "ompl_ccd/certify/certifier.h"
#include "ompl_ccd/certify/joint_space_certificate.h"
#include "ompl_ccd/certify/potentially_colliding_pairs.h"
#include "ompl_ccd/geometry/collision_world.h"
#include "ompl_ccd/geometry/convex_hull.h"
#include "ompl_ccd/geometry/fcl_geometry.h"

namespace ompl_ccd
{
/** \brief Knobs of ConservativeAdvancement; the defaults suit planning. */
struct ConservativeAdvancementOptions
{
  /** \brief Most CA steps on one pair's exact geometry before it is given up (Undecided). */
  int max_steps_per_pair = 2000;
  /** \brief Relative error allowed in the exact-geometry distances of CA steps: FCL's mesh
      traversal stops early and the distance is deflated by 1 + distance_rel_err (pair_distance.h);
      contact is decided on the exact distance. 0: every distance exact. */
  double distance_rel_err = 0.25;
  /** \brief A CA step may use the slab along the last distance query's direction instead of a new
      query while the slab is at least this fraction of that query's distance (and wider than the
      contact distance). 1: a query at every step. */
  double slab_reuse = 0.5;
  /** \brief Mode::Decide: before CA on a pair, FCL collision checks at this many times evenly
      spread over (τ̌, 1]; one in collision decides Collision at once ([Zhang2007] Sec. 8's early
      exit on a configuration in collision). 0: no probes. */
  int collision_probes = 8;
  /** \brief Mode::Decide: first of all, the whole robot is checked at this many times of the
      bisection order 1/2, 1/4, 3/4, 1/8, ... (as OMPL's DiscreteMotionValidator orders its states);
      one in collision decides Collision before any bound is computed. 0: none. */
  int early_probes = 3;
  /** \brief Mode::Decide: while a pair's hull CA closes in (its distance bound shrinking from step
      to step), an FCL collision check of the pair at the time the bound would reach zero at that
      rate, and as far again past it, at most every other step: a configuration in collision
      decides Collision without creeping up to the contact. */
  bool creep_probes = true;
  /** \brief Most CA steps on one pair's convex hulls when computing its lower bound τ̌ (the time
      reached is a valid τ̌ whenever the hull pass stops). Hull steps are cheap (most are slab
      steps), so a long hull pass that culls the pair beats exact-geometry CA from an early τ̌:
      64 halved the median on Panda/UR5e edges against 16. */
  int max_hull_steps = 64;
  /** \brief Dense convex hulls (of links and obstacles) are reduced to the hull of some of their
      vertices within about this many metres of the full hull (convex_hull.h); hull distances
      and slab widths are then lowered by the exact gap, so τ̌ stays a lower bound. Fewer vertices
      make the hull pass cheaper. 0: full hulls. */
  double hull_max_gap = 1e-3;
  /** \brief Temporal culling of [Zhang2007] Alg. 1 with convex-hull bounds τ̌ (Sec. 7.2); when
      false every potentially colliding pair runs CA from t = 0. */
  bool temporal_culling = true;
  /** \brief Dynamic AABBs from Taylor models (Sec. 5) after the sampled motion-bound boxes. Off
      by default: the sampled boxes leave them few pairs per edge to cull (about 0.2 when
      measured, before the boxes' second-order widening made them tighter still), and composing
      the chain's Taylor models costs more than those pairs' hull passes (measured 5–20 % slower on every benchmark world, both modes; the ablation is in
      bench/ca_culling_benchmark). */
  bool taylor_models = false;
  /** \brief Most Taylor sub-intervals: the motion is cut so that each piece turns any chain by at
      most about one radian. 1 (one Taylor model over [0, 1]) measured fastest
      on PRM-length edges: finer pieces cull a few more pairs than they cost. */
  int max_taylor_pieces = 1;
  /** \brief Mode::FirstContact: once a pair is within tolerance, CA goes on until its distance is
      below tolerance × refine_factor (or refine_steps more steps), so the reported TOC is close
      to the first real contact in time as well as in distance. */
  double refine_factor = 1e-3;
  /** \brief Most extra CA steps of that refinement. */
  int refine_steps = 2000;
  /** \brief Most pieces N of the motion-bound boxes: the boxes of the bodies at k/N, k = 0..N, those
      of each piece's two ends merged and widened by sweptBoxWidening (motion_bound.h: μ/(2N), or
      the chord's A/(8N²) when smaller). The boxes of each piece [k/N, (k+1)/N] also cull pairs
      piece by piece: CA skips the pieces during which a pair's boxes are apart. */
  int swept_box_samples = 32;
  /** \brief Metres: N is the fewest pieces over which the fastest body's motion bound μ is at
      most this much per piece (at most swept_box_samples). Short motions then pay for fewer
      poses. With the chord's second-order widening a piece's box is mostly the box of its two
      ends, so longer pieces lose little: 0.5 measured fastest on UR5e (free medians 10 % under
      0.4 and 0.6, 20 % under 0.3) and within 5 % of the best on the bundled arm and Panda. */
  double swept_box_travel = 0.5;
  /** \brief Self pairs moved relative to each other by at most this many joints (revolute or
      prismatic, at most 3) get a JointSpaceCertificate at construction: pieces of a motion along
      which it bounds the pair's distance by clearance + tolerance are culled without any CA step.
      0: none. */
  int certificate_max_dims = 2;
  /** \brief Most cells (exact distance queries at construction, built on every core) of each
      certificate. 8192 measured UR5e free medians 15 % under 4096 (16384: no further gain) for
      construction 1.0 → 1.7 s on two cores; the bundled arm and Panda gain little. */
  int certificate_max_cells = 8192;
};

/** \brief CATCH: conservative advancement certifier, name "ca". See the file comment for the
    contract it keeps. */
class ConservativeAdvancement : public Certifier
{
public:
  /** \brief Prepares bodies (one per link geometry), their local boxes, radii and convex hulls
      (qhull), the obstacles' hulls, and the self pairs.
      \throws Error if an option is out of range. */
  explicit ConservativeAdvancement(CollisionWorldPtr world, const ConservativeAdvancementOptions &options = {});

  /** \brief "ca". */
  std::string name() const override { return "ca"; }
  /** \brief Link poses and FCL objects of every body (mesh and hull), for one thread. */
  std::unique_ptr<CertifierWorkspace> makeWorkspace() const override;
  /** \brief Certifies \a motion ([Zhang2007] Alg. 1 with early exit in Mode::Decide, Sec. 8).
      \pre \a ws comes from makeWorkspace(); motion.model() is world().robot().
      \throws Error if query.tolerance ≤ 0 or query.clearance < 0 (or either is not finite). */
  Report certify(CertifierWorkspace &ws, const JointMotion &motion, const Query &query) const override;

  /** \brief The robot and scene certified against. */
  const CollisionWorld &world() const { return *world_; }
  /** \brief The options in use. */
  const ConservativeAdvancementOptions &options() const { return options_; }

private:
  /** \brief One link geometry with what CA needs about it. */
  struct Body
  {
    BodyRef ref;
    /** \brief Levers of the geometry about its link origin and joint axis (motion_bound.h). */
    BodyReach reach;
    /** \brief Box of the geometry in its link (dynamic AABBs). */
    LocalBox box;
    /** \brief Convex hull in the geometry frame G (τ̌ and slab widths). */
    std::shared_ptr<const ConvexHull> hull;
    /** \brief A box's or cylinder's surface triangles for exact distances (fcl_geometry.h). */
    std::optional<PrimitiveSurface> surface;
  };
  struct Workspace;
  struct Advance;
  /** \brief A direction n (unit, world frame at the current time; n_F, fixed in the pair's frame:
      the world for a scene pair, the common ancestor's link frame for a self pair) and the width of
      the slab between the pair's hulls along it: min over B of x·n − max over A of x·n, a lower
      bound on their distance. */
  struct Separation
  {
    bool valid = false;
    Eigen::Vector3d n = Eigen::Vector3d::Zero(), n_F = Eigen::Vector3d::Zero();
    double width = 0.0;
  };
  /** \brief certify() after its checks: the verdict, bounds and witness; the counters in ws.stats. */
  Report run(Workspace &ws, const JointMotion &motion, const Query &query) const;
  void computeAabbs(Workspace &ws, const JointMotion &motion, double inflation) const;
  void refineAabbs(Workspace &ws, const JointMotion &motion, double inflation) const;
  /** \brief Link poses (forward kinematics) at time \a t of \a motion, unless already there. */
  void poseAt(Workspace &ws, const JointMotion &motion, double t) const;
  /** \brief Places the FCL objects (mesh and hull) of the pair's bodies at the current link poses. */
  void placePair(Workspace &ws, const BodyPair &pair) const;
  /** \brief Spatial culling over the pieces [k/N, (k+1)/N] of the motion (N = Workspace::samples):
      marks, for every PCL, the pieces during which its motion-bound boxes overlap, and drops the
      pairs with none. */
  void cullPieces(Workspace &ws) const;
  /** \brief Drops the PCLs left without a live piece. */
  void keepLivePairs(Workspace &ws) const;
  /** \brief cullSelfPiecesRelative on every self pair, then clears the live pieces its
      JointSpaceCertificate certifies, then drops the pairs left without a live piece. */
  void cullSelfPieces(Workspace &ws, const JointMotion &motion, double inflation) const;
  /** \brief For self pair PCL \a i: clears its live pieces during which the two bodies' boxes in
      the frame of their deepest common ancestor are apart (when that ancestor moves). */
  void cullSelfPiecesRelative(Workspace &ws, const JointMotion &motion, std::size_t i, double inflation) const;
  /** \brief Keeps the PCLs (and their live pieces) whose index i gives \a keep(i) true, in order. */
  template <typename Keep>
  void keepPairs(Workspace &ws, const Keep &keep) const;
  /** \brief The earliest time ≥ \a t in a live piece of PCL \a i (∞ if none). */
  double nextLiveTime(const Workspace &ws, std::size_t i, double t) const;
  /** \brief World AABB of an obstacle (the scene broadphase's). */
  Eigen::AlignedBox3d obstacleBox(int obstacle) const;
  /** \brief CA on PCL \a i (its convex hulls when \a hulls) from \a t_start towards \a t_limit,
      skipping its dead pieces. */
  Advance advance(Workspace &ws, const JointMotion &motion, std::size_t i, bool hulls, double t_start,
                  double t_limit, int max_steps, double contact_distance, const Query &query) const;
  double stepLength(Workspace &ws, const JointMotion &motion, const BodyPair &pair, double t, double t_limit,
                    double d, const Separation &separation, const Query &query) const;
  template <typename HullPass>
  Report decide(Workspace &ws, const JointMotion &motion, const Query &query, const HullPass &hullPass) const;
  double slabWidth(Workspace &ws, const BodyPair &pair, const Eigen::Vector3d &n) const;
  /** \brief Scene pair against a box obstacle: the slab along the normal of the box face that
      the body's box centre lies farthest beyond, at the current poses (a direction without a GJK
      query; against the widest of the six face slabs, it left the GJK queries per edge of the
      arm benchmark unchanged). */
  Separation boxFaceSeparation(Workspace &ws, const BodyPair &pair) const;
  /** \brief R_WF of the pair's frame F at the current poses (identity for a scene pair). */
  Eigen::Matrix3d pairFrameRotation(const Workspace &ws, const BodyPair &pair) const;
  Contact witness(const BodyPair &pair, const Advance &advance) const;
  /** \brief Mode::Decide: FCL collision checks of \a pair at collision_probes times evenly spread
      over (t_from, 1] (but not in its dead pieces); the first in collision as a Contact advance,
      else nothing. */
  std::optional<Advance> probeCollision(Workspace &ws, const JointMotion &motion, std::size_t i,
                                        double t_from) const;
  /** \brief FCL collision check of PCL \a i at time \a t (none in its dead pieces): a Contact
      advance holding FCL's contact if in collision. */
  std::optional<Advance> collideAt(Workspace &ws, const JointMotion &motion, std::size_t i, double t) const;
  /** \brief Whether the pair's bodies, placed (placePair), touch (obstacleCollides for a scene
      pair), with one contact in \a result. */
  bool collides(Workspace &ws, const BodyPair &pair, const fcl::CollisionRequestd &request,
                fcl::CollisionResultd &result) const;
  /** \brief A probe's Contact advance at \a t from FCL's collision \a result (one contact). */
  static Advance probeHit(const fcl::CollisionResultd &result, double t);
  /** \brief Mode::Decide, before any bound: the whole robot checked at time \a t, as one state of
      OMPL's DiscreteMotionValidator (every body against the scene's broadphase, then every self
      pair whose boxes overlap and whose certificate, if any, does not bound its distance above
      zero); the first pair found in collision and its contact. */
  std::optional<std::pair<BodyPair, Advance>> probeWholeRobot(Workspace &ws, const JointMotion &motion,
                                                              double t) const;

  CollisionWorldPtr world_;
  ConservativeAdvancementOptions options_;
  std::vector<Body> bodies_;
  std::vector<BodyPair> self_pairs_;
  /** \brief Certificate of self pair (a, b) at certificates_[a · bodies + b], or null. */
  std::vector<std::shared_ptr<const JointSpaceCertificate>> certificates_;
  std::vector<std::shared_ptr<const ConvexHull>> obstacle_hulls_;
  std::vector<std::unique_ptr<fcl::CollisionObjectd>> obstacle_hull_objects_;
  /** \brief A box or cylinder obstacle's surface triangles, placed (exact distances), else null,
      and their gap to the primitive. */
  std::vector<std::unique_ptr<fcl::CollisionObjectd>> obstacle_surface_objects_;
  std::vector<double> obstacle_surface_gaps_;
};
}  // namespace ompl_ccd
