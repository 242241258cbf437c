#include "report_file.h"

#include <cstdio>
#include <fstream>

#include "../report_json.h"
#include "ompl_ccd/error.h"

namespace ompl_ccd::ros_node
{
namespace
{
/** \brief Writes \a lines to \a path through `<path>.tmp` and a rename, so a reader polling for
    \a path never sees half a report. */
void writeAtomically(const std::string &path, const std::vector<nlohmann::ordered_json> &lines)
{
  const std::string temporary = path + ".tmp";
  {
    std::ofstream out(temporary);
    OMPL_CCD_THROW_UNLESS(out.good(), "ompl_ccd_plan_node: cannot write '", temporary,
                          "'; make its folder exist and be writable, or change ~report_file.");
    for (const nlohmann::ordered_json &line : lines)
      out << line.dump() << '\n';
    OMPL_CCD_THROW_UNLESS(out.good(), "ompl_ccd_plan_node: writing '", temporary,
                          "' failed; check the free space, or change ~report_file.");
  }
  OMPL_CCD_THROW_UNLESS(std::rename(temporary.c_str(), path.c_str()) == 0, "ompl_ccd_plan_node: cannot rename '",
                        temporary, "' to '", path, "'; check the folder's permissions, or change ~report_file.");
}
}  // namespace

void writePlanReport(const std::string &path, const PlanRequest &request, const PlanResult &result)
{
  std::size_t free = 0;
  for (const Report &report : result.edge_reports)
    free += report.verdict == Verdict::Free ? 1 : 0;
  nlohmann::ordered_json waypoints = nlohmann::ordered_json::array();
  for (const Eigen::VectorXd &q : result.path)
    waypoints.push_back(std::vector<double>(q.data(), q.data() + q.size()));
  std::vector<nlohmann::ordered_json> lines;
  lines.push_back({{"plan",
                    {{"status", result.status},
                     {"solved", result.solved},
                     {"certified", result.certified()},
                     {"planner", request.planner},
                     {"validator", request.validator},
                     {"certified_by", result.certified_by},
                     {"planning_time", result.planning_time},
                     {"simplify_time", result.simplify_time},
                     {"path_length", result.path_length},
                     {"waypoints", result.path.size()},
                     {"path", waypoints},
                     {"valid_motions", result.valid_motions},
                     {"invalid_motions", result.invalid_motions},
                     {"certify_time_us", result.certify_time_us},
                     {"edges", result.edge_reports.size()},
                     {"free", free}}}});
  for (std::size_t i = 0; i < result.edge_reports.size(); ++i)
  {
    nlohmann::ordered_json edge = cli::edgeJson(i, result.edge_reports[i], 0.0);
    edge.erase("time_us");
    lines.push_back(edge);
  }
  writeAtomically(path, lines);
}

void writeValidateReport(const std::string &path, const std::string &validator, const std::vector<EdgeReport> &edges)
{
  std::vector<nlohmann::ordered_json> lines;
  for (std::size_t i = 0; i < edges.size(); ++i)
    lines.push_back(cli::edgeJson(i, edges[i].report, edges[i].time_us));
  lines.push_back(cli::summaryJson(validator, Mode::FirstContact, edges));
  writeAtomically(path, lines);
}
}  // namespace ompl_ccd::ros_node
