#pragma once
/// \file subinterval_queue.h
/// The shared work of one subdivision search ([SchroeckerWeber] Listing 1) run by one or more
/// workers (Sec. 6: the sub-intervals are independent). The search starts from one root per pair
/// (its live time span); a worker that splits a sub-interval goes on with its first half itself
/// (keep()) and adds the second here (add()); a worker out of work takes the pending half with the
/// earliest start. So a single worker visits each pair's sub-intervals in the order of the
/// recursive listing, several workers each descend into their own part (in Decide mode, whoever
/// meets a contact first ends the search) and balance their load one sub-interval at a time. The
/// queue also keeps the earliest contact found and the stop rules:
///  - a contact at time h drops every sub-interval starting at or after h − bracket (it cannot
///    narrow the bracket [toc_lower, h] below the width asked for); with stop_at_contact
///    (Mode::Decide) it ends the whole search;
///  - a sub-interval given up at a cap (addGivenUp(), e.g. the depth limit) ends the search: the
///    motion can then be neither Free nor bracketed;
///  - max_subintervals sub-intervals taken or kept end the search (the work cap of one query).
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
/** \brief A time interval [t0, t1] of the motion. */
using TimeInterval = std::pair<double, double>;

/** \brief A sub-interval still to examine: [t0, t1] of pair \e pair (an index of the certifier's
    pairs) at recursion depth \e depth. */
struct Subinterval
{
  double t0 = 0.0, t1 = 1.0;
  int depth = 0;
  int pair = -1;
};

/** \brief A configuration of the motion confirmed in contact (within contact distance, or closer
    than the clearance). */
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
  /** \brief The sub-intervals given up at a cap, in time order (none unless a cap was hit). */
  std::vector<TimeInterval> given_up;
  /** \brief The work cap (max_subintervals) ended the search. */
  bool out_of_subintervals = false;
  /** \brief Every t in [0, excluded_until) lies in an excluded sub-interval (of every pair): the
      smallest start of a given-up or dropped sub-interval (the search's end when there is none). */
  double excluded_until = 1.0;
  /** \brief The earliest contact confirmed. */
  std::optional<Violation> violation;
  /** \brief The counters the helpers handed over in leave(). */
  Stats stats;
};

/** \brief How a search stops. */
struct SearchRules
{
  /** \brief End of the searched time: sub-intervals lie in [0, end]. */
  double end = 1.0;
  /** \brief End the search at the first contact (Mode::Decide). */
  bool stop_at_contact = false;
  /** \brief Drop the sub-intervals starting at or after (earliest contact − bracket): Mode::
      FirstContact's tolerance (0: drop only those starting at or after the contact). */
  double bracket = 0.0;
  /** \brief End the search when this many sub-intervals were taken or kept (≥ 1). */
  std::size_t max_subintervals = 1;
};

/** \brief Sub-intervals of one search shared by its workers: the owner (the thread that built it)
    and helpers that join() it. Helpers call join(), then take()/done() until take() returns
    nothing, then leave(); the owner does the same loop without join()/leave(), then finish(). */
class SubintervalQueue
{
public:
  /** \param roots the sub-intervals to start from (one per pair, within [0, rules.end])
      \param rules the stop rules */
  SubintervalQueue(std::vector<Subinterval> roots, const SearchRules &rules);

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
      (dropped, its start remembered, if the search stopped or a contact makes it useless). */
  void add(Subinterval half);
  /** \brief May the worker go on with \a half, the first half of the sub-interval it examined?
      False when the search stopped, a contact makes it useless or the work cap is reached: then it
      is dropped, its start remembered. Lock-free unless it drops. */
  bool keep(const Subinterval &half);
  /** \brief A sub-interval the worker will not examine (nor add): its start is remembered. */
  void drop(const Subinterval &sub);
  /** \brief The worker is done with the sub-interval of its last take() and the halves it kept. */
  void done();

  /** \brief Would a contact confirmed at \a t, or a sub-interval starting at \a t, still change the
      outcome? (The search goes on and t is before the earliest contact less the bracket.) Lock-free. */
  bool wanted(double t) const;
  /** \brief Records a contact confirmed at \a violation.time. */
  void addViolation(Violation violation);
  /** \brief Records a sub-interval given up at a cap; ends the search. */
  void addGivenUp(const TimeInterval &interval);

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

  const SearchRules rules_;
  mutable std::mutex mutex_;
  std::condition_variable changed_;
  /** \brief Min-heap on t0 (std::push_heap with a greater-than comparison). */
  std::vector<Subinterval> heap_;
  /** \brief Workers between take() and done(); helpers between join() and leave(). */
  int examining_ = 0, helpers_ = 0;
  /** \brief Sub-intervals taken or kept so far (counted before the cap is checked). */
  std::atomic<std::size_t> taken_{0};
  bool closed_ = false;
  std::exception_ptr error_;
  /** \brief Copies, for wanted(), of "the search is over" and of the earliest contact's time less
      the bracket (+inf: no contact yet); written under mutex_. */
  std::atomic<bool> stopped_{false};
  std::atomic<double> wanted_before_;
  SearchOutcome outcome_;
};
}  // namespace ompl_ccd
