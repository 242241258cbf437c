#pragma once
/// \file cache_file.h
/// The files of the start-up cache, which keeps what a validator builds for a robot between
/// processes: the joint-space certificates (certificate_cache.h) and the links' convex hulls
/// (hull_cache.h). Here: where the folder is, what a file is found by — a key, a 128-bit hash
/// (XXH3) of everything its contents depend on, always including the file format and a hash of
/// the library's sources taken at build time (a library built from other sources never reads the
/// file) —, and how a file is framed, read and written:
///
///   "ompl_ccd bin"  u32 format  u64 key[2]  u64 payload size  payload  tag[32]
///
/// in native byte order (the key differs between byte orders), the tag being a keyed MAC of every
/// byte before it under the user's secret key (cache_secret.h), kept outside the folder. Since what
/// is read decides verdicts (a certificate's bounds, a hull's extent), a folder others can write
/// must not be able to change one:
/// - the folder is used only when it is a folder (its path's last component not a symbolic link)
///   owned by the effective user and writable by no one else; otherwise a warning (once per
///   folder and process) names it, why and the fix, and nothing is read from it or written to it;
/// - a file is opened without following a symbolic link and read only when it is a regular file
///   owned by the effective user and writable by no one else, and when its magic, format, size,
///   tag and key all match; any other is refused with a warning naming it and what is wrong, and
///   its contents are rebuilt and written over it;
/// - with no usable key (cache_secret.h warns why) nothing is read or written.
/// In each case the certifiers build everything in memory and answer as with no cache. Writers
/// write a temporary file of mode 0600 in the folder and rename it over the final name (atomic on
/// POSIX): processes that write the same file at once each put a whole file there, and a reader
/// sees a whole file or none. Missing folders are made with mode 0700; a folder that cannot be made
/// or written gives a warning and no cache. Warnings go through OMPL's console (OMPL_WARN).

#include <array>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>

#include <Eigen/Core>

#include "ompl_ccd/certify/pipeline/culling_options.h"
#include "ompl_ccd/model/robot_model.h"

struct XXH3_state_s;

namespace ompl_ccd
{
/** \brief Version of the file framing; part of every key. */
inline constexpr std::uint32_t kCacheFileFormat = 2;

/** \brief The folder of the option certificate_cache \a setting: for "default", the environment
    variable OMPL_CCD_CERTIFICATE_CACHE when set and not empty ("off" or a folder), else
    $XDG_CACHE_HOME/ompl_ccd when XDG_CACHE_HOME is an absolute path, else $HOME/.cache/ompl_ccd;
    nullopt for "off" or when neither variable gives a folder. Any other setting is the folder
    itself (a relative one from the working directory). */
std::optional<std::filesystem::path> certificateCacheFolder(const std::string &setting);

/** \brief What a cache file is found by: a hash of what its contents depend on. */
struct CacheKey
{
  std::array<std::uint64_t, 2> hash{};
  bool operator==(const CacheKey &other) const { return hash == other.hash; }
  /** \brief 32 hexadecimal digits. */
  std::string hex() const;
};

/** \brief A key in the making: values fed in a fixed order, in their native layout. */
class CacheKeyHash
{
public:
  /** \brief Starts with \a contents (what the file holds, e.g. "joint-space certificates"), the
      file format and the hash of the library's sources. */
  explicit CacheKeyHash(const std::string &contents);
  void bytes(const void *data, std::size_t size);
  template <typename T>
  void value(const T &v)
  {
    static_assert(std::is_trivially_copyable_v<T>);
    bytes(&v, sizeof(T));
  }
  void text(const std::string &s);
  /** \brief A dense Eigen matrix's coefficients. */
  template <typename Matrix>
  void matrix(const Matrix &m)
  {
    for (Eigen::Index i = 0; i < m.size(); ++i)
      value(m.data()[i]);
  }
  /** \brief \a robot's kinematic tree (joint types, origins, axes, limits, mimic rules) and every
      collision element (origin, primitive sizes, mesh vertices as loaded — scale applied — and
      triangles). */
  void robot(const RobotModel &robot);
  CacheKey key() const;

private:
  struct Free
  {
    void operator()(XXH3_state_s *state) const;
  };
  std::unique_ptr<XXH3_state_s, Free> state_;
};

/** \brief The file of \a key for \a robot in \a folder: "<robot name>-<key>.<extension>" (the
    name's characters other than letters, digits, '-' and '_' as '_'). */
std::filesystem::path cacheFile(const std::filesystem::path &folder, const RobotModel &robot, const CacheKey &key,
                                const std::string &extension);

/** \brief The payload of \a file under \a key; nullopt when there is no file or no key, and with a
    warning when its folder is refused or when it cannot be read or is refused (refuseCacheFile:
    not a regular file, owner, mode, magic, format, size, tag, key). */
std::optional<std::string> readCacheFile(const std::filesystem::path &file, const CacheKey &key);

/** \brief The warning for \a file refused because of \a why. */
void refuseCacheFile(const std::filesystem::path &file, const std::string &why);

/** \brief Writes \a payload to \a file under \a key, tagged under the user's key (its folder made
    with mode 0700 if needed), through a temporary file of mode 0600 renamed over \a file.
    \returns false, after a warning naming the file or folder and the reason, when it cannot or
    there is no key or the folder is refused (warned once). */
bool writeCacheFile(const std::filesystem::path &file, const CacheKey &key, const std::string &payload);

/** \brief Plain values appended to a payload in native layout. */
class ByteWriter
{
public:
  template <typename T>
  void put(const T &value)
  {
    static_assert(std::is_trivially_copyable_v<T>);
    bytes_.append(reinterpret_cast<const char *>(&value), sizeof(T));
  }
  std::string &bytes() { return bytes_; }

private:
  std::string bytes_;
};

/** \brief Plain values read from a payload; every get() is bounds-checked. */
class ByteReader
{
public:
  explicit ByteReader(const std::string &bytes) : at_(bytes.data()), end_(bytes.data() + bytes.size()) {}
  ByteReader(const char *at, const char *end) : at_(at), end_(end) {}
  /** \brief False (value unchanged) when fewer than sizeof(T) bytes are left. */
  template <typename T>
  bool get(T &value)
  {
    static_assert(std::is_trivially_copyable_v<T>);
    if (static_cast<std::size_t>(end_ - at_) < sizeof(T))
      return false;
    std::memcpy(&value, at_, sizeof(T));
    at_ += sizeof(T);
    return true;
  }
  /** \brief Bytes left. */
  std::size_t left() const { return static_cast<std::size_t>(end_ - at_); }
  bool done() const { return at_ == end_; }

private:
  const char *at_, *end_;
};
}  // namespace ompl_ccd
