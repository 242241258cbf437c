#pragma once
/// \file conservative_advancement.h
/// The CATCH certifier ([Zhang2007]), name "ca": conservative advancement (CA) of an articulated
/// robot's joint motion against a static scene and against itself.
///
/// Promise, with d(t) the least distance between a potentially colliding pair at time t, and
/// contact meaning d ≤ clearance + contact_distance (certifier.h):
///   - Verdict::Free: d(t) > clearance for every pair and every t ∈ [0, 1];
///   - Verdict::Collision: the configuration at toc_upper is in contact, by FCL's exact distance
///     (an upper bound) or an FCL collision probe; the witness gives its pair and nearest points
///     (FCL's contact point and normal for a probe). In Mode::FirstContact it is the first contact:
///     toc_lower = toc_upper, CA having certified every earlier configuration; in Mode::Decide it is
///     the first contact met, and toc_lower is 0 unless every pair was bounded;
///   - Verdict::Undecided: a pair needed more than max_steps_per_pair CA steps without reaching
///     contact (a motion grazing within micrometres over a long stretch), or its lower bound reached
///     clearance while FCL's distance on the bodies stayed above contact_distance (a primitive's
///     surface triangles touching, the primitive not: rounding-level); stat undecided_cap_hits;
///   - toc_lower is guaranteed in every verdict: no configuration before it is in contact.
/// A start state already in contact gives Collision at TOC 0. The tolerance of the query decides
/// nothing here: CA brackets the TOC exactly.
///
/// How (each step in its own file under src/certify/):
///   - the shared culling front end (culling_front_end.h): whole-robot probes, and spatial culling
///     ([Zhang2007] Sec. 5) with motion-bound boxes piece by piece, self pairs through their
///     JointSpaceCertificate and then in their common ancestor's frame, optionally Taylor-model
///     boxes (Sec. 5.2);
///   - ca_advance.cpp: CA on one pair, Δt = (d − clearance)/μ ([Zhang2007] Eq. (4)), undirected or
///     along a slab of ca_slab_separation.cpp;
///   - ca_temporal_culling.cpp: Mode::FirstContact, [Zhang2007] Alg. 1 with hull bounds τ̌ (Sec. 7.2);
///   - ca_early_exit.cpp, ca_collision_probes.cpp: Mode::Decide, the early exit of [Zhang2007]
///     Sec. 8 with FCL collision probes.
///
/// Stats: distance_queries, hull_distance_queries, ca_steps, hull_ca_steps, slab_steps (steps
/// taken on a re-measured slab, without a query), collision_probes, pcl_before_culling,
/// pcl_after_spatial_culling, pcl_after_temporal_culling, undecided_cap_hits, box_pieces (N of the
/// motion-bound boxes; 0 when an early probe decided first), taylor_pieces.
///
/// Measured costs of the options are in bench/README.md.
///
/// Thread safety: immutable after construction; certify() is safe from several threads, each with
/// its own workspace from makeWorkspace().
///
/// References: [Zhang2007] in README.md (section References).

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
#include "ompl_ccd/certify/pipeline/culling_front_end.h"
#include "ompl_ccd/geometry/body_pair.h"
#include "ompl_ccd/geometry/collision_world.h"
#include "ompl_ccd/geometry/convex_hull.h"
#include "ompl_ccd/geometry/fcl_geometry.h"

namespace ompl_ccd
{
struct NearestPoints;  // pair_distance.h
namespace pipeline
{
class TocBracket;  // certify/pipeline/pipeline.h
}

/** \brief Knobs of ConservativeAdvancement; the defaults suit planning. */
struct ConservativeAdvancementOptions
{
  /** \brief Checks every knob's range.
      \throws Error naming the knob, its value and a usable one if a knob is out of range. */
  void validate() const;

  /** \brief Most CA steps on one pair's exact geometry before it is given up (Undecided, stat
      undecided_cap_hits). A pair that passes δ from contact along a stretch of its motion takes
      steps of about δ/μ there, so a pass within micrometres takes thousands of steps (counts in
      bench/README.md). */
  int max_steps_per_pair = 20000;
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
      steps), so a long hull pass that culls the pair beats exact-geometry CA from an early τ̌. */
  int max_hull_steps = 64;
  /** \brief Dense convex hulls (of links and obstacles) are reduced to the hull of some of their
      vertices within about this many metres of the full hull (convex_hull.h); hull distances
      and slab widths are then lowered by the exact gap, so τ̌ stays a lower bound. Fewer vertices
      make the hull pass cheaper. 0: full hulls. */
  double hull_max_gap = 1e-3;
  /** \brief Temporal culling of [Zhang2007] Alg. 1 with convex-hull bounds τ̌ (Sec. 7.2); when
      false every potentially colliding pair runs CA from t = 0. */
  bool temporal_culling = true;
  /** \brief The shared culling front end's knobs (culling_front_end.h); its certificate_cache also
      holds the bodies' convex hulls (hull_cache.h). */
  CullingOptions culling;
};

