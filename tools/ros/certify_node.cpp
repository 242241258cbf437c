/// \file certify_node.cpp
/// `ompl_ccd_certify_node`: a live certification service. Keeps the robot of robot_description in
/// a scene — ~scene's obstacles, the latest sensor_msgs/PointCloud2 on ~cloud (transformed to the
/// planning frame with tf2; each point a ball of ~cloud_radius) and the obstacles added through
/// ~update_obstacles — and answers ~certify_trajectory and ~certify_edges (srv/) with the
/// library's validators; draws where a certified trajectory hits on ~contacts (MarkerArray).
/// Parameters: certify_parameters.h. Requests and clouds are handled on two spinner threads: the
/// scene is swapped whole (live_scene.h), a request keeps the scene it started with. With ~cloud
/// remapped (certify.launch remaps it to its `cloud` argument) the scene is the camera's: every
/// request is refused until a first cloud has been taken, and while the latest is older than
/// ~max_cloud_age. Every answer gives the number of obstacles and the cloud's stamp of its scene.
///
/// Exit code: 2 for a bad parameter or input at start-up (ROS_ERROR names it and the fix), 3 for any
/// other failure; a bad request or cloud never ends the node (its error is answered or logged).

#include <ros/ros.h>
#include <tf2_ros/transform_listener.h>
#include <visualization_msgs/MarkerArray.h>

#include <filesystem>

#include "certify_parameters.h"
#include "certify_requests.h"
#include "cloud_points.h"
#include "contact_markers.h"
#include "live_scene.h"
#include "ompl_ccd/UpdateObstacles.h"
#include "ompl_ccd/error.h"
#include "ompl_ccd/geometry/scene_loader.h"
#include "ompl_ccd/geometry/scene_yaml_text.h"
#include "ompl_ccd/geometry/sensor_obstacles.h"

namespace ompl_ccd::ros_node
{
namespace
{
/** \brief X_AB of a tf2 transform of frame B in frame A. */
Eigen::Isometry3d isometry(const geometry_msgs::Transform &t)
{
  Eigen::Isometry3d X = Eigen::Isometry3d::Identity();
  X.translation() = Eigen::Vector3d(t.translation.x, t.translation.y, t.translation.z);
  X.linear() = Eigen::Quaterniond(t.rotation.w, t.rotation.x, t.rotation.y, t.rotation.z).normalized().toRotationMatrix();
  return X;
}

/** \brief The robot of the parameters. */
RobotModelPtr loadRobot(const CertifyParameters &params)
{
  RobotModelOptions options;
  options.package_paths = params.package_paths;
  if (!params.srdf.empty())
    options.srdf = parseSrdf(params.srdf, "robot_description_semantic");
  return std::make_shared<const RobotModel>(
      RobotModel::fromUrdfString(params.urdf, params.mesh_base_dir, "robot_description", options));
}

class CertifyNode
{
public:
  CertifyNode(ros::NodeHandle nh, ros::NodeHandle pnh)
    : pnh_(pnh), params_(readCertifyParameters(nh, pnh)), listener_(tf_), cloud_topic_(pnh.resolveName("cloud")),
      cloud_required_(cloud_topic_ != pnh.resolveName("cloud", false))
  {
    const RobotModelPtr robot = loadRobot(params_);
    robot->checkCertifiable("ompl_ccd_certify_node");
    std::vector<Obstacle> obstacles;
    if (!params_.scene.empty())
      obstacles = loadScene(params_.scene, params_.package_paths)->allObstacles();
    if (params_.planning_frame.empty())
      params_.planning_frame = robot->links().front().name;
    scene_ = std::make_unique<LiveScene>(robot, std::move(obstacles), params_.validator_options);
    ROS_INFO("ompl_ccd_certify_node: robot %s (%d joints), scene '%s' (%zu obstacles), planning frame %s, validator %s",
             robot->name().c_str(), robot->nq(), params_.scene.c_str(),
             scene_->snapshot()->world()->scene().obstacles().size(), params_.planning_frame.c_str(),
             params_.validator.c_str());
    if (cloud_required_)
      ROS_INFO("ompl_ccd_certify_node: ~cloud is remapped to %s: requests are refused until a first cloud arrives",
               cloud_topic_.c_str());
    // Made now, so that the first request does not pay ca's start-up.
    scene_->snapshot()->checker(params_.validator);
    markers_ = pnh_.advertise<visualization_msgs::MarkerArray>("contacts", 1, true);
    cloud_ = pnh_.subscribe("cloud", 1, &CertifyNode::onCloud, this);
    services_.push_back(pnh_.advertiseService("certify_trajectory", &CertifyNode::onTrajectory, this));
    services_.push_back(pnh_.advertiseService("certify_edges", &CertifyNode::onEdges, this));
    services_.push_back(pnh_.advertiseService("update_obstacles", &CertifyNode::onUpdate, this));
  }

private:
  /** \brief Why a request cannot be answered in \a scene: no cloud yet while ~cloud is remapped,
      or one older than ~max_cloud_age; empty when it can. */
  std::string cloudRefusal(const SceneSnapshot &scene) const
  {
    const ros::Time &stamp = scene.cloudStamp();
    if (stamp.isZero())
      return cloud_required_ ? concat("no cloud has arrived yet on ~cloud ('", cloud_topic_,
                                      "'); requests are answered once a cloud no older than ~max_cloud_age (",
                                      params_.max_cloud_age, " s) has: publish it, or check the remapping of ~cloud.")
                             : "";
    const double age = (ros::Time::now() - stamp).toSec();
    if (age <= params_.max_cloud_age)
      return "";
    return concat("the latest cloud on ~cloud ('", cloud_topic_, "') is ", age, " s old, older than ~max_cloud_age ",
                  params_.max_cloud_age, " s; publish a fresh cloud, or raise ~max_cloud_age.");
  }

