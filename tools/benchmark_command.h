#pragma once
/// \file benchmark_command.h
/// `ompl_ccd benchmark`: runs ompl::tools::Benchmark over the configured problems × validators ×
/// planners and writes OMPL's benchmark logs (one experiment per problem and validator), which
/// OMPL's ompl_benchmark_statistics turns into the database Planner Arena plots.
///
/// Each experiment has the parameters problem, validator, validator_label, validator_options and
/// certified_by; each run, besides OMPL's own properties, has (through the post-run event):
///   validator time REAL, validator motions INTEGER: the planning validator's calls during solve();
///   and, when the run left an exact solution path (after OMPL's simplification), its re-check by
///   the certifier certify_with (default ca, Mode::Decide, ompl_ccd::certifyPath):
///   certified collision free BOOLEAN, colliding edges INTEGER, undecided edges INTEGER,
///   certify time REAL. An approximate solution (OMPL's own "approximate solution BOOLEAN" = 1,
///   "solved BOOLEAN" = 0: the path stops short of the goal) is not re-checked: those four are
///   absent from its run.
/// Then prints a Markdown table per problem, validator and planner: runs, solved (exact), paths
/// (exact, re-checked), approximate (left out), certified free, paths in collision, colliding
/// edges, median validator time.

#include <CLI/CLI.hpp>
#include <optional>
#include <ostream>
#include <string>

namespace ompl_ccd::cli
{
/** \brief Command-line options of `benchmark`; each set field overrides the configuration file. */
struct BenchmarkOptions
{
  std::string config;
  /** \brief Folder of the logs (made if missing). */
  std::string output_dir = ".";
  std::optional<unsigned int> runs;
  std::optional<double> time_limit;
  /** \brief As typed: parseSeed (seed.h) refuses a sign or a number beyond 2⁶⁴ − 1 as the YAML
      does, where an integer option would wrap -1 or clamp 2⁶⁴. */
  std::optional<std::string> seed;
};

/** \brief Adds the `benchmark` subcommand to \a app, bound to \a options. */
CLI::App *addBenchmarkCommand(CLI::App &app, BenchmarkOptions &options);

/** \brief Runs `benchmark`, printing progress and the summary table to \a out.
    \returns 0 once every log is written.
    \throws Error for bad input (config, robot, scene, states, planner or validator names) or a log
            that cannot be written. */
int runBenchmark(const BenchmarkOptions &options, std::ostream &out);
}  // namespace ompl_ccd::cli
