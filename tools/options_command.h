#pragma once
/// \file options_command.h
/// `ompl_ccd options`: prints every validator option (ompl/validator_options.h) as a Markdown
/// table: name, the validators that read it, default, allowed values, meaning.

#include <CLI/CLI.hpp>
#include <ostream>

namespace ompl_ccd::cli
{
/** \brief Adds the `options` subcommand (no arguments) to \a app. */
CLI::App *addOptionsCommand(CLI::App &app);

/** \brief Prints the table to \a out. \returns the exit code (0). */
int runOptions(std::ostream &out);
}  // namespace ompl_ccd::cli
