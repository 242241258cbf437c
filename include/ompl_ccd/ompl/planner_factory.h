#pragma once
/// \file planner_factory.h
/// Builds an OMPL geometric planner by name.

#include <ompl/base/Planner.h>
#include <string>
#include <vector>

namespace ompl_ccd
{
/** \brief "PRM", "LazyPRM", "RRT", "RRTConnect", "RRTstar", "BITstar". */
std::vector<std::string> plannerNames();
/** \brief The planner \a name for \a si. \throws Error for an unknown name, listing the known ones. */
ompl::base::PlannerPtr makePlanner(const std::string &name, const ompl::base::SpaceInformationPtr &si);
}  // namespace ompl_ccd
