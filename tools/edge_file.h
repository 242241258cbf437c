#pragma once
/// \file edge_file.h
/// The text files of states the CLI reads and writes: edge files (one motion per line) and path
/// files (one waypoint per line).
///
/// Format of both: numbers separated by whitespace and/or commas, in RobotModel state order
/// (as `ompl_ccd info` prints it); `#` starts a comment (whole line or trailing); blank lines are
/// skipped. An edge line holds 2·nq numbers (start then goal); a path line holds nq numbers and
/// consecutive waypoints are the edges.

#include <Eigen/Core>
#include <string>
#include <utility>
#include <vector>

#include "ompl_ccd/model/robot_model.h"
#include "ompl_ccd/ompl/path_certification.h"

namespace ompl_ccd::cli
{
/** \brief Reads an edge file: 2·model.nq() numbers per line.
    \throws Error naming the file and line for a wrong count, a token that is not a number, a
            NaN/inf or out-of-limits value (RobotModel::checkState), or a file with no edge. */
std::vector<StateEdge> readEdgeFile(const std::string &path, const RobotModel &model);

/** \brief Reads a path file: model.nq() numbers per line; returns its consecutive edges.
    \throws Error as readEdgeFile, and when the file has fewer than two waypoints. */
std::vector<StateEdge> readPathFile(const std::string &path, const RobotModel &model);

/** \brief Writes \a waypoints as a path file with the header
    `# ompl_ccd path: <robot>, joints: <state names>` and values printed with %.17g.
    \throws Error if the file cannot be written. */
void writePathFile(const std::string &path, const RobotModel &model, const std::vector<Eigen::VectorXd> &waypoints);
}  // namespace ompl_ccd::cli
