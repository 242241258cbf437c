#include "options_command.h"

#include "ompl_ccd/ompl/validator_options.h"

namespace ompl_ccd::cli
{
CLI::App *addOptionsCommand(CLI::App &app)
{
  return app.add_subcommand("options", "List every validator option (for --option NAME=VALUE, the plan YAML's "
                                       "validator_options and the ROS node's ~validator_options/NAME)");
}

int runOptions(std::ostream &out)
{
  const ValidatorOptions defaults;
  out << "| option | validators | default | allowed | meaning |\n|---|---|---|---|---|\n";
  for (const ValidatorOption &option : validatorOptionSchema())
    out << "| `" << option.name << "` | " << option.validators << " | `" << option.text(defaults) << "` | "
        << option.range << " | " << option.doc << " |\n";
  return 0;
}
}  // namespace ompl_ccd::cli
