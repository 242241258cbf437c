#pragma once
/// \file edge_sweep.h
/// The sphere front end on one edge: conservative advancement ([Zhang2007] Sec. 4, Eq. (4)) of
/// every pair at once, kLanes sampled times per batch in SIMD lanes.
///   - Clear times: at a sampled time t, a ball of radius r whose centre moves at most μ per unit
///     t (ball_speeds.h) and is at distance d from an obstacle stays farther than the inflation
///     (clearance + contact distance) from it all through [t − τ, t + τ], τ = (d − r − inflation)/μ.
///     A pair's τ is the least over its balls (its bounding ball alone when that already covers
///     what is left of the pair); its neighbourhood is then shown apart.
///   - Each pair keeps the cells of time still to be shown apart (TimeCells); each batch samples the
///     cells left of all pairs, spread over their runs, until none is left (free) or the batch
///     budget runs out. A pair whose balls are within reach at a sampled time (τ shorter than
///     min_clear_time) cannot be shown apart near it by the balls: all it has left is open, for the
///     exact pipeline.
///   - Inner balls (Mode::Decide): an inner ball overlapping an obstacle (an obstacle's inner ball
///     for a mesh) or another body's inner ball at a sampled time is a candidate contact, handed to
///     the caller to confirm in double precision (the float test finds, the caller proves).
/// In a large scene, each body's bounding ball swept over the whole edge (double precision, at
/// t = 1/2) first drops the obstacles it is apart from; a self pair's other proof (a joint-space
/// certificate) leaves only its own open stretches.
///
/// References: [Zhang2007] in README.md (section References).
///
/// Thread safety: the model is shared and read only; each thread has its own SweepWorkspace.

#include <utility>
#include <vector>

#include "ompl_ccd/model/joint_motion.h"
#include "ompl_ccd/model/kinematics.h"
#include "spheres/ball_speeds.h"
#include "spheres/lane_batch.h"
#include "spheres/sphere_model.h"
#include "spheres/time_cells.h"

namespace ompl_ccd::spheres
{
/** \brief A pair as the sweep names it: body \e a against obstacle part \e obstacle (other = -1)
    or against body \e other (obstacle = -1). */
struct SweepPair
{
  int a = -1, other = -1, obstacle = -1;
  /** \brief Self pairs: the deepest common ancestor link. */
  int ancestor = -1;
};

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
  /** \brief Test the inner balls at every lane (Mode::Decide). */
  bool inner = true;
  /** \brief Most batches of kLanes times; what is left then is open. */
  int max_batches = 8;
  /** \brief A pair whose clear time at a sample is below this is left open on the stretch of this
      half width about the sample. */
  double min_clear_time = 1.0 / 256.0;
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
  /** \brief Batches of kLanes times evaluated. */
  int batches = 0;
};

/** \brief A self pair's speeds on the edge, relative to its common ancestor: the coefficients for
    bodies a and b, where its balls' speeds start, and whether the leaves' are made yet (the
    bounding balls' always are). */
struct SelfSpeeds
{
  PointSpeed a, b;
  int at = 0;
  bool leaves = false;
};

/** \brief Per-thread buffers of the sweep. */
struct SweepWorkspace
{
  explicit SweepWorkspace(const SphereModel &model);
  EdgeLanes edge;
  KinematicsWorkspace kinematics;
  Eigen::VectorXd q;
  /** \brief Lane poses, and the lanes' centres of every robot outer and inner ball (index as the
      model's arrays), placed for body b when outer_stamp[b] (inner_stamp[b]) is the batch's stamp. */
  std::vector<float> poses, outer_centres, inner_centres;
  std::vector<int> outer_stamp, inner_stamp;
  int stamp = 0;
  /** \brief Each outer ball's motion bound on this edge (metres per unit t), rounded up, known for
      body b's bounding ball when speed_known[b] ≥ 1 and its leaves when 2; each link's coefficients. */
  std::vector<float> speed;
  std::vector<char> speed_known;
  std::vector<PointSpeed> link_speed;
  /** \brief The pairs the whole-edge balls leave, and what each still has to be shown apart on. */
  std::vector<SweepPair> pairs;
  std::vector<TimeCells> left;
  /** \brief Self pair i's speeds relative to its common ancestor: self[speed_at[i]] (−1 for a scene
      pair), its balls' (a's bounding ball and leaves, then b's) at self_speed[self[...].at]. */
  std::vector<SelfSpeeds> self;
  std::vector<float> self_speed;
  std::vector<int> speed_at;
  /** \brief Scratch of a batch: a run's obstacles, every pair's clear times (pair i at i · kLanes)
      and inner-hit lanes, the union of what the pairs have left. */
  std::vector<int> obstacles;
  std::vector<float> tau, need;
  std::vector<std::uint32_t> masks;
  std::vector<std::pair<double, double>> own_spans;
};

/** \brief Sweeps \a motion (file comment); \a caller is asked for its pairs' other proofs, and to
    confirm inner hits batch by batch, lanes in time order: the first it confirms ends the sweep. */
SweepResult sweepEdge(const SphereModel &model, SweepWorkspace &ws, const JointMotion &motion,
                      const SweepSettings &settings, SweepCaller &caller);
}  // namespace ompl_ccd::spheres
