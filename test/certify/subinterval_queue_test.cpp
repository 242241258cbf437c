// The shared queue of a subdivision search: depth first with the second halves taken earliest
// start first, the stop rules of both modes, excluded_until counting dropped sub-intervals, late
// helpers, and many workers examining every sub-interval exactly once.
#include "ompl_ccd/certify/subinterval_queue.h"

#include <gtest/gtest.h>

#include <atomic>
#include <new>
#include <thread>
#include <vector>

namespace ompl_ccd
{
namespace
{
Subinterval whole() { return {0.0, 1.0, 0, {}}; }

/// Takes the next sub-interval, expecting it to be [t0, t1].
void expectTake(SubintervalQueue &queue, double t0, double t1)
{
  const std::optional<Subinterval> sub = queue.take();
  ASSERT_TRUE(sub.has_value());
  EXPECT_EQ(sub->t0, t0);
  EXPECT_EQ(sub->t1, t1);
}

/// Splits [t0, t1] as a worker does: the second half to the queue; true when it may keep the first.
bool split(SubintervalQueue &queue, double t0, double t1)
{
  const double tm = 0.5 * (t0 + t1);
  queue.add({tm, t1, 1, {}});
  return queue.keep({t0, tm, 1, {}});
}

Violation violationAt(double t)
{
  Violation v;
  v.time = t;
  return v;
}

/// Expects the search over and its outcome: \a remaining, the earliest violation at \a violation
/// (nullopt: none) and \a excluded_until.
void expectOutcome(SubintervalQueue &queue, const std::vector<TimeInterval> &remaining,
                   std::optional<double> violation, double excluded_until)
{
  EXPECT_FALSE(queue.take().has_value());
  const SearchOutcome outcome = queue.finish();
  EXPECT_EQ(outcome.remaining, remaining);
  EXPECT_EQ(outcome.violation ? std::optional<double>(outcome.violation->time) : std::nullopt, violation);
  EXPECT_EQ(outcome.excluded_until, excluded_until);
}

TEST(SubintervalQueue, OneWorkerGoesDepthFirstThenTakesTheEarliestStart)
{
  // The worker keeps [0, 0.5] and [0, 0.25] (both excluded), then takes [0.25, 0.5], then [0.5, 1].
  SubintervalQueue queue(whole(), false, 8);
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

TEST(SubintervalQueue, DecideStopsEveryoneAtTheFirstViolation)
{
  SubintervalQueue queue(whole(), true, 8);
  expectTake(queue, 0.0, 1.0);
  EXPECT_TRUE(split(queue, 0.0, 1.0));
  EXPECT_TRUE(queue.wanted(0.9));
  queue.addRemaining({0.0, 0.5}, violationAt(0.25));
  EXPECT_FALSE(queue.wanted(0.1));
  queue.done();
  // [0.5, 1] was dropped.
  expectOutcome(queue, {{0.0, 0.5}}, 0.25, 0.0);
}

TEST(SubintervalQueue, FirstContactDropsOnlyWhatStartsAfterTheViolation)
{
  SubintervalQueue queue(whole(), false, 8);
  // Worker A keeps [0, 0.5]; worker B takes [0.5, 1], keeps [0.5, 0.75] and finds a violation at
  // 0.6 in it.
  expectTake(queue, 0.0, 1.0);
  EXPECT_TRUE(split(queue, 0.0, 1.0));
  expectTake(queue, 0.5, 1.0);
  EXPECT_TRUE(split(queue, 0.5, 1.0));
  queue.addRemaining({0.5, 0.75}, violationAt(0.6));
  queue.done();
  EXPECT_TRUE(queue.wanted(0.55));
  EXPECT_FALSE(queue.wanted(0.6));
  // A's part is still examined; [0.75, 1] is not.
  EXPECT_TRUE(split(queue, 0.0, 0.5));
  queue.addRemaining({0.0, 0.25}, std::nullopt);
  queue.done();
  expectTake(queue, 0.25, 0.5);
  queue.addRemaining({0.25, 0.5}, violationAt(0.3));
  queue.done();
  expectOutcome(queue, {{0.0, 0.25}, {0.25, 0.5}, {0.5, 0.75}}, 0.3, 0.0);
}

TEST(SubintervalQueue, ExcludedUntilStopsAtAnUnexaminedSubinterval)
{
  // The limit (1) is reached in [0.5, 1] while worker A splits [0, 0.5]: both its halves are
  // dropped, so nothing is proved beyond 0, though the only remaining interval starts at 0.5.
  SubintervalQueue queue(whole(), false, 1);
  expectTake(queue, 0.0, 1.0);
  EXPECT_TRUE(split(queue, 0.0, 1.0));
  expectTake(queue, 0.5, 1.0);
  queue.addRemaining({0.5, 1.0}, std::nullopt);
  queue.done();
  EXPECT_FALSE(queue.wanted(0.1));
  EXPECT_FALSE(split(queue, 0.0, 0.5));
  queue.done();
  expectOutcome(queue, {{0.5, 1.0}}, std::nullopt, 0.0);
}

TEST(SubintervalQueue, HelpersHandOverCountersAndLateOnesFindItClosed)
{
  SubintervalQueue queue(whole(), false, 8);
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
  SubintervalQueue queue(whole(), false, 8);
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
  SubintervalQueue queue(whole(), false, 1000);
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
          queue.add({tm, sub->t1, sub->depth + 1, {}});
          *sub = {sub->t0, tm, sub->depth + 1, {}};
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
  EXPECT_TRUE(outcome.remaining.empty());
  EXPECT_EQ(outcome.excluded_until, 1.0);
}
}  // namespace
}  // namespace ompl_ccd
