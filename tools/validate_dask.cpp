#include "validate_dask.h"

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

#include "ompl_ccd/error.h"

namespace ompl_ccd::cli
{
std::vector<std::string> daskArguments(const ValidateOptions &options)
{
  std::vector<std::string> args = {"--scheduler", options.dask_scheduler, "--robot", options.robot,
                                   "--scene", options.scene, "--validator", options.validator, "--mode", options.mode};
  const auto add = [&args](const std::string &flag, const std::string &value) {
    if (!value.empty())
      args.insert(args.end(), {flag, value});
  };
  add("--srdf", options.srdf);
  add("--edges", options.edges_file);
  add("--path", options.path_file);
  add("--json", options.json_file);
  for (const std::string &folder : options.package_paths)
    add("--package-path", folder);
  if (options.fail_unless_free)
    args.push_back("--fail-unless-free");
  // Named flags as options: ompl_ccd-dask applies every --option after its named flags, as
  // validate does, and these keep their order.
  for (const auto &[name, text] : options.validator_flags.named)
    add("--option", name + "=" + text);
  for (const std::string &assignment : options.validator_flags.assignments)
    args.insert(args.end(), {"--option", assignment});
  return args;
}

void execValidateOnDask(const ValidateOptions &options)
{
  const std::filesystem::path script = std::filesystem::read_symlink("/proc/self/exe").parent_path() / "ompl_ccd-dask";
  OMPL_CCD_THROW_UNLESS(std::filesystem::exists(script), "validate: --dask needs ", script.string(),
                        ", which is built with the Python module; install pybind11-dev python3-numpy "
                        "python3-distributed (scripts/install-deps) and build again.");
  std::vector<std::string> args = daskArguments(options);
  args.insert(args.begin(), script.string());
  std::vector<char *> argv;
  for (std::string &arg : args)
    argv.push_back(arg.data());
  argv.push_back(nullptr);
  ::execv(script.c_str(), argv.data());
  throw Error(concat("validate: cannot run ", script.string(), " (", std::strerror(errno),
                     "); check that it is executable."));
}
}  // namespace ompl_ccd::cli
