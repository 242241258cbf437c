/// \file module.cpp
/// `ompl_ccd._ompl_ccd`: the compiled core of the Python package `ompl_ccd` (python/ompl_ccd/
/// wraps it: World, Validator, structured results). Errors of bad input are raised as
/// ompl_ccd.Error (a ValueError) with the library's message, as the command line prints it.

#include <ompl/util/Console.h>
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "ompl_ccd/error.h"
#include "ompl_ccd/model/edge_file.h"
#include "ompl_ccd/ompl/motion_validator_factory.h"
#include "py_validator.h"
#include "py_world.h"
#include "report_json.h"

namespace py = pybind11;
using ompl_ccd::python::PyValidator;
using ompl_ccd::python::PyWorld;

namespace
{
/** \brief `ompl_ccd info`'s "joints": the joints that take state values, in state order. */
py::list jointsOf(const ompl_ccd::RobotModel &robot)
{
  py::list joints;
  for (const ompl_ccd::Joint &joint : robot.joints())
  {
    if (joint.mimic_source >= 0)
      continue;
    py::dict entry;
    entry["name"] = joint.name;
    entry["type"] = ompl_ccd::toString(joint.type);
    entry["lower"] = joint.lower;
    entry["upper"] = joint.upper;
    entry["velocity"] = joint.velocity;
    entry["q_index"] = joint.q_index;
    joints.append(entry);
  }
  return joints;
}

/** \brief The JSON summary line of `ompl_ccd validate` over verdict codes and times. */
std::string summaryLine(const std::string &validator, const std::string &mode,
                        const std::vector<std::int8_t> &verdicts, const std::vector<double> &times_us)
{
  std::vector<ompl_ccd::Verdict> codes;
  for (const std::int8_t code : verdicts)
    codes.push_back(static_cast<ompl_ccd::Verdict>(code));
  return ompl_ccd::cli::summaryJson(validator, ompl_ccd::modeFromString(mode, "summary_line"), codes, times_us).dump();
}
}  // namespace

