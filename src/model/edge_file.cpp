#include "ompl_ccd/model/edge_file.h"

#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <fstream>

#include "ompl_ccd/error.h"
#include "ompl_ccd/input_file.h"

namespace ompl_ccd
{
namespace
{
/** \brief One non-blank line of numbers and its 1-based line number. */
struct NumberLine
{
  std::vector<double> values;
  int line = 0;
};

/** \brief Splits \a text at whitespace and commas after cutting its `#` comment. */
std::vector<std::string> tokens(std::string text)
{
  text = text.substr(0, text.find('#'));
  std::vector<std::string> out;
  std::string token;
  for (const char c : text)
  {
    if (c == ',' || std::isspace(static_cast<unsigned char>(c)))
    {
      if (!token.empty())
        out.push_back(token);
      token.clear();
    }
    else
      token += c;
  }
  if (!token.empty())
    out.push_back(token);
  return out;
}

/** \brief Every non-blank line of \a path as numbers; NaN and inf are kept for checkState. */
std::vector<NumberLine> readNumberLines(const std::string &path, const std::string &what, const std::string &context)
{
  requireInputFile(path, context, what, "check the path");
  std::ifstream in(path);
  std::vector<NumberLine> lines;
  std::string text;
  for (int line = 1; std::getline(in, text); ++line)
  {
    const std::vector<std::string> words = tokens(text);
    if (words.empty())
      continue;
    NumberLine numbers{{}, line};
    for (const std::string &word : words)
    {
      char *end = nullptr;
      errno = 0;
      const double value = std::strtod(word.c_str(), &end);
      OMPL_CCD_THROW_UNLESS(end == word.c_str() + word.size() && errno != ERANGE, context, ": ", path, " line ",
                            line, ": '", word, "' is not a number; write decimal numbers separated by spaces or commas.");
      numbers.values.push_back(value);
    }
    lines.push_back(std::move(numbers));
  }
  return lines;
}
}  // namespace

Edge edgeFromValues(const double *values, std::size_t count, const RobotModel &model, const std::string &where)
{
  const int nq = model.nq();
  OMPL_CCD_THROW_UNLESS(count == 2 * static_cast<std::size_t>(nq), where, ": expected ", 2 * nq, " numbers (2 × ",
                        nq, " joints), got ", count,
                        "; write the start then the goal state in the order `ompl_ccd info` prints.");
  return Edge{model.acceptState(Eigen::Map<const Eigen::VectorXd>(values, nq), where + " (start)"),
              model.acceptState(Eigen::Map<const Eigen::VectorXd>(values + nq, nq), where + " (goal)"), 0};
}

Eigen::VectorXd waypointFromValues(const double *values, std::size_t count, const RobotModel &model,
                                   const std::string &where)
{
  const int nq = model.nq();
  OMPL_CCD_THROW_UNLESS(count == static_cast<std::size_t>(nq), where, ": expected ", nq,
                        " numbers (one waypoint of ", nq, " joints), got ", count,
                        "; write one state per line in the order `ompl_ccd info` prints.");
  return model.acceptState(Eigen::Map<const Eigen::VectorXd>(values, nq), where);
}

std::vector<Edge> pathEdges(const std::vector<Eigen::VectorXd> &waypoints, const std::vector<int> &lines,
                            const std::string &source)
{
  OMPL_CCD_THROW_UNLESS(waypoints.size() >= 2, source, " holds ", waypoints.size(),
                        " waypoint(s); a path needs at least two (one per line).");
  std::vector<Edge> edges;
  for (std::size_t i = 0; i + 1 < waypoints.size(); ++i)
    edges.push_back({waypoints[i], waypoints[i + 1], lines[i + 1]});
  return edges;
}

std::vector<Edge> readEdgeFile(const std::string &path, const RobotModel &model, const std::string &context)
{
  std::vector<Edge> edges;
  for (const NumberLine &numbers : readNumberLines(path, "edge file", context))
  {
    edges.push_back(edgeFromValues(numbers.values.data(), numbers.values.size(), model,
                                   concat(context, ": ", path, " line ", numbers.line)));
    edges.back().line = numbers.line;
  }
  OMPL_CCD_THROW_UNLESS(!edges.empty(), context, ": ", path, " holds no edge; write one edge (", 2 * model.nq(),
                        " numbers) per line.");
  return edges;
}

std::vector<Edge> readPathFile(const std::string &path, const RobotModel &model, const std::string &context)
{
  std::vector<Eigen::VectorXd> waypoints;
  std::vector<int> lines;
  for (const NumberLine &numbers : readNumberLines(path, "path file", context))
  {
    waypoints.push_back(waypointFromValues(numbers.values.data(), numbers.values.size(), model,
                                           concat(context, ": ", path, " line ", numbers.line)));
    lines.push_back(numbers.line);
  }
  return pathEdges(waypoints, lines, concat(context, ": ", path));
}

void writePathFile(const std::string &path, const RobotModel &model, const std::vector<Eigen::VectorXd> &waypoints)
{
  std::FILE *file = std::fopen(path.c_str(), "w");
  OMPL_CCD_THROW_UNLESS(file != nullptr, "plan: cannot write path file '", path,
                        "'; check that its folder exists and is writable.");
  std::fprintf(file, "# ompl_ccd path: %s, joints:", model.name().c_str());
  for (int i = 0; i < model.nq(); ++i)
    std::fprintf(file, " %s", model.stateName(i).c_str());
  std::fprintf(file, "\n");
  for (const Eigen::VectorXd &q : waypoints)
  {
    for (int i = 0; i < q.size(); ++i)
      std::fprintf(file, i == 0 ? "%.17g" : " %.17g", q[i]);
    std::fprintf(file, "\n");
  }
  const bool written = std::ferror(file) == 0;
  const bool closed = std::fclose(file) == 0;
  OMPL_CCD_THROW_UNLESS(written && closed, "plan: writing path file '", path, "' failed; check free disk space.");
}
}  // namespace ompl_ccd
