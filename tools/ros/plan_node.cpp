/// \file plan_node.cpp
/// `ompl_ccd_plan_node`: plans a path for the robot in `robot_description` through the scene in
/// `~scene` and certifies every edge of it (mode "plan"), or certifies the edges of a given path
/// (mode "validate"); logs the path and the certification report and writes them to files when
/// `~path_file` / `~report_file` are set. Parameters: see node_parameters.h.
///
/// Exit code: 0 = path found and every edge certified free; 1 = no path, or an edge is not
/// certified free; 2 = bad or missing parameter or input (logged with ROS_ERROR naming it and the
/// fix); 3 = any other failure (logged).

#include <ros/ros.h>

#include <cstdio>
#include <memory>
#include <string>

#include "node_parameters.h"
#include "ompl_ccd/error.h"
#include "ompl_ccd/geometry/scene_loader.h"
#include "ompl_ccd/model/edge_file.h"
#include "ompl_ccd/ompl/path_certification.h"
#include "ompl_ccd/ompl/simple_setup.h"
#include "report_file.h"

namespace ompl_ccd::ros_node
{
namespace
{
/** \brief "[q0, q1, ...]" with 6 decimals. */
std::string stateText(const Eigen::VectorXd &q)
{
  std::string text = "[";
  char number[32];
  for (int i = 0; i < q.size(); ++i)
  {
    std::snprintf(number, sizeof(number), i == 0 ? "%.6f" : ", %.6f", q[i]);
    text += number;
  }
  return text + "]";
}

/** \brief The robot of robot_description (+ SRDF) in the scene of ~scene. */
CollisionWorldPtr loadWorld(const NodeParameters &params)
{
  RobotModelOptions options;
  options.package_paths = params.package_paths;
  if (!params.srdf.empty())
    options.srdf = parseSrdf(params.srdf, "robot_description_semantic");
  RobotModelPtr robot;
  try
  {
    robot = std::make_shared<const RobotModel>(
        RobotModel::fromUrdfString(params.urdf, params.mesh_base_dir, "robot_description", options));
  }
  catch (const Error &e)
  {
    if (!params.mesh_base_dir.empty())
      throw;
    throw Error(concat(e.what(), " (~mesh_base_dir is not set, so relative mesh paths of robot_description start "
                                 "from the node's working directory: set ~mesh_base_dir to the URDF's folder.)"));
  }
  ScenePtr scene;
  try
  {
    scene = loadScene(params.scene, params.package_paths);
  }
  catch (const Error &e)
  {
    throw Error(concat("ompl_ccd_plan_node: parameter '~scene': ", e.what()));
  }
  ROS_INFO("robot: %s (%d joints), scene: %s (%zu obstacles)", robot->name().c_str(), robot->nq(),
           params.scene.c_str(), scene->obstacles().size());
  return std::make_shared<const CollisionWorld>(robot, scene);
}

/** \brief Logs one line per edge report and the count of free edges, checked by \a certified_by;
    \returns that count. */
std::size_t logEdges(const std::vector<Report> &reports, const std::string &certified_by)
{
  std::size_t free = 0;
  for (std::size_t i = 0; i < reports.size(); ++i)
  {
    const Report &report = reports[i];
    free += report.verdict == Verdict::Free ? 1 : 0;
    const std::string contact =
        report.witness ? ", contact " + report.witness->link + " / " + report.witness->other : std::string();
    if (report.verdict == Verdict::Free)  // a free edge has no first contact to bracket
      ROS_INFO("edge %zu: %s", i, toString(report.verdict));
    else
      ROS_INFO("edge %zu: %s, toc in [%.6f, %.6f]%s", i, toString(report.verdict), report.toc_lower,
               report.toc_upper, contact.c_str());
  }
  if (certified_by == "discrete")
    ROS_INFO("checked by sampling (discrete, no guarantee): %zu/%zu edges valid", free, reports.size());
  else
    ROS_INFO("certified by %s: %zu/%zu edges free", certified_by.c_str(), free, reports.size());
  return free;
}

/** \brief Mode "plan": plans, certifies, logs, writes the files. \returns the exit code. */
int runPlan(const NodeParameters &params, const CollisionWorldPtr &world)
{
  PlanRequest request = params.request;
  request.start = resolveState(params.start, world->robot(), "ompl_ccd_plan_node: parameter '~start'");
  request.goal = resolveState(params.goal, world->robot(), "ompl_ccd_plan_node: parameter '~goal'");
  ROS_INFO("planner: %s, time limit %g s, validator: %s", request.planner.c_str(), request.time_limit,
           request.validator.c_str());
  ROS_INFO("start: %s", stateText(request.start).c_str());
  ROS_INFO("goal: %s", stateText(request.goal).c_str());

  const PlanResult result = planAndCertify(world, request);
  ROS_INFO("status: %s (%s), planning time %.3f s (+ %.3f s simplifying), path length %.6f", result.status.c_str(),
           result.solved ? "solved" : "not solved", result.planning_time, result.simplify_time, result.path_length);
  for (std::size_t i = 0; i < result.path.size(); ++i)
    ROS_INFO("  waypoint %zu: %s", i, stateText(result.path[i]).c_str());
  ROS_INFO("validator motions while planning: %u valid, %u invalid", result.valid_motions, result.invalid_motions);
  logEdges(result.edge_reports, result.certified_by);
  ROS_INFO("certify time: %.1f us", result.certify_time_us);

  if (!params.path_file.empty() && result.solved)
  {
    writePathFile(params.path_file, world->robot(), result.path);
    ROS_INFO("path file: %s", params.path_file.c_str());
  }
  if (!params.report_file.empty())
  {
    writePlanReport(params.report_file, request, result);
    ROS_INFO("report file: %s", params.report_file.c_str());
  }
  if (!result.certified())
    ROS_WARN("ompl_ccd_plan_node: %s", result.solved ? "the path has edges that are not certified free"
                                                     : "no path found; raise ~time_limit or change ~planner");
  return result.certified() ? 0 : 1;
}

/** \brief Mode "validate": certifies the edges of ~path_file, logs, writes the report. \returns the exit code. */
int runValidate(const NodeParameters &params, const CollisionWorldPtr &world)
{
  const std::vector<Edge> edges = readPathFile(params.path_file, world->robot(), "validate");
  const PlanRequest &request = params.request;
  const ompl::base::SpaceInformationPtr si =
      makeSpaceInformation(world, request.validator, request.validator_options);
  ROS_INFO("validator: %s, path: %s (%zu edges)", request.validator.c_str(), params.path_file.c_str(), edges.size());

  const std::vector<EdgeReport> answers = certifyEdges(si, world, edges);
  std::vector<Report> reports;
  for (const EdgeReport &edge : answers)
    reports.push_back(edge.report);
  const std::size_t free = logEdges(reports, request.validator);
  if (!params.report_file.empty())
  {
    writeValidateReport(params.report_file, request.validator, answers);
    ROS_INFO("report file: %s", params.report_file.c_str());
  }
  return free == reports.size() ? 0 : 1;
}
}  // namespace
}  // namespace ompl_ccd::ros_node

int main(int argc, char **argv)
{
  using namespace ompl_ccd::ros_node;
  ros::init(argc, argv, "ompl_ccd_plan_node");
  ros::NodeHandle nh, pnh("~");
  try
  {
    const NodeParameters params = readNodeParameters(nh, pnh);
    for (const std::string &warning : params.warnings)
      ROS_WARN("%s", warning.c_str());
    const ompl_ccd::CollisionWorldPtr world = loadWorld(params);
    return params.mode == NodeMode::Plan ? runPlan(params, world) : runValidate(params, world);
  }
  catch (const ompl_ccd::Error &e)
  {
    ROS_ERROR("%s", e.what());
    return 2;
  }
  catch (const std::exception &e)
  {
    ROS_ERROR("ompl_ccd_plan_node: unexpected failure: %s", e.what());
    return 3;
  }
}
