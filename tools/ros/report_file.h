#pragma once
/// \file report_file.h
/// The JSON-lines certification report `ompl_ccd_plan_node` writes to `~report_file`.
///
/// Plan mode: first line `{"plan": {"status", "solved", "certified", "planner", "validator",
/// "planning_time", "simplify_time", "path_length", "waypoints", "path", "valid_motions",
/// "invalid_motions", "certify_time_us", "edges", "free"}}`, then one line per path edge as
/// `ompl_ccd validate` prints it (without "time_us": the plan only times all edges together).
/// Validate mode: exactly the lines of `ompl_ccd validate --mode first-contact`: one per edge, then
/// `{"summary": ...}`.

#include <string>
#include <vector>

#include "ompl_ccd/ompl/path_certification.h"
#include "ompl_ccd/ompl/planning.h"

namespace ompl_ccd::ros_node
{
/** \brief Writes the plan-mode report of \a result (planned with \a request) to \a path.
    The file appears complete or not at all (written to `<path>.tmp`, then renamed).
    \throws Error naming \a path if it cannot be written. */
void writePlanReport(const std::string &path, const PlanRequest &request, const PlanResult &result);

/** \brief Writes the validate-mode report of \a edges (answered by \a validator) to \a path, as
    writePlanReport does.
    \throws Error naming \a path if it cannot be written. */
void writeValidateReport(const std::string &path, const std::string &validator,
                         const std::vector<EdgeReport> &edges);
}  // namespace ompl_ccd::ros_node