/** \brief CATCH: conservative advancement certifier, name "ca". See the file comment for the
    contract it keeps. */
class ConservativeAdvancement : public Certifier
{
public:
  /** \brief Prepares bodies (one per link geometry), their local boxes, radii and convex hulls
      (qhull), the obstacles' hulls, and the self pairs.
      \throws Error if an option is out of range (ConservativeAdvancementOptions::validate()). */
  explicit ConservativeAdvancement(CollisionWorldPtr world, const ConservativeAdvancementOptions &options = {});

  /** \brief "ca". */
  std::string name() const override { return "ca"; }
  /** \brief Link poses and FCL objects of every body (mesh and hull), for one thread. */
  std::unique_ptr<CertifierWorkspace> makeWorkspace() const override;
  /** \brief Certifies \a motion ([Zhang2007] Alg. 1 with early exit in Mode::Decide, Sec. 8).
      \pre \a ws comes from makeWorkspace(); motion.model() is world().robot().
      \throws Error if query.tolerance ≤ 0, query.contact_distance ≤ 0 or query.clearance < 0 (or
      one is not finite). */
  Report certify(CertifierWorkspace &ws, const JointMotion &motion, const Query &query) const override;

  /** \brief The robot and scene certified against. */
  const CollisionWorld &world() const { return *world_; }
  /** \brief The options in use. */
  const ConservativeAdvancementOptions &options() const { return options_; }

private:
  /** \brief One link geometry with what CA needs about it: the front end's, and its hulls. */
  struct Body : CullingBody
  {
    /** \brief Convex hull in the geometry frame G (τ̌ and slab widths). */
    std::shared_ptr<const ConvexHull> hull;
    /** \brief A box's or cylinder's surface triangles for exact distances (fcl_geometry.h). */
    std::optional<PrimitiveSurface> surface;
    /** \brief A cylinder's axis: a cheap lower bound on its exact distances (fcl_geometry.h). */
    std::optional<CylinderAxis> axis;
  };
  struct Workspace;  // ca_workspace.h
  struct Advance;    // ca_workspace.h
  struct PairObjects;         // ca_advance.cpp
  struct CreepState;          // ca_advance.cpp
  /** \brief What CA measures a pair's distance on. */
  enum class Geometry
  {
    Hulls,  ///< the convex hulls (reduced, their gaps subtracted): a lower bound τ̌ on the TOC
    Exact   ///< the geometries (primitive surfaces, meshes): contact is decided on these
  };
  /** \brief One run of CA on a pair: from t_start towards t_limit, at most max_steps steps, contact
      when d − clearance < contact_distance. */
  struct AdvanceRequest
  {
    Geometry geometry = Geometry::Exact;
    double t_start = 0.0, t_limit = 1.0;
    int max_steps = 1;
    double contact_distance = 0.0;
  };
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

  // Construction (conservative_advancement.cpp)
  /** \brief The front end's bodies with their convex hulls, shared per robot (sharedHulls). */
  void buildBodies();
  void buildObstacles();
  /** \brief Places the FCL objects (mesh, hull, surface) of the pair's bodies at the current link poses. */
  void placePair(Workspace &ws, const BodyPair &pair) const;
  Contact witness(const BodyPair &pair, const Advance &advance) const;

  // Slab separation (ca_slab_separation.cpp)
  /** \brief Width of the slab between the pair's hulls (placed) along unit \a n, world frame. */
  double slabWidth(Workspace &ws, const BodyPair &pair, const Eigen::Vector3d &n) const;
  /** \brief Scene pair against a box obstacle: the slab along the normal of the box face that
      the body's box centre lies farthest beyond, at the current poses (a direction without a GJK
      query). */
  Separation boxFaceSeparation(Workspace &ws, const BodyPair &pair) const;
  /** \brief R_WF of the pair's frame F at the current poses (identity for a scene pair). */
  Eigen::Matrix3d pairFrameRotation(const Workspace &ws, const BodyPair &pair) const;
  /** \brief \a separation's n_F turned to the current poses and its slab measured again. */
  void remeasureSlab(Workspace &ws, const BodyPair &pair, Separation &separation) const;
  /** \brief The slab along the direction between \a nearest points (invalid when they coincide). */
  void slabAlongNearest(Workspace &ws, const BodyPair &pair, const NearestPoints &nearest,
                        Separation &separation) const;

