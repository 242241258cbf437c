#pragma once
/// \file plan_command.h
/// `ompl_ccd plan`: plans from a YAML configuration, certifies every edge of the path, prints a
/// human-readable report and optionally writes the path file.

#include <CLI/CLI.hpp>
#include <optional>
#include <ostream>
#include <string>

#include "ompl_ccd/ompl/planning.h"
#include "validator_option_flags.h"

namespace ompl_ccd::cli
{
/** \brief Command-line options of `plan`; each set field overrides the configuration file. */
struct PlanOptions
{
  std::string config;
  std::optional<std::string> planner;
  std::optional<double> time_limit;
  std::optional<std::string> validator;
  /** \brief Validator that checks the path's edges (overrides the config's certify_with). */
  std::optional<std::string> certify_with;
  /** \brief Validator options, applied over the configuration's validator_options. */
  ValidatorOptionFlags validator_flags;
  /** \brief As typed: parseSeed (seed.h) refuses a sign or a number beyond 2⁶⁴ − 1 as the YAML
      does, where an integer option would wrap -1 or clamp 2⁶⁴. */
  std::optional<std::string> seed;
  std::optional<std::string> path_file;
  /** \brief Draw a certified path report here (.html, .svg, .png). */
  std::optional<std::string> report_file;
  /** \brief --no-simplify given. */
  bool no_simplify = false;
};

/** \brief Adds the `plan` subcommand to \a app, bound to \a options. */
CLI::App *addPlanCommand(CLI::App &app, PlanOptions &options);

/** \brief Prints the report of \a result (waypoints, validator counters, one line per certified
    edge, then `certified by NAME: K/N edges free`, or `checked by sampling` for discrete) to \a out. */
void printPlanReport(const PlanResult &result, std::ostream &out);

/** \brief Runs `plan`. \returns 0 iff solved and every edge is certified free, else 1.
    \throws Error for bad input (config, robot, scene, states, planner or validator). */
int runPlan(const PlanOptions &options, std::ostream &out);
}  // namespace ompl_ccd::cli
