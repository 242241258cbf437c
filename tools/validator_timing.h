#pragma once
/// \file validator_timing.h
/// What `ompl_ccd benchmark` measures of the motion validator during a planner's solve():
/// TimedMotionValidator times every checkMotion call of the validator it wraps, and
/// ValidatorTimedPlanner (a planner wrapping another) reads those totals just before and after
/// solve(), so that OMPL's own checks after planning (the path check, simplification) do not count.

#include <ompl/base/MotionValidator.h>
#include <ompl/base/Planner.h>

#include <atomic>
#include <cstdint>
#include <memory>

namespace ompl_ccd::cli
{
/** \brief Motions checked and time spent checking them. */
struct ValidatorUse
{
  std::uint64_t motions = 0;
  double seconds = 0.0;
};

/** \brief A MotionValidator that forwards to \a inner and adds up its calls and their wall-clock time.
    Thread-safe as \a inner is (OMPL's parallel planners call it from several threads): the totals
    and valid_/invalid_ are updated atomically. */
class TimedMotionValidator : public ompl::base::MotionValidator
{
public:
  TimedMotionValidator(const ompl::base::SpaceInformationPtr &si, ompl::base::MotionValidatorPtr inner);

  bool checkMotion(const ompl::base::State *s1, const ompl::base::State *s2) const override;
  bool checkMotion(const ompl::base::State *s1, const ompl::base::State *s2,
                   std::pair<ompl::base::State *, double> &lastValid) const override;

  /** \brief Every call so far. */
  ValidatorUse totals() const;

private:
  /** \brief Counts one call that took \a nanoseconds and answered \a valid; returns \a valid. */
  bool record(bool valid, std::int64_t nanoseconds) const;

  ompl::base::MotionValidatorPtr inner_;
  mutable std::atomic<std::uint64_t> motions_{0};
  mutable std::atomic<std::int64_t> nanoseconds_{0};
};

/** \brief A planner that runs \a inner (same name, parameters, progress properties and specs) and
    keeps what \a validator did during its last solve(). */
class ValidatorTimedPlanner : public ompl::base::Planner
{
public:
  ValidatorTimedPlanner(ompl::base::PlannerPtr inner, std::shared_ptr<const TimedMotionValidator> validator);

  ompl::base::PlannerStatus solve(const ompl::base::PlannerTerminationCondition &ptc) override;
  void clear() override;
  void setup() override;
  void setProblemDefinition(const ompl::base::ProblemDefinitionPtr &pdef) override;
  void getPlannerData(ompl::base::PlannerData &data) const override;

  /** \brief The validator's work during the last solve(). */
  const ValidatorUse &lastSolve() const { return last_solve_; }

private:
  ompl::base::PlannerPtr inner_;
  std::shared_ptr<const TimedMotionValidator> validator_;
  ValidatorUse last_solve_;
};
}  // namespace ompl_ccd::cli
