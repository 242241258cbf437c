#include "plan_config.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <filesystem>

#include "ompl_ccd/error.h"
#include "ompl_ccd/input_file.h"
#include "ompl_ccd/ompl/validator_options.h"
#include "ompl_ccd/yaml_file.h"

namespace ompl_ccd::cli
{
namespace
{
const std::vector<std::string> kTopKeys = {"robot",           "srdf",          "scene",       "start",
                                           "goal",            "planner",       "time_limit",  "validator",
                                           "validator_options", "seed",        "simplify",    "path_file",
                                           "package_paths",   "disabled_pairs", "floating_root", "certify_with"};

/** \brief How a node looks in a message: its scalar text, or "a list"/"a map". */
std::string shown(const YAML::Node &node)
{
  if (node.IsScalar())
    return "'" + node.Scalar() + "'";
  return node.IsSequence() ? "a list" : node.IsMap() ? "a map" : "nothing";
}

/** \brief Reads one config value of type T, naming \a file, \a key and \a expected on failure. */
template <typename T>
T read(const YAML::Node &node, const std::string &file, const std::string &key, const char *expected)
{
  if (node.IsScalar())
  {
    try
    {
      return node.as<T>();
    }
    catch (const YAML::Exception &)
    {
      // Falls through to the message below.
    }
  }
  throw Error(concat("plan: ", file, ": key '", key, "' must be ", expected, " (got ", shown(node),
                     "); fix its value."));
}

/** \brief Refuses the keys of map \a node not in \a allowed. */
void checkKeys(const YAML::Node &node, const std::vector<std::string> &allowed, const std::string &file,
               const std::string &where)
{
  for (const auto &entry : node)
  {
    const std::string key = entry.first.Scalar();
    OMPL_CCD_THROW_UNLESS(std::find(allowed.begin(), allowed.end(), key) != allowed.end(), "plan: ", file,
                          ": unknown key '", key, "'", where, "; allowed keys are: ", joinNames(allowed), ".");
  }
}

/** \brief \a value relative to \a dir unless absolute. */
std::string relativeTo(const std::filesystem::path &dir, const std::string &value)
{
  const std::filesystem::path path(value);
  return path.is_absolute() ? value : (dir / path).lexically_normal().string();
}

StateSpec readState(const YAML::Node &node, const std::string &file, const std::string &key)
{
  if (node.IsScalar())
    return node.Scalar();
  OMPL_CCD_THROW_UNLESS(node.IsSequence(), "plan: ", file, ": key '", key,
                        "' must be a list of joint values or the name of an SRDF group_state (got ", shown(node),
                        ").");
  std::vector<double> values;
  for (std::size_t i = 0; i < node.size(); ++i)
    values.push_back(read<double>(node[i], file, concat(key, "[", i, "]"), "a number"));
  return values;
}

/** \brief Sets every option of the map \a node (validator_options) through the options schema. */
void readValidatorOptions(const YAML::Node &node, const std::string &file, ValidatorOptions &options)
{
  const std::string context = concat("plan: ", file, ": validator_options");
  OMPL_CCD_THROW_UNLESS(node.IsMap(), context, " must be a map of option: value (got ", shown(node),
                        "); the options are ", joinNames(validatorOptionNames()), ".");
  for (const auto &entry : node)
  {
    const std::string name = entry.first.Scalar();
    if (!entry.second.IsScalar())
      refuseValidatorOption(findValidatorOption(name, context), shown(entry.second), context);
    setValidatorOption(options, name, entry.second.Scalar(), context);
  }
}

std::vector<std::string> readStringList(const YAML::Node &node, const std::string &file, const std::string &key)
{
  OMPL_CCD_THROW_UNLESS(node.IsSequence(), "plan: ", file, ": key '", key, "' must be a list (got ", shown(node),
                        ").");
  std::vector<std::string> out;
  for (std::size_t i = 0; i < node.size(); ++i)
    out.push_back(read<std::string>(node[i], file, concat(key, "[", i, "]"), "a string"));
  return out;
}
}  // namespace

PlanConfig loadPlanConfig(const std::string &path)
{
  requireInputFile(path, "plan", "config file", "pass an existing YAML file to --config");
  const YAML::Node root = loadYamlFile(path, "plan");
  OMPL_CCD_THROW_UNLESS(root.IsMap(), "plan: ", path, ": expected a map of keys at the top level; allowed keys are: ",
                        joinNames(kTopKeys), ".");
  checkKeys(root, kTopKeys, path, "");
  for (const char *key : {"robot", "scene", "start", "goal"})
    OMPL_CCD_THROW_UNLESS(root[key], "plan: ", path, ": missing required key '", key, "'; add it.");

  const std::filesystem::path dir = std::filesystem::path(path).parent_path();
  PlanConfig config;
  config.file = path;
  config.robot = relativeTo(dir, read<std::string>(root["robot"], path, "robot", "a file path"));
  config.scene = relativeTo(dir, read<std::string>(root["scene"], path, "scene", "a file path"));
  if (root["srdf"])
    config.srdf = relativeTo(dir, read<std::string>(root["srdf"], path, "srdf", "a file path"));
  config.start = readState(root["start"], path, "start");
  config.goal = readState(root["goal"], path, "goal");

  PlanRequest &request = config.request;
  if (root["planner"])
    request.planner = read<std::string>(root["planner"], path, "planner", "a planner name");
  if (root["time_limit"])
    request.time_limit = read<double>(root["time_limit"], path, "time_limit", "a number of seconds");
  if (root["validator"])
    request.validator = read<std::string>(root["validator"], path, "validator", "a validator name");
  if (root["certify_with"])
    request.certify_with = read<std::string>(root["certify_with"], path, "certify_with", "a validator name");
  if (const YAML::Node options = root["validator_options"])
    readValidatorOptions(options, path, request.validator_options);
  if (root["seed"])
    request.seed = read<unsigned long>(root["seed"], path, "seed", "a non-negative integer");
  if (root["simplify"])
    request.simplify = read<bool>(root["simplify"], path, "simplify", "true or false");
  if (root["path_file"])
    config.path_file = relativeTo(dir, read<std::string>(root["path_file"], path, "path_file", "a file path"));

  RobotModelOptions &robot = config.robot_options;
  if (root["package_paths"])
    for (const std::string &folder : readStringList(root["package_paths"], path, "package_paths"))
      robot.package_paths.push_back(relativeTo(dir, folder));
  if (const YAML::Node pairs = root["disabled_pairs"])
  {
    OMPL_CCD_THROW_UNLESS(pairs.IsSequence(), "plan: ", path, ": key 'disabled_pairs' must be a list of [link1, link2] (got ",
                          shown(pairs), ").");
    for (std::size_t i = 0; i < pairs.size(); ++i)
    {
      const std::string key = concat("disabled_pairs[", i, "]");
      const std::vector<std::string> links = readStringList(pairs[i], path, key);
      OMPL_CCD_THROW_UNLESS(links.size() == 2, "plan: ", path, ": key '", key, "' must name two links (got ",
                            links.size(), "); write [link1, link2].");
      robot.disabled_pairs.emplace_back(links[0], links[1]);
    }
  }
  if (root["floating_root"])
    robot.floating_root = read<bool>(root["floating_root"], path, "floating_root", "true or false");
  return config;
}

}  // namespace ompl_ccd::cli
