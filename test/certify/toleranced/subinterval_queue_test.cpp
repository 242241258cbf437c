// The shared queue of a subdivision search: roots of several pairs, depth first with the second
// halves taken earliest start first, the stop rules of both modes (a contact's bracket, a given-up
// sub-interval, the work cap), excluded_until counting dropped sub-intervals, late helpers, and
// many workers examining every sub-interval exactly once.
#include "certify/toleranced/subinterval_queue.h"

#include <gtest/gtest.h>

#include <atomic>
#include <new>
#include <thread>
#include <vector>

namespace ompl_ccd
{
namespace
{
/// Pair 0 over [0, 1]: the whole motion.
std::vector<Subinterval> whole() { return {{0.0, 1.0, 0, 0}}; }

/// Rules of a search over [0, 1]: Decide (stop at a contact) or FirstContact with \a bracket.
SearchRules rules(bool decide, double bracket = 0.0, std::size_t max_subintervals = 1000)
{
  SearchRules r;
  r.stop_at_contact = decide;
  r.bracket = bracket;
  r.max_subintervals = max_subintervals;
  return r;
}

/// Takes the next sub-interval, expecting it to be [t0, t1] of \a pair.
void expectTake(SubintervalQueue &queue, double t0, double t1, int pair = 0)
{
  const std::optional<Subinterval> sub = queue.take();
  ASSERT_TRUE(sub.has_value());
  EXPECT_EQ(sub->t0, t0);
  EXPECT_EQ(sub->t1, t1);
  EXPECT_EQ(sub->pair, pair);
}

/// Splits [t0, t1] as a worker does: the second half to the queue; true when it may keep the first.
bool split(SubintervalQueue &queue, double t0, double t1)
{
  const double tm = 0.5 * (t0 + t1);
  queue.add({tm, t1, 1, 0});
  return queue.keep({t0, tm, 1, 0});
}

Violation violationAt(double t)
{
  Violation v;
  v.time = t;
  return v;
}

/// Expects the search over and its outcome: \a given_up, the earliest contact at \a violation
/// (nullopt: none) and \a excluded_until.
void expectOutcome(SubintervalQueue &queue, const std::vector<TimeInterval> &given_up,
                   std::optional<double> violation, double excluded_until)
{
  EXPECT_FALSE(queue.take().has_value());
  const SearchOutcome outcome = queue.finish();
  EXPECT_EQ(outcome.given_up, given_up);
  EXPECT_EQ(outcome.violation ? std::optional<double>(outcome.violation->time) : std::nullopt, violation);
  EXPECT_EQ(outcome.excluded_until, excluded_until);
}

TEST(SubintervalQueue, OneWorkerGoesDepthFirstThenTakesTheEarliestStart)
{
  // The worker keeps [0, 0.5] and [0, 0.25] (both excluded), then takes [0.25, 0.5], then [0.5, 1].
  SubintervalQueue queue(whole(), rules(false));
  expectTake(queue, 0.0, 1.0);
  EXPECT_TRUE(split(queue, 0.0, 1.0));
  EXPECT_TRUE(split(queue, 0.0, 0.5));
  queue.done();
  expectTake(queue, 0.25, 0.5);
  queue.done();
  expectTake(queue, 0.5, 1.0);
  queue.done();
  expectOutcome(queue, {}, std::nullopt, 1.0);
}

TEST(SubintervalQueue, RootsOfSeveralPairsAreTakenEarliestStartFirst)
{
  SearchRules over_half = rules(false);
  over_half.end = 0.5;
  SubintervalQueue queue({{0.25, 0.5, 0, 1}, {0.0, 0.5, 0, 2}}, over_half);
  expectTake(queue, 0.0, 0.5, 2);
  queue.done();
  expectTake(queue, 0.25, 0.5, 1);
  queue.done();
  expectOutcome(queue, {}, std::nullopt, 0.5);
}

TEST(SubintervalQueue, DecideStopsEveryoneAtTheFirstContact)
{
  SubintervalQueue queue(whole(), rules(true));
  expectTake(queue, 0.0, 1.0);
  EXPECT_TRUE(split(queue, 0.0, 1.0));
  EXPECT_TRUE(queue.wanted(0.9));
  queue.addViolation(violationAt(0.25));
  EXPECT_FALSE(queue.wanted(0.1));
  // the worker's next first half is dropped, [0.5, 1] was dropped
  EXPECT_FALSE(queue.keep({0.0, 0.25, 2, 0}));
  queue.done();
  expectOutcome(queue, {}, 0.25, 0.0);
}

TEST(SubintervalQueue, FirstContactDropsWhatStartsWithinTheBracket)
{
  SubintervalQueue queue(whole(), rules(false, 0.1));
  // Worker A keeps [0, 0.5]; worker B takes [0.5, 1], keeps [0.5, 0.75] and finds a contact at
  // 0.6 in it: what starts at or after 0.5 = 0.6 − bracket is useless.
  expectTake(queue, 0.0, 1.0);
  EXPECT_TRUE(split(queue, 0.0, 1.0));
  expectTake(queue, 0.5, 1.0);
  EXPECT_TRUE(split(queue, 0.5, 1.0));
  queue.addViolation(violationAt(0.6));
  EXPECT_FALSE(queue.keep({0.5, 0.625, 2, 0}));
  queue.done();
  EXPECT_TRUE(queue.wanted(0.45));
  EXPECT_FALSE(queue.wanted(0.5));
  // A's part is still examined; a later contact is ignored, an earlier one narrows the bracket.
  queue.addViolation(violationAt(0.7));
  EXPECT_TRUE(split(queue, 0.0, 0.5));
  queue.done();
  expectTake(queue, 0.25, 0.5);
  queue.addViolation(violationAt(0.3));
  EXPECT_FALSE(queue.keep({0.25, 0.375, 2, 0}));
  queue.done();
  expectOutcome(queue, {}, 0.3, 0.25);
}

TEST(SubintervalQueue, AGivenUpSubintervalEndsTheSearch)
{
  // Given up in [0.5, 1] while worker A splits [0, 0.5]: both its halves are dropped, so nothing
  // is proved beyond 0, though the given-up interval starts at 0.5.
  SubintervalQueue queue(whole(), rules(false));
  expectTake(queue, 0.0, 1.0);
  EXPECT_TRUE(split(queue, 0.0, 1.0));
  expectTake(queue, 0.5, 1.0);
  queue.addGivenUp({0.5, 1.0});
  queue.done();
  EXPECT_FALSE(queue.wanted(0.1));
  EXPECT_FALSE(split(queue, 0.0, 0.5));
  queue.done();
  expectOutcome(queue, {{0.5, 1.0}}, std::nullopt, 0.0);
}

TEST(SubintervalQueue, TheWorkCapEndsTheSearch)
{
  // Two sub-intervals may be examined, taken or kept: [0, 1], then [0, 0.5]; a third is dropped.
  SubintervalQueue queue(whole(), rules(false, 0.0, 2));
  expectTake(queue, 0.0, 1.0);
  EXPECT_TRUE(split(queue, 0.0, 1.0));
  EXPECT_FALSE(split(queue, 0.0, 0.5));
  queue.done();
  EXPECT_FALSE(queue.take().has_value());
  const SearchOutcome outcome = queue.finish();
  EXPECT_TRUE(outcome.out_of_subintervals);
  EXPECT_EQ(outcome.excluded_until, 0.0);
}

TEST(SubintervalQueue, HelpersHandOverCountersAndLateOnesFindItClosed)
{
  SubintervalQueue queue(whole(), rules(false));
  ASSERT_TRUE(queue.join());
  queue.leave({{"intervals", 3.0}, {"max_depth", 4.0}});
  ASSERT_TRUE(queue.join());
  queue.leave({{"intervals", 2.0}, {"max_depth", 2.0}});
  expectTake(queue, 0.0, 1.0);
  queue.done();
  EXPECT_FALSE(queue.take().has_value());
  const SearchOutcome outcome = queue.finish();
  EXPECT_EQ(outcome.stats.at("intervals"), 5.0);
  EXPECT_EQ(outcome.stats.at("max_depth"), 4.0);
  EXPECT_FALSE(queue.join());
}

// A helper's exception (the pool thread would otherwise end the process) stops the search and
// reaches the owner from finish(), after the helper left.
TEST(SubintervalQueue, AHelpersExceptionReachesTheOwner)
{
  SubintervalQueue queue(whole(), rules(false));
  expectTake(queue, 0.0, 1.0);  // the owner examines the root
  ASSERT_TRUE(queue.join());
  std::thread helper([&] {
    try
    {
      throw std::bad_alloc();
    }
    catch (...)
    {
      queue.fail(std::current_exception());
    }
    queue.leave({});
  });
  helper.join();
  EXPECT_TRUE(split(queue, 0.0, 1.0) == false);  // stopped: the halves are dropped
  queue.done();
  EXPECT_FALSE(queue.take().has_value());
  EXPECT_THROW(queue.finish(), std::bad_alloc);
}

TEST(SubintervalQueue, ManyWorkersExamineEverySubintervalOnce)
{
  // A full binary tree of depth 8 split by the owner and four helpers: 511 sub-intervals.
  SubintervalQueue queue(whole(), rules(false));
  std::atomic<int> examined{0};
  const auto work = [&] {
    while (std::optional<Subinterval> sub = queue.take())
    {
      for (bool more = true; more;)
      {
        ++examined;
        more = sub->depth < 8;
        if (more)
        {
          const double tm = 0.5 * (sub->t0 + sub->t1);
          queue.add({tm, sub->t1, sub->depth + 1, 0});
          *sub = {sub->t0, tm, sub->depth + 1, 0};
          more = queue.keep(*sub);
        }
      }
      queue.done();
    }
  };
  std::vector<std::thread> helpers;
  for (int i = 0; i < 4; ++i)
    helpers.emplace_back([&] {
      if (queue.join())
      {
        work();
        queue.leave({});
      }
    });
  work();
  const SearchOutcome outcome = queue.finish();
  for (std::thread &helper : helpers)
    helper.join();
  EXPECT_EQ(examined.load(), 511);
  EXPECT_TRUE(outcome.given_up.empty());
  EXPECT_EQ(outcome.excluded_until, 1.0);
}
}  // namespace
}  // namespace ompl_ccd
