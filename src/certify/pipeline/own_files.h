#pragma once
/// \file own_files.h
/// Private to the start-up cache (cache_file.cpp, cache_secret.cpp): folders and files that only
/// the effective user of this process can change. The last component of a path is never followed
/// when it is a symbolic link; a file is opened first and its type, owner and mode then checked on
/// what was opened (fstat), so that a file swapped in between cannot pass. Files are written whole:
/// a new temporary file (mode 0600) that the caller then renames or links to its name.

#include <filesystem>
#include <optional>
#include <string>

#include <sys/stat.h>
#include <sys/types.h>

namespace ompl_ccd::own_files
{
/** \brief A file descriptor, closed when it goes; -1: none. */
class Descriptor
{
public:
  Descriptor() = default;
  explicit Descriptor(int fd) : fd_(fd) {}
  Descriptor(Descriptor &&other) noexcept : fd_(other.fd_) { other.fd_ = -1; }
  Descriptor &operator=(Descriptor &&other) noexcept;
  Descriptor(const Descriptor &) = delete;
  Descriptor &operator=(const Descriptor &) = delete;
  ~Descriptor();
  int get() const { return fd_; }
  explicit operator bool() const { return fd_ >= 0; }

private:
  int fd_ = -1;
};

/** \brief A folder or file opened; else none because there is none (missing), or refused for the
    reason in why. */
struct Opened
{
  Descriptor fd;
  /** \brief What fstat said of fd (when open). */
  struct stat status = {};
  bool missing = false;
  std::string why;
};

/** \brief An XDG base folder: $\a variable when it is an absolute path, else $HOME/\a under_home
    when HOME is set and not empty, else nullopt. */
std::optional<std::filesystem::path> xdgBaseFolder(const char *variable, const char *under_home);

/** \brief Mode bits that let the group or others write. */
inline constexpr mode_t kWritableByOthers = S_IWGRP | S_IWOTH;
/** \brief Mode bits that give the group or others any access. */
inline constexpr mode_t kOpenToOthers = S_IRWXG | S_IRWXO;

/** \brief \a folder opened when it is a folder (not a symbolic link to one) owned by the effective
    user and writable by no one else; missing when there is no such path (a component missing or
    not a folder). */
Opened openOwnFolder(const std::filesystem::path &folder);

/** \brief \a name in the open folder \a folder opened for reading when it is a regular file (not a
    symbolic link to one) owned by the effective user, with none of the \a forbidden mode bits. */
Opened openOwnFile(int folder, const std::string &name, mode_t forbidden);

/** \brief Makes the missing folders of the path \a folder, each with mode 0700 (a folder made
    meanwhile by another process is fine). \returns false, with the reason in \a why, when it
    cannot. */
bool makeOwnFolders(const std::filesystem::path &folder, std::string &why);

/** \brief Every byte of the open file \a fd, at most \a limit of them; nullopt, with the reason in
    \a why, when it cannot be read or holds more. */
std::optional<std::string> readAll(int fd, std::size_t limit, std::string &why);

/** \brief Writes \a bytes to a new file "<name>.<random>" (mode 0600; O_EXCL, so never through a
    symbolic link) in the open folder \a folder. \returns its name, or nullopt with the reason in
    \a why (nothing left behind). */
std::optional<std::string> writeTemporary(int folder, const std::string &name, const std::string &bytes,
                                          std::string &why);
}  // namespace ompl_ccd::own_files
