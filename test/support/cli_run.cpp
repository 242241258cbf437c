#include "support/cli_run.h"

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <sstream>

#include "support/test_paths.h"

namespace ompl_ccd::test
{
CliRun runCli(const std::string &args, const std::filesystem::path &dir, const std::string &stdout_to,
              const std::string &environment)
{
  const std::filesystem::path out = dir / "stdout.txt", err = dir / "stderr.txt";
  std::filesystem::remove(out);
  const std::string command = (environment.empty() ? "" : environment + " ") + cliPath() + " " + args + " >" +
                              (stdout_to.empty() ? out.string() : stdout_to) + " 2>" + err.string();
  const int status = std::system(command.c_str());
  CliRun result;
  result.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  result.out = readText(out);
  result.err = readText(err);
  return result;
}

std::string readText(const std::filesystem::path &path)
{
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

TestFolder::TestFolder()
{
  const auto *info = ::testing::UnitTest::GetInstance()->current_test_info();
  path_ = std::filesystem::temp_directory_path() /
          ("ompl_ccd_" + std::string(info->test_suite_name()) + "_" + info->name() + "_" + std::to_string(::getpid()));
  std::filesystem::remove_all(path_);
  std::filesystem::create_directories(path_);
}

TestFolder::~TestFolder()
{
  std::error_code ignored;
  std::filesystem::remove_all(path_, ignored);
}
}  // namespace ompl_ccd::test
