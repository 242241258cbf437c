#pragma once
/// \file config_yaml.h
/// Reading the YAML configurations of `plan` and `benchmark`: each value read or refused with a
/// message "<command>: <file>: key '<key>' must be ... (got ...)", paths taken relative to the file.

#include <yaml-cpp/yaml.h>

#include <filesystem>
#include <string>
#include <vector>

#include "ompl_ccd/error.h"
#include "ompl_ccd/model/robot_model.h"
#include "ompl_ccd/model/state_spec.h"
#include "ompl_ccd/ompl/validator_options.h"

namespace ompl_ccd::cli
{
/** \brief One configuration file being read by \e command ("plan", "benchmark"). */
class ConfigFile
{
public:
  /** \brief Loads \a path. \throws Error for a missing or unreadable file, malformed YAML, or a top
      level that is not a map of \a allowed keys (the message lists them), or lacks one of \a required. */
  ConfigFile(std::string command, const std::string &path, const std::vector<std::string> &allowed,
             const std::vector<std::string> &required);

  /** \brief The top-level map. */
  const YAML::Node &root() const { return root_; }
  /** \brief The file as given. */
  const std::string &file() const { return file_; }

  /** \brief The scalar \a node as T. \throws Error "... key '\a key' must be \a expected (got ...)". */
  template <typename T>
  T read(const YAML::Node &node, const std::string &key, const char *expected) const
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
    throw Error(concat(command_, ": ", file_, ": key '", key, "' must be ", expected, " (got ", shown(node),
                       "); fix its value."));
  }

  /** \brief A file path, relative to the configuration's folder unless absolute. */
  std::string path(const YAML::Node &node, const std::string &key) const;
  /** \brief A seed of OMPL's random generators (seed.h): refused as `--seed` is, with the file and key. */
  unsigned long seed(const YAML::Node &node, const std::string &key) const;
  /** \brief A list of strings. */
  std::vector<std::string> stringList(const YAML::Node &node, const std::string &key) const;
  /** \brief A list of joint values or the name of an SRDF group_state. */
  StateSpec state(const YAML::Node &node, const std::string &key) const;
  /** \brief Sets every option of the map \a node (\a key: validator_options) through the schema and,
      when \a names is given, appends the names of the options set to it. */
  void validatorOptions(const YAML::Node &node, const std::string &key, ValidatorOptions &options,
                        std::vector<std::string> *names = nullptr) const;
  /** \brief package_paths (relative to the file), disabled_pairs and floating_root of the top level. */
  RobotModelOptions robotOptions() const;
  /** \brief Refuses the keys of the map \a node not in \a allowed; \a where follows the key in the message. */
  void checkKeys(const YAML::Node &node, const std::vector<std::string> &allowed, const std::string &where) const;

  /** \brief How \a node looks in a message: its scalar text, or "a list"/"a map". */
  static std::string shown(const YAML::Node &node);

private:
  std::string command_;
  std::string file_;
  std::filesystem::path dir_;
  YAML::Node root_;
};
}  // namespace ompl_ccd::cli
