#pragma once
/// \file block_kernel.h
/// The sphere stage's one flat kernel (docs/design.md, "The sphere front end"): kLanes
/// configurations of an edge in one pass, each lane k the midpoint t_k of a segment of half width
/// h_k. Top to bottom: the lanes' poses of every link, then per pair the world centres its test
/// needs (placed once a pass), the body's tree (sphere_model.h) from its root down — a child only
/// where the root is within reach, a child's leaves only where the child is — against an obstacle
/// (a primitive, a mesh's group of triangles, a closed mesh's inner balls) or another body's tree.
///
/// A ball of radius r whose centre moves at most μ per unit t (ball_speeds.h; for a self pair the
/// two balls' speeds relative to the pair's deepest common ancestor, whose sum bounds how fast
/// their distance changes) stays inside the ball of radius r + μ h_k about its centre at t_k all
/// through [t_k − h_k, t_k + h_k]. The kernel inflates every robot ball so, adds the query's
/// inflation and the test's float pad, and compares squared distances. Out per pair p and lane k:
///   - fail[p] bit k clear: the pair is apart by more than the inflation all through the segment;
///   - inner[p] bit k set (when asked): an inner ball of the body reaches more than the pad into
///     the obstacle (a primitive; a closed mesh: one of its inner balls) or into an inner ball of the
///     other body at t_k: a candidate contact for the caller to confirm in double precision.
///
/// Float rounding: the centres are within their radii's pads of their exact positions
/// (lane_rounding.h), a distance's own error within the obstacle's pad (or the self pad), and a
/// squared distance d² = Σ x_i² computed in float is within γ₅ of its value and the threshold
/// R² within (1 + 3u)² · (1 + u) of R² from the rounded R: the kernel asks d² > R² (1 + 2⁻¹⁹), 32u
/// more, so that "clear" holds of the exact values. A sphere obstacle's test is on its distance
/// |p − c| − ρ (within the obstacle's pad of its value, as lane_distances-inl.h computes it) against
/// R (1 + 2⁻²¹), and an inner overlap's on the distance below its threshold (1 − 2⁻²¹): a huge
/// sphere's squared centre distance would carry metres of that relative margin. No allocation, no
/// virtual call, no FCL.
///
/// Thread safety: the model is shared and read only; each thread has its own BlockWorkspace.

#include <cstdint>
#include <vector>

#include "spheres/lane_batch.h"
#include "spheres/sphere_model.h"

namespace ompl_ccd::spheres
{
/** \brief A pair as the kernel names it: body \e a against obstacle part \e obstacle (index in
    SphereModel::obstacles(); other = -1) or against body \e other (obstacle = -1). */
struct SweepPair
{
  int a = -1, other = -1, obstacle = -1;
  /** \brief Self pairs: the deepest common ancestor link. */
  int ancestor = -1;
};

/** \brief A self pair's relative speeds (metres per unit t, relative to its deepest common
    ancestor): a's bounding ball, the most of a's children and leaves, then b's. */
struct SelfSpeeds
{
  float bound_a = 0.0f, leaves_a = 0.0f, bound_b = 0.0f, leaves_b = 0.0f;
};

/** \brief One block: the pairs, the balls' speeds on the edge and the lanes' segments. */
struct BlockTask
{
  const SweepPair *pairs = nullptr;
  /** \brief The pairs to test: active[0, count) (indices into pairs), or pairs[0, count) when null;
      the lanes each is asked in, needed[i] (null: every lane). A lane not asked, or found failing,
      is tested no further: its fail bit may be set or not. */
  const int *active = nullptr;
  const std::uint8_t *needed = nullptr;
  int count = 0;
  /** \brief Every outer ball's and every child's world speed (index as SphereModel::outer() and
      children()), rounded up. */
  const float *world_speed = nullptr, *child_speed = nullptr;
  /** \brief Self pairs' speeds, index as pairs (scene pairs' unused), rounded up. */
  const SelfSpeeds *self_speed = nullptr;
  /** \brief The segments' midpoints (exact floats) and half widths. */
  float times[kLanes] = {}, half[kLanes] = {};
  /** \brief Metres every pair must stay apart by (clearance + contact distance), rounded up. */
  float inflation = 0.0f;
  /** \brief Test the inner balls (Mode::Decide). */
  bool inner = false;
};

/** \brief Per-thread buffers of the kernel: lane poses and placed centres (index as the model's
    arrays), with the pass each body's were placed for. */
struct BlockWorkspace
{
  explicit BlockWorkspace(const SphereModel &model);
  std::vector<float> poses, outer_centres, child_centres, inner_centres;
  /** \brief Per body (its root, its leaves when it has no children, its children, its inner
      balls) and per child (its leaves). */
  std::vector<int> bound_stamp, leaves_stamp, children_stamp, inner_stamp, child_leaves_stamp;
  int stamp = 0;
};

/** \brief The kernel (file comment) on \a task along \a edge: fail[i] and inner[i] per pair tested
    (the i-th). */
void testBlock(const SphereModel &model, const EdgeLanes &edge, const BlockTask &task, BlockWorkspace &ws,
               std::uint8_t *fail, std::uint8_t *inner);

/** \brief The lanes in which balls of radius \a radius[k] about \a centres (centres[axis · kLanes + k])
    are clear of obstacle part \a obstacle, as the kernel tests them (its squared comparisons, its
    pad added): a primitive, or each triangle of a group (a part of inner balls: never). For
    the kernel's accuracy test. */
std::uint32_t clearLanes(const SphereModel &model, int obstacle, const float *centres, const float *radius);
}  // namespace ompl_ccd::spheres
