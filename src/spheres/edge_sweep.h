#pragma once
/// \file edge_sweep.h
/// The sphere front end on one edge: bisection of [0, 1] in blocks of kLanes segments, one lane per
/// segment's midpoint, tested by the flat kernel (block_kernel.h) with every robot ball inflated
/// by its own motion over the segment.
///   - A ball of radius r whose centre moves at most μ per unit t (ball_speeds.h, [Zhang2007]
///     Eq. (7)–(10) per point, computed once per edge) is clear over a segment of width w if at its
///     midpoint it is clear with radius r + μ w/2 (+ the inflation and the float pad). Scene pairs
///     use the balls' world speeds; a self pair its balls' speeds relative to the pair's deepest
///     common ancestor (only the joints between the two links move one against the other).
///   - A segment on which every pair is clear is proved; the others are split in two and packed
///     into the next block, where only the pairs that failed on them are tested again (a pair
///     clear on a segment is clear on its halves). A segment narrower than min_width, or left when the block budget runs
///     out, is open for the pairs not shown apart on it (or on the segment it was split from).
///   - Inner balls (Mode::Decide): an inner ball overlapping an obstacle (an obstacle's inner ball
///     for a mesh) or another body's inner ball at a midpoint is a candidate contact, handed to the
///     caller to confirm in double precision (the float test finds, the caller proves).
/// First, once per edge, each body's bounding ball swept over the whole edge (double precision, at
/// t = 1/2, widened by half its motion bound) drops the obstacles it is apart from (in a large
/// scene, among those the scene's broadphase finds near), and the two bounding balls of a self pair
/// (their relative speeds) the pairs apart all along; a self pair's other proof (a joint-space
/// certificate) drops the pair, or excuses its failures on segments outside its open stretches.
///
/// References: [Zhang2007] in README.md (section References).
///
/// Thread safety: the model is shared and read only; each thread has its own SweepWorkspace.

#include <utility>
#include <vector>

#include "ompl_ccd/model/joint_motion.h"
#include "ompl_ccd/model/kinematics.h"
#include "spheres/ball_speeds.h"
#include "spheres/block_kernel.h"
#include "spheres/lane_batch.h"
#include "spheres/sphere_model.h"

namespace ompl_ccd::spheres
{
/** \brief A candidate contact from inner balls: the pair and the lane's time. */
struct InnerHit
{
  SweepPair pair;
  double t = 0.0;
};

/** \brief A stretch of the motion during which a pair is not shown apart. */
struct OpenSpan
{
  SweepPair pair;
  double t0 = 0.0, t1 = 1.0;
};

/** \brief What the sweep's caller knows that the balls do not. */
class SweepCaller
{
public:
  virtual ~SweepCaller() = default;
  /** \brief Another proof for \a pair (a self pair's joint-space certificate): true, with the
      stretches during which the pair may meet in \a spans (none: apart all along), or false when
      there is none. */
  virtual bool pairSpans(const SweepPair &pair, std::vector<std::pair<double, double>> &spans) const = 0;
  /** \brief Whether a candidate inner hit is a contact. */
  virtual bool confirm(const InnerHit &hit) = 0;
};

/** \brief How the sweep is run. */
struct SweepSettings
{
  /** \brief Metres: a pair closer than this counts as meeting (clearance + contact distance). */
  double inflation = 0.0;
  /** \brief Test the inner balls at every midpoint (Mode::Decide). */
  bool inner = true;
  /** \brief Most blocks of kLanes segments; what is left then is open. */
  int max_blocks = 8;
  /** \brief A segment narrower than this that is not proved is open (a power of two). */
  double min_width = 1.0 / 256.0;
};

/** \brief What the sweep leaves: every pair shown apart (free), or the open spans; the inner hit
    the caller confirmed, if any. */
struct SweepResult
{
  /** \brief The sweep could not run on this edge (a joint beyond the lanes' range, a motion that
      does not reach its goal): everything is open. */
  bool skipped = false;
  bool confirmed_hit = false;
  InnerHit hit;
  std::vector<OpenSpan> open;
  /** \brief Blocks of kLanes segments evaluated. */
  int blocks = 0;
};

/** \brief A segment [t0, t0 + width] still to prove, and the test it was split from (block −1:
    none), whose failing pairs are the only ones it can leave open. */
struct Segment
{
  double t0 = 0.0, width = 1.0;
  int block = -1, lane = 0;
};

/** \brief A pair that failed in some lanes of a block (bit k: lane k). */
struct FailedPair
{
  int pair = 0;
  std::uint8_t lanes = 0;
};

/** \brief Per-thread buffers of the sweep. */
struct SweepWorkspace
{
  explicit SweepWorkspace(const SphereModel &model);
  EdgeLanes edge;
  BlockWorkspace block;
  KinematicsWorkspace kinematics;
  Eigen::VectorXd q;
  /** \brief Per body: the largest levers of its children and leaves (ball_speeds.h), for one speed
      over them. */
  std::vector<double> leaf_lever, leaf_axis_lever;
  /** \brief The edge's per-link coefficients, every outer ball's and child's world speed (rounded up). */
  std::vector<PointSpeed> link_speed;
  std::vector<float> world_speed, child_speed;
  /** \brief The pairs to test on this edge, their relative speeds (self pairs), and each self
      pair's certificate stretches: spans[span_first[i], span_first[i] + span_count[i]), or
      span_first[i] = −1 without a certificate. */
  std::vector<SweepPair> pairs;
  std::vector<SelfSpeeds> self_speed;
  std::vector<std::pair<double, double>> spans, own_spans;
  std::vector<int> span_first, span_count, near;
  /** \brief The bisection's queue; each block's failures, block b's at failed[failed_first[b],
      failed_first[b + 1]). */
  std::vector<Segment> segments;
  std::vector<FailedPair> failed;
  std::vector<int> failed_first;
  /** \brief The block being tested: its pairs (indices into pairs), the lanes each is needed in,
      the kernel's fail and inner-hit lanes (index as active), each pair's place in active (−1: none). */
  std::vector<int> active, slot;
  std::vector<std::uint8_t> needed, fail, inner;
};

/** \brief The edge's lanes, its balls' speeds and the pairs to test (with their other proofs'
    stretches, \a caller's) into \a ws; false when the sweep cannot run on \a motion (a joint beyond
    the lanes' range, a motion that does not reach its goal). */
bool prepareSweep(const SphereModel &model, SweepWorkspace &ws, const JointMotion &motion,
                  const SweepSettings &settings, const SweepCaller &caller);

/** \brief The kernel's task over the pairs and speeds prepareSweep left in \a ws (its segments
    not set). */
BlockTask sweepTask(const SweepWorkspace &ws, const SweepSettings &settings);

/** \brief Sweeps \a motion (file comment); \a caller is asked for its pairs' other proofs, and to
    confirm inner hits block by block, lanes in time order: the first it confirms ends the sweep. */
SweepResult sweepEdge(const SphereModel &model, SweepWorkspace &ws, const JointMotion &motion,
                      const SweepSettings &settings, SweepCaller &caller);
}  // namespace ompl_ccd::spheres
