#pragma once
/// \file toleranced_motion.h
/// The toleranced-motion certifier ([SchroeckerWeber]): the motion of each body (one collision
/// geometry of a link) is a curve in the space R¹² of affine displacements; a sub-motion is covered
/// by a ball B_R(g) in the body's object-oriented metric (bounding_ball.h) about its rigid pose g at
/// the sub-interval's midpoint, and the orbit of the body under that ball — every point x within
/// R ϱ(x) of g(x) (Eq. 4) — is tested against the other body or obstacle; the time is halved
/// (Listing 1) until every orbit misses, or a midpoint configuration is in contact.
///
/// Per pair, not per robot: a scene pair covers its body's motion in the world frame, a self pair
/// the motions of both bodies in the frame of their deepest common ancestor (the joints above it
/// move both rigidly), and each pair halves its own time span, so a slow body never waits for the
/// fastest one. The orbit test of one ball: a lower bound d̲ on the distance of the two bodies at
/// the midpoint configuration (pair_distance.h, FCL) against the orbit's reach R·max ϱ over the
/// body (+ the other body's in a self pair); d̲ − reach > clearance excludes the pair on the
/// sub-interval. The reach shrinks with the sub-interval, so every pair that stays apart is
/// excluded at a finite depth: there is no ε-termination (the ε of Eq. 11 left every sub-interval
/// where a pair came within ε of contact undecided).
///
/// Promise (certifier.h): Free only when every pair's span was covered by excluded sub-intervals —
/// a proof, not a sample (distances deflated for FCL's error, radii from outward-rounded Taylor
/// enclosures, orbits padded for the rounding of poses). Collision only at a midpoint configuration
/// whose pair FCL finds within clearance + contact_distance (exact distance, or penetrating): the
/// witness, at toc_upper; toc_lower is the start of the earliest sub-interval not excluded.
/// Undecided when a cap runs out: stats "cap_max_depth" (a pair's sub-interval at max_depth neither
/// excluded nor in contact) or "cap_max_intervals" (the query's ball coverings).
///
/// Pruning before the coverings, by the culling front end the certifiers share
/// (culling_front_end.h): in Decide mode whole-robot collision probes at t = 1/2, 1/4, 3/4 first;
/// then the live-piece culling: only the potentially colliding pairs get covered, each only over
/// its runs of live pieces. In FirstContact mode the live pairs are then probed at t = k/16 from
/// 0, the first in collision bisected to tolerance/2, and only [0, t_hit − tolerance] is covered,
/// as far as the bracket needs. Within a span,
/// the motion bound's reach (motion_bound.h) is tried before the ball's, which is computed only
/// where it may exclude.
///
/// Threads ([SchroeckerWeber] Sec. 6: the sub-intervals are independent): with options.threads =
/// N > 1 the calling thread and N − 1 pool threads share the sub-intervals of a query through a
/// queue (subinterval_queue.h): each descends depth first into its own part of the pairs' spans
/// and, out of work, takes the pending sub-interval with the earliest start. The verdict is the one
/// of threads = 1 — Free exactly when every sub-interval was excluded, whatever the order — except
/// where the order matters: which contact a Decide search meets first, and which caps a search
/// hits. bench/toleranced_threads measures the speed-up.
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

#include "ompl_ccd/certify/toleranced/affine_metric.h"
#include "ompl_ccd/bound/dynamic_aabb.h"
#include "ompl_ccd/certify/certifier.h"
#include "ompl_ccd/certify/pipeline/culling_front_end.h"
#include "ompl_ccd/certify/toleranced/subinterval_queue.h"
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
  /** \brief Feature points of every body's mass distribution (Sec. 2). Default: the 8 corners of
      the body's principal-axes box. They spread the mass over the body's whole extent: with
      half-extents hᵢ, J = diag(hᵢ²) and ϱ² = 1 + Σ xᵢ²/hᵢ² ≤ 4 on the box (Eq. 4), whatever the
      tessellation, while equally weighted mesh vertices follow it (dense fillets, sparse flat
      faces) and leave ϱ large at sparsely meshed ends. The choice is measured by
      bench/toleranced_mass_distribution (bench/README.md). */
  MassDistribution mass_distribution = MassDistribution::ObbCorners;
  /** \brief Deepest halving of a pair's time span (sub-intervals no shorter than 2^-max_depth of
      it); a sub-interval there neither excluded nor in contact is the cap "cap_max_depth". A pair
      passing δ from contact at speed v needs about log2(v/δ): 30 covers 1 µm at 1e3 m per motion. */
  int max_depth = 30;
  /** \brief Most ball coverings (sub-intervals examined, all pairs together) of one query; the cap
      "cap_max_intervals". Bounds the work of a query (the cost of one covering: bench/README.md,
      section "toleranced: issue 18's targets"). */
  int max_intervals = 4096;
  /** \brief Most threads: more than a machine's cores gain nothing, and each costs a start-up
      (bench/README.md, toleranced_threads). */
  static constexpr int kMaxThreads = 256;
  /** \brief Threads working on one query: the calling thread and threads − 1 pool threads, in
      [1, kMaxThreads]. */
  int threads = 1;
  /** \brief The shared culling front end's settings (culling_front_end.h). */
  CullingOptions culling;
};

