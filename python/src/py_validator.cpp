#include "py_validator.h"

#include <pybind11/stl.h>

#include "ompl_ccd/error.h"
#include "report_json.h"

namespace py = pybind11;

namespace ompl_ccd::python
{
namespace
{
using DoubleArray = py::array_t<double, py::array::c_style | py::array::forcecast>;

/** \brief "(4, 12)": an array's shape as NumPy prints it. */
std::string shapeText(const DoubleArray &array)
{
  std::string text = "(";
  for (py::ssize_t d = 0; d < array.ndim(); ++d)
    text += (d == 0 ? "" : ", ") + std::to_string(array.shape(d));
  return text + (array.ndim() == 1 ? ",)" : ")");
}

/** \brief Refuses an array that is not 2-D, saying what a row holds. */
void requireRows(const DoubleArray &array, const std::string &where, int columns, const std::string &row)
{
  OMPL_CCD_THROW_UNLESS(array.ndim() == 2, where, " has shape ", shapeText(array), "; pass an array of shape (m, ",
                        columns, "): ", row, " per row, in the order `ompl_ccd info` prints.");
}

/** \brief The command-line text of a Python option value, or nullopt when it is no scalar. */
std::optional<std::string> optionText(const py::handle &value)
{
  if (py::isinstance<py::bool_>(value))
    return value.cast<bool>() ? "true" : "false";
  if (py::isinstance<py::int_>(value))
    return py::str(value).cast<std::string>();
  if (py::isinstance<py::float_>(value))
    return numberText(value.cast<double>());
  if (py::isinstance<py::str>(value))
    return value.cast<std::string>();
  return std::nullopt;
}

/** \brief An (m, 3) array of \a rows. */
py::array_t<double> points(const std::vector<Eigen::Vector3d> &rows)
{
  py::array_t<double> array({static_cast<py::ssize_t>(rows.size()), py::ssize_t{3}});
  auto out = array.mutable_unchecked<2>();
  for (std::size_t i = 0; i < rows.size(); ++i)
    for (int k = 0; k < 3; ++k)
      out(i, k) = rows[i][k];
  return array;
}
}  // namespace

ValidatorOptions validatorOptionsFrom(const py::dict &keywords, const std::string &context)
{
  ValidatorOptions options;
  for (const auto &[key, value] : keywords)
  {
    const std::string name = py::str(key);
    const std::optional<std::string> text = optionText(value);
    if (!text)
      refuseValidatorOption(findValidatorOption(name, context),
                            "a " + py::str(py::type::of(value).attr("__name__")).cast<std::string>(), context);
    setValidatorOption(options, name, *text, context);
  }
  return options;
}

PyValidator::PyValidator(std::shared_ptr<const PyWorld> world, const std::string &name, const py::dict &options)
  : world_(std::move(world))
{
  const ValidatorOptions parsed = validatorOptionsFrom(options, "World.validator");
  // A keyword this validator does not read: a UserWarning at the caller of World.validator (stack:
  // that caller, World.validator, Validator.__init__).
  for (const auto &entry : options)
  {
    const std::string warning = unreadOptionWarning({name}, py::str(entry.first), "World.validator");
    if (!warning.empty() && PyErr_WarnEx(PyExc_UserWarning, warning.c_str(), 3) != 0)
      throw py::error_already_set();  // warnings turned into errors
  }
  py::gil_scoped_release release;
  checker_ = std::make_unique<const EdgeChecker>(world_->world(), name, parsed);
}

py::dict PyValidator::check(const DoubleArray &edges, const std::string &mode, int jobs, bool json,
                            std::size_t first_edge) const
{
  const RobotModel &robot = world_->robot();
  const std::string context = "Validator.check";
  requireRows(edges, context + ": edges", 2 * robot.nq(), "one edge (start then goal state)");
  const std::size_t columns = edges.shape(1);
  if (columns != 2 * static_cast<std::size_t>(robot.nq()))
    edgeFromValues(nullptr, columns, robot, context + ": edges of shape " + shapeText(edges));  // throws
  std::vector<Edge> rows;
  for (py::ssize_t i = 0; i < edges.shape(0); ++i)
  {
    rows.push_back(edgeFromValues(edges.data(i, 0), columns, robot, concat(context, ": edges row ", i)));
    rows.back().line = static_cast<int>(i);
  }
  return answer(rows, mode, jobs, json, first_edge, context);
}

py::dict PyValidator::checkPath(const DoubleArray &waypoints, const std::string &mode, int jobs, bool json,
                                std::size_t first_edge) const
{
  const RobotModel &robot = world_->robot();
  const std::string context = "Validator.check_path";
  requireRows(waypoints, context + ": waypoints", robot.nq(), "one waypoint");
  const std::size_t columns = waypoints.shape(1);
  if (columns != static_cast<std::size_t>(robot.nq()))
    waypointFromValues(nullptr, columns, robot, context + ": waypoints of shape " + shapeText(waypoints));  // throws
  std::vector<Eigen::VectorXd> states;
  std::vector<int> rows;
  for (py::ssize_t i = 0; i < waypoints.shape(0); ++i)
  {
    states.push_back(waypointFromValues(waypoints.data(i, 0), columns, robot, concat(context, ": waypoints row ", i)));
    rows.push_back(static_cast<int>(i));
  }
  return answer(pathEdges(states, rows, context + ": waypoints"), mode, jobs, json, first_edge, context);
}

py::dict PyValidator::answer(const std::vector<Edge> &edges, const std::string &mode, int jobs, bool json,
                             std::size_t first_edge, const std::string &context) const
{
  const Mode parsed_mode = modeFromString(mode, context);
  const int threads = edgeJobs(std::to_string(jobs), context + ": jobs");  // validate --jobs's check
  std::vector<EdgeReport> answers;
  {
    py::gil_scoped_release release;
    answers = checker_->checkAll(edges, parsed_mode, threads);
  }
  const std::size_t m = answers.size();
  py::array_t<std::int8_t> verdict(m);
  py::array_t<double> toc_lower(m), toc_upper(m), time_us(m), witness_time(m);
  py::array_t<bool> witness(m);
  py::array_t<std::int32_t> witness_link(m), witness_other(m);
  std::vector<Eigen::Vector3d> point_a(m), point_b(m), normal(m);
  py::list lines;
  const double nan = std::numeric_limits<double>::quiet_NaN();
  for (std::size_t i = 0; i < m; ++i)
  {
    const Report &report = answers[i].report;
    verdict.mutable_at(i) = static_cast<std::int8_t>(report.verdict);
    toc_lower.mutable_at(i) = report.toc_lower;
    toc_upper.mutable_at(i) = report.toc_upper;
    time_us.mutable_at(i) = answers[i].time_us;
    witness.mutable_at(i) = report.witness.has_value();
    witness_time.mutable_at(i) = report.witness ? report.witness->time : nan;
    witness_link.mutable_at(i) = report.witness ? world_->contactIndex(report.witness->link) : -1;
    witness_other.mutable_at(i) = report.witness ? world_->contactIndex(report.witness->other) : -1;
    const Eigen::Vector3d none = Eigen::Vector3d::Constant(nan);
    point_a[i] = report.witness ? report.witness->point_a : none;
    point_b[i] = report.witness ? report.witness->point_b : none;
    normal[i] = report.witness ? report.witness->normal : none;
    if (json)
      lines.append(cli::edgeJson(first_edge + i, report, answers[i].time_us).dump());
  }
  py::dict result;
  result["verdict"] = verdict;
  result["toc_lower"] = toc_lower;
  result["toc_upper"] = toc_upper;
  result["time_us"] = time_us;
  result["witness"] = witness;
  result["witness_time"] = witness_time;
  result["witness_link"] = witness_link;
  result["witness_other"] = witness_other;
  result["witness_point_a"] = points(point_a);
  result["witness_point_b"] = points(point_b);
  result["witness_normal"] = points(normal);
  if (json)
    result["json"] = lines;
  return result;
}
}  // namespace ompl_ccd::python
