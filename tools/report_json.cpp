#include "report_json.h"

#include <algorithm>
#include <numeric>

namespace ompl_ccd::cli
{
namespace
{
nlohmann::ordered_json vector3(const Eigen::Vector3d &v)
{
  return nlohmann::ordered_json::array({v.x(), v.y(), v.z()});
}
}  // namespace

nlohmann::ordered_json contactJson(const Contact &contact)
{
  return {{"time", contact.time},
          {"link", contact.link},
          {"other", contact.other},
          {"point_a", vector3(contact.point_a)},
          {"point_b", vector3(contact.point_b)},
          {"normal", vector3(contact.normal)}};
}

nlohmann::ordered_json edgeJson(std::size_t index, const Report &report, double time_us)
{
  nlohmann::ordered_json stats = nlohmann::ordered_json::object();
  for (const auto &[name, value] : report.stats)
    stats[name] = value;
  return {{"edge", index},
          {"verdict", toString(report.verdict)},
          {"toc_lower", report.toc_lower},
          {"toc_upper", report.toc_upper},
          {"witness", report.witness ? contactJson(*report.witness) : nlohmann::ordered_json(nullptr)},
          {"time_us", time_us},
          {"stats", stats}};
}

nlohmann::ordered_json summaryJson(const std::string &validator, Mode mode, const std::vector<Report> &reports,
                           const std::vector<double> &times_us)
{
  std::vector<Verdict> verdicts;
  for (const Report &report : reports)
    verdicts.push_back(report.verdict);
  return summaryJson(validator, mode, verdicts, times_us);
}

nlohmann::ordered_json summaryJson(const std::string &validator, Mode mode, const std::vector<Verdict> &verdicts,
                                   const std::vector<double> &times_us)
{
  const auto count = [&](Verdict verdict) { return std::count(verdicts.begin(), verdicts.end(), verdict); };
  std::vector<double> sorted = times_us;
  std::sort(sorted.begin(), sorted.end());
  double median = 0.0;
  if (!sorted.empty())
  {
    const std::size_t mid = sorted.size() / 2;
    median = sorted.size() % 2 == 1 ? sorted[mid] : 0.5 * (sorted[mid - 1] + sorted[mid]);
  }
  return {{"summary",
           {{"validator", validator},
            {"mode", toString(mode)},
            {"edges", verdicts.size()},
            {"free", count(Verdict::Free)},
            {"collision", count(Verdict::Collision)},
            {"undecided", count(Verdict::Undecided)},
            {"total_time_us", std::accumulate(times_us.begin(), times_us.end(), 0.0)},
            {"median_time_us", median}}}};
}
}  // namespace ompl_ccd::cli