PYBIND11_MODULE(_ompl_ccd, m)
{
  m.doc() = "Compiled core of ompl_ccd (use the package ompl_ccd: World, Validator).";
  ompl::msg::setLogLevel(ompl::msg::LOG_WARN);  // OMPL informs on stdout, as the command line keeps quiet
  py::register_exception<ompl_ccd::Error>(m, "Error", PyExc_ValueError);

  m.attr("FREE") = static_cast<int>(ompl_ccd::Verdict::Free);
  m.attr("COLLISION") = static_cast<int>(ompl_ccd::Verdict::Collision);
  m.attr("UNDECIDED") = static_cast<int>(ompl_ccd::Verdict::Undecided);
  m.attr("VERDICTS") = py::make_tuple(ompl_ccd::toString(ompl_ccd::Verdict::Free),
                                      ompl_ccd::toString(ompl_ccd::Verdict::Collision),
                                      ompl_ccd::toString(ompl_ccd::Verdict::Undecided));
  m.attr("MAX_JOBS") = ompl_ccd::kMaxEdgeJobs;
  m.def("validator_names", &ompl_ccd::motionValidatorNames, "Names World.validator accepts.");
  m.def("option_names", &ompl_ccd::validatorOptionNames, "Every validator option (`ompl_ccd options`).");
  m.def(
      "option_assignments",
      [](const std::vector<std::string> &assignments, const std::string &context) {
        ompl_ccd::ValidatorOptions checked;
        std::vector<std::pair<std::string, std::string>> pairs;
        for (const std::string &assignment : assignments)
        {
          ompl_ccd::assignValidatorOption(checked, assignment, context);  // refuses as the command line does
          const std::size_t equals = assignment.find('=');
          pairs.emplace_back(assignment.substr(0, equals), assignment.substr(equals + 1));
        }
        return pairs;
      },
      py::arg("assignments"), py::arg("context"),
      "(name, value) of each NAME=VALUE, checked by the options schema as `--option` is.");
  m.def("summary_line", &summaryLine, py::arg("validator"), py::arg("mode"), py::arg("verdicts"), py::arg("time_us"),
        "The summary JSON line of `ompl_ccd validate` over verdict codes and times (µs).");

  py::class_<PyWorld, std::shared_ptr<PyWorld>>(m, "World")
      .def(py::init<const std::string &, const std::string &, const std::string &, const std::vector<std::string> &>(),
           py::arg("robot"), py::arg("srdf"), py::arg("scene"), py::arg("package_paths"),
           py::call_guard<py::gil_scoped_release>())
      .def_property_readonly("robot_name", [](const PyWorld &w) { return w.robot().name(); })
      .def_property_readonly("nq", [](const PyWorld &w) { return w.robot().nq(); })
      .def_property_readonly("joints", [](const PyWorld &w) { return jointsOf(w.robot()); })
      .def_property_readonly("state_names",
                             [](const PyWorld &w) {
                               std::vector<std::string> names;
                               for (int i = 0; i < w.robot().nq(); ++i)
                                 names.push_back(w.robot().stateName(i));
                               return names;
                             })
      .def_property_readonly("contact_names", &PyWorld::contactNames)
      .def("with_points",
           [](const PyWorld &w, const py::array_t<double, py::array::c_style | py::array::forcecast> &points,
              double radius, double voxel, bool cloud_index) {
             const std::string columns =
                 points.ndim() == 2 ? ompl_ccd::concat(" and ", points.shape(1), " columns") : std::string();
             OMPL_CCD_THROW_UNLESS(points.ndim() == 2 && points.shape(1) == 3, "World.set_points: points has ",
                                   points.ndim(), " dimensions", columns,
                                   "; give an (n, 3) array of x, y, z (metres, world frame).");
             std::vector<Eigen::Vector3d> p_WP;
             const auto in = points.unchecked<2>();
             for (py::ssize_t i = 0; i < points.shape(0); ++i)
               p_WP.emplace_back(in(i, 0), in(i, 1), in(i, 2));
             py::gil_scoped_release release;
             return std::make_shared<PyWorld>(w, p_WP, radius, voxel, cloud_index);
           },
           py::arg("points"), py::arg("radius"), py::arg("voxel"), py::arg("cloud_index"))
      .def("read_edges",
           [](const PyWorld &w, const std::string &path, const std::string &context) {
             const std::vector<ompl_ccd::Edge> edges = ompl_ccd::readEdgeFile(path, w.robot(), context);
             const int nq = w.robot().nq();
             py::array_t<double> array({static_cast<py::ssize_t>(edges.size()), static_cast<py::ssize_t>(2 * nq)});
             auto out = array.mutable_unchecked<2>();
             for (std::size_t i = 0; i < edges.size(); ++i)
               for (int k = 0; k < nq; ++k)
               {
                 out(i, k) = edges[i].start[k];
                 out(i, nq + k) = edges[i].goal[k];
               }
             return array;
           },
           py::arg("path"), py::arg("context") = "read_edges")
      .def("read_path",
           [](const PyWorld &w, const std::string &path, const std::string &context) {
             const std::vector<ompl_ccd::Edge> edges = ompl_ccd::readPathFile(path, w.robot(), context);
             const int nq = w.robot().nq();
             py::array_t<double> array({static_cast<py::ssize_t>(edges.size() + 1), static_cast<py::ssize_t>(nq)});
             auto out = array.mutable_unchecked<2>();
             for (std::size_t i = 0; i <= edges.size(); ++i)
               for (int k = 0; k < nq; ++k)
                 out(i, k) = i == 0 ? edges[0].start[k] : edges[i - 1].goal[k];
             return array;
           },
           py::arg("path"), py::arg("context") = "read_path");

  py::class_<PyValidator>(m, "Validator")
      .def(py::init<std::shared_ptr<const PyWorld>, const std::string &, const py::dict &>(), py::arg("world"),
           py::arg("name"), py::arg("options"))
      .def_property_readonly("name", &PyValidator::name)
      .def("check", &PyValidator::check, py::arg("edges"), py::arg("mode"), py::arg("jobs"), py::arg("json"),
           py::arg("first_edge"))
      .def("check_path", &PyValidator::checkPath, py::arg("waypoints"), py::arg("mode"), py::arg("jobs"),
           py::arg("json"), py::arg("first_edge"));
}
