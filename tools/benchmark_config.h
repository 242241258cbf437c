#pragma once
/// \file benchmark_config.h
/// The YAML configuration of `ompl_ccd benchmark` (example: examples/arm_benchmark.yaml).
///
/// Keys (paths relative to the YAML file): robot, scene (required), srdf, package_paths,
/// disabled_pairs, floating_root (as `plan`); name (of the experiments; default: the file's stem);
/// start and goal (one problem) or problems (a list of {name, start, goal}); planners (list of
/// names); validators (list: a name, or {validator: NAME, validator_options: {...}, label: TEXT});
/// validator_options (for every validator, under each one's own); certify_with (default "ca"),
/// time_limit (seconds per run, default 5), runs (per planner, default 10), memory_limit (MB,
/// default 4096), seed, simplify (default true).

#include <optional>
#include <string>
#include <vector>

#include "ompl_ccd/model/robot_model.h"
#include "ompl_ccd/model/state_spec.h"
#include "ompl_ccd/ompl/validator_options.h"

namespace ompl_ccd::cli
{
/** \brief One start/goal query. */
struct BenchmarkProblem
{
  /** \brief No spaces: it names the experiment ("default" for top-level start/goal). */
  std::string name;
  StateSpec start, goal;
};

/** \brief One validator the planners are benchmarked with. */
struct BenchmarkValidator
{
  /** \brief makeMotionValidator name. */
  std::string name;
  /** \brief Unique among the validators, no spaces: names the experiment (default: the name, then
      ":option=value,..." for the options it reads that differ from the defaults). */
  std::string label;
  ValidatorOptions options;
  /** \brief "option=value,..." of the options \e name reads that differ from the defaults, or "defaults". */
  std::string options_text;
};

/** \brief Contents of a benchmark configuration file, paths made absolute (or relative to the cwd). */
struct BenchmarkConfig
{
  std::string file;
  std::string name;
  std::string robot, srdf, scene;
  RobotModelOptions robot_options;
  std::vector<BenchmarkProblem> problems;
  std::vector<std::string> planners;
  std::vector<BenchmarkValidator> validators;
  std::string certify_with = "ca";
  /** \brief The top-level validator_options: those of certify_with's re-check. */
  ValidatorOptions certify_options;
  double time_limit = 5.0;
  unsigned int runs = 10;
  double memory_limit = 4096.0;
  std::optional<unsigned long> seed;
  bool simplify = true;
  /** \brief One line per validator option that no validator it applies to reads (unreadOptionWarning):
      one under validators[i] that validator does not read, or a top-level one that neither a listed
      validator nor certify_with reads. */
  std::vector<std::string> warnings;
};

/** \brief Reads \a path. \throws Error naming the file and key for malformed YAML, an unknown key
    (listing the allowed ones), a missing required key, a value of the wrong type or range, an
    empty list, a repeated or spaced name/label, or a validator option the schema refuses. */
BenchmarkConfig loadBenchmarkConfig(const std::string &path);
}  // namespace ompl_ccd::cli
