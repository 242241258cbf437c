#pragma once
/// \file per_thread.h
/// One lazily built object per thread and per owner, without locks on the query path.

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace ompl_ccd
{
/** \brief Holds one T per calling thread, built on first use by \a make.
    OMPL calls const validators from several threads; each thread finds its own T through a
    thread_local cache keyed by this owner's unique id (no lock once built). The owner owns its
    Ts: they are destroyed with it, not when their threads end, so a long-lived thread (a ROS node
    that makes a validator per request) keeps no T of a destroyed owner. A thread's cache drops the
    entries of destroyed owners when it next builds a T, so it holds at most the live owners it
    used plus a few.
    \pre No thread calls local() while the owner is being destroyed (as for any object). */
template <typename T>
class PerThread
{
public:
  explicit PerThread(std::function<std::unique_ptr<T>()> make) : id_(nextId()), make_(std::move(make))
  {
    std::lock_guard<std::mutex> lock(registry().mutex);
    registry().live.insert(id_);
  }
  ~PerThread()
  {
    std::lock_guard<std::mutex> lock(registry().mutex);
    registry().live.erase(id_);
  }
  PerThread(const PerThread &) = delete;
  PerThread &operator=(const PerThread &) = delete;

  /** \brief This thread's T. */
  T &local() const
  {
    std::unordered_map<std::uint64_t, T *> &cache = threadCache();
    const auto found = cache.find(id_);
    if (found != cache.end())
      return *found->second;
    std::unique_ptr<T> made = make_();
    T *slot = made.get();
    {
      std::lock_guard<std::mutex> lock(mutex_);
      owned_.push_back(std::move(made));
    }
    dropDeadOwners(cache);
    cache.emplace(id_, slot);
    return *slot;
  }

  /** \brief Number of Ts built so far (one per thread that called local()). */
  std::size_t size() const
  {
    std::lock_guard<std::mutex> lock(mutex_);
    return owned_.size();
  }

private:
  /** \brief Ids of the owners alive now, in every thread. */
  struct Registry
  {
    std::mutex mutex;
    std::unordered_set<std::uint64_t> live;
  };
  static Registry &registry()
  {
    static Registry r;
    return r;
  }
  static std::unordered_map<std::uint64_t, T *> &threadCache()
  {
    thread_local std::unordered_map<std::uint64_t, T *> cache;
    return cache;
  }
  /** \brief Forgets the cache entries of destroyed owners (their Ts are gone with them; ids are
      never reused, so a stale entry is never found, only kept). */
  static void dropDeadOwners(std::unordered_map<std::uint64_t, T *> &cache)
  {
    std::lock_guard<std::mutex> lock(registry().mutex);
    for (auto it = cache.begin(); it != cache.end();)
      it = registry().live.count(it->first) ? std::next(it) : cache.erase(it);
  }
  static std::uint64_t nextId()
  {
    static std::atomic<std::uint64_t> counter{0};
    return ++counter;
  }

  const std::uint64_t id_;
  const std::function<std::unique_ptr<T>()> make_;
  mutable std::mutex mutex_;
  mutable std::vector<std::unique_ptr<T>> owned_;
};
}  // namespace ompl_ccd
