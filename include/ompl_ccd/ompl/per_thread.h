#pragma once
/// \file per_thread.h
/// One lazily built object per thread and per owner, without locks on the query path.

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <unordered_map>

namespace ompl_ccd
{
/** \brief Holds one T per calling thread, built on first use by \a make.
    OMPL calls const validators from several threads; each thread gets its own T, found in a
    thread_local table keyed by this owner's unique id (no lock). A thread's table entries for
    destroyed owners stay until that thread ends. */
template <typename T>
class PerThread
{
public:
  explicit PerThread(std::function<std::unique_ptr<T>()> make) : id_(nextId()), make_(std::move(make)) {}
  PerThread(const PerThread &) = delete;
  PerThread &operator=(const PerThread &) = delete;

  /** \brief This thread's T. */
  T &local() const
  {
    thread_local std::unordered_map<std::uint64_t, std::unique_ptr<T>> table;
    std::unique_ptr<T> &slot = table[id_];
    if (!slot)
      slot = make_();
    return *slot;
  }

private:
  static std::uint64_t nextId()
  {
    static std::atomic<std::uint64_t> counter{0};
    return ++counter;
  }
  const std::uint64_t id_;
  const std::function<std::unique_ptr<T>()> make_;
};
}  // namespace ompl_ccd
