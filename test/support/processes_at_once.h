#pragma once
/// \file processes_at_once.h
/// Several processes started at once, for tests of what processes share (files, folders).

#include <functional>
#include <vector>

#include <sys/wait.h>
#include <unistd.h>

namespace ompl_ccd::test
{
/** \brief Forks \a count processes that wait until all are forked, then each runs \a body and
    exits. \returns how many did not exit with body() true (a failed fork counts). */
inline int failuresAtOnce(int count, const std::function<bool()> &body)
{
  int start[2];
  if (::pipe(start) != 0)
    return count;
  std::vector<pid_t> children;
  for (int c = 0; c < count; ++c)
  {
    const pid_t pid = ::fork();
    if (pid == 0)
    {
      ::close(start[1]);
      char go;
      const bool started = ::read(start[0], &go, 1) == 0;  // end of file: the parent closed it, go
      ::_exit(started && body() ? 0 : 1);
    }
    if (pid > 0)
      children.push_back(pid);
  }
  ::close(start[0]);
  ::close(start[1]);  // go
  int failures = count - static_cast<int>(children.size());
  for (const pid_t pid : children)
  {
    int status = 0;
    failures += ::waitpid(pid, &status, 0) != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 0;
  }
  return failures;
}
}  // namespace ompl_ccd::test
