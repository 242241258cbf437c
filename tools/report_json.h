#pragma once
/// \file report_json.h
/// JSON records of `ompl_ccd validate`: one per edge, then one summary.

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "ompl_ccd/certify/certifier.h"
#include "ompl_ccd/ompl/path_certification.h"

namespace ompl_ccd::cli
{
/** \brief {"edge", "verdict", "toc_lower", "toc_upper", "witness" (object or null), "time_us",
    "stats"} for edge \a index (0-based) answered in \a time_us microseconds; with \a features the
    witness also has "features" (contactJson). */
nlohmann::ordered_json edgeJson(std::size_t index, const Report &report, double time_us, bool features = false);

/** \brief {"time", "link", "other", "point_a", "point_b", "normal"}; points in the world frame. With
    \a features also "features": {"link": F, "other": F}, F = {"shape", "vertices", "triangle"} (a
    vertex, an edge or a face of the shape's triangles: ContactFeature) or null when unknown. */
nlohmann::ordered_json contactJson(const Contact &contact, bool features = false);

/** \brief {"summary": {"validator", "mode", "edges", "free", "collision", "undecided",
    "total_time_us", "median_time_us"}} over \a edges (times: each edge's own EdgeReport::time_us). */
nlohmann::ordered_json summaryJson(const std::string &validator, Mode mode, const std::vector<EdgeReport> &edges);

/** \brief The same summary over the edges' \a verdicts and their \a times_us (the Python module's
    verdict codes). */
nlohmann::ordered_json summaryJson(const std::string &validator, Mode mode, const std::vector<Verdict> &verdicts,
                                   const std::vector<double> &times_us);
}  // namespace ompl_ccd::cli
