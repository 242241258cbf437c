#include "plan_config.h"

#include "config_yaml.h"

namespace ompl_ccd::cli
{
PlanConfig loadPlanConfig(const std::string &path)
{
  const ConfigFile yaml("plan", path,
                        {"robot", "srdf", "scene", "start", "goal", "planner", "time_limit", "validator",
                         "validator_options", "seed", "simplify", "path_file", "package_paths", "disabled_pairs",
                         "floating_root", "certify_with"},
                        {"robot", "scene", "start", "goal"});
  const YAML::Node &root = yaml.root();
  PlanConfig config;
  config.file = path;
  config.robot = yaml.path(root["robot"], "robot");
  config.scene = yaml.path(root["scene"], "scene");
  if (root["srdf"])
    config.srdf = yaml.path(root["srdf"], "srdf");
  config.start = yaml.state(root["start"], "start");
  config.goal = yaml.state(root["goal"], "goal");

  PlanRequest &request = config.request;
  if (root["planner"])
    request.planner = yaml.read<std::string>(root["planner"], "planner", "a planner name");
  if (root["time_limit"])
    request.time_limit = yaml.read<double>(root["time_limit"], "time_limit", "a number of seconds");
  if (root["validator"])
    request.validator = yaml.read<std::string>(root["validator"], "validator", "a validator name");
  if (root["certify_with"])
    request.certify_with = yaml.read<std::string>(root["certify_with"], "certify_with", "a validator name");
  if (const YAML::Node options = root["validator_options"])
    yaml.validatorOptions(options, "validator_options", request.validator_options, &config.validator_option_names);
  if (root["seed"])
    request.seed = yaml.seed(root["seed"], "seed");
  if (root["simplify"])
    request.simplify = yaml.read<bool>(root["simplify"], "simplify", "true or false");
  if (root["path_file"])
    config.path_file = yaml.path(root["path_file"], "path_file");
  config.robot_options = yaml.robotOptions();
  return config;
}
}  // namespace ompl_ccd::cli
