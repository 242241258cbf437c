// Issue 19, requirement 8: an exception thrown on a toleranced pool thread reaches the caller of
// TolerancedMotion::certify (and of OMPL's checkMotion through CertifyingMotionValidator) as that
// exception, instead of ending the process; and the certifier answers normally afterwards.
//
// The helper threads are made to throw the way they would on a machine out of memory: this test
// program replaces the global operator new (a replaceable function, [new.delete]) with one that,
// while armed, throws std::bad_alloc on every thread but the caller's. No hook in the library: the
// pool threads fail in their first allocation (each thread's first search builds its Worker), or in
// any later one. The replacement serves this test program only (one executable per test file).
#include <gtest/gtest.h>

#include <ompl/base/ScopedState.h>

#include <atomic>
#include <cstdlib>
#include <new>
#include <thread>

#include "ompl_ccd/certify/toleranced/toleranced_motion.h"
#include "ompl_ccd/ompl/simple_setup.h"
#include "ompl_ccd/ompl/state_space.h"
#include "support/adversarial_scenes.h"
#include "support/example_worlds.h"

namespace
{
/// While true, operator new throws on every thread but g_caller.
std::atomic<bool> g_armed{false};
std::atomic<std::thread::id> g_caller{};
/// Allocations refused so far.
std::atomic<int> g_refused{0};

/// Arms the refusal for the lifetime of the object: every thread but this one is out of memory.
class OtherThreadsOutOfMemory
{
public:
  OtherThreadsOutOfMemory()
  {
    g_caller = std::this_thread::get_id();
    g_armed = true;
  }
  ~OtherThreadsOutOfMemory() { g_armed = false; }
  OtherThreadsOutOfMemory(const OtherThreadsOutOfMemory &) = delete;
  OtherThreadsOutOfMemory &operator=(const OtherThreadsOutOfMemory &) = delete;
};
}  // namespace

void *operator new(std::size_t size)
{
  if (g_armed.load() && std::this_thread::get_id() != g_caller.load())
  {
    ++g_refused;
    throw std::bad_alloc();
  }
  if (void *p = std::malloc(size == 0 ? 1 : size))
    return p;
  throw std::bad_alloc();
}

void operator delete(void *p) noexcept { std::free(p); }
void operator delete(void *p, std::size_t) noexcept { std::free(p); }

namespace ompl_ccd::test
{
namespace
{
/// Near misses (0.1 mm) of the arm's end link: Free after a deep subdivision, so the pool's
/// helpers join every search.
std::vector<AdversarialCase> nearMisses()
{
  return grazingCases(exampleWorld("arm/arm.urdf", ""), {1e-4}, 2, 31);
}

Report certify(const TolerancedMotion &certifier, CertifierWorkspace &ws, const CollisionWorld &world,
               const Edge &edge)
{
  return certifier.certify(ws, JointMotion(world.robot(), edge.q0, edge.q1), Query{});
}

TEST(TolerancedMotionHelperFailure, AHelpersBadAllocReachesTheCallerAndThePoolKeepsWorking)
{
  int thrown = 0, searched = 0;
  for (const AdversarialCase &c : nearMisses())
  {
    const TolerancedMotion one(c.world);
    auto one_ws = one.makeWorkspace();
    for (std::size_t i = 0; i < c.edges.size(); ++i)
    {
      SCOPED_TRACE(c.name + " edge " + std::to_string(i));
      const Report expected = certify(one, *one_ws, *c.world, c.edges[i]);
      if (expected.stats.count("intervals") == 0 || expected.stats.at("intervals") < 100)
        continue;  // too little work for the helpers to be sure to join
      ++searched;
      // fresh pool threads: each builds its Worker (allocates) when it joins its first search
      TolerancedMotionOptions options;
      options.threads = 4;
      const TolerancedMotion pooled(c.world, options);
      auto ws = pooled.makeWorkspace();
      const int refused = g_refused;
      try
      {
        const OtherThreadsOutOfMemory armed;
        certify(pooled, *ws, *c.world, c.edges[i]);
        // a helper may find the search over before it joins: then none of them allocated
        EXPECT_EQ(g_refused, refused) << "a helper failed but certify returned";
      }
      catch (const std::bad_alloc &)
      {
        ++thrown;
        EXPECT_GT(g_refused, refused);
      }
      // The same certifier, its pool threads and the caller's workspace answer as before.
      const Report after = certify(pooled, *ws, *c.world, c.edges[i]);
      EXPECT_EQ(toString(after.verdict), toString(expected.verdict));
    }
  }
  ASSERT_GE(searched, 2) << "no near miss needed a deep search";
  EXPECT_GE(thrown, searched / 2) << "the helpers should join most deep searches";
}

TEST(TolerancedMotionHelperFailure, CheckMotionThrowsTheHelpersBadAlloc)
{
  for (const AdversarialCase &c : nearMisses())
  {
    ValidatorOptions options;
    options.toleranced.threads = 4;
    const ompl::base::SpaceInformationPtr si = makeSpaceInformation(c.world, "toleranced", options);
    ompl::base::ScopedState<> s0(si), s1(si);
    vectorToState(c.world->robot(), c.edges[0].q0, s0.get());
    vectorToState(c.world->robot(), c.edges[0].q1, s1.get());
    bool threw = false;
    try
    {
      const OtherThreadsOutOfMemory armed;
      si->checkMotion(s0.get(), s1.get());
    }
    catch (const std::bad_alloc &)
    {
      threw = true;
    }
    if (!threw)
      continue;  // the search ended before a helper joined: try the next case
    EXPECT_TRUE(si->checkMotion(s0.get(), s1.get())) << "a near miss, Free once memory is back";
    return;
  }
  FAIL() << "no near miss let a helper join: nothing was thrown";
}
}  // namespace
}  // namespace ompl_ccd::test
