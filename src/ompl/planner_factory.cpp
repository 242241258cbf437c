#include "ompl_ccd/ompl/planner_factory.h"

#include <functional>
#include <ompl/geometric/planners/informedtrees/BITstar.h>
#include <ompl/geometric/planners/prm/LazyPRM.h>
#include <ompl/geometric/planners/prm/PRM.h>
#include <ompl/geometric/planners/rrt/RRT.h>
#include <ompl/geometric/planners/rrt/RRTConnect.h>
#include <ompl/geometric/planners/rrt/RRTstar.h>

#include "ompl_ccd/error.h"

namespace ompl_ccd
{
namespace
{
using Builder = std::function<ompl::base::PlannerPtr(const ompl::base::SpaceInformationPtr &)>;

template <typename PlannerT>
ompl::base::PlannerPtr make(const ompl::base::SpaceInformationPtr &si)
{
  return std::make_shared<PlannerT>(si);
}

/** \brief Every planner by name, in the order plannerNames() lists them. */
const std::vector<std::pair<std::string, Builder>> &builders()
{
  namespace og = ompl::geometric;
  static const std::vector<std::pair<std::string, Builder>> table = {
      {"PRM", make<og::PRM>},   {"LazyPRM", make<og::LazyPRM>}, {"RRT", make<og::RRT>},
      {"RRTConnect", make<og::RRTConnect>}, {"RRTstar", make<og::RRTstar>}, {"BITstar", make<og::BITstar>},
  };
  return table;
}
}  // namespace

std::vector<std::string> plannerNames()
{
  std::vector<std::string> names;
  for (const auto &entry : builders())
    names.push_back(entry.first);
  return names;
}

ompl::base::PlannerPtr makePlanner(const std::string &name, const ompl::base::SpaceInformationPtr &si)
{
  for (const auto &entry : builders())
    if (entry.first == name)
      return entry.second(si);
  throw Error(concat("makePlanner: unknown planner '", name, "'; use one of: ", joinNames(plannerNames()), "."));
}
}  // namespace ompl_ccd
