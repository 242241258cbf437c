#pragma once
/// \file toleranced_motion.h
/// The toleranced-motion certifier ([SchroeckerWeber]): each link's motion is a curve in the space
/// R¹² of affine displacements; sub-motions are covered by balls in the link's object-oriented
/// metric (bounding_ball.h), whose orbits of the link's vertices, edges and faces are balls and
/// hyperboloids (fat_primitive_tests.h); the time interval is subdivided (Listing 1) until every
/// orbit misses everything or the ε criterion (Eq. 11) stops the recursion.
///
/// Promise: Free only when every sub-interval was excluded — a proof, not a sample (orbit tests
/// padded for rounding, radii from outward-rounded Taylor enclosures). Collision only with a
/// configuration really in collision (FCL's discrete check) inside a remaining interval, which is
/// the witness; toc_lower is the start of the earliest remaining or unexamined sub-interval
/// (everything before it was excluded). Otherwise Undecided.
///
/// Pruning: the spatial culling of the CA certifier first (dynamic AABBs of every link geometry
/// over the motion against the scene's broadphase, potentially_colliding_pairs.h), then per
/// interval link-level spheres against obstacle boxes, then an AABB tree over each link's
/// triangles (node orbits bounded by balls) against the obstacle's (or the other link's) tree;
/// pairs excluded over an interval are not tested again inside it. Self pairs use the relative
/// motion of the second link in the first link's frame.
///
/// Geometry: FCL's semantics (meshes are surfaces, primitives solids); cylinders and spheres are
/// replaced by circumscribed polyhedra, so their answers are conservative.
///
/// Threads ([SchroeckerWeber] Sec. 6: the sub-intervals are independent): with options.threads =
/// N > 1 the calling thread and N − 1 pool threads share the sub-intervals of a query through a
/// queue (subinterval_queue.h): each descends depth first into its own part of the motion and,
/// out of work, takes the pending sub-interval with the earliest start; each remaining interval
/// is confirmed where it is found; in Decide mode the first confirmed violation stops every
/// thread, in FirstContact mode the threads drop sub-intervals starting after the earliest one.
/// The verdict is the one of threads = 1 — Free exactly when every sub-interval was excluded,
/// whatever the order, and then the very same sub-intervals were examined — except at the
/// max_remaining limit: the threads meet the remaining intervals in another order, so one run may
/// confirm a violation (Collision) where the other stops Undecided; both keep the promise. The TOC
/// bounds may differ but each brackets the first contact (Decide stops at any confirmed
/// violation, not necessarily the earliest). bench/toleranced_threads measures the speed-up.
///
/// Thread safety: immutable after construction; certify() is safe from several threads with one
/// workspace each, also with threads > 1 (the queries then share the pool; each pool thread keeps
/// its own workspace).
///
/// References: [SchroeckerWeber], [Zhang2007] in README.md (section References).

#include <cstddef>
#include <memory>
#include <optional>
#include <vector>

#include "ompl_ccd/bound/affine_metric.h"
#include "ompl_ccd/bound/dynamic_aabb.h"
#include "ompl_ccd/certify/certifier.h"
#include "ompl_ccd/certify/subinterval_queue.h"
#include "ompl_ccd/geometry/body_pair.h"
#include "ompl_ccd/geometry/collision_world.h"

namespace boost::asio
{
class thread_pool;
}

namespace ompl_ccd
{
/** \brief Settings of TolerancedMotion. */
struct TolerancedMotionOptions
{
  /** \brief Feature points of every link's mass distribution (Sec. 2). Default: the 8 corners of
      the link's principal-axes box. They spread the mass over the link's whole extent: with
      half-extents hᵢ, J = diag(hᵢ²) and ϱ² = 1 + Σ xᵢ²/hᵢ² ≤ 4 on the box (Eq. 4), whatever the
      tessellation, while equally weighted mesh vertices follow it (dense fillets, sparse flat
      faces) and leave ϱ large at sparsely meshed ends. The choice is measured by
      bench/toleranced_mass_distribution (bench/README.md). */
  MassDistribution mass_distribution = MassDistribution::ObbCorners;
  /** \brief Recursion depth limit d of Listing 1 (sub-intervals no shorter than 2^-max_depth). */
  int max_depth = 24;
  /** \brief Most threads: more than a machine's cores gain nothing, and each costs a start-up
      (bench/README.md, toleranced_threads). */
  static constexpr int kMaxThreads = 256;
  /** \brief Threads working on one query: the calling thread and threads − 1 pool threads, in
      [1, kMaxThreads]. */
  int threads = 1;
  /** \brief Sides of the circumscribed prism of a cylinder. */
  int cylinder_sides = 16;
  /** \brief A moving tree node (not a leaf) whose orbit growth R·max ϱ exceeds this multiple of
      its own radius is not opened while it touches the other body: the time interval is split
      instead (its triangle tests would be wasted on a ball much larger than the node). */
  double node_growth_limit = 0.25;
  /** \brief Most remaining intervals collected per query before the search stops (Undecided). */
  int max_remaining = 64;
};

/** \brief Certifier by toleranced motions ([SchroeckerWeber]). The ε of Eq. (11) is
    Query::tolerance (metres): intervals whose orbits stay within it are not subdivided further. */
class TolerancedMotion : public Certifier
{
public:
  /** \throws Error if options are out of range (max_depth ∉ [1, 60], threads ∉ [1, kMaxThreads],
      cylinder_sides < 3, node_growth_limit ≤ 0, max_remaining < 1). */
  explicit TolerancedMotion(CollisionWorldPtr world, const TolerancedMotionOptions &options = {});
  ~TolerancedMotion() override;

