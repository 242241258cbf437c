#pragma once
/// \file exact_pair_solver_run.h
/// Private to PairContactSolver: the per-thread workspace and one decide() call's state, whose
/// steps live in three files — exact_pair_solver.cpp (the front-to-back loop and the FCL
/// confirmation), exact_obb_culling.cpp (refinement levels, OBB traversal, equations: [Redon2004]
/// Sec. 5.1) and exact_approach_steps.cpp (conservative steps on the exact shapes).

#include <array>
#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <vector>

#include "certify/interval/exact_continuous_obb_overlap.h"
#include "certify/interval/exact_pair_solver.h"
#include "certify/interval/exact_rigid_vertex_motion.h"
#include "certify/interval/exact_vertex_motion.h"
#include "ompl_ccd/geometry/collision_queries.h"
#include "ompl_ccd/geometry/convex_hull.h"
#include "ompl_ccd/geometry/pair_distance.h"

namespace ompl_ccd
{
/** \brief Interval poses of every link of one motion over time intervals, in one frame F (Sec. 4.1,
    linkIntervalPoses): the last few intervals asked for are kept, since the OBB tests, the vertex
    boxes and the solver's two sides ask for the same ones in turn (exact_pose_cache.cpp). */
class PoseCache
{
public:
  /** \brief Forgets every entry; later poses are \a motion's in frame \a frame (−1: world). */
  void reset(const JointMotion &motion, int frame);
  /** \brief X_FL over [lo, hi] of every link. */
  const std::vector<IntervalPose> &over(double lo, double hi);

private:
  struct Entry
  {
    double lo = 0.0, hi = -1.0;
    std::vector<IntervalPose> poses;
  };
  const JointMotion *motion_ = nullptr;
  int frame_ = -1;
  std::array<Entry, 4> entries_;
  int next_ = 0;
};

/** \brief The pose of one link read from a PoseCache: what a body's RigidVertexMotion moves its
    vertices with. Lives in one thread's workspace, like the cache. */
class CachedLinkPose : public PoseEnclosureFunction
{
public:
  CachedLinkPose(PoseCache &cache, int link) : cache_(&cache), link_(link) {}
  void enclose(const Interval &T, IntervalPose &X_FL) const override { X_FL = cache_->over(T.lo(), T.hi())[link_]; }

private:
  PoseCache *cache_;
  int link_;
};

/** \brief One side of the pair as the run sees it: a body (moved by its link's pose in the pair's
    frame F) or an obstacle (still, world frame = F). */
struct PairSide
{
  const TriangleFeatures *features = nullptr;
  const ObbTree *tree = nullptr;
  const std::vector<Eigen::Vector3i> *triangle_edges = nullptr;
  /** \brief Link of a body, −1 for an obstacle. */
  int link = -1;
  /** \brief Refinement level (Sec. 5.1.1). */
  int level = 0;
  /** \brief Body box in its link frame (bodies only). */
  Eigen::AlignedBox3d box_L;
  /** \brief The solver's view of the side's vertices. */
  const VertexMotion *motion = nullptr;
  /** \brief The interval its moved OBBs are cached for, its pose over it, and the cache (the
      workspace's vectors for this body or obstacle; a node's box is current when its stamp is). */
  double cached_lo = -1.0, cached_hi = -1.0;
  IntervalPose pose;
  int stamp = 0;
  std::vector<IntervalObb> *obbs = nullptr;
  std::vector<int> *obb_stamps = nullptr;
};

/** \brief Per-thread buffers of PairContactSolver. */
struct PairWorkspace : PairContactWorkspace
{
  explicit PairWorkspace(const CollisionWorld &world) : collision(world) {}
  CollisionWorkspace collision;
  PoseCache poses;
  /** \brief Each body's vertices moved by its link's cached pose (made on first use). */
  std::vector<std::unique_ptr<RigidVertexMotion>> body_motions;
  /** \brief Moved OBBs per body and per obstacle, and their stamps (obstacles: 0 once moved, as
      they stand still; bodies: the stamp of the interval they were moved over). */
  std::vector<std::vector<IntervalObb>> body_obbs, obstacle_obbs;
  std::vector<std::vector<int>> body_obb_stamps, obstacle_obb_stamps;
  int stamps = 0;
  std::array<PairSide, 2> sides;
  /** \brief OBB traversal: node pairs to visit, overlapping leaf pairs (node indices). */
  std::vector<std::pair<int, int>> node_stack, leaf_pairs;
  /** \brief Equation keys (deduplication) and the equations of the current sub-interval. */
  std::vector<std::uint64_t> vertex_face[2], edge_edge;
  std::vector<FeaturePair> equations;
  /** \brief Vertex boxes of the current sub-interval: slot per vertex (−1: not enclosed). */
  std::array<std::vector<int>, 2> slot;
  std::array<std::vector<int>, 2> enclosed;
  std::array<std::vector<IntervalVector3>, 2> boxes;
  /** \brief Feature boxes of every feature (obb_trees = false). */
  std::array<FeatureSetBoxes, 2> feature_boxes;
  /** \brief FCL objects of the bodies' and obstacles' hulls (made on first use). */
  std::vector<std::unique_ptr<fcl::CollisionObjectd>> body_hull_objects, obstacle_hull_objects;
};

/** \brief One decide() call on one pair. */
class PairContactSolver::Run
{
public:
  Run(const PairContactSolver &solver, PairWorkspace &ws, const JointMotion &motion, const BodyPair &pair,
      const PairContactRequest &request);
  /** \brief Whether and when the pair first comes within request.clearance + contact_distance on
      [t0, t1]: its sub-intervals front to back, each culled by the OBB trees and its feature pairs
      solved at once ([Redon2004] Sec. 5), a solver's contact confirmed by FCL (else the exact
      shapes advanced past it). Collision with the earliest contact, Free, or Undecided at a budget. */
  PairContactResult decideFirstContact();
  /** \brief At most request.approach_steps conservative steps on the exact shapes from t0 (each
      step shorter than half a tolerance followed by a probe there): the pair's answer when they
      reach a contact (or a probe overlaps) or t1, else Undecided with no budget and toc_lower the
      time up to which they proved the pair apart (where the OBB trees and the solver take over). */
  PairContactResult approach();

private:
  /** \brief An answer of the advance on the exact shapes (exact_approach_steps.cpp). */
  struct Advance
  {
    enum class Status
    {
      Contact,  ///< in contact at time (proved apart on [from, lower))
      Apart,    ///< the triangles are apart at time (proved apart on [from, time))
      Passed,   ///< proved apart on [from, t1]
      Capped    ///< budget ran out at time (proved apart on [from, time))
    } status = Status::Capped;
    double lower = 0.0, time = 0.0;
    Contact contact;
    std::string budget;
  };

