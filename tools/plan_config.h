#pragma once
/// \file plan_config.h
/// The YAML configuration of `ompl_ccd plan`.
///
/// Keys (paths relative to the YAML file): robot (required), srdf, scene (required), start and
/// goal (required: a list of nq numbers or the name of an SRDF group_state), planner, time_limit,
/// validator, validator_options (a map of option: value, see ompl/validator_options.h), seed, simplify,
/// path_file, package_paths (list), disabled_pairs (list of [link1, link2]), floating_root.

#include <Eigen/Core>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "ompl_ccd/model/robot_model.h"
#include "ompl_ccd/model/state_spec.h"
#include "ompl_ccd/ompl/planning.h"

namespace ompl_ccd::cli
{
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
  /** \brief The names of the options under validator_options, in the file's order. */
  std::vector<std::string> validator_option_names;
  /** \brief Empty = do not write the path. */
  std::string path_file;
  /** \brief Robot options: package paths, disabled pairs, floating root (srdf left unset). */
  RobotModelOptions robot_options;
};

/** \brief Reads \a path. \throws Error naming the file and key for malformed YAML, an unknown key
    (listing the allowed ones), a missing required key, a value of the wrong type or a validator
    option the schema refuses (validator_options.h). */
PlanConfig loadPlanConfig(const std::string &path);
}  // namespace ompl_ccd::cli
