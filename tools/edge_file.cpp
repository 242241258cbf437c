#include "edge_file.h"

#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <fstream>

#include "ompl_ccd/error.h"
#include "ompl_ccd/input_file.h"

namespace ompl_ccd::cli
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
std::vector<NumberLine> readNumberLines(const std::string &path, const std::string &what)
{
  requireInputFile(path, "validate", what, "check the path");
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
      OMPL_CCD_THROW_UNLESS(end == word.c_str() + word.size() && errno != ERANGE, "validate: ", path, " line ",
                            line, ": '", word, "' is not a number; write decimal numbers separated by spaces or commas.");
      numbers.values.push_back(value);
    }
    lines.push_back(std::move(numbers));
  }
  return lines;
}

/** \brief The state of \a values [offset, offset + nq), checked against the model's limits. */
Eigen::VectorXd checkedState(const std::vector<double> &values, int offset, const RobotModel &model,
                             const std::string &context)
{
  const Eigen::VectorXd q = Eigen::Map<const Eigen::VectorXd>(values.data() + offset, model.nq());
  model.checkState(q, context);
  return q;
}
}  // namespace

std::vector<StateEdge> readEdgeFile(const std::string &path, const RobotModel &model)
{
  const int nq = model.nq();
  std::vector<StateEdge> edges;
  for (const NumberLine &numbers : readNumberLines(path, "edge file"))
  {
    const std::string where = concat("validate: ", path, " line ", numbers.line);
    OMPL_CCD_THROW_UNLESS(static_cast<int>(numbers.values.size()) == 2 * nq, where, ": expected ", 2 * nq,
                          " numbers (2 × ", nq, " joints), got ", numbers.values.size(),
                          "; write the start then the goal state in the order `ompl_ccd info` prints.");
    edges.push_back({checkedState(numbers.values, 0, model, where + " (start)"),
                     checkedState(numbers.values, nq, model, where + " (goal)")});
  }
  OMPL_CCD_THROW_UNLESS(!edges.empty(), "validate: ", path, " holds no edge; write one edge (", 2 * nq,
                        " numbers) per line.");
  return edges;
}

std::vector<StateEdge> readPathFile(const std::string &path, const RobotModel &model)
{
  const int nq = model.nq();
  std::vector<Eigen::VectorXd> waypoints;
  for (const NumberLine &numbers : readNumberLines(path, "path file"))
  {
    const std::string where = concat("validate: ", path, " line ", numbers.line);
    OMPL_CCD_THROW_UNLESS(static_cast<int>(numbers.values.size()) == nq, where, ": expected ", nq,
                          " numbers (one waypoint of ", nq,
                          " joints), got ", numbers.values.size(),
                          "; write one state per line in the order `ompl_ccd info` prints.");
    waypoints.push_back(checkedState(numbers.values, 0, model, where));
  }
  OMPL_CCD_THROW_UNLESS(waypoints.size() >= 2, "validate: ", path, " holds ", waypoints.size(),
                        " waypoint(s); a path needs at least two (one per line).");
  std::vector<StateEdge> edges;
  for (std::size_t i = 0; i + 1 < waypoints.size(); ++i)
    edges.push_back({waypoints[i], waypoints[i + 1]});
  return edges;
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
}  // namespace ompl_ccd::cli
