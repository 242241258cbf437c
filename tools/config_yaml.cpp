#include "config_yaml.h"

#include <algorithm>

#include "ompl_ccd/input_file.h"
#include "ompl_ccd/nearest_name.h"
#include "ompl_ccd/yaml_file.h"
#include "seed.h"

namespace ompl_ccd::cli
{
ConfigFile::ConfigFile(std::string command, const std::string &path, const std::vector<std::string> &allowed,
                       const std::vector<std::string> &required)
  : command_(std::move(command)), file_(path), dir_(std::filesystem::path(path).parent_path())
{
  requireInputFile(path, command_, "config file", "pass an existing YAML file to --config");
  root_ = loadYamlFile(path, command_);  // syntax errors, repeated keys and extra documents refused
  OMPL_CCD_THROW_UNLESS(root_.IsMap(), command_, ": ", path,
                        ": expected a map of keys at the top level; allowed keys are: ", joinNames(allowed), ".");
  checkKeys(root_, allowed, "");
  for (const std::string &key : required)
    OMPL_CCD_THROW_UNLESS(root_[key], command_, ": ", path, ": missing required key '", key, "'; add it.");
}

std::string ConfigFile::shown(const YAML::Node &node)
{
  if (node.IsScalar())
    return "'" + node.Scalar() + "'";
  return node.IsSequence() ? "a list" : node.IsMap() ? "a map" : "nothing";
}

void ConfigFile::checkKeys(const YAML::Node &node, const std::vector<std::string> &allowed,
                           const std::string &where) const
{
  for (const auto &entry : node)
  {
    const std::string key = entry.first.Scalar();
    OMPL_CCD_THROW_UNLESS(std::find(allowed.begin(), allowed.end(), key) != allowed.end(), command_, ": ", file_,
                          ": unknown key '", key, "'", didYouMean(key, allowed), where, "; allowed keys are: ", joinNames(allowed), ".");
  }
}

std::string ConfigFile::path(const YAML::Node &node, const std::string &key) const
{
  const std::string value = read<std::string>(node, key, "a file path");
  const std::filesystem::path path(value);
  return path.is_absolute() ? value : (dir_ / path).lexically_normal().string();
}

unsigned long ConfigFile::seed(const YAML::Node &node, const std::string &key) const
{
  const std::string text = read<std::string>(node, key, "a non-negative integer");  // a scalar
  return parseSeed(text, concat(command_, ": ", file_, ": key '", key, "'"), "fix its value");
}

std::vector<std::string> ConfigFile::stringList(const YAML::Node &node, const std::string &key) const
{
  OMPL_CCD_THROW_UNLESS(node.IsSequence(), command_, ": ", file_, ": key '", key, "' must be a list (got ",
                        shown(node), ").");
  std::vector<std::string> out;
  for (std::size_t i = 0; i < node.size(); ++i)
    out.push_back(read<std::string>(node[i], concat(key, "[", i, "]"), "a string"));
  return out;
}

StateSpec ConfigFile::state(const YAML::Node &node, const std::string &key) const
{
  if (node.IsScalar())
    return node.Scalar();
  OMPL_CCD_THROW_UNLESS(node.IsSequence(), command_, ": ", file_, ": key '", key,
                        "' must be a list of joint values or the name of an SRDF group_state (got ", shown(node),
                        ").");
  std::vector<double> values;
  for (std::size_t i = 0; i < node.size(); ++i)
    values.push_back(read<double>(node[i], concat(key, "[", i, "]"), "a number"));
  return values;
}

void ConfigFile::validatorOptions(const YAML::Node &node, const std::string &key, ValidatorOptions &options,
                                  std::vector<std::string> *names) const
{
  const std::string context = concat(command_, ": ", file_, ": ", key);
  OMPL_CCD_THROW_UNLESS(node.IsMap(), context, " must be a map of option: value (got ", shown(node),
                        "); the options are ", joinNames(validatorOptionNames()), ".");
  for (const auto &entry : node)
  {
    const std::string name = entry.first.Scalar();
    if (!entry.second.IsScalar())
      refuseValidatorOption(findValidatorOption(name, context), shown(entry.second), context);
    setValidatorOption(options, name, entry.second.Scalar(), context);
    if (names)
      names->push_back(name);
  }
}

RobotModelOptions ConfigFile::robotOptions() const
{
  RobotModelOptions robot;
  if (root_["package_paths"])
    for (const std::string &folder : stringList(root_["package_paths"], "package_paths"))
    {
      const std::filesystem::path path(folder);
      robot.package_paths.push_back(path.is_absolute() ? folder : (dir_ / path).lexically_normal().string());
    }
  if (const YAML::Node pairs = root_["disabled_pairs"])
  {
    OMPL_CCD_THROW_UNLESS(pairs.IsSequence(), command_, ": ", file_,
                          ": key 'disabled_pairs' must be a list of [link1, link2] (got ", shown(pairs), ").");
    for (std::size_t i = 0; i < pairs.size(); ++i)
    {
      const std::string key = concat("disabled_pairs[", i, "]");
      const std::vector<std::string> links = stringList(pairs[i], key);
      OMPL_CCD_THROW_UNLESS(links.size() == 2, command_, ": ", file_, ": key '", key, "' must name two links (got ",
                            links.size(), "); write [link1, link2].");
      robot.disabled_pairs.emplace_back(links[0], links[1]);
    }
  }
  if (root_["floating_root"])
    robot.floating_root = read<bool>(root_["floating_root"], "floating_root", "true or false");
  return robot;
}
}  // namespace ompl_ccd::cli
