#include "certify_requests.h"

#include <cmath>
#include <map>

#include "ompl_ccd/error.h"
#include "ompl_ccd/ompl/motion_validator_factory.h"

namespace ompl_ccd::ros_node
{
namespace
{
geometry_msgs::Point point(const Eigen::Vector3d &p)
{
  geometry_msgs::Point out;
  out.x = p.x(), out.y = p.y(), out.z = p.z();
  return out;
}

geometry_msgs::Vector3 vector(const Eigen::Vector3d &v)
{
  geometry_msgs::Vector3 out;
  out.x = v.x(), out.y = v.y(), out.z = v.z();
  return out;
}

/** \brief The state of the \a count values at \a values in the columns' order, as the robot takes it. */
Eigen::VectorXd stateOf(const RobotModel &robot, const std::vector<int> &columns, const double *values,
                        const std::string &where)
{
  Eigen::VectorXd q(robot.nq());
  for (std::size_t c = 0; c < columns.size(); ++c)
    q[columns[c]] = values[c];
  return robot.acceptState(q, where);
}

/** \brief The validator and mode a request names (defaults when empty). */
std::pair<std::string, Mode> validatorAndMode(const std::string &validator, const std::string &mode,
                                              const std::string &default_validator, Mode default_mode,
                                              const std::string &where)
{
  const std::string name = validator.empty() ? default_validator : validator;
  const std::vector<std::string> names = motionValidatorNames();
  OMPL_CCD_THROW_UNLESS(std::find(names.begin(), names.end(), name) != names.end(), where, ": validator '", name,
                        "' is unknown; use one of: ", joinNames(names), ".");
  return {name, mode.empty() ? default_mode : modeFromString(mode, where)};
}

/** \brief Appends the per-segment fields of \a report to \a response (CertifyTrajectory or CertifyEdges). */
template <typename Response>
void addVerdict(Response &response, const Report &report)
{
  response.verdicts.push_back(toString(report.verdict));
  response.toc_lower.push_back(report.toc_lower);
  response.toc_upper.push_back(report.toc_upper);
  response.witness_link.push_back(report.witness ? report.witness->link : "");
  response.witness_other.push_back(report.witness ? report.witness->other : "");
  response.witness_time.push_back(report.witness ? report.witness->time : NAN);
}
}  // namespace

std::vector<int> stateColumns(const RobotModel &robot, const std::vector<std::string> &joint_names,
                              const std::string &where)
{
  std::map<std::string, int> index;
  for (int i = 0; i < robot.nq(); ++i)
    index[robot.stateName(i)] = i;
  std::vector<int> columns;
  std::vector<bool> given(robot.nq(), false);
  for (const std::string &name : joint_names)
  {
    const auto it = index.find(name);
    OMPL_CCD_THROW_UNLESS(it != index.end(), where, ": joint '", name, "' is not a joint of robot '", robot.name(),
                          "' (its state: ", robot.nq(), " values); give the state's joints (`ompl_ccd info` lists them).");
    OMPL_CCD_THROW_UNLESS(!given[it->second], where, ": joint '", name, "' is given twice; name each joint once.");
    given[it->second] = true;
    columns.push_back(it->second);
  }
  for (int i = 0; i < robot.nq(); ++i)
    OMPL_CCD_THROW_UNLESS(given[i], where, ": joint '", robot.stateName(i),
                          "' is missing; give every joint of the state (`ompl_ccd info` lists them).");
  return columns;
}

CertifyTrajectory::Response certifyTrajectory(const SceneSnapshot &scene, const CertifyTrajectory::Request &request,
                                              const std::string &default_validator, TrajectoryAnswer *answer)
{
  CertifyTrajectory::Response response;
  response.first_not_free = -1;
  try
  {
    const std::string where = "certify_trajectory";
    const auto [validator, mode] =
        validatorAndMode(request.validator, request.mode, default_validator, Mode::FirstContact, where);
    const RobotModel &robot = scene.world()->robot();
    const std::vector<int> columns = stateColumns(robot, request.trajectory.joint_names, where + ": joint_names");
    const auto &points = request.trajectory.points;
    OMPL_CCD_THROW_UNLESS(points.size() >= 2, where, ": the trajectory has ", points.size(),
                          " points; give at least two (a start and a goal).");
    std::vector<Eigen::VectorXd> waypoints;
    for (std::size_t i = 0; i < points.size(); ++i)
    {
      const std::string point_where = concat(where, ": point ", i);
      OMPL_CCD_THROW_UNLESS(points[i].positions.size() == columns.size(), point_where, ": has ",
                            points[i].positions.size(), " positions for ", columns.size(),
                            " joint_names; give one position per joint name.");
      OMPL_CCD_THROW_UNLESS(i == 0 || points[i].time_from_start >= points[i - 1].time_from_start, point_where,
                            ": time_from_start goes back in time; give non-decreasing times.");
      waypoints.push_back(stateOf(robot, columns, points[i].positions.data(), point_where));
    }
    const std::shared_ptr<const EdgeChecker> checker = scene.checker(validator);
    response.last_valid = points.back().time_from_start.toSec();
    std::vector<Report> reports;
    for (std::size_t k = 0; k + 1 < waypoints.size(); ++k)
    {
      reports.push_back(checker->check(waypoints[k], waypoints[k + 1], mode, nullptr));
      const Report &report = reports.back();
      addVerdict(response, report);
      const Contact contact = report.witness.value_or(Contact{});
      response.witness_point_a.push_back(point(contact.point_a));
      response.witness_point_b.push_back(point(contact.point_b));
      response.witness_normal.push_back(vector(contact.normal));
      if (report.verdict != Verdict::Free && response.first_not_free < 0)
      {
        // Certified free on [0, toc_lower] of the segment (0 when undecided: nothing certified).
        response.first_not_free = static_cast<int>(k);
        const double t0 = points[k].time_from_start.toSec(), t1 = points[k + 1].time_from_start.toSec();
        const double certified = report.verdict == Verdict::Collision ? report.toc_lower : 0.0;
        response.last_valid = t0 + certified * (t1 - t0);
      }
    }
    response.frame_id = scene.world()->robot().links().front().name;
    response.ok = true;
    if (answer)
      *answer = {std::move(waypoints), std::move(reports)};
  }
  catch (const Error &e)
  {
    response = CertifyTrajectory::Response();
    response.first_not_free = -1;
    response.error = e.what();
  }
  return response;
}

CertifyEdges::Response certifyEdges(const SceneSnapshot &scene, const CertifyEdges::Request &request,
                                    const std::string &default_validator)
{
  CertifyEdges::Response response;
  try
  {
    const std::string where = "certify_edges";
    const auto [validator, mode] = validatorAndMode(request.validator, request.mode, default_validator, Mode::Decide, where);
    const RobotModel &robot = scene.world()->robot();
    const std::vector<int> columns = stateColumns(robot, request.joint_names, where + ": joint_names");
    const std::size_t n = columns.size();
    OMPL_CCD_THROW_UNLESS(request.starts.size() == request.goals.size() && request.starts.size() % n == 0, where,
                          ": starts has ", request.starts.size(), " values and goals ", request.goals.size(),
                          "; give both as edges x ", n, " joint values.");
    std::vector<std::pair<Eigen::VectorXd, Eigen::VectorXd>> edges;
    for (std::size_t e = 0; e < request.starts.size() / n; ++e)
      edges.emplace_back(stateOf(robot, columns, &request.starts[e * n], concat(where, ": edge ", e, " (start)")),
                         stateOf(robot, columns, &request.goals[e * n], concat(where, ": edge ", e, " (goal)")));
    const std::shared_ptr<const EdgeChecker> checker = scene.checker(validator);
    for (const auto &[start, goal] : edges)
      addVerdict(response, checker->check(start, goal, mode, nullptr));
    response.ok = true;
  }
  catch (const Error &e)
  {
    response = CertifyEdges::Response();
    response.error = e.what();
  }
  return response;
}
}  // namespace ompl_ccd::ros_node
