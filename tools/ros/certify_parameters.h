#pragma once
/// \file certify_parameters.h
/// The parameters of `ompl_ccd_certify_node`, read from the ROS parameter server.
///
/// | name                         | type                 | default        | meaning |
/// |------------------------------|----------------------|----------------|---------|
/// | `robot_description`          | string (URDF text)   | required       | the robot |
/// | `robot_description_semantic` | string (SRDF text)   | "" (none)      | disabled collision pairs |
/// | `~mesh_base_dir`             | string (folder)      | ""             | folder relative mesh paths of the URDF start from |
/// | `~package_paths`             | list of folders      | []             | searched for `package://NAME/...` before ROS_PACKAGE_PATH |
/// | `~scene`                     | string (file)        | "" (none)      | the static scene (any scene file `ompl_ccd` reads, sensor items too) |
/// | `~planning_frame`            | string               | robot root link| the tf frame clouds are transformed to; it must be the robot's world (its root link's frame, where the scene and the witnesses are): set it only when tf names that frame otherwise (a prefix) |
/// | `~validator`                 | string               | "ca"           | a request's validator when it names none |
/// | `~validator_options/NAME`    | scalar               | `ompl_ccd options` | any validator option |
/// | `~cloud_radius`              | number, metres > 0   | 0.005          | each point of ~cloud is a ball of this radius |
/// | `~cloud_voxel`               | number, metres ≥ 0   | 0.0            | voxel cover of the cloud (sensor_obstacles.h; 0 = every point) |
/// | `~max_cloud_age`             | number, seconds > 0  | 5.0            | a cloud older than this (its stamp) is refused, and so is a request while the latest cloud is (with ~cloud remapped, also before the first cloud) |
/// | `~tf_timeout`                | number, seconds ≥ 0  | 0.5            | how long to wait for the cloud's transform |

#include <ros/node_handle.h>

#include <string>
#include <vector>

#include "ompl_ccd/ompl/validator_options.h"

namespace ompl_ccd::ros_node
{
/** \brief Every parameter of the certify node (the table in this file's comment). */
struct CertifyParameters
{
  std::string urdf, srdf, mesh_base_dir, scene, planning_frame;
  std::vector<std::string> package_paths;
  std::string validator = "ca";
  ValidatorOptions validator_options;
  double cloud_radius = 0.005, cloud_voxel = 0.0, max_cloud_age = 5.0, tf_timeout = 0.5;
};

/** \brief Reads the parameters (robot_description* through \a nh, the others through \a pnh).
    \throws Error naming the parameter and the fix (missing, wrong type or range, unknown ~name). */
CertifyParameters readCertifyParameters(const ros::NodeHandle &nh, const ros::NodeHandle &pnh);
}  // namespace ompl_ccd::ros_node
