#include "validator_option_flags.h"

#include <algorithm>

namespace ompl_ccd::cli
{
namespace
{
/** \brief CLI11's name of a value of schema type \a type (as its own flags show them). */
std::string typeName(const std::string &type)
{
  return type == "number" ? "FLOAT" : type == "integer" ? "INT" : type == "boolean" ? "BOOL" : "TEXT";
}
}  // namespace

void ValidatorOptionFlags::applyTo(ValidatorOptions &options, const std::string &command) const
{
  for (const auto &[name, text] : named)
    setValidatorOption(options, name, text, command);
  for (const std::string &assignment : assignments)
    assignValidatorOption(options, assignment, command);
}

void addValidatorOptionFlags(CLI::App *command, ValidatorOptionFlags &flags, const std::vector<std::string> &names)
{
  const ValidatorOptions defaults;
  for (const std::string &name : names)
  {
    const ValidatorOption &option = findValidatorOption(name, "addValidatorOptionFlags");
    std::string flag = "--" + name;
    std::replace(flag.begin(), flag.end(), '_', '-');
    command
        ->add_option_function<std::string>(
            flag, [&flags, name](const std::string &text) { flags.named.emplace_back(name, text); },
            option.validators + ": " + option.doc + "; " + option.range)
        ->default_str(option.text(defaults))
        ->type_name(typeName(option.type));
  }
  command->add_option("--option", flags.assignments,
                      "Any validator option, NAME=VALUE (repeatable, applied after the flags above); "
                      "`ompl_ccd options` lists them with their defaults and ranges")
      ->type_name("NAME=VALUE");
}
}  // namespace ompl_ccd::cli
