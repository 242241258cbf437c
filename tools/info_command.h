#pragma once
/// \file info_command.h
/// `ompl_ccd info`: prints a robot's joints, state order, links and excluded pairs as JSON.

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <vector>

#include "ompl_ccd/model/robot_model.h"

namespace ompl_ccd::cli
{
/** \brief Command-line options of `info`. */
struct InfoOptions
{
  std::string robot;
  std::string srdf;
  std::vector<std::string> package_paths;
};

/** \brief Adds the `info` subcommand to \a app, bound to \a options. */
CLI::App *addInfoCommand(CLI::App &app, InfoOptions &options);

/** \brief The JSON object `info` prints for \a model: robot, nq, joints (active, state order),
    mimic_joints, state, links, excluded_pairs, named_states. */
nlohmann::ordered_json robotInfoJson(const RobotModel &model);

/** \brief Runs `info`: prints robotInfoJson (2-space indent) to \a out. \returns the exit code (0).
    \throws Error for an unreadable robot. */
int runInfo(const InfoOptions &options, std::ostream &out);
}  // namespace ompl_ccd::cli
