#pragma once
/// \file subinterval_queue.h
/// The shared work of one subdivision search ([SchroeckerWeber] Listing 1) run by one or more
/// workers (Sec. 6: the sub-intervals are independent). A worker that splits a sub-interval goes
/// on with its first half itself (keep()) and adds the second here (add()); a worker out of work
/// takes the pending half with the earliest start. So a single worker visits the sub-intervals in
/// the order of the recursive listing, several workers each descend into their own part of the
/// motion (in Decide mode, whoever meets a collision first ends the search) and balance their
/// load one sub-interval at a time. The queue also keeps the remaining intervals found, the
/// earliest confirmed violation, and the stop rules:
///  - a violation confirmed at time h drops every sub-interval starting at or after h (it cannot
///    hold an earlier contact); with stop_at_violation (Mode::Decide) it ends the whole search;
///  - max_remaining remaining intervals end the search.
/// Every dropped sub-interval is remembered by its start, so SearchOutcome::excluded_until stays a
/// proof whatever the workers' timing: every t below it lies in a sub-interval that was excluded.
///
/// Thread safety: every member may be called from any worker; one mutex guards the state, of which
/// wanted() reads atomic copies without locking.
///
/// References: [SchroeckerWeber] in README.md (section References).

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <exception>
#include <mutex>
#include <optional>
#include <utility>
#include <vector>

#include "ompl_ccd/certify/certifier.h"

namespace ompl_ccd
{
/** \brief A sub-interval [t0, t1] of the motion where collision could not be excluded. */
using TimeInterval = std::pair<double, double>;

/** \brief A sub-interval still to examine: [t0, t1] at recursion depth \e depth, with the checked
    pairs not yet excluded on an enclosing interval (indices of the certifier's pairs). */
struct Subinterval
{
  double t0 = 0.0, t1 = 1.0;
  int depth = 0;
  std::vector<int> pairs;
};

/** \brief A configuration of the motion confirmed to violate (in collision, or too close). */
struct Violation
{
  double time = 1.0;
  Contact contact;
};

/** \brief Adds \a from's counters to \a into; "max_depth" takes the larger value. */
void mergeCounters(Stats &into, const Stats &from);

/** \brief What a search established once every worker has stopped. */
struct SearchOutcome
{
  /** \brief The remaining intervals found, in time order. Empty only when every sub-interval was
      examined and excluded. */
  std::vector<TimeInterval> remaining;
  /** \brief Every t in [root.t0, excluded_until) lies in an excluded sub-interval: the smallest start
      of a remaining or dropped sub-interval (root.t1 when there is none). */
  double excluded_until = 1.0;
  /** \brief The earliest violation confirmed. */
  std::optional<Violation> violation;
  /** \brief The counters the helpers handed over in leave(). */
  Stats stats;
};

/** \brief Sub-intervals of one search shared by its workers: the owner (the thread that built it)
    and helpers that join() it. Helpers call join(), then take()/done() until take() returns
    nothing, then leave(); the owner does the same loop without join()/leave(), then finish(). */
class SubintervalQueue
{
public:
  /** \param root the whole interval of the search (depth 0 or more, its initial pairs)
      \param stop_at_violation end the search at the first confirmed violation (Decide)
      \param max_remaining end the search when this many remaining intervals were found (≥ 1) */
  SubintervalQueue(Subinterval root, bool stop_at_violation, std::size_t max_remaining);

  /** \brief A helper enters the search; false when the owner has already called finish() (then the
      helper must not touch anything of the search but this queue). */
  bool join();
  /** \brief A helper hands over its counters and leaves. \pre it joined. */
  void leave(const Stats &counters);

  /** \brief The earliest sub-interval left, to examine and then end with done(). Waits while the
      queue is empty and other workers are examining (they may add halves). Nothing when the search
      is over: stopped, or no sub-interval left and no worker examining. */
  std::optional<Subinterval> take();
  /** \brief The second half of the sub-interval being examined, for any worker to examine later
      (dropped, its start remembered, if the search stopped or a violation precedes its start). */
  void add(Subinterval half);
  /** \brief May the worker go on with \a half, the first half of the sub-interval it examined?
      False when the search stopped or a violation precedes its start: then it is dropped, its
      start remembered. Lock-free unless it drops. */
  bool keep(const Subinterval &half);
  /** \brief The worker is done with the sub-interval of its last take() and the halves it kept. */
  void done();

  /** \brief Would a violation confirmed at \a t still change the outcome? (The search goes on and
      no violation at or before \a t was confirmed.) Lock-free. */
  bool wanted(double t) const;
  /** \brief Records a remaining interval (Listing 1's "possible collision"), with the violation a
      discrete check confirmed inside it, if any. */
  void addRemaining(const TimeInterval &interval, std::optional<Violation> violation);

  /** \brief A worker's exception (std::bad_alloc, an Error...): the search stops, and finish()
      rethrows the first one recorded, so it reaches the caller instead of ending a pool thread. */
  void fail(std::exception_ptr error);

  /** \brief Owner only, after its own take() returned nothing: closes the search to late helpers,
      waits for the joined ones to leave, and returns the outcome. Call once.
      \throws the first exception given to fail(), once every helper has left. */
  SearchOutcome finish();

private:
  /** \brief Marks the search over and wakes every waiting worker. \pre mutex_ held. */
  void stopLocked();
  /** \brief Remembers the start of a sub-interval that will not be examined. \pre mutex_ held. */
  void dropLocked(const Subinterval &sub);

  const bool stop_at_violation_;
  const std::size_t max_remaining_;
  mutable std::mutex mutex_;
  std::condition_variable changed_;
  /** \brief Min-heap on t0 (std::push_heap with a greater-than comparison). */
  std::vector<Subinterval> heap_;
  /** \brief Workers between take() and done(); helpers between join() and leave(). */
  int examining_ = 0, helpers_ = 0;
  bool closed_ = false;
  std::exception_ptr error_;
  /** \brief Copies, for wanted(), of "the search is over" and of the earliest violation's time
      (+inf: none yet); written under mutex_. */
  std::atomic<bool> stopped_{false};
  std::atomic<double> earliest_violation_;
  SearchOutcome outcome_;
};
}  // namespace ompl_ccd
