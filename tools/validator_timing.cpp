#include "validator_timing.h"

#include <chrono>

namespace ompl_ccd::cli
{
namespace ob = ompl::base;
using Clock = std::chrono::steady_clock;

namespace
{
std::int64_t nanosecondsSince(Clock::time_point start)
{
  return std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now() - start).count();
}
}  // namespace

TimedMotionValidator::TimedMotionValidator(const ob::SpaceInformationPtr &si, ob::MotionValidatorPtr inner)
  : MotionValidator(si), inner_(std::move(inner))
{
}

bool TimedMotionValidator::checkMotion(const ob::State *s1, const ob::State *s2) const
{
  const Clock::time_point start = Clock::now();
  const bool valid = inner_->checkMotion(s1, s2);
  return record(valid, nanosecondsSince(start));
}

bool TimedMotionValidator::checkMotion(const ob::State *s1, const ob::State *s2,
                                       std::pair<ob::State *, double> &lastValid) const
{
  const Clock::time_point start = Clock::now();
  const bool valid = inner_->checkMotion(s1, s2, lastValid);
  return record(valid, nanosecondsSince(start));
}

bool TimedMotionValidator::record(bool valid, std::int64_t nanoseconds) const
{
  motions_.fetch_add(1, std::memory_order_relaxed);
  nanoseconds_.fetch_add(nanoseconds, std::memory_order_relaxed);
  // OMPL's valid_/invalid_ are plain integers (its Benchmark reads the valid fraction): atomic updates.
  __atomic_fetch_add(valid ? &valid_ : &invalid_, 1u, __ATOMIC_RELAXED);
  return valid;
}

ValidatorUse TimedMotionValidator::totals() const
{
  return {motions_.load(std::memory_order_relaxed), 1e-9 * static_cast<double>(nanoseconds_.load())};
}

ValidatorTimedPlanner::ValidatorTimedPlanner(ob::PlannerPtr inner, std::shared_ptr<const TimedMotionValidator> validator)
  : Planner(inner->getSpaceInformation(), inner->getName()), inner_(std::move(inner)), validator_(std::move(validator))
{
  specs_ = inner_->getSpecs();
  params().include(inner_->params());
  for (const auto &[name, property] : inner_->getPlannerProgressProperties())
    addPlannerProgressProperty(name, property);
}

ob::PlannerStatus ValidatorTimedPlanner::solve(const ob::PlannerTerminationCondition &ptc)
{
  const ValidatorUse before = validator_->totals();
  const ob::PlannerStatus status = inner_->solve(ptc);
  const ValidatorUse after = validator_->totals();
  last_solve_ = {after.motions - before.motions, after.seconds - before.seconds};
  return status;
}

void ValidatorTimedPlanner::clear()
{
  Planner::clear();
  inner_->clear();
  last_solve_ = {};
}

void ValidatorTimedPlanner::setup()
{
  Planner::setup();
  inner_->setup();
}

void ValidatorTimedPlanner::setProblemDefinition(const ob::ProblemDefinitionPtr &pdef)
{
  Planner::setProblemDefinition(pdef);
  inner_->setProblemDefinition(pdef);
}

void ValidatorTimedPlanner::getPlannerData(ob::PlannerData &data) const { inner_->getPlannerData(data); }
}  // namespace ompl_ccd::cli
