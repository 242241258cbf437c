#include "benchmark_config.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <set>
#include <sstream>

#include "config_yaml.h"
#include "ompl_ccd/ompl/motion_validator_factory.h"
#include "ompl_ccd/ompl/planner_factory.h"
#include "ompl_ccd/ompl/validator_options.h"

namespace ompl_ccd::cli
{
namespace
{
/** \brief Refuses \a name unless one of \a known. */
void requireKnown(const ConfigFile &yaml, const std::string &key, const std::string &name,
                  const std::vector<std::string> &known)
{
  OMPL_CCD_THROW_UNLESS(std::find(known.begin(), known.end(), name) != known.end(), "benchmark: ", yaml.file(),
                        ": key '", key, "': unknown name '", name, "'; use one of: ", joinNames(known), ".");
}

/** \brief Refuses a name or label with whitespace (OMPL's log keeps an experiment name's last word). */
void requireOneWord(const ConfigFile &yaml, const std::string &key, const std::string &text)
{
  OMPL_CCD_THROW_UNLESS(!text.empty() && text.find_first_of(" \t\n") == std::string::npos, "benchmark: ",
                        yaml.file(), ": key '", key, "' is '", text,
                        "'; it names an experiment of OMPL's log, which keeps one word: write it without spaces.");
}

/** \brief The top-level list \a key, refused unless a non-empty list (of \a what). */
YAML::Node nonEmptyList(const ConfigFile &yaml, const std::string &key, const char *what)
{
  const YAML::Node list = yaml.root()[key];
  OMPL_CCD_THROW_UNLESS(list.IsSequence() && list.size() > 0, "benchmark: ", yaml.file(), ": key '", key,
                        "' must be a non-empty list of ", what, " (got ", ConfigFile::shown(list), ").");
  return list;
}

/** \brief Sets \a value from the top-level number \a key (in \a unit) if given; refuses it unless > 0. */
void readPositive(const ConfigFile &yaml, const std::string &key, const std::string &unit, double &value)
{
  if (yaml.root()[key])
    value = yaml.read<double>(yaml.root()[key], key, ("a number of " + unit).c_str());
  OMPL_CCD_THROW_UNLESS(std::isfinite(value) && value > 0.0, "benchmark: ", yaml.file(), ": key '", key,
                        "' must be > 0 ", unit, " (got ", value, ").");
}

/** \brief Whether \a option is read by validator \a name ("ca, toleranced" lists two). */
bool readsOption(const ValidatorOption &option, const std::string &name)
{
  std::istringstream names(option.validators);
  for (std::string each; std::getline(names, each, ',');)
    if (each.erase(0, each.find_first_not_of(' ')) == name)
      return true;
  return false;
}

/** \brief "option=value,..." of the options \a name reads that differ from the defaults, or "". */
std::string changedOptions(const std::string &name, const ValidatorOptions &options)
{
  const ValidatorOptions defaults;
  std::string text;
  for (const ValidatorOption &option : validatorOptionSchema())
    if (readsOption(option, name) && option.text(options) != option.text(defaults))
      text += (text.empty() ? "" : ",") + option.name + "=" + option.text(options);
  return text;
}

std::vector<BenchmarkValidator> readValidators(const ConfigFile &yaml, const ValidatorOptions &common,
                                               std::vector<std::string> &warnings)
{
  const YAML::Node list = nonEmptyList(
      yaml, "validators", "validator names or {validator: NAME, validator_options: {...}, label: TEXT}");
  std::vector<BenchmarkValidator> validators;
  std::set<std::string> labels;
  for (std::size_t i = 0; i < list.size(); ++i)
  {
    const std::string key = concat("validators[", i, "]");
    BenchmarkValidator validator;
    validator.options = common;
    if (list[i].IsMap())
    {
      yaml.checkKeys(list[i], {"validator", "validator_options", "label"}, " in " + key);
      OMPL_CCD_THROW_UNLESS(list[i]["validator"], "benchmark: ", yaml.file(), ": ", key,
                            " has no 'validator'; add validator: NAME.");
      validator.name = yaml.read<std::string>(list[i]["validator"], key + ".validator", "a validator name");
      std::vector<std::string> given;
      if (list[i]["validator_options"])
        yaml.validatorOptions(list[i]["validator_options"], key + ".validator_options", validator.options, &given);
      for (const std::string &option : given)
        if (std::string warning = unreadOptionWarning({validator.name}, option,
                                                      concat(yaml.file(), ": ", key, ".validator_options"));
            !warning.empty())
          warnings.push_back(std::move(warning));
      if (list[i]["label"])
        validator.label = yaml.read<std::string>(list[i]["label"], key + ".label", "a label");
    }
    else
      validator.name = yaml.read<std::string>(list[i], key, "a validator name or a map");
    requireKnown(yaml, key, validator.name, motionValidatorNames());
    const std::string changed = changedOptions(validator.name, validator.options);
    validator.options_text = changed.empty() ? "defaults" : changed;
    if (validator.label.empty())
      validator.label = changed.empty() ? validator.name : validator.name + ":" + changed;
    requireOneWord(yaml, key + ".label", validator.label);
    OMPL_CCD_THROW_UNLESS(labels.insert(validator.label).second, "benchmark: ", yaml.file(), ": ", key,
                          ": label '", validator.label,
                          "' is already used by another validator; give each a different label.");
    validators.push_back(validator);
  }
  return validators;
}

std::vector<BenchmarkProblem> readProblems(const ConfigFile &yaml)
{
  const YAML::Node &root = yaml.root();
  const bool single = root["start"] || root["goal"];
  OMPL_CCD_THROW_UNLESS(single != static_cast<bool>(root["problems"]), "benchmark: ", yaml.file(),
                        ": give either start and goal (one problem) or problems (a list of {name, start, goal}).");
  if (single)
  {
    OMPL_CCD_THROW_UNLESS(root["start"] && root["goal"], "benchmark: ", yaml.file(),
                          ": missing required key '", root["start"] ? "goal" : "start", "'; add it.");
    return {{"default", yaml.state(root["start"], "start"), yaml.state(root["goal"], "goal")}};
  }
  const YAML::Node list = nonEmptyList(yaml, "problems", "{name, start, goal}");
  std::vector<BenchmarkProblem> problems;
  std::set<std::string> names;
  for (std::size_t i = 0; i < list.size(); ++i)
  {
    const std::string key = concat("problems[", i, "]");
    OMPL_CCD_THROW_UNLESS(list[i].IsMap(), "benchmark: ", yaml.file(), ": ", key, " must be a map {name, start, goal} (got ",
                          ConfigFile::shown(list[i]), ").");
    yaml.checkKeys(list[i], {"name", "start", "goal"}, " in " + key);
    for (const char *required : {"name", "start", "goal"})
      OMPL_CCD_THROW_UNLESS(list[i][required], "benchmark: ", yaml.file(), ": ", key, " has no '", required,
                            "'; add it.");
    BenchmarkProblem problem{yaml.read<std::string>(list[i]["name"], key + ".name", "a name"),
                             yaml.state(list[i]["start"], key + ".start"), yaml.state(list[i]["goal"], key + ".goal")};
    requireOneWord(yaml, key + ".name", problem.name);
    OMPL_CCD_THROW_UNLESS(names.insert(problem.name).second, "benchmark: ", yaml.file(), ": ", key, ": name '",
                          problem.name, "' is already used; give each problem a different name.");
    problems.push_back(problem);
  }
  return problems;
}
}  // namespace

BenchmarkConfig loadBenchmarkConfig(const std::string &path)
{
  const ConfigFile yaml("benchmark", path,
                        {"name", "robot", "srdf", "scene", "package_paths", "disabled_pairs", "floating_root",
                         "start", "goal", "problems", "planners", "validators", "validator_options",
                         "certify_with", "time_limit", "runs", "memory_limit", "seed", "simplify"},
                        {"robot", "scene", "planners", "validators"});
  const YAML::Node &root = yaml.root();
  BenchmarkConfig config;
  config.file = path;
  config.name = root["name"] ? yaml.read<std::string>(root["name"], "name", "a name")
                             : std::filesystem::path(path).stem().string();
  requireOneWord(yaml, "name", config.name);
  config.robot = yaml.path(root["robot"], "robot");
  config.scene = yaml.path(root["scene"], "scene");
  if (root["srdf"])
    config.srdf = yaml.path(root["srdf"], "srdf");
  config.robot_options = yaml.robotOptions();
  config.problems = readProblems(yaml);

  config.planners = yaml.stringList(root["planners"], "planners");
  OMPL_CCD_THROW_UNLESS(!config.planners.empty(), "benchmark: ", path,
                        ": key 'planners' is empty; list at least one of: ", joinNames(plannerNames()), ".");
  for (std::size_t i = 0; i < config.planners.size(); ++i)
    requireKnown(yaml, concat("planners[", i, "]"), config.planners[i], plannerNames());

  ValidatorOptions common;
  std::vector<std::string> common_names;
  if (root["validator_options"])
    yaml.validatorOptions(root["validator_options"], "validator_options", common, &common_names);
  config.validators = readValidators(yaml, common, config.warnings);
  config.certify_options = common;
  if (root["certify_with"])
    config.certify_with = yaml.read<std::string>(root["certify_with"], "certify_with", "a validator name");
  requireKnown(yaml, "certify_with", config.certify_with, motionValidatorNames());
  std::vector<std::string> readers = {config.certify_with};
  for (const BenchmarkValidator &validator : config.validators)
    readers.push_back(validator.name);
  for (const std::string &option : common_names)
    if (std::string warning = unreadOptionWarning(readers, option, concat(yaml.file(), ": validator_options"));
        !warning.empty())
      config.warnings.push_back(std::move(warning));

  readPositive(yaml, "time_limit", "seconds", config.time_limit);
  if (root["runs"])
    config.runs = yaml.read<unsigned int>(root["runs"], "runs", "a positive integer");
  OMPL_CCD_THROW_UNLESS(config.runs >= 1, "benchmark: ", path, ": key 'runs' must be at least 1 (got 0).");
  readPositive(yaml, "memory_limit", "MB", config.memory_limit);
  if (root["seed"])
    config.seed = yaml.seed(root["seed"], "seed");
  if (root["simplify"])
    config.simplify = yaml.read<bool>(root["simplify"], "simplify", "true or false");
  return config;
}
}  // namespace ompl_ccd::cli
