#include "certify/toleranced/subinterval_queue.h"

#include <algorithm>

#include "ompl_ccd/numeric.h"

namespace ompl_ccd
{
namespace
{
/// Heap order of std::push_heap: the sub-interval with the smallest start on top.
bool startsLater(const Subinterval &a, const Subinterval &b) { return a.t0 > b.t0; }
}  // namespace

void mergeCounters(Stats &into, const Stats &from)
{
  for (const auto &[key, value] : from)
    into[key] = key == "max_depth" ? std::max(into[key], value) : into[key] + value;
}

SubintervalQueue::SubintervalQueue(std::vector<Subinterval> roots, const SearchRules &rules)
  : rules_(rules), heap_(std::move(roots)), wanted_before_(numeric::kInfinity)
{
  outcome_.excluded_until = rules_.end;
  std::make_heap(heap_.begin(), heap_.end(), startsLater);
}

bool SubintervalQueue::join()
{
  std::lock_guard<std::mutex> lock(mutex_);
  if (closed_)
    return false;
  ++helpers_;
  return true;
}

void SubintervalQueue::leave(const Stats &counters)
{
  std::lock_guard<std::mutex> lock(mutex_);
  mergeCounters(outcome_.stats, counters);
  --helpers_;
  changed_.notify_all();
}

std::optional<Subinterval> SubintervalQueue::take()
{
  std::unique_lock<std::mutex> lock(mutex_);
  while (!stopped_)
  {
    if (!heap_.empty())
    {
      std::pop_heap(heap_.begin(), heap_.end(), startsLater);
      Subinterval sub = heap_.back();
      heap_.pop_back();
      // A sub-interval starting within the bracket of a confirmed contact cannot narrow it.
      if (!(sub.t0 < wanted_before_))
      {
        dropLocked(sub);
        continue;
      }
      if (taken_.fetch_add(1) >= rules_.max_subintervals)
      {
        dropLocked(sub);
        outcome_.out_of_subintervals = true;
        stopLocked();
        break;
      }
      ++examining_;
      return sub;
    }
    if (examining_ == 0)
    {
      stopLocked();
      break;
    }
    changed_.wait(lock);
  }
  return std::nullopt;
}

void SubintervalQueue::add(Subinterval half)
{
  std::lock_guard<std::mutex> lock(mutex_);
  if (stopped_ || !(half.t0 < wanted_before_))
  {
    dropLocked(half);
    return;
  }
  heap_.push_back(half);
  std::push_heap(heap_.begin(), heap_.end(), startsLater);
  changed_.notify_one();
}

bool SubintervalQueue::keep(const Subinterval &half)
{
  if (wanted(half.t0) && taken_.fetch_add(1) < rules_.max_subintervals)
    return true;
  std::lock_guard<std::mutex> lock(mutex_);
  dropLocked(half);
  if (taken_ > rules_.max_subintervals)
  {
    outcome_.out_of_subintervals = true;
    stopLocked();
  }
  return false;
}

void SubintervalQueue::drop(const Subinterval &sub)
{
  std::lock_guard<std::mutex> lock(mutex_);
  dropLocked(sub);
}

void SubintervalQueue::done()
{
  std::lock_guard<std::mutex> lock(mutex_);
  if (--examining_ == 0 && heap_.empty())
    changed_.notify_all();
}

bool SubintervalQueue::wanted(double t) const { return !stopped_ && t < wanted_before_; }

void SubintervalQueue::addViolation(Violation violation)
{
  std::lock_guard<std::mutex> lock(mutex_);
  if (outcome_.violation && !(violation.time < outcome_.violation->time))
    return;
  // the contact's own time is not excluded (nor anything after it)
  outcome_.excluded_until = std::min(outcome_.excluded_until, violation.time);
  wanted_before_ = violation.time - rules_.bracket;
  outcome_.violation = std::move(violation);
  if (rules_.stop_at_contact)
    stopLocked();
}

void SubintervalQueue::addGivenUp(const TimeInterval &interval)
{
  std::lock_guard<std::mutex> lock(mutex_);
  std::vector<TimeInterval> &given_up = outcome_.given_up;
  given_up.insert(std::upper_bound(given_up.begin(), given_up.end(), interval), interval);
  outcome_.excluded_until = std::min(outcome_.excluded_until, interval.first);
  stopLocked();
}

void SubintervalQueue::fail(std::exception_ptr error)
{
  std::lock_guard<std::mutex> lock(mutex_);
  if (!error_)
    error_ = std::move(error);
  stopLocked();
}

SearchOutcome SubintervalQueue::finish()
{
  std::unique_lock<std::mutex> lock(mutex_);
  closed_ = true;
  changed_.wait(lock, [this] { return helpers_ == 0; });
  if (error_)
    std::rethrow_exception(error_);
  return std::move(outcome_);
}

void SubintervalQueue::stopLocked()
{
  stopped_ = true;
  for (const Subinterval &sub : heap_)
    dropLocked(sub);
  heap_.clear();
  changed_.notify_all();
}

void SubintervalQueue::dropLocked(const Subinterval &sub)
{
  outcome_.excluded_until = std::min(outcome_.excluded_until, sub.t0);
}
}  // namespace ompl_ccd