  /** \brief The obstacles and the cloud's stamp of \a scene into \a response. */
  template <typename Response>
  static void describeScene(const SceneSnapshot &scene, Response &response)
  {
    response.obstacles = static_cast<int>(scene.world()->scene().obstacles().size());
    response.cloud_stamp = scene.cloudStamp();
  }

  void onCloud(const sensor_msgs::PointCloud2ConstPtr &cloud)
  {
    try
    {
      const double age = (ros::Time::now() - cloud->header.stamp).toSec();
      OMPL_CCD_THROW_UNLESS(age <= params_.max_cloud_age, "~cloud: a cloud stamped ", age,
                            " s ago is older than ~max_cloud_age ", params_.max_cloud_age,
                            " s and is refused; publish clouds as they are taken, or raise ~max_cloud_age.");
      geometry_msgs::TransformStamped transform;
      try
      {
        transform = tf_.lookupTransform(params_.planning_frame, cloud->header.frame_id, cloud->header.stamp,
                                        ros::Duration(params_.tf_timeout));
      }
      catch (const tf2::TransformException &e)
      {
        throw Error(concat("~cloud: no transform from the cloud's frame '", cloud->header.frame_id,
                           "' to the planning frame '", params_.planning_frame, "' at its stamp (tf2: ", e.what(),
                           "); publish it on /tf or /tf_static."));
      }
      const Eigen::Isometry3d X_WC = isometry(transform.transform);
      std::vector<Obstacle> obstacles = pointObstacles(cloudPoints(*cloud), params_.cloud_radius, params_.cloud_voxel,
                                                       "cloud", X_WC, "~cloud");
      const std::size_t count = obstacles.size();
      scene_->setCloud(std::move(obstacles), cloud->header.stamp);
      // a camera streams clouds at several Hz: the first at once, then one line a minute
      ROS_INFO_THROTTLE(60.0, "ompl_ccd_certify_node: cloud of %zu obstacle balls from frame '%s' (logged at most "
                              "once a minute)", count, cloud->header.frame_id.c_str());
    }
    catch (const Error &e)
    {
      ROS_ERROR("ompl_ccd_certify_node: %s", e.what());
    }
  }

