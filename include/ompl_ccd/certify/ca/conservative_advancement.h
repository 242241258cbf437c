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
/// How: the pipeline every certifier runs (whole-robot probes, the shared culling front end's
/// motion-bound boxes piece by piece, [Zhang2007] Sec. 5), then per pair Δt = (d − clearance)/μ
/// (Eq. (4)), undirected or along a slab between the hulls; Mode::FirstContact takes the pairs by
/// their hull bounds τ̌ (Alg. 1, Sec. 7), Mode::Decide stops at the first contact (Sec. 8).
/// src/certify/ca/README.md maps the paper's sections to the files.
///
/// Stats: distance_queries, hull_distance_queries, ca_steps, hull_ca_steps, slab_steps (steps
/// taken on a re-measured slab, without a query), collision_probes, pcl_before_culling,
/// pcl_after_spatial_culling, pcl_after_temporal_culling, undecided_cap_hits, box_pieces (N of the
/// motion-bound boxes; 0 when an early probe decided first), taylor_pieces.
///
/// What each option costs: bench/README.md.
///
/// Thread safety: immutable after construction; certify() is safe from several threads, each with
/// its own workspace from makeWorkspace().
///
/// References: [Zhang2007] in README.md (section References).

#include <memory>
#include <string>

#include "ompl_ccd/certify/certifier.h"
#include "ompl_ccd/certify/pipeline/culling_options.h"
#include "ompl_ccd/geometry/collision_world.h"

namespace ompl_ccd
{
namespace ca
{
class Model;  // src/certify/ca/ca_model.h
}  // namespace ca

/** \brief Knobs of ConservativeAdvancement; the defaults suit planning, the ranges are the option
    schema's (validator_options.h). */
struct ConservativeAdvancementOptions
{
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
};

/** \brief CATCH: conservative advancement certifier, name "ca". See the file comment for the
    contract it keeps. */
class ConservativeAdvancement : public Certifier
{
public:
  /** \brief Prepares bodies (one per link geometry), their local boxes, radii and convex hulls
      (qhull), the obstacles' hulls, and the self pairs with the front end of \a culling.
      \pre every option within its range of the option schema (checkValidatorOptions, which
      makeMotionValidator and every front end apply). */
  explicit ConservativeAdvancement(CollisionWorldPtr world, const ConservativeAdvancementOptions &options = {},
                                   const CullingOptions &culling = {});
  ~ConservativeAdvancement() override;

  /** \brief "ca". */
  std::string name() const override { return "ca"; }
  /** \brief Link poses and FCL objects of every body (mesh and hull), for one thread. */
  std::unique_ptr<CertifierWorkspace> makeWorkspace() const override;
  /** \brief Certifies \a motion ([Zhang2007] Alg. 1 with early exit in Mode::Decide, Sec. 8).
      \pre motion.model() is world().robot().
      \throws Error if \a ws comes from another certifier, or the query is refused (checkQuery). */
  Report certify(CertifierWorkspace &ws, const JointMotion &motion, const Query &query) const override;

  /** \brief The robot and scene certified against. */
  const CollisionWorld &world() const;
  /** \brief The options in use. */
  const ConservativeAdvancementOptions &options() const;
  /** \brief The culling front end's options in use. */
  const CullingOptions &culling() const;
  /** \brief The certifier's machinery (src/certify/ca/ca_model.h: for its tests). */
  const ca::Model &model() const { return *model_; }

private:
  std::shared_ptr<const ca::Model> model_;
};
}  // namespace ompl_ccd
