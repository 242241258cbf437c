#pragma once
/// \file node_parameters.h
/// The parameters of `ompl_ccd_plan_node`, read from the ROS parameter server.
///
/// | name                               | type                    | default      | meaning |
/// |------------------------------------|-------------------------|--------------|---------|
/// | `robot_description`                | string (URDF text)      | required     | the robot |
/// | `robot_description_semantic`       | string (SRDF text)      | "" (none)    | disabled collision pairs, named states |
/// | `~mesh_base_dir`                   | string (folder)         | ""           | folder relative mesh paths of the URDF start from ("" = the node's working directory) |
/// | `~package_paths`                   | list of folders         | []           | searched for `package://NAME/...` before ROS_PACKAGE_PATH |
/// | `~scene`                           | string (file)           | required     | scene: ompl_ccd scene YAML, MoveIt scene YAML, URDF or mesh |
/// | `~mode`                            | "plan" or "validate"    | "plan"       | plan start → goal, or certify the path in `~path_file` |
/// | `~start`, `~goal`                  | list of nq numbers or an SRDF group_state name | required in plan mode | start and goal states |
/// | `~planner`                         | string                  | "RRTConnect" | see ompl_ccd::plannerNames() |
/// | `~time_limit`                      | number, seconds         | 10.0         | planning time limit |
/// | `~validator`                       | string                  | "discrete"   | see ompl_ccd::motionValidatorNames() |
/// | `~validator_options/NAME`         | scalar                  | see `ompl_ccd options` | every validator option of ompl/validator_options.h (resolution, tolerance, clearance, threads, mass_distribution, each certifier's own) |
/// | `~seed`                            | integer ≥ 0             | unset        | seed of OMPL's random generators |
/// | `~simplify`                        | bool                    | true         | shorten/smooth the path before certifying |
/// | `~path_file`                       | string (file)           | ""           | plan: write the path here ("" = do not); validate: the path to certify (required) |
/// | `~report_file`                     | string (file)           | ""           | write the JSON-lines certification report here ("" = do not) |
///
/// Files are absolute or relative to the node's working directory (roslaunch: ROS_HOME).

#include <ros/node_handle.h>

#include <string>
#include <vector>

#include "ompl_ccd/model/robot_model.h"
#include "ompl_ccd/model/state_spec.h"
#include "ompl_ccd/ompl/planning.h"

namespace ompl_ccd::ros_node
{
/** \brief What the node does. */
enum class NodeMode
{
  Plan,     ///< plan from ~start to ~goal, then certify every edge of the path
  Validate  ///< certify every edge of the path read from ~path_file
};

/** \brief Every parameter of the node (see the table in this file's comment). */
struct NodeParameters
{
  /** \brief URDF text of `robot_description`. */
  std::string urdf;
  /** \brief SRDF text of `robot_description_semantic`; empty = none. */
  std::string srdf;
  /** \brief Folder relative mesh paths of the URDF start from; empty = working directory. */
  std::string mesh_base_dir;
  /** \brief Folders searched for package:// URIs (robot and scene) before ROS_PACKAGE_PATH. */
  std::vector<std::string> package_paths;
  /** \brief Scene file. */
  std::string scene;
  NodeMode mode = NodeMode::Plan;
  /** \brief Plan mode: start and goal as given (resolved against the robot by resolveState()). */
  StateSpec start, goal;
  /** \brief Planner, time limit, validator and its options, seed, simplify (start/goal empty). */
  PlanRequest request;
  /** \brief Plan: output path file (empty = none). Validate: the path to certify. */
  std::string path_file;
  /** \brief JSON-lines report file; empty = none. */
  std::string report_file;
  /** \brief Warnings for the log: a ~validator_options entry the validators of this mode do not read
      (unreadOptionWarning). */
  std::vector<std::string> warnings;
};

/** \brief Reads the parameters: `robot_description`, `robot_description_semantic` through \a nh
    (the node's namespace), the others through the private handle \a pnh.
    \throws Error naming the parameter and the fix when a required one is missing, a value has
            the wrong type or range, or a private parameter is not one of the table's (a typo). */
NodeParameters readNodeParameters(const ros::NodeHandle &nh, const ros::NodeHandle &pnh);
}  // namespace ompl_ccd::ros_node