  // exact_obb_culling.cpp
  /** \brief Refinement level of side \a s, whose points move at most \a growth over [t0, t1]
      ([Redon2004] Sec. 5.1.1). */
  int refinementLevel(int s, double growth) const;
  /** \brief The equations of [s0, s1] into ws.equations; \a exact: both sides' OBBs moved over
      exactly [s0, s1] instead of their level's cell; \a candidates: if not null, the only leaf
      pairs that may overlap (those of an interval holding [s0, s1]), tested instead of traversing
      the trees. \retval false (no equations collected) when \a may_split and the OBB tests leave
      more than split_pairs leaf pairs (ws.leaf_pairs). */
  bool collectEquations(double s0, double s1, int index, int level, bool exact, bool may_split,
                        const std::vector<std::pair<int, int>> *candidates);
  void traverse(double s0, double s1, int index, int level, bool exact,
                const std::vector<std::pair<int, int>> *candidates);
  void equationsOfTrianglePairs(double s0, double s1);
  void equationsOfFeatureBoxes(double s0, double s1);
  /** \brief Moved OBB of \a node of side \a s for the side's current interval. */
  const IntervalObb &obb(int s, int node);
  /** \brief Points side \a s's OBB cache at [lo, hi]. */
  void moveSide(int s, double lo, double hi);
  /** \brief Vertex boxes of side \a s's \a vertices over [s0, s1] into ws.boxes / ws.slot. */
  void encloseVertices(int s, const std::vector<int> &vertices, double s0, double s1);

