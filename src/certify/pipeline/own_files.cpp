// Folders and files only this process's user can change (own_files.h).
#include "certify/pipeline/own_files.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>

#include <fcntl.h>
#include <unistd.h>

#include "ompl_ccd/error.h"

namespace ompl_ccd::own_files
{
namespace fs = std::filesystem;

namespace
{
std::string octal(mode_t mode)
{
  char digits[8];
  std::snprintf(digits, sizeof(digits), "%04o", static_cast<unsigned>(mode & 07777));
  return digits;
}

/// Why \a status is not of a file or folder of the effective user without the \a forbidden bits;
/// empty if it is.
std::string ownerOrModeRefusal(const struct stat &status, mode_t forbidden)
{
  if (status.st_uid != ::geteuid())
    return concat("owned by user ", status.st_uid, ", not by user ", ::geteuid(), " who runs this process");
  if ((status.st_mode & forbidden) == 0)
    return "";
  return concat("mode ", octal(status.st_mode),
                (forbidden & (S_IRGRP | S_IROTH)) ? " gives its group or others access"
                                                  : " lets its group or others write it");
}

/// \a opened with \a why (closed) when \a why is not empty.
void refuse(Opened &opened, std::string why)
{
  if (why.empty())
    return;
  opened.fd = Descriptor();
  opened.why = std::move(why);
}

bool writeAll(int fd, const std::string &bytes, std::string &why)
{
  std::size_t written = 0;
  while (written < bytes.size())
  {
    const ssize_t n = ::write(fd, bytes.data() + written, bytes.size() - written);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
    {
      why = std::strerror(n < 0 ? errno : EIO);
      return false;
    }
    written += static_cast<std::size_t>(n);
  }
  return true;
}
}  // namespace

std::optional<fs::path> xdgBaseFolder(const char *variable, const char *under_home)
{
  const char *base = std::getenv(variable);
  if (base && fs::path(base).is_absolute())
    return fs::path(base);
  const char *home = std::getenv("HOME");
  if (home && *home)
    return fs::path(home) / under_home;
  return std::nullopt;
}

Descriptor &Descriptor::operator=(Descriptor &&other) noexcept
{
  if (this != &other)
  {
    if (fd_ >= 0)
      ::close(fd_);
    fd_ = other.fd_;
    other.fd_ = -1;
  }
  return *this;
}

Descriptor::~Descriptor()
{
  if (fd_ >= 0)
    ::close(fd_);
}

Opened openOwnFolder(const fs::path &folder)
{
  const fs::path path = folder.empty() ? fs::path(".") : folder;
  Opened opened;
  opened.fd = Descriptor(::open(path.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
  if (!opened.fd)
  {
    const int error = errno;
    struct stat link = {};
    if (::lstat(path.c_str(), &link) != 0)
    {
      opened.missing = errno == ENOENT || errno == ENOTDIR;
      refuse(opened, opened.missing ? "" : std::strerror(errno));
    }
    else
      refuse(opened, S_ISLNK(link.st_mode)    ? "a symbolic link (not followed)"
                     : !S_ISDIR(link.st_mode) ? "not a folder"
                                              : std::strerror(error));
    return opened;
  }
  if (::fstat(opened.fd.get(), &opened.status) != 0)
    refuse(opened, std::strerror(errno));
  else
    refuse(opened, ownerOrModeRefusal(opened.status, kWritableByOthers));
  return opened;
}

Opened openOwnFile(int folder, const std::string &name, mode_t forbidden)
{
  Opened opened;
  // O_NONBLOCK: a FIFO planted under the name must not block the open (a regular file ignores it)
  opened.fd = Descriptor(::openat(folder, name.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC));
  if (!opened.fd)
  {
    opened.missing = errno == ENOENT;
    if (!opened.missing)
      refuse(opened, errno == ELOOP ? "a symbolic link (not followed)" : std::strerror(errno));
    return opened;
  }
  if (::fstat(opened.fd.get(), &opened.status) != 0)
    refuse(opened, std::strerror(errno));
  else if (!S_ISREG(opened.status.st_mode))
    refuse(opened, "not a regular file");
  else
    refuse(opened, ownerOrModeRefusal(opened.status, forbidden));
  return opened;
}

bool makeOwnFolders(const fs::path &folder, std::string &why)
{
  fs::path path;
  struct stat status = {};
  for (const fs::path &part : folder)
  {
    path /= part;
    if (::stat(path.c_str(), &status) == 0)
      continue;
    if (errno != ENOENT || (::mkdir(path.c_str(), 0700) != 0 && errno != EEXIST))
    {
      why = concat(path, ": ", std::strerror(errno));
      return false;
    }
  }
  if (::stat(folder.empty() ? "." : folder.c_str(), &status) != 0 || !S_ISDIR(status.st_mode))
  {
    why = concat(folder, ": not a folder");
    return false;
  }
  return true;
}

std::optional<std::string> readAll(int fd, std::size_t limit, std::string &why)
{
  std::string bytes;
  char buffer[1 << 16];
  for (;;)
  {
    const ssize_t n = ::read(fd, buffer, sizeof(buffer));
    if (n < 0 && errno == EINTR)
      continue;
    if (n < 0)
    {
      why = std::strerror(errno);
      return std::nullopt;
    }
    if (n == 0)
      return bytes;
    bytes.append(buffer, static_cast<std::size_t>(n));
    if (bytes.size() > limit)
    {
      why = concat("more than ", limit, " bytes");
      return std::nullopt;
    }
  }
}

std::optional<std::string> writeTemporary(int folder, const std::string &name, const std::string &bytes,
                                          std::string &why)
{
  std::random_device random;
  for (int attempt = 0; attempt < 100; ++attempt)
  {
    char suffix[24];
    std::snprintf(suffix, sizeof(suffix), ".%08x%08x", static_cast<unsigned>(random()), static_cast<unsigned>(random()));
    const std::string temporary = name + suffix;
    const int fd = ::openat(folder, temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
    if (fd < 0 && errno == EEXIST)
      continue;
    if (fd < 0)
    {
      why = std::strerror(errno);
      return std::nullopt;
    }
    const bool written = writeAll(fd, bytes, why);
    const bool closed = ::close(fd) == 0;
    if (written && closed)
      return temporary;
    if (written)
      why = std::strerror(errno);
    ::unlinkat(folder, temporary.c_str(), 0);
    return std::nullopt;
  }
  why = "no free temporary name";
  return std::nullopt;
}
}  // namespace ompl_ccd::own_files
