#pragma once
/// \file ca_model.h
/// Private to the CA certifier: its model (ConservativeAdvancement::model()), immutable once built
/// and shared by every thread: the bodies with their hulls and primitive surfaces, the obstacles'
/// stand-ins, the front end, and the steps of [Zhang2007] as methods over a per-thread Workspace
/// (ca_workspace.h), each in the file its comment names.
///
/// References: [Zhang2007] in README.md (section References).

#include <fcl/narrowphase/collision_request.h>
#include <fcl/narrowphase/collision_result.h>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "certify/pipeline/culling_front_end.h"
#include "ompl_ccd/bound/dynamic_aabb.h"
#include "ompl_ccd/bound/motion_bound.h"
#include "ompl_ccd/certify/ca/conservative_advancement.h"
#include "ompl_ccd/geometry/body_pair.h"
#include "ompl_ccd/geometry/convex_hull.h"
#include "ompl_ccd/geometry/fcl_geometry.h"

namespace ompl_ccd
{
struct NearestPoints;  // pair_distance.h
namespace pipeline
{
class TocBracket;  // certify/pipeline/pipeline.h
}  // namespace pipeline

namespace ca
{
/** \brief The CA certifier's model: see the file comment. */
class Model
{
public:
  /** \brief The bodies, their hulls (shared per robot, cached on disk with the certificates),
      primitive surfaces and cylinder axes; the obstacles' likewise; the front end of \a culling. */
  Model(CollisionWorldPtr world, const ConservativeAdvancementOptions &options, const CullingOptions &culling);

  struct Workspace;  // ca_workspace.h
  /** \brief [Zhang2007] on \a motion: the pipeline's probes and culling, then Alg. 1
      (Mode::FirstContact) or the early exit (Mode::Decide). \pre checkQuery(query) passed. */
  Report certify(Workspace &ws, const JointMotion &motion, const Query &query) const;

  const CollisionWorld &world() const { return *world_; }
  const ConservativeAdvancementOptions &options() const { return options_; }
  const CullingFrontEnd &frontEnd() const { return front_end_; }

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
}  // namespace ca
}  // namespace ompl_ccd
