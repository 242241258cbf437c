#pragma once
/// \file validator_options.h
/// Every setting of a motion validator, in one list (the schema): the options the validators share
/// (the query's, and the culling front end's of the three certifiers) and each certifier's own,
/// each with its name, type, the validators that read it, its range, its doc and its default (the
/// value of ValidatorOptions{}). Every front end reads and checks options
/// through this list — the `ompl_ccd` command line (named flags and `--option NAME=VALUE`), the plan
/// YAML's `validator_options`, the ROS node's `~validator_options/NAME` and makeMotionValidator — so
/// an option is added by one field and one entry (validator_options.cpp), and a bad value is refused
/// with the same message everywhere:
///   "<context>: option 'threads' is '300'; allowed: an integer in [1, 256] (<why>); e.g. the default 1."

#include <functional>
#include <string>
#include <vector>

#include "ompl_ccd/certify/ca/conservative_advancement.h"
#include "ompl_ccd/certify/interval/interval_arithmetic.h"
#include "ompl_ccd/certify/toleranced/toleranced_motion.h"

namespace ompl_ccd
{
/** \brief Settings of a motion validator; each validator reads the fields it uses (the schema's
    entries say which). */
struct ValidatorOptions
{
  /** \brief "discrete": longest valid segment as a fraction of the space's maximum extent. */
  double resolution = 0.01;
  /** \brief Certifiers, Mode::FirstContact: width of the TOC bracket (Query::tolerance). */
  double tolerance = 1e-3;
  /** \brief "ca", "toleranced", "interval": a Collision's witness is within this many metres of contact
      (Query::contact_distance). */
  double contact_distance = 1e-6;
  /** \brief Certifiers: required clearance in metres (Query::clearance). */
  double clearance = 0.0;
  /** \brief "ca", "toleranced", "interval": the knobs of the culling front end they share
      (culling_options.h), passed to each beside its own options. */
  CullingOptions culling;
  /** \brief "ca": the certifier's own knobs (conservative_advancement.h). */
  ConservativeAdvancementOptions ca;
  /** \brief "toleranced": the certifier's own knobs: caps, threads per query, mass distribution
      (toleranced_motion.h). */
  TolerancedMotionOptions toleranced;
  /** \brief "interval": the certifier's own knobs and work caps (interval_arithmetic.h). */
  IntervalArithmeticOptions interval;
};

/** \brief Finest "discrete" resolution: one edge across the whole space is then sampled at 1e5
    states (seconds per edge); finer sampling still certifies nothing, a certifier does. */
constexpr double kMinResolution = 1e-5;

/** \brief One option of the schema. */
struct ValidatorOption
{
  /** \brief Name in `--option NAME=VALUE`, YAML and ROS ("tolerance", "collision_probes"). */
  std::string name;
  /** \brief Type of the value: "number", "integer", "boolean", "name" or "folder". */
  std::string type;
  /** \brief The validators that read it: "discrete", "ca", "toleranced", "interval" or a list such as
      "ca, toleranced, interval". */
  std::string validators;
  /** \brief Allowed values: "a number in (0, 1]", "an integer >= 1", "true or false", ... */
  std::string range;
  /** \brief Why the range stops where it does, when it is not obvious; empty otherwise. */
  std::string reason;
  /** \brief One line: what the option does. */
  std::string doc;
  /** \brief The value in \a options as text (parse() reads it back to the same value). */
  std::function<std::string(const ValidatorOptions &options)> text;
  /** \brief Sets the value in \a options from \a text. \returns false if \a text is not of the
      option's type (options then unchanged). The range is not checked. */
  std::function<bool(ValidatorOptions &options, const std::string &text)> parse;
  /** \brief True iff the value in \a options is in range. */
  std::function<bool(const ValidatorOptions &options)> inRange;
};

/** \brief Every option: the common ones first, then the culling front end's (read by "ca",
    "toleranced" and "interval"), then "ca"'s, "toleranced"'s and "interval"'s own. Names are unique. */
const std::vector<ValidatorOption> &validatorOptionSchema();

/** \brief The schema's names, in its order. */
std::vector<std::string> validatorOptionNames();

/** \brief The entry named \a name.
    \throws Error "<context>: unknown option '<name>'; ..." listing the known names. */
const ValidatorOption &findValidatorOption(const std::string &name, const std::string &context);

/** \brief The validators that read \a option: its `validators` list split ("ca", "toleranced", ...). */
std::vector<std::string> validatorsReading(const ValidatorOption &option);

/** \brief The warning for option \a name given to \a validators (the ones a front end runs: a
    validator, or plan's planning and certifying ones) when none of them reads it:
    "<context>: option 'resolution' has no effect: ca does not read it (discrete does); drop it, or
    choose a validator that reads it." Empty when one of \a validators reads it, or when one is not a
    validator name (refused where it is used). A front end prints it on its warning stream; the
    value was still checked (setValidatorOption).
    \throws Error for an unknown option \a name (findValidatorOption). */
std::string unreadOptionWarning(const std::vector<std::string> &validators, const std::string &name,
                                const std::string &context);

/** \brief Sets option \a name of \a options from \a text (a command-line value or a YAML/ROS scalar).
    \throws Error, prefixed by \a context, for an unknown name, a text not of the option's type or a
    value out of range (refuseValidatorOption's message). */
void setValidatorOption(ValidatorOptions &options, const std::string &name, const std::string &text,
                        const std::string &context);

/** \brief Sets the option from "NAME=VALUE" (the command line's `--option`).
    \throws Error as setValidatorOption, or if \a assignment has no '='. */
void assignValidatorOption(ValidatorOptions &options, const std::string &assignment, const std::string &context);

/** \brief Refuses every option of \a options out of range (the first in schema order).
    \throws Error as refuseValidatorOption. */
void checkValidatorOptions(const ValidatorOptions &options, const std::string &context);

/** \brief The shortest text (6 to 17 significant digits) that reads back as \a value: how the
    schema writes numbers, and how a front end turns a typed number into an option's text. */
std::string numberText(double value);

/** \brief The one refusal of a bad value: "<context>: option '<name>' is <shown>; allowed: <range>
    (<reason>); e.g. the default <default>." \param shown the value as given: "'1e-9'", "a list". */
[[noreturn]] void refuseValidatorOption(const ValidatorOption &option, const std::string &shown,
                                        const std::string &context);
}  // namespace ompl_ccd
