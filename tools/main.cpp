/// \file main.cpp
/// The `ompl_ccd` program: subcommands info, validate, plan, benchmark and options.
/// Exit codes: 0 done; 1 `plan` did not certify a path, or `validate --fail-unless-free` answered an
/// edge that is not free; 2 bad input (ompl_ccd::Error or a
/// command-line error); 3 any other failure, standard output that could not be written included.

#include <CLI/CLI.hpp>
#include <ompl/util/Console.h>

#include <algorithm>
#include <cstring>
#include <iostream>

#include "benchmark_command.h"
#include "info_command.h"
#include "ompl_ccd/error.h"
#include "ompl_ccd/nearest_name.h"
#include "options_command.h"
#include "plan_command.h"
#include "validate_command.h"

namespace
{
/** \brief "ompl_ccd <command>: <message>", without repeating a "<command>: " the message starts with. */
void printError(const std::string &command, const std::string &message)
{
  const std::string prefix = command + ": ";
  const bool prefixed = !command.empty() && message.compare(0, prefix.size(), prefix) == 0;
  std::cerr << "ompl_ccd" << (command.empty() ? "" : " " + command) << ": "
            << (prefixed ? message.substr(prefix.size()) : message) << std::endl;
}

/** \brief " (did you mean '--tolerance'?)" for the first argument after the subcommand that looks like
    a flag (--NAME or --NAME=VALUE) \a sub does not have, when one of its flags is near; else empty. */
std::string flagSuggestion(const CLI::App &sub, int argc, char **argv)
{
  std::vector<std::string> flags;
  for (const CLI::Option *option : sub.get_options())
    for (const std::string &name : option->get_lnames())
      flags.push_back("--" + name);
  for (int i = 2; i < argc; ++i)
  {
    const std::string arg = std::string(argv[i]).substr(0, std::string(argv[i]).find('='));
    if (arg.size() > 2 && arg.compare(0, 2, "--") == 0 && std::find(flags.begin(), flags.end(), arg) == flags.end())
      return ompl_ccd::didYouMean(arg, flags);
  }
  return "";
}

/** \brief Where \a command's results can go instead of a standard output that failed: only
    validate has --json; plan's path and benchmark's logs are files already. */
std::string outputFix(const std::string &command)
{
  if (command == "validate")
    return "redirect standard output where there is room, or use --json FILE";
  if (command == "plan")
    return "redirect standard output where there is room (--path-file FILE keeps the path itself)";
  if (command == "benchmark")
    return "redirect standard output where there is room (the logs in --output-dir hold every run)";
  return "redirect standard output where there is room";
}

/** \brief \a code, or 3 when standard output could not be written (a full disk, /dev/full, a closed
    pipe): results that were lost must not exit as a success. */
int checkedOutput(const std::string &command, int code)
{
  std::cout.flush();
  if (std::cout)
    return code;
  printError(command, "writing to standard output failed (disk full, or its reader closed it): the results are "
                      "lost; " + outputFix(command) + ".");
  return 3;
}
}  // namespace

int main(int argc, char **argv)
{
  // OMPL informs on stdout; keep stdout for our reports and JSON lines.
  ompl::msg::setLogLevel(ompl::msg::LOG_WARN);

  CLI::App app{"ompl_ccd: certify robot local paths for OMPL (continuous collision detection)", "ompl_ccd"};
  app.require_subcommand(1);
  ompl_ccd::cli::InfoOptions info_options;
  ompl_ccd::cli::ValidateOptions validate_options;
  ompl_ccd::cli::PlanOptions plan_options;
  ompl_ccd::cli::BenchmarkOptions benchmark_options;
  const CLI::App *info = ompl_ccd::cli::addInfoCommand(app, info_options);
  const CLI::App *validate = ompl_ccd::cli::addValidateCommand(app, validate_options);
  const CLI::App *plan = ompl_ccd::cli::addPlanCommand(app, plan_options);
  const CLI::App *benchmark = ompl_ccd::cli::addBenchmarkCommand(app, benchmark_options);
  const CLI::App *options = ompl_ccd::cli::addOptionsCommand(app);

  std::string command;
  for (const CLI::App *sub : {info, validate, plan, benchmark, options})
    if (argc > 1 && sub->get_name() == argv[1])
      command = sub->get_name();
  try
  {
    app.parse(argc, argv);
    if (info->parsed())
      return checkedOutput(command, ompl_ccd::cli::runInfo(info_options, std::cout));
    if (validate->parsed())
      return checkedOutput(command, ompl_ccd::cli::runValidate(validate_options, std::cout));
    if (benchmark->parsed())
      return checkedOutput(command, ompl_ccd::cli::runBenchmark(benchmark_options, std::cout));
    if (options->parsed())
      return checkedOutput(command, ompl_ccd::cli::runOptions(std::cout));
    return checkedOutput(command, ompl_ccd::cli::runPlan(plan_options, std::cout));
  }
  catch (const CLI::Success &e)
  {
    return app.exit(e);  // --help
  }
  catch (const CLI::ExtrasError &e)  // an argument no flag takes: perhaps a typo of one
  {
    const CLI::App *sub = command.empty() ? nullptr : app.get_subcommand(command);
    printError(command, e.what() + (sub ? flagSuggestion(*sub, argc, argv) : std::string()));
    std::cerr << "Run 'ompl_ccd " << (command.empty() ? "" : command + " ") << "--help' for the options.\n";
    return 2;
  }
  catch (const CLI::Error &e)
  {
    printError(command, e.what());
    std::cerr << "Run 'ompl_ccd " << (command.empty() ? "" : command + " ") << "--help' for the options.\n";
    return 2;
  }
  catch (const ompl_ccd::Error &e)
  {
    printError(command, e.what());
    return 2;
  }
  catch (const std::exception &e)
  {
    printError(command, std::string("internal error: ") + e.what());
    return 3;
  }
}
