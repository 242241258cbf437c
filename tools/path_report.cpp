#include "path_report.h"

#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "ompl_ccd/error.h"

namespace ompl_ccd::cli
{
namespace fs = std::filesystem;

namespace
{
/** \brief The drawing script: installed beside the program (<prefix>/share/ompl_ccd), else the
    source tree's (a build tree). */
fs::path reportScript()
{
  std::error_code ec;
  const fs::path program = fs::read_symlink("/proc/self/exe", ec);
  const fs::path installed = program.parent_path().parent_path() / "share" / "ompl_ccd" / "path_report.py";
  if (!ec && fs::is_regular_file(installed))
    return installed;
  return OMPL_CCD_REPORT_SCRIPT;
}

/** \brief Python 3 with matplotlib: $OMPL_CCD_PYTHON, else the one CMake found. */
std::string python()
{
  const char *chosen = std::getenv("OMPL_CCD_PYTHON");
  return chosen != nullptr && *chosen != '\0' ? chosen : OMPL_CCD_PYTHON;
}

/** \brief Runs \a argv (no shell) and waits: its exit code, or -1 if it could not start or was killed. */
int runProgram(const std::vector<std::string> &argv)
{
  std::vector<char *> args;
  for (const std::string &arg : argv)
    args.push_back(const_cast<char *>(arg.c_str()));
  args.push_back(nullptr);
  const pid_t child = fork();
  if (child < 0)
    return -1;
  if (child == 0)
  {
    execv(args[0], args.data());
    _exit(127);
  }
  int status = 0;
  if (waitpid(child, &status, 0) != child || !WIFEXITED(status))
    return -1;
  return WEXITSTATUS(status);
}
}  // namespace

void checkReportFile(const std::string &path, const std::string &command)
{
  const std::string extension = fs::path(path).extension().string();
  OMPL_CCD_THROW_UNLESS(extension == ".html" || extension == ".svg" || extension == ".png", command,
                        ": --report '", path, "' must end in .html (page with tables and plot), .svg or .png (plot).");
}

nlohmann::ordered_json clearanceJson(const std::vector<ClearanceSample> &profile)
{
  nlohmann::ordered_json samples = nlohmann::ordered_json::array();
  for (const ClearanceSample &sample : profile)
    samples.push_back({{"t", sample.t}, {"distance", sample.distance}, {"lower", sample.lower}});
  return samples;
}

void writePathReport(const std::string &path, const nlohmann::ordered_json &header,
                     const std::vector<nlohmann::ordered_json> &lines, const std::string &command)
{
  const fs::path script = reportScript();
  OMPL_CCD_THROW_UNLESS(fs::is_regular_file(script), command, ": the report script '", script.string(),
                        "' is missing; reinstall ompl_ccd (cmake --install).");
  const std::string interpreter = python();
  OMPL_CCD_THROW_UNLESS(access(interpreter.c_str(), X_OK) == 0, command, ": --report needs Python 3 with matplotlib; '",
                        interpreter, "' is not there: install Debian's python3-matplotlib, or set OMPL_CCD_PYTHON.");

  const fs::path data = fs::temp_directory_path() / ("ompl_ccd_report_" + std::to_string(getpid()) + ".jsonl");
  {
    std::ofstream out(data);
    out << nlohmann::ordered_json{{"report", header}}.dump() << '\n';
    for (const nlohmann::ordered_json &line : lines)
      out << line.dump() << '\n';
    OMPL_CCD_THROW_UNLESS(out.good(), command, ": cannot write the report's data to '", data.string(),
                          "'; check the free space in the temporary folder (TMPDIR).");
  }
  const int code = runProgram({interpreter, script.string(), "--input", data.string(), "--output", path});
  std::error_code ignored;
  fs::remove(data, ignored);
  OMPL_CCD_THROW_UNLESS(code != 3, command, ": --report needs matplotlib for '", interpreter,
                        "'; install Debian's python3-matplotlib (scripts/install-deps), or set OMPL_CCD_PYTHON.");
  OMPL_CCD_THROW_UNLESS(code == 0, command, ": writing the report '", path, "' failed (", script.string(),
                        " exited with ", code, ", its message above).");
}
}  // namespace ompl_ccd::cli