  // Per-pair advancement, [Zhang2007] Eq. (4) (ca_advance.cpp)
  /** \brief CA on PCL \a i as \a request says, skipping its dead pieces. */
  Advance advance(Workspace &ws, const JointMotion &motion, std::size_t i, const AdvanceRequest &request,
                  const Query &query) const;
  /** \brief Δt certified from t with distance bound \a d: the longer of the undirected step and
      the step along \a separation, rounded down. */
  double stepLength(Workspace &ws, const JointMotion &motion, const BodyPair &pair, double t, double t_limit,
                    double d, const Separation &separation, const Query &query) const;
  PairObjects pairObjects(const Workspace &ws, const BodyPair &pair, Geometry geometry) const;
  /** \brief A distance query at the current poses: the bound in result.distance, its nearest
      points, \a separation along them; whether the pair is in contact (on exact geometry: confirmed
      by confirmContact). */
  bool measure(Workspace &ws, const BodyPair &pair, const PairObjects &objects, const AdvanceRequest &request,
               int step, const Query &query, Separation &separation, Advance &result) const;
  /** \brief Lower bound on the exact geometries' distance from a cylinder's axis (its radius
      subtracted), or nothing if neither body is a cylinder or that bound is within
      \a contact_distance of clearance. */
  std::optional<double> axisDistance(const PairObjects &objects, double contact_distance, const Query &query,
                                     NearestPoints &nearest) const;
  /** \brief Lower bound on the exact geometries' distance (surface gaps subtracted; 0 if the solids
      overlap at the run's first step). */
  double exactDistance(Workspace &ws, const BodyPair &pair, const PairObjects &objects, double contact_distance,
                       bool first_step, const Query &query, NearestPoints &nearest) const;
  /** \brief Whether the pair's bodies themselves (meshes or primitives, not the triangles around a
      primitive) are in contact by FCL's exact distance, an upper bound; if so that distance and
      its points in \a result. */
  bool confirmContact(Workspace &ws, const PairObjects &objects, double contact_distance, const Query &query,
                           Advance &result) const;
  /** \brief Mode::Decide, hull pass: while the bound shrinks, an FCL check of the pair where it
      would reach zero at that rate and as far again past it, at most every other step. */
  std::optional<Advance> creepProbe(Workspace &ws, const JointMotion &motion, std::size_t i, CreepState &creep,
                                    double t, double d, double dt, double t_limit) const;

  // Collision probes (ca_collision_probes.cpp)
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

  // Temporal culling, [Zhang2007] Alg. 1 (ca_temporal_culling.cpp)
  /** \brief CA on PCL \a i's convex hulls: stops at τ̌ (Passed: τ̌ > 1); Capped at 0 without
      temporal culling. */
  Advance hullPass(Workspace &ws, const JointMotion &motion, std::size_t i, const Query &query) const;
  /** \brief Mode::FirstContact after the front end's culling: probes of the live pairs for a
      configuration in collision (pipeline::firstContactProbes), the live pieces cut where the
      bracket needs no more, then Alg. 1 over ws.pcl, into \a bracket. */
  void firstContact(Workspace &ws, const JointMotion &motion, const Query &query, pipeline::TocBracket &bracket) const;
  /** \brief Alg. 1's CA of PCL \a i from its τ̌ = \a lower up to bracket.certifiedUntil(). */
  void firstContactOfPair(Workspace &ws, const JointMotion &motion, std::size_t i, double lower, const Query &query,
                          pipeline::TocBracket &bracket) const;
  /** \brief FCL collision checks at \a t of the PCL pairs live then, in order: the witness of the
      first in collision, else nothing. */
  std::optional<Contact> probeLivePairs(Workspace &ws, const JointMotion &motion, double t) const;

  // Decide early exit, [Zhang2007] Sec. 8 (ca_early_exit.cpp)
  /** \brief Mode::Decide over ws.pcl after the front end's culling: pair by pair, stopping at the
      first contact, into \a bracket. */
  void decide(Workspace &ws, const JointMotion &motion, const Query &query, pipeline::TocBracket &bracket) const;

  CollisionWorldPtr world_;
  ConservativeAdvancementOptions options_;
  /** \brief Probes, live-piece culling, certificates: the front end every certifier shares. */
  CullingFrontEnd front_end_;
  std::vector<Body> bodies_;
  std::vector<std::shared_ptr<const ConvexHull>> obstacle_hulls_;
  std::vector<std::unique_ptr<fcl::CollisionObjectd>> obstacle_hull_objects_;
  /** \brief A box or cylinder obstacle's surface triangles, placed (exact distances), else null,
      and their gap to the primitive. */
  std::vector<std::unique_ptr<fcl::CollisionObjectd>> obstacle_surface_objects_;
  std::vector<double> obstacle_surface_gaps_;
  /** \brief A cylinder obstacle's axis, placed, else null, and its radius. */
  std::vector<std::unique_ptr<fcl::CollisionObjectd>> obstacle_axis_objects_;
  std::vector<double> obstacle_axis_radii_;
};
}  // namespace ompl_ccd
