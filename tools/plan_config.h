#pragma once
/// \file plan_config.h
/// The YAML configuration of `ompl_ccd plan`.
///
/// Keys (paths relative to the YAML file): robot (required), srdf, scene (required), start and
/// goal (required: a list of nq numbers or the name of an SRDF group_state), planner, time_limit,
/// validator, validator_options {resolution, tolerance, clearance, threads, mass_distribution}, seed, simplify,
/// path_file, package_paths (list), disabled_pairs (list of [link1, link2]), floating_root.

#include <Eigen/Core>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "ompl_ccd/model/robot_model.h"
#include "ompl_ccd/ompl/planning.h"

namespace ompl_ccd::cli
{
/** \brief A start or goal as written: explicit values or the name of an SRDF named state. */
using StateSpec = std::variant<std::vector<double>, std::string>;

/** \brief Contents of a plan configuration file, paths made absolute (or relative to the cwd). */
struct PlanConfig
{
  /** \brief The YAML file itself (for messages). */
  std::string file;
  std::string robot;
  /** \brief Empty = no SRDF. */
  std::string srdf;
  std::string scene;
  StateSpec start, goal;
  /** \brief Planner, time limit, validator and options, seed, simplify; start/goal left empty. */
  PlanRequest request;
  /** \brief Empty = do not write the path. */
  std::string path_file;
  /** \brief Robot options: package paths, disabled pairs, floating root (srdf left unset). */
  RobotModelOptions robot_options;
};

/** \brief Reads \a path. \throws Error naming the file and key for malformed YAML, an unknown key
    (listing the allowed ones), a missing required key or a value of the wrong type. */
PlanConfig loadPlanConfig(const std::string &path);

/** \brief The state vector \a spec names for \a model, checked with RobotModel::checkState.
    \param key "start" or "goal", for messages. \param file the config file, for messages.
    \throws Error for an unknown named state (listing the known ones) or a bad state. */
Eigen::VectorXd resolveState(const StateSpec &spec, const RobotModel &model, const std::string &file,
                             const std::string &key);
}  // namespace ompl_ccd::cli