  bool onTrajectory(CertifyTrajectory::Request &request, CertifyTrajectory::Response &response)
  {
    const std::shared_ptr<const SceneSnapshot> scene = scene_->snapshot();
    if (const std::string refused = cloudRefusal(*scene); !refused.empty())
    {
      response.ok = false, response.first_not_free = -1, response.error = "certify_trajectory: " + refused;
      describeScene(*scene, response);
      ROS_WARN("ompl_ccd_certify_node: %s", response.error.c_str());
      return true;
    }
    TrajectoryAnswer answer;
    response = certifyTrajectory(*scene, request, params_.validator, &answer);
    describeScene(*scene, response);
    response.frame_id = params_.planning_frame;
    if (response.ok)
      markers_.publish(contactMarkers(*scene->world(), answer, params_.planning_frame));
    else
      ROS_WARN("ompl_ccd_certify_node: %s", response.error.c_str());
    return true;
  }

  bool onEdges(CertifyEdges::Request &request, CertifyEdges::Response &response)
  {
    const std::shared_ptr<const SceneSnapshot> scene = scene_->snapshot();
    if (const std::string refused = cloudRefusal(*scene); !refused.empty())
    {
      response.ok = false, response.error = "certify_edges: " + refused;
      describeScene(*scene, response);
      ROS_WARN("ompl_ccd_certify_node: %s", response.error.c_str());
      return true;
    }
    response = certifyEdges(*scene, request, params_.validator);
    describeScene(*scene, response);
    if (!response.ok)
      ROS_WARN("ompl_ccd_certify_node: %s", response.error.c_str());
    return true;
  }

  bool onUpdate(UpdateObstacles::Request &request, UpdateObstacles::Response &response)
  {
    try
    {
      std::vector<Obstacle> added;
      if (!request.add_yaml.empty())
      {
        const std::string folder =
            params_.scene.empty() ? "." : std::filesystem::path(params_.scene).parent_path().string();
        added = sceneObstaclesFromYaml(request.add_yaml, folder, params_.package_paths, "update_obstacles: add_yaml");
      }
      scene_->update(std::move(added), request.remove);
      response.ok = true;
    }
    catch (const Error &e)
    {
      response.ok = false;
      response.error = e.what();
      ROS_WARN("ompl_ccd_certify_node: %s", e.what());
    }
    describeScene(*scene_->snapshot(), response);
    return true;
  }

  // The state the callbacks use comes first, the subscriber and services that call them last: they
  // are destroyed first, so no callback runs on a destroyed member.
  ros::NodeHandle pnh_;
  CertifyParameters params_;
  tf2_ros::Buffer tf_;
  tf2_ros::TransformListener listener_;
  std::string cloud_topic_;
  /** \brief ~cloud is remapped: a request needs a cloud. */
  bool cloud_required_ = false;
  std::unique_ptr<LiveScene> scene_;
  ros::Publisher markers_;
  ros::Subscriber cloud_;
  std::vector<ros::ServiceServer> services_;
};
}  // namespace
}  // namespace ompl_ccd::ros_node

int main(int argc, char **argv)
{
  ros::init(argc, argv, "ompl_ccd_certify_node");
  ros::NodeHandle nh, pnh("~");
  std::unique_ptr<ompl_ccd::ros_node::CertifyNode> node;
  try
  {
    node = std::make_unique<ompl_ccd::ros_node::CertifyNode>(nh, pnh);
  }
  catch (const ompl_ccd::Error &e)
  {
    ROS_ERROR("%s", e.what());
    return 2;
  }
  catch (const std::exception &e)
  {
    ROS_ERROR("ompl_ccd_certify_node: unexpected failure: %s", e.what());
    return 3;
  }
  ROS_INFO("ompl_ccd_certify_node: ready (~certify_trajectory, ~certify_edges, ~update_obstacles, ~cloud, ~contacts)");
  ros::AsyncSpinner spinner(2);  // a request and a cloud at once
  spinner.start();
  ros::waitForShutdown();
  return 0;
}