  // exact_pair_solver_run.cpp
  /** \brief Binds ws.sides to the pair's features, OBB trees, motions and caches. */
  void bindSides();
  /** \brief Binds the pair's hulls and their FCL objects (made on first use). */
  void bindHulls();
  /** \brief The call's answers into result_: in contact at \a contact.time (apart before \a lower),
      free up to t1, undecided from \a lower on with \a budget spent. */
  PairContactResult answerCollision(double lower, const Contact &contact);
  PairContactResult answerFree();
  PairContactResult answerUndecided(double lower, const std::string &budget);
  /** \brief advanceOnShapes(start, after): the call's answer when the advance ends it, else nothing
      with \a from moved to where the pair is proved apart up to. */
  std::optional<PairContactResult> advancePastTriangles(double start, double after, double &from);
  /** \brief At t0: a contact when request.check_start, and the exact shapes advanced first while a
      primitive's circumscribed triangles cross the other side's (advancePastTriangles). */
  std::optional<PairContactResult> checkStart(double &from);
  /** \brief A sub-interval [s0, s1] of level cell \a index waiting in decideFirstContact(), halved
      \a splits times; \a exact: moved over the sub-interval itself (after a halving or a restart)
      rather than over the sides' level cells. */
  struct Piece
  {
    double s0, s1;
    int index, splits;
    bool exact;
    /** \brief After a halving: the leaf pairs of the halved sub-interval, the only candidates. */
    std::shared_ptr<const std::vector<std::pair<int, int>>> candidates;
  };
  /** \brief The elementary solver's tolerances and budgets for this call. */
  ElementaryContactOptions solverOptions() const;
  /** \brief Poses both FCL objects at time \a t. */
  void placeAt(double t);
  /** \brief placeAt(t), then FCL's distance upper bound and nearest points. */
  double distanceAt(double t, NearestPoints *nearest);
  /** \brief The witness from the solver's contact, if FCL confirms it at its time. */
  std::optional<Contact> confirm(const ElementaryContactResult &solved);
  /** \brief Link names, frame and features of a witness at FCL's nearest points. */
  Contact contactAt(double t, double distance, const NearestPoints &nearest) const;

  // exact_approach_steps.cpp
  /** \brief Conservative steps on the exact shapes from \a from; Apart only after \a after, or
      after \a max_steps steps (proved apart up to where they reached). */
  Advance advanceOnShapes(double from, double after, int max_steps = std::numeric_limits<int>::max());
  /** \brief At \a t, within contact_distance by FCL's lower bound: a contact by its upper bound
      (\a nearest its points), at t or half a tolerance ahead, else Capped ("shape_stall"). */
  Advance contactOrStall(double t, NearestPoints &nearest);
  /** \brief A lower bound on the shapes' distance, their objects placed: the slab between their
      hulls along GJK's direction (0 when the hulls touch); that direction, fixed in F, in
      slab_n_F_ (zero when there is none). */
  double hullSlab();
  /** \brief Upper bounds on how far any point of each side moves in F over [t, next] (\a moved),
      and on how much those moves narrow a slab along slab_n_F_ (0 when there is none). */
  double displacements(double t, double next, double moved[2]);

  const PairContactSolver &solver_;
  PairWorkspace &ws_;
  const JointMotion &motion_;
  const BodyPair &pair_;
  const PairContactRequest &request_;
  /** \brief The pair's frame F: −1 (world) for a scene pair, the common ancestor for a self pair. */
  int frame_;
  /** \brief Margin of the box tests: clearance padded for rounding. */
  double margin_;
  /** \brief Sum of the two sides' surface gaps. */
  double surface_gap_;
  const fcl::CollisionObjectd *object_a_ = nullptr, *object_b_ = nullptr;
  /** \brief The pair's hulls and their FCL objects; far_hulls_: a side is a mesh, so that the
      hulls' slab is far cheaper than the shapes' distance. */
  const fcl::CollisionObjectd *hull_a_ = nullptr, *hull_b_ = nullptr;
  std::array<const ConvexHull *, 2> hulls_{};
  bool far_hulls_ = false;
  /** \brief Unit direction, fixed in F, of the last hullSlab() (zero: none). */
  Eigen::Vector3d slab_n_F_ = Eigen::Vector3d::Zero();
  /** \brief approach(): the advance probes half a tolerance ahead once its steps are shorter. */
  bool probe_ahead_ = false;
  PairContactResult result_;
};
}  // namespace ompl_ccd
