#include "ompl_ccd/certify/clearance_profile.h"

#include <algorithm>
#include <cmath>

#include "ompl_ccd/bound/motion_bound.h"
#include "ompl_ccd/error.h"
#include "ompl_ccd/numeric.h"

namespace ompl_ccd
{
namespace
{
/** \brief Once every step's bound is positive, steps are refined (budget left) until their bound
    is at least this share of their smaller end distance: a near miss then reads about what it is. */
constexpr double kFairShare = 0.5;

/** \brief The largest motion bound over the geometries of \a link, relative to \a ancestor (-1: the world). */
double linkBound(const JointMotion &motion, int link, int ancestor)
{
  const RobotModel &model = motion.model();
  double mu = 0.0;
  for (const LinkGeometry &geometry : model.links()[link].geometries)
    mu = std::max(mu, motionBound(motion, link, bodyReach(model, link, geometry), 0.0, 1.0, ancestor));
  return mu;
}

/** \brief Least value over [t_a, t_b] of max(d_a − R (τ − t_a), d_b − R (t_b − τ)), at least 0 and at
    most min(d_a, d_b); rounded down. */
double stepLowerBound(double d_a, double d_b, double rate, double span)
{
  const double v = 0.5 * (d_a + d_b - rate * span);
  return std::max(0.0, std::min({v * (1.0 - numeric::kFinePadRel) - numeric::kFinePadAbs, d_a, d_b}));
}

/** \brief \a samples with each step's lower bound, a step between two samples apart from
    everything (D > 0 at both) being bisected until its pieces' bounds are positive and at least
    \a share of their smaller end distance; at most \a budget new samples (spent in time order,
    the count left in \a budget). */
std::vector<ClearanceSample> refineSteps(const CollisionWorld &world, CollisionWorkspace &ws,
                                         const JointMotion &motion, double rate,
                                         const std::vector<ClearanceSample> &samples, double share, int &budget)
{
  std::vector<ClearanceSample> refined = {samples.front()};
  Eigen::VectorXd q;
  for (std::size_t k = 1; k < samples.size(); ++k)
  {
    // the ends still to reach from refined.back(), the nearest last
    std::vector<ClearanceSample> ends = {samples[k]};
    while (!ends.empty())
    {
      const ClearanceSample &a = refined.back(), b = ends.back();
      const double lower = stepLowerBound(a.distance, b.distance, rate, b.t - a.t);
      const double tm = 0.5 * (a.t + b.t);
      // D(τ) ≥ lower holds on the step whatever it is: where the robot touches (D = 0 at an end)
      // 0 is all the step is worth, and once the budget is spent the step keeps what it has
      const bool enough = lower > 0.0 && lower >= share * std::min(a.distance, b.distance);
      if (enough || !(a.distance > 0.0 && b.distance > 0.0) || budget <= 0 || !(a.t < tm && tm < b.t))
      {
        refined.back().lower = lower;
        refined.push_back(b);
        ends.pop_back();
        continue;
      }
      motion.stateAt(tm, q);
      ends.push_back({tm, minimumDistance(world, ws, q), 0.0});
      --budget;
    }
  }
  refined.back().lower = refined.back().distance;
  return refined;
}
}  // namespace

double clearanceRate(const CollisionWorld &world, const JointMotion &motion)
{
  double rate = 0.0;
  for (int link : world.collidingLinks())
    rate = std::max(rate, linkBound(motion, link, -1));
  for (const auto &[a, b] : world.selfPairs())
  {
    const int ancestor = commonAncestor(world.robot(), a, b);
    rate = std::max(rate, linkBound(motion, a, ancestor) + linkBound(motion, b, ancestor));
  }
  return rate;
}

std::vector<ClearanceSample> clearanceProfile(const CollisionWorld &world, CollisionWorkspace &ws,
                                              const JointMotion &motion, const ClearanceProfileOptions &options)
{
  OMPL_CCD_THROW_UNLESS(options.min_samples >= 1 && options.max_samples >= options.min_samples,
                        "clearanceProfile: min_samples (", options.min_samples, ") must be >= 1 and max_samples (",
                        options.max_samples, ") >= min_samples; e.g. 16 and 256.");
  OMPL_CCD_THROW_UNLESS(options.step_fraction > 0.0 && options.step_fraction <= 1.0,
                        "clearanceProfile: step_fraction is ", options.step_fraction, "; pass a number in (0, 1].");
  OMPL_CCD_THROW_UNLESS(options.max_refinements >= 0, "clearanceProfile: max_refinements is ",
                        options.max_refinements, "; pass 0 (no refinement) or more.");
  const double rate = clearanceRate(world, motion);
  const double shortest = 1.0 / options.max_samples, longest = 1.0 / options.min_samples;
  std::vector<ClearanceSample> samples;
  Eigen::VectorXd q;
  for (double t = 0.0;;)
  {
    motion.stateAt(t, q);
    samples.push_back({t, minimumDistance(world, ws, q), 0.0});
    if (t >= 1.0)
      break;
    // Δt = step_fraction · D / R ([Zhang2007] Eq. (4), shortened), within [shortest, longest], then
    // the rest of the motion cut into equal steps no longer than that: no sliver of a last step,
    // whose needlessly tighter bound would show as a spike.
    const double advance = rate > 0.0 ? options.step_fraction * samples.back().distance / rate : longest;
    const double remaining = 1.0 - t;
    const double pieces = std::ceil(remaining / std::clamp(advance, shortest, longest));
    t = pieces <= 1.0 ? 1.0 : t + remaining / pieces;
  }
  // A positive bound wherever D stays positive first, then a fair share of D with what is left.
  int budget = options.max_refinements;
  samples = refineSteps(world, ws, motion, rate, samples, 0.0, budget);
  return refineSteps(world, ws, motion, rate, samples, kFairShare, budget);
}
}  // namespace ompl_ccd
