#pragma once
/// \file report_json.h
/// JSON records of `ompl_ccd validate`: one per edge, then one summary.

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "ompl_ccd/certify/certifier.h"

namespace ompl_ccd::cli
{
/** \brief {"edge", "verdict", "toc_lower", "toc_upper", "witness" (object or null), "time_us",
    "stats"} for edge \a index (0-based) answered in \a time_us microseconds. */
nlohmann::ordered_json edgeJson(std::size_t index, const Report &report, double time_us);

/** \brief {"time", "link", "other", "point_a", "point_b", "normal"}; points in the world frame. */
nlohmann::ordered_json contactJson(const Contact &contact);

/** \brief {"summary": {"validator", "mode", "edges", "free", "collision", "undecided",
    "total_time_us", "median_time_us"}} over \a reports and their \a times_us. */
nlohmann::ordered_json summaryJson(const std::string &validator, Mode mode, const std::vector<Report> &reports,
                           const std::vector<double> &times_us);

/** \brief The same summary over the edges' \a verdicts (the Python module's verdict codes). */
nlohmann::ordered_json summaryJson(const std::string &validator, Mode mode, const std::vector<Verdict> &verdicts,
                                   const std::vector<double> &times_us);
}  // namespace ompl_ccd::cli
