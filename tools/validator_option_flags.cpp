#include "validator_option_flags.h"

#include <algorithm>

#include "ompl_ccd/ompl/motion_validator_factory.h"

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

std::vector<std::string> ValidatorOptionFlags::names() const
{
  std::vector<std::string> given;
  const auto add = [&given](const std::string &name) {
    if (std::find(given.begin(), given.end(), name) == given.end())
      given.push_back(name);
  };
  for (const auto &named_flag : named)
    add(named_flag.first);
  for (const std::string &assignment : assignments)
    add(assignment.substr(0, assignment.find('=')));
  return given;
}

void warnUnreadOptions(const std::vector<std::string> &names, const std::vector<std::string> &validators,
                       const std::string &command, std::ostream &warnings)
{
  for (const std::string &name : names)
  {
    const std::string warning = unreadOptionWarning(validators, name, command);
    if (!warning.empty())
      warnings << "ompl_ccd " << command << ": warning: " << warning.substr(command.size() + 2) << '\n';
  }
}

std::string validatorFlagHelp()
{
  const std::vector<std::string> names = motionValidatorNames();
  std::string list;
  for (std::size_t i = 0; i < names.size(); ++i)
    list += (i == 0 ? "" : i + 1 == names.size() ? " or " : ", ") + names[i];
  return "Motion validator: " + list +
         " (discrete: OMPL's sampling, no guarantee; the others certify; `ompl_ccd options` lists what each reads)";
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
