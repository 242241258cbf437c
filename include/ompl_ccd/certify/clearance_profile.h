#pragma once
/// \file clearance_profile.h
/// How close the robot comes to everything it may hit along a motion, for path reports: D(t), the
/// least distance over the checked pairs (scene and self, collision_queries.h's minimumDistance),
/// sampled exactly by a conservative-advancement walk, and a certified lower bound of D over each
/// step between two samples.
///
/// D changes at most at the rate R, the largest over the checked pairs of a link's motion bound μ
/// (scene pairs) or of the sum of two links' bounds relative to their deepest common ancestor (self
/// pairs), [Zhang2007] Eq. (10) (motion_bound.h). So between samples t_k < t_{k+1}
///   D(τ) ≥ max(D(t_k) − R (τ − t_k), D(t_{k+1}) − R (t_{k+1} − τ)),
/// whose least value over the step is (D(t_k) + D(t_{k+1}) − R (t_{k+1} − t_k)) / 2 (at least 0).
/// The walk steps by Δt = step_fraction · D(t_k) / R, the advancement of [Zhang2007] Eq. (4)
/// shortened so that the bound stays near D (with step_fraction = 1/2 it is at least about 3/4 of
/// it), clamped to [1/max_samples, 1/min_samples], then shortened so that the rest of the motion
/// divides into equal steps (no sliver of a last step).
///
/// Near an obstacle the walk's steps are about 1/max_samples long, and the step bound falls to 0
/// once D < R/(2 max_samples) or so, though D > 0 all along (a motion a certifier proved free at
/// 0.5 mm read "certified min 0"). So the steps are refined, in two passes over the motion:
///  1. a step with D > 0 at both samples whose bound is 0 is bisected (each half with its own
///     bound) until every piece's bound is positive: a piece of length s has a positive bound once
///     s < (D(t_k) + D(t_{k+1}))/R, so bisection ends wherever D stays above 0;
///  2. then, with the samples left, a step whose bound is below half its smaller end distance is
///     bisected until it is not (a 0.5 mm near miss then reads about 0.25 mm, not 5 µm).
/// A budget caps the work: at most max_refinements new samples per motion (spent in time order,
/// pass 1 first), after which a step keeps the bound it has, 0 included. A step with D = 0 at a
/// sample (in contact) is not refined: 0 is what it is worth.
///
/// The bound is as exact as FCL's distances (rel_err = abs_err = 0). It is a report, not a
/// certifier: a motion's verdict comes from a Certifier.
///
/// References: [Zhang2007] in README.md (section References).

#include <vector>

#include "ompl_ccd/geometry/collision_queries.h"
#include "ompl_ccd/geometry/collision_world.h"
#include "ompl_ccd/model/joint_motion.h"

namespace ompl_ccd
{
/** \brief One sample of the profile. */
struct ClearanceSample
{
  /** \brief Time on the motion, in [0, 1]. */
  double t = 0.0;
  /** \brief D(t), metres (0 in collision): FCL's exact distance at the sample. */
  double distance = 0.0;
  /** \brief Metres: D(τ) ≥ lower for every τ from t to the next sample's time (the last sample, at
      t = 1: its own distance). */
  double lower = 0.0;
};

/** \brief Knobs of the walk. */
struct ClearanceProfileOptions
{
  /** \brief The longest step is 1/min_samples. */
  int min_samples = 16;
  /** \brief Steps are at least half of 1/max_samples: at most 2 · max_samples of them (about
      max_samples where the distance changes slowly). */
  int max_samples = 256;
  /** \brief Δt = step_fraction · D/R: smaller gives a tighter bound and more samples. In (0, 1]. */
  double step_fraction = 0.5;
  /** \brief At most this many samples added by the refinement (see the file comment; ≥ 0, 0: none).
      Each costs one distance query: the default bounds a profile to about 2 · max_samples + 1024
      queries. */
  int max_refinements = 1024;
};

/** \brief R ≥ 0: |D(τ) − D(t)| ≤ R |τ − t| along \a motion in \a world (see the file comment).
    \pre motion.model() is world.robot(). */
double clearanceRate(const CollisionWorld &world, const JointMotion &motion);

/** \brief The profile of \a motion: samples at t = 0, …, 1 in increasing order, the walk's and
    the refinement's.
    \pre \a ws was built for \a world; motion.model() is world.robot().
    \throws Error if min_samples < 1, max_samples < min_samples, step_fraction ∉ (0, 1] or
            max_refinements < 0. */
std::vector<ClearanceSample> clearanceProfile(const CollisionWorld &world, CollisionWorkspace &ws,
                                              const JointMotion &motion, const ClearanceProfileOptions &options = {});
}  // namespace ompl_ccd
