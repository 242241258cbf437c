#pragma once
/// \file edge_file.h
/// Motions as rows of numbers: edge files (one motion per line) and path files (one waypoint per
/// line), as `ompl_ccd validate` reads them, and the same row checks for states that come as an
/// array (the Python module's NumPy edges and waypoints).
///
/// Format of both files: numbers separated by whitespace and/or commas, in RobotModel state order
/// (as `ompl_ccd info` prints it); `#` starts a comment (whole line or trailing); blank lines are
/// skipped. An edge line holds 2·nq numbers (start then goal); a path line holds nq numbers and
/// consecutive waypoints are the edges.

#include <Eigen/Core>
#include <cstddef>
#include <string>
#include <vector>

#include "ompl_ccd/model/robot_model.h"

namespace ompl_ccd
{
/** \brief A motion from \e start to \e goal (state vectors), with the line or row it came from. */
struct Edge
{
  Eigen::VectorXd start, goal;
  /** \brief 1-based line of the edge file (path files: the goal's line); 0-based row of an array. */
  int line = 0;
};

/** \brief The edge held by \a count numbers at \a values: the start state, then the goal state.
    \param where names the row in messages ("validate: edges.txt line 3", "Validator.check: edges row 2").
    \throws Error "<where>: expected 2·nq numbers (2 × nq joints), got <count>; ..." or, for a bad
            state, RobotModel::acceptState's message with context "<where> (start)" / "<where> (goal)". */
Edge edgeFromValues(const double *values, std::size_t count, const RobotModel &model, const std::string &where);

/** \brief The waypoint held by \a count numbers at \a values.
    \throws Error "<where>: expected nq numbers (one waypoint of nq joints), got <count>; ..." or
            RobotModel::acceptState's message with context \a where. */
Eigen::VectorXd waypointFromValues(const double *values, std::size_t count, const RobotModel &model,
                                   const std::string &where);

/** \brief The consecutive edges of \a waypoints; edge i takes \a lines[i + 1] (the goal's line).
    \param source names the path in messages ("validate: path.txt").
    \throws Error "<source> holds <k> waypoint(s); a path needs at least two (one per line)." */
std::vector<Edge> pathEdges(const std::vector<Eigen::VectorXd> &waypoints, const std::vector<int> &lines,
                            const std::string &source);

/** \brief Reads an edge file: 2·model.nq() numbers per line.
    \param context starts every message ("validate").
    \throws Error naming the file and line for a wrong count, a token that is not a number, a
            NaN/inf or out-of-limits value (RobotModel::acceptState), or a file with no edge. */
std::vector<Edge> readEdgeFile(const std::string &path, const RobotModel &model, const std::string &context);

/** \brief Reads a path file: model.nq() numbers per line; returns its consecutive edges.
    \throws Error as readEdgeFile, and when the file has fewer than two waypoints. */
std::vector<Edge> readPathFile(const std::string &path, const RobotModel &model, const std::string &context);

/** \brief Writes \a waypoints as a path file with the header
    `# ompl_ccd path: <robot>, joints: <state names>` and values printed with %.17g.
    \throws Error if the file cannot be written. */
void writePathFile(const std::string &path, const RobotModel &model, const std::vector<Eigen::VectorXd> &waypoints);
}  // namespace ompl_ccd
