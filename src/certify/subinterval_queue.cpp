#include "ompl_ccd/certify/subinterval_queue.h"

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

SubintervalQueue::SubintervalQueue(Subinterval root, bool stop_at_violation, std::size_t max_remaining)
  : stop_at_violation_(stop_at_violation)
  , max_remaining_(max_remaining)
  , earliest_violation_(numeric::kInfinity)
{
  outcome_.excluded_until = root.t1;
  heap_.push_back(std::move(root));
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
      Subinterval sub = std::move(heap_.back());
      heap_.pop_back();
      // A sub-interval starting at or after a confirmed violation cannot hold an earlier one.
      if (!(sub.t0 < earliest_violation_))
      {
        dropLocked(sub);
        continue;
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
  if (stopped_ || !(half.t0 < earliest_violation_))
  {
    dropLocked(half);
    return;
  }
  heap_.push_back(std::move(half));
  std::push_heap(heap_.begin(), heap_.end(), startsLater);
  changed_.notify_one();
}

bool SubintervalQueue::keep(const Subinterval &half)
{
  if (wanted(half.t0))
    return true;
  std::lock_guard<std::mutex> lock(mutex_);
  dropLocked(half);
  return false;
}

void SubintervalQueue::done()
{
  std::lock_guard<std::mutex> lock(mutex_);
  if (--examining_ == 0 && heap_.empty())
    changed_.notify_all();
}

bool SubintervalQueue::wanted(double t) const { return !stopped_ && t < earliest_violation_; }

void SubintervalQueue::addRemaining(const TimeInterval &interval, std::optional<Violation> violation)
{
  std::lock_guard<std::mutex> lock(mutex_);
  std::vector<TimeInterval> &remaining = outcome_.remaining;
  remaining.insert(std::upper_bound(remaining.begin(), remaining.end(), interval), interval);
  outcome_.excluded_until = std::min(outcome_.excluded_until, interval.first);
  if (violation && violation->time < earliest_violation_)
  {
    earliest_violation_ = violation->time;
    outcome_.violation = std::move(violation);
  }
  if ((outcome_.violation && stop_at_violation_) || remaining.size() >= max_remaining_)
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
