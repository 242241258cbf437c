#pragma once
/// \file validator_option_flags.h
/// Validator options on the command line: named flags for the common ones (`--resolution`,
/// `--tolerance`, ...: the option's name with '-' for '_') and the repeatable `--option NAME=VALUE`
/// for every option of the schema (ompl/validator_options.h). Values are kept as text and checked
/// by the schema when applied, so the command line refuses them as every other front end does.

#include <CLI/CLI.hpp>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "ompl_ccd/ompl/validator_options.h"

namespace ompl_ccd::cli
{
/** \brief The validator options given on the command line, as text. */
struct ValidatorOptionFlags
{
  /** \brief (option name, value) of each named flag given. */
  std::vector<std::pair<std::string, std::string>> named;
  /** \brief The values of `--option`, NAME=VALUE. */
  std::vector<std::string> assignments;

  /** \brief Sets the named flags', then the `--option`s' values in \a options.
      \throws Error prefixed by \a command ("validate") for a name or value the schema refuses. */
  void applyTo(ValidatorOptions &options, const std::string &command) const;

  /** \brief The names of the options given (named flags, then `--option`s), each once. */
  std::vector<std::string> names() const;
};

/** \brief Writes to \a warnings one line (unreadOptionWarning) for each of \a names that none of
    \a validators reads. */
void warnUnreadOptions(const std::vector<std::string> &names, const std::vector<std::string> &validators,
                       const std::string &command, std::ostream &warnings);

/** \brief The help of a `--validator NAME` flag: "Motion validator: discrete, ca, toleranced or interval
    (...)", the names motionValidatorNames() lists. */
std::string validatorFlagHelp();

/** \brief Adds to \a command a flag `--NAME` for each of \a names (schema options, shown with their
    default and doc) and `--option NAME=VALUE`, all stored in \a flags. */
void addValidatorOptionFlags(CLI::App *command, ValidatorOptionFlags &flags, const std::vector<std::string> &names);
}  // namespace ompl_ccd::cli