/** \brief Certifier by toleranced motions ([SchroeckerWeber]); see the file comment. */
class TolerancedMotion : public Certifier
{
public:
  /** \throws Error if options are out of range (max_depth ∉ [1, 60], max_intervals < 1, threads ∉
      [1, kMaxThreads]). */
  explicit TolerancedMotion(CollisionWorldPtr world, const TolerancedMotionOptions &options = {});
  ~TolerancedMotion() override;

  /** \brief "toleranced". */
  std::string name() const override { return "toleranced"; }
  std::unique_ptr<CertifierWorkspace> makeWorkspace() const override;
  /** \brief Certifies \a motion (see the file comment for the promise).
      Stats: "collision_probes", "pairs" (pairs covered after culling), "intervals" (balls built),
      "distance_queries", "max_depth", and "cap_max_depth" / "cap_max_intervals" (1 when hit).
      \throws Error if query.tolerance ≤ 0, query.contact_distance ≤ 0 or query.clearance < 0 (or one is
      not finite; checkQuery, certifier.h). */
  Report certify(CertifierWorkspace &ws, const JointMotion &motion, const Query &query) const override;

  /** \brief Metric of body \a body (an index of collisionBodies(world): its mass distribution). */
  const AffineMetric &bodyMetric(int body) const;
  const TolerancedMotionOptions &options() const { return options_; }

private:
  struct StandIns;
  struct Body;
  struct Obstacle;
  struct PairObjects;
  struct Worker;
  struct Search;

  /** \brief The reach R·max ϱ of body \a b's orbit over [t0, t1] in frame \a frame (−1: world),
      R about its pose at the midpoint, whose link poses are in the worker's kinematics. */
  double ballReach(Worker &worker, const JointMotion &motion, int b, int frame, double t0, double t1) const;
  /** \brief How far any point of body \a b gets from its place at the midpoint of [t0, t1] in frame
      \a frame by the motion bound μ (motion_bound.h): μ (t1 − t0)/2. */
  double motionReach(const JointMotion &motion, int b, int frame, double t0, double t1) const;
  /** \brief One step of Listing 1 on \a sub: excluded, a contact at its midpoint, given up at the
      depth cap, or split: the second half to the queue, the first returned. */
  std::optional<Subinterval> examine(Worker &worker, Search &search, Subinterval &sub) const;
  /** \brief The objects of \a pair posed at the worker's link poses. */
  PairObjects posePair(Worker &worker, const BodyPair &pair) const;
  /** \brief Whether \a pair, posed at time \a t, is within query.clearance + query.contact_distance:
      the contact, with its witness. */
  std::optional<Violation> contact(Worker &worker, const BodyPair &pair, const PairObjects &objects, double t,
                                   const Query &query) const;
  /** \brief Whether the solids of \a pair, posed at time \a t, overlap (FCL): the contact. */
  std::optional<Violation> solidsOverlap(const BodyPair &pair, const PairObjects &objects, double t) const;
  /** \brief The whole robot at time \a t in collision (a probe): the contact, with its witness. */
  std::optional<Violation> probe(Worker &worker, const JointMotion &motion, double t) const;
  /** \brief The first pair of the front end's PCL live at \a t whose solids FCL finds in collision
      there (after cullLivePieces). */
  std::optional<Violation> probeLivePairs(Worker &worker, const JointMotion &motion, double t) const;
  /** \brief Mode::FirstContact's probes of the live pairs: the earliest of k/16 in collision,
      bisected against the free probe before it down to \a width. */
  std::optional<Violation> firstContactProbes(Worker &worker, const JointMotion &motion, double width) const;
  /** \brief The roots of a search: each maximal run of live pieces of each pair the front end left
      in \a culling, up to \a t_end. */
  std::vector<Subinterval> liveSpans(const CullingWorkspace &culling, double t_end) const;
  /** \brief A contact of \a pair at time \a t with its names only. */
  Contact contactOf(const BodyPair &pair, double t) const;
  /** \brief Examines sub-intervals of \a search until it is over. */
  void work(Worker &worker, Search &search) const;
  /** \brief A pool thread joining \a search with its own worker. */
  void help(Search &search) const;
  /** \brief Runs \a search with \a owner and the pool's threads. */
  SearchOutcome run(Worker &owner, const std::shared_ptr<Search> &search) const;

  CollisionWorldPtr world_;
  TolerancedMotionOptions options_;
  /** \brief Every body (as the front end's), with its metric and reach data. */
  std::vector<Body> bodies_;
  /** \brief Each obstacle's stand-ins, placed. */
  std::vector<Obstacle> obstacles_;
  /** \brief Probes, spatial culling, certificates (shared with the other certifiers). */
  std::unique_ptr<const CullingFrontEnd> front_end_;
  /** \brief Absolute padding (metres) of every orbit for the rounding of poses. */
  double margin_ = 0.0;
  /** \brief The threads − 1 helpers of the calling thread (none for one thread). */
  std::unique_ptr<boost::asio::thread_pool> pool_;
};
}  // namespace ompl_ccd
