#pragma once
/// \file validate_command.h
/// `ompl_ccd validate`: answers every edge of an edge file (or path file) with one validator and
/// prints one JSON line per edge plus a summary line.

#include <CLI/CLI.hpp>
#include <ostream>
#include <string>
#include <vector>

#include "validator_option_flags.h"

namespace ompl_ccd::cli
{
/** \brief Command-line options of `validate`. */
struct ValidateOptions
{
  std::string robot;
  std::string srdf;
  std::string scene;
  std::string validator;
  /** \brief Validator options as given (applied to ValidatorOptions{} by runValidate). */
  ValidatorOptionFlags validator_flags;
  /** \brief "decide" or "first-contact". */
  std::string mode = "decide";
  /** \brief Edge file (2·nq numbers per line); exactly one of edges_file and path_file is set. */
  std::string edges_file;
  /** \brief Path file (nq numbers per line, consecutive waypoints are the edges). */
  std::string path_file;
  /** \brief Also write the JSON lines here; empty = stdout only. */
  std::string json_file;
  std::vector<std::string> package_paths;
  /** \brief Write a certified path report here (.html, .svg, .png); empty = none. */
  std::string report_file;
  /** \brief Add "clearance" (the edge's clearance profile) to every edge's JSON line. */
  bool clearance_profile = false;
  /** \brief Threads answering the edges, as typed (checked by edgeJobs, edge_checker.h, as Python's
      jobs= is); empty = every core. */
  std::string jobs;
  /** \brief No progress on standard error (it is only drawn when that is a terminal). */
  bool quiet = false;
  /** \brief Add the touching features to each witness (the JSON field "features"). */
  bool features = false;
  /** \brief Exit with 1 (not 0) when an edge is not free (a collision or undecided): for scripts and CI. */
  bool fail_unless_free = false;
  /** \brief Dask scheduler address: answer on that cluster through ompl_ccd-dask (validate_dask.h). */
  std::string dask_scheduler;
};

/** \brief Adds the `validate` subcommand to \a app, bound to \a options. */
CLI::App *addValidateCommand(CLI::App &app, ValidateOptions &options);

/** \brief Runs `validate`, printing the JSON lines to \a out (and to options.json_file).
    \returns 0 once every edge is answered (collisions are answers); with fail_unless_free, 1 when an
    edge is not free (one line on standard error says how many).
    \throws Error for bad input (robot, scene, edge file, validator name or options). */
int runValidate(const ValidateOptions &options, std::ostream &out);
}  // namespace ompl_ccd::cli
