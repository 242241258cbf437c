#pragma once
/// \file path_report.h
/// `--report FILE` of `validate` and `plan`: a certified path report drawn by tools/path_report.py
/// (matplotlib) from the JSON lines of the edges, each with its clearance profile.

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "ompl_ccd/certify/clearance_profile.h"

namespace ompl_ccd::cli
{
/** \brief Refuses \a path before any work unless it ends in .html, .svg or .png (its folder and
    the other files are checked by checkOutputFiles, output_file.h). \throws Error prefixed by
    \a command. */
void checkReportFile(const std::string &path, const std::string &command);

/** \brief {"t", "distance", "lower"} per sample (clearance_profile.h): the optional "clearance" array
    of an edge's JSON line. */
nlohmann::ordered_json clearanceJson(const std::vector<ClearanceSample> &profile);

/** \brief Writes the report \a path: the JSON lines {"report": \a header}, \a lines (edge lines with
    their "clearance" arrays, then the summary) go to a temporary file that path_report.py reads.
    \throws Error prefixed by \a command when Python 3 with matplotlib or the script is missing, or
            the script fails (its message is on standard error). */
void writePathReport(const std::string &path, const nlohmann::ordered_json &header,
                     const std::vector<nlohmann::ordered_json> &lines, const std::string &command);
}  // namespace ompl_ccd::cli
