#include "ompl_ccd/ompl/per_thread.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <thread>
#include <vector>

namespace ompl_ccd
{
namespace
{
/** \brief Counts the live instances (a stand-in for a certifier workspace). */
struct Counted
{
  static std::atomic<int> live;
  static std::atomic<int> peak;
  Counted()
  {
    const int now = ++live;
    int seen = peak.load();
    while (now > seen && !peak.compare_exchange_weak(seen, now))
    {
    }
  }
  ~Counted() { --live; }
  std::thread::id owner = std::this_thread::get_id();
};
std::atomic<int> Counted::live{0};
std::atomic<int> Counted::peak{0};

TEST(PerThread, EachThreadGetsItsOwnObjectOnce)
{
  PerThread<Counted> per_thread([] { return std::make_unique<Counted>(); });
  Counted &mine = per_thread.local();
  EXPECT_EQ(&mine, &per_thread.local());
  Counted *theirs = nullptr;
  std::thread([&] { theirs = &per_thread.local(); }).join();
  EXPECT_NE(theirs, &mine);
  EXPECT_EQ(mine.owner, std::this_thread::get_id());
  EXPECT_EQ(per_thread.size(), 2u);
  // two owners on one thread: two objects
  PerThread<Counted> other([] { return std::make_unique<Counted>(); });
  EXPECT_NE(&other.local(), &mine);
}

// A long-lived thread that makes and drops an owner per request (a ROS node making a validator
// per planning request) must not keep an object per destroyed owner.
TEST(PerThread, DestroyedOwnersKeepNothingOnLiveThreads)
{
  Counted::live = 0;
  Counted::peak = 0;
  constexpr int kThreads = 4, kOwnersPerThread = 2500;
  std::vector<std::thread> threads;
  for (int i = 0; i < kThreads; ++i)
    threads.emplace_back([] {
      for (int k = 0; k < kOwnersPerThread; ++k)
      {
        PerThread<Counted> owner([] { return std::make_unique<Counted>(); });
        owner.local().owner = std::this_thread::get_id();
        EXPECT_EQ(&owner.local(), &owner.local());
      }
    });
  for (std::thread &t : threads)
    t.join();
  EXPECT_EQ(Counted::live.load(), 0);
  EXPECT_LE(Counted::peak.load(), kThreads);  // one owner alive per thread at a time
}

// Owners shared by threads that outlive them: the owner frees every thread's object.
TEST(PerThread, SharedOwnerFreesEveryThreadsObject)
{
  Counted::live = 0;
  for (int round = 0; round < 200; ++round)
  {
    auto owner = std::make_unique<PerThread<Counted>>([] { return std::make_unique<Counted>(); });
    std::vector<std::thread> threads;
    for (int i = 0; i < 4; ++i)
      threads.emplace_back([&] { owner->local(); });
    for (std::thread &t : threads)
      t.join();
    owner->local();
    EXPECT_EQ(Counted::live.load(), 5);
    owner.reset();
    EXPECT_EQ(Counted::live.load(), 0);
  }
}
}  // namespace
}  // namespace ompl_ccd
