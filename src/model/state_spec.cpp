#include "ompl_ccd/model/state_spec.h"

#include "ompl_ccd/error.h"

namespace ompl_ccd
{
namespace
{
/** \brief The named state \a name of \a model; \throws Error listing the known names. */
Eigen::VectorXd namedState(const std::string &name, const RobotModel &model, const std::string &context)
{
  const auto &named = model.namedStates();
  const auto found = named.find(name);
  if (found != named.end())
    return found->second;
  std::vector<std::string> known;
  for (const auto &entry : named)
    known.push_back(entry.first);
  throw Error(concat(context, ": '", name, "' is not a named state of the SRDF (known: ",
                     known.empty() ? "none" : joinNames(known), "); give a list of ", model.nq(),
                     " joint values or a group_state name."));
}
}  // namespace

Eigen::VectorXd resolveState(const StateSpec &spec, const RobotModel &model, const std::string &context)
{
  Eigen::VectorXd q;
  if (const auto *name = std::get_if<std::string>(&spec))
    q = namedState(*name, model, context);
  else
  {
    const auto &values = std::get<std::vector<double>>(spec);
    q = Eigen::Map<const Eigen::VectorXd>(values.data(), static_cast<Eigen::Index>(values.size()));
  }
  return model.acceptState(q, context);
}
}  // namespace ompl_ccd
