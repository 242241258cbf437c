#pragma once
/// \file cli_run.h
/// Running the built `ompl_ccd` program from a test: exit code, standard output and standard error.

#include <filesystem>
#include <string>

namespace ompl_ccd::test
{
/** \brief Exit code and output of one run of the program. */
struct CliRun
{
  int code = -1;
  std::string out, err;
};

/** \brief Runs `ompl_ccd <args>` through the shell (\a args is a command line: quote what needs it),
    its standard output and error captured in files under \a dir; standard output goes to
    \a stdout_to instead when given (e.g. /dev/full). \a environment prefixes the command
    ("NAME=value"). */
CliRun runCli(const std::string &args, const std::filesystem::path &dir, const std::string &stdout_to = "",
              const std::string &environment = "");

/** \brief The whole text of \a path ("" when it cannot be read). */
std::string readText(const std::filesystem::path &path);

/** \brief A fresh folder under the temporary directory, named after the running test and removed
    with the object. */
class TestFolder
{
public:
  TestFolder();
  ~TestFolder();
  TestFolder(const TestFolder &) = delete;
  TestFolder &operator=(const TestFolder &) = delete;
  const std::filesystem::path &path() const { return path_; }
  /** \brief path() / \a name, as a string. */
  std::string file(const std::string &name) const { return (path_ / name).string(); }

private:
  std::filesystem::path path_;
};
}  // namespace ompl_ccd::test
