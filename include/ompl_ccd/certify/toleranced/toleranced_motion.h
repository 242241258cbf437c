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
/// (the pipeline, src/certify/pipeline/): in Decide mode whole-robot collision probes at t = 1/2, 1/4, 3/4 first;
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
/// hits. bench/toleranced_threads compares thread counts.
///
/// Thread safety: immutable after construction; certify() is safe from several threads with one
/// workspace each, also with threads > 1 (the queries then share the pool; each pool thread keeps
/// its own workspace).
///
/// References: [SchroeckerWeber], [Zhang2007] in README.md (section References).

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "ompl_ccd/certify/certifier.h"
#include "ompl_ccd/certify/pipeline/culling_options.h"
#include "ompl_ccd/geometry/collision_world.h"

namespace ompl_ccd
{
namespace toleranced
{
class Model;  // src/certify/toleranced/toleranced_model.h
}  // namespace toleranced

/** \brief Which feature points define a link's mass distribution. */
enum class MassDistribution
{
  MeshVertices,  ///< every vertex of the link's triangles, equal weights
  ObbCorners     ///< the 8 corners of the vertices' principal-axes box, equal weights (insensitive
                 ///< to uneven tessellation; 8 points whatever the mesh size)
};

/** \brief "mesh-vertices", "obb-corners". */
const char *toString(MassDistribution kind);
/** \brief toString() of every MassDistribution, in declaration order (for options and messages). */
std::vector<std::string> massDistributionNames();
/** \brief The MassDistribution whose toString() is \a name; nullopt for any other name. */
std::optional<MassDistribution> massDistributionNamed(const std::string &name);

/** \brief Settings of TolerancedMotion. */
struct TolerancedMotionOptions
{
  /** \brief Feature points of every body's mass distribution (Sec. 2). Default: the 8 corners of
      the body's principal-axes box. They spread the mass over the body's whole extent: with
      half-extents hᵢ, J = diag(hᵢ²) and ϱ² = 1 + Σ xᵢ²/hᵢ² ≤ 4 on the box (Eq. 4), whatever the
      tessellation, while equally weighted mesh vertices follow it (dense fillets, sparse flat
      faces) and leave ϱ large at sparsely meshed ends. bench/toleranced_mass_distribution
      compares the choices (bench/README.md). */
  MassDistribution mass_distribution = MassDistribution::ObbCorners;
  /** \brief Deepest halving of a pair's time span (sub-intervals no shorter than 2^-max_depth of
      it); a sub-interval there neither excluded nor in contact is the cap "cap_max_depth". A pair
      passing δ from contact at speed v needs about log2(v/δ): 30 covers 1 µm at 1e3 m per motion. */
  int max_depth = 30;
  /** \brief Most ball coverings (sub-intervals examined, all pairs together) of one query; the cap
      "cap_max_intervals". Bounds the work of a query (the cost of one covering: bench/README.md). */
  int max_intervals = 4096;
  /** \brief Most threads: more than a machine's cores gain nothing, and each costs a start-up
      (bench/README.md, toleranced_threads). */
  static constexpr int kMaxThreads = 256;
  /** \brief Threads working on one query: the calling thread and threads − 1 pool threads, in
      [1, kMaxThreads]. */
  int threads = 1;
};

/** \brief Certifier by toleranced motions ([SchroeckerWeber]); see the file comment. */
class TolerancedMotion : public Certifier
{
public:
  /** \brief The bodies' metrics and stand-ins, the obstacles', the front end of \a culling, and the
      pool of options.threads − 1 helper threads.
      \pre every option within its range of the option schema (checkValidatorOptions, which
      makeMotionValidator and every front end apply). */
  explicit TolerancedMotion(CollisionWorldPtr world, const TolerancedMotionOptions &options = {},
                            const CullingOptions &culling = {});
  ~TolerancedMotion() override;

  /** \brief "toleranced". */
  std::string name() const override { return "toleranced"; }
  std::unique_ptr<CertifierWorkspace> makeWorkspace() const override;
  /** \brief Certifies \a motion (see the file comment for the promise).
      Stats: "collision_probes", "pairs" (pairs covered after culling), "intervals" (balls built),
      "distance_queries", "max_depth", and "cap_max_depth" / "cap_max_intervals" (1 when hit).
      \throws Error if \a ws comes from another certifier, or the query is refused (checkQuery). */
  Report certify(CertifierWorkspace &ws, const JointMotion &motion, const Query &query) const override;

  /** \brief The options in use. */
  const TolerancedMotionOptions &options() const;
  /** \brief The culling front end's options in use. */
  const CullingOptions &culling() const;
  /** \brief The certifier's machinery (src/certify/toleranced/toleranced_model.h: for its tests). */
  const toleranced::Model &model() const { return *model_; }

private:
  std::shared_ptr<const toleranced::Model> model_;
};
}  // namespace ompl_ccd