  /** \brief "toleranced". */
  std::string name() const override { return "toleranced"; }
  std::unique_ptr<CertifierWorkspace> makeWorkspace() const override;
  /** \brief Certifies \a motion (see the file comment for the promise).
      Stats: "intervals" (balls built), "node_tests", "triangle_tests", "remaining_intervals",
      "max_depth", "discrete_checks". */
  Report certify(CertifierWorkspace &ws, const JointMotion &motion, const Query &query) const override;

  /** \brief [SchroeckerWeber] Listing 1 over [t0, t1] with ε = \a epsilon: the sub-intervals (in time
      order, at most options.max_remaining) where collision at distance < \a clearance could not be
      excluded; empty = free. Calling thread only (ignores options.threads). \a stats, if
      non-null, receives the counters. */
  std::vector<TimeInterval> remainingIntervals(const JointMotion &motion, double t0, double t1, double clearance,
                                               double epsilon, Stats *stats = nullptr) const;

  /** \brief Metric of link \a link (its mass distribution); \pre the link has collision geometry. */
  const AffineMetric &linkMetric(int link) const;
  const TolerancedMotionOptions &options() const { return options_; }

private:
  struct Part;
  struct Body;
  struct CheckedPair;
  struct Scratch;
  struct Worker;
  struct Search;

  bool intervalMayCollide(Scratch &scratch, const JointMotion &motion, double t0, double t1, double clearance,
                          std::vector<int> &pairs, double &reach) const;
  bool bodiesMayCollide(Scratch &scratch, const Body &moving, const Eigen::Isometry3d &g, double R,
                        const Body &fixed) const;
  bool partsMayCollide(Scratch &scratch, const AffineMetric &metric, const Part &moving, const Eigen::Isometry3d &g,
                       double R, const Part &fixed) const;
  /** \brief The configuration at \a t if it violates (in collision, or closer than \a clearance). */
  std::optional<Violation> violation(Worker &worker, const JointMotion &motion, double t, double clearance) const;
  /** \brief One step of Listing 1 on \a sub: excluded, remaining (confirmed if the search says
      so), or split: the second half to the queue, the first returned. */
  std::optional<Subinterval> examine(Worker &worker, Search &search, Subinterval &sub) const;
  /** \brief Examines sub-intervals of \a search until it is over. */
  void work(Worker &worker, Search &search) const;
  /** \brief A pool thread joining \a search with its own worker. */
  void help(Search &search) const;
  /** \brief Runs \a search with \a owner, and with the pool's threads when \a helped. */
  SearchOutcome run(Worker &owner, const std::shared_ptr<Search> &search, bool helped) const;
  /** \brief Listing 1 over [t0, t1] by \a owner alone, unconfirmed, at most \a limit remaining intervals. */
  SearchOutcome collect(Worker &owner, const JointMotion &motion, double t0, double t1, double clearance,
                        double epsilon, std::size_t limit) const;

  CollisionWorldPtr world_;
  TolerancedMotionOptions options_;
  /** \brief Initial checked pairs after the whole-motion spatial culling of [Zhang2007] Sec. 5.2
      (potentially_colliding_pairs.h), as indices into pairs_. */
  std::vector<int> culledPairs(Scratch &scratch, const JointMotion &motion, double t0, double t1,
                               double clearance) const;

  std::vector<std::unique_ptr<Body>> links_;
  std::vector<std::unique_ptr<Body>> obstacles_;
  std::vector<CheckedPair> pairs_;
  /** \brief Bodies and self body pairs of the spatial culling, and each body's local box. */
  std::vector<BodyRef> bodies_;
  std::vector<BodyPair> self_body_pairs_;
  std::vector<LocalBox> body_boxes_;
  /** \brief Absolute padding (metres) of every orbit for the rounding of poses and transforms. */
  double margin_ = 0.0;
  /** \brief The threads − 1 helpers of the calling thread (none for one thread). */
  std::unique_ptr<boost::asio::thread_pool> pool_;
};
}  // namespace ompl_ccd
