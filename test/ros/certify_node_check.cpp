// The rostest client of test/ros/certify.test: against a running ompl_ccd_certify_node (bundled arm,
// no scene file), as a ROS user would — publishes the bundled cloud on /camera/points in a camera
// frame placed by a static transform, calls ~certify_trajectory on free and colliding trajectories
// and checks each segment's verdict against `ompl_ccd validate` on the same edges in
// examples/cloud_scene.yaml (the same points), checks the contact markers, and that bad requests
// get the command line's message while the node keeps answering, and that every answer gives the
// obstacles and the cloud's stamp of its scene. Run alone against a node that has taken no cloud
// (certify.test's other <test>), FirstCloud shows a request refused until the first cloud has
// arrived and answered after it. Not named *_test.cpp: it needs ROS.

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <ros/ros.h>
#include <sensor_msgs/PointCloud2.h>
#include <tf2_ros/static_transform_broadcaster.h>
#include <visualization_msgs/MarkerArray.h>

#include <Eigen/Geometry>
#include <fstream>
#include <set>
#include <mutex>
#include <nlohmann/json.hpp>

#include "ompl_ccd/CertifyEdges.h"
#include "ompl_ccd/CertifyTrajectory.h"
#include "ompl_ccd/UpdateObstacles.h"
#include "ompl_ccd/error.h"
#include "ompl_ccd/geometry/point_cloud_file.h"
#include "ompl_ccd/model/kinematics.h"
#include "ompl_ccd/model/robot_model.h"
#include "support/cli_run.h"
#include "support/test_paths.h"

namespace ompl_ccd
{
namespace
{
using ::testing::HasSubstr;
const std::vector<std::string> kJoints = {"joint_1", "joint_2", "joint_3", "joint_4", "joint_5", "joint_6"};

/** \brief The camera frame C in base_link W: 1 m up, turned a quarter about z. */
Eigen::Isometry3d cameraPose()
{
  Eigen::Isometry3d X_WC = Eigen::Isometry3d::Identity();
  X_WC.translation() = Eigen::Vector3d(0.0, 0.0, 1.0);
  X_WC.linear() = Eigen::AngleAxisd(0.5 * M_PI, Eigen::Vector3d::UnitZ()).toRotationMatrix();
  return X_WC;
}

sensor_msgs::PointCloud2 cloudMessage(const std::vector<Eigen::Vector3d> &p_WP)
{
  sensor_msgs::PointCloud2 cloud;
  cloud.header.frame_id = "camera";
  cloud.height = 1;
  cloud.width = static_cast<std::uint32_t>(p_WP.size());
  for (const char *name : {"x", "y", "z"})
  {
    sensor_msgs::PointField field;
    field.name = name;
    field.offset = static_cast<std::uint32_t>(4 * cloud.fields.size());
    field.datatype = sensor_msgs::PointField::FLOAT32;
    field.count = 1;
    cloud.fields.push_back(field);
  }
  cloud.point_step = 12;
  cloud.row_step = 12 * cloud.width;
  const Eigen::Isometry3d X_CW = cameraPose().inverse();
  for (const Eigen::Vector3d &p : p_WP)
  {
    const Eigen::Vector3f p_C = (X_CW * p).cast<float>();
    const auto *bytes = reinterpret_cast<const std::uint8_t *>(p_C.data());
    cloud.data.insert(cloud.data.end(), bytes, bytes + 12);
  }
  return cloud;
}

trajectory_msgs::JointTrajectory trajectory(const std::vector<std::vector<double>> &points)
{
  trajectory_msgs::JointTrajectory t;
  t.joint_names = kJoints;
  for (std::size_t i = 0; i < points.size(); ++i)
  {
    trajectory_msgs::JointTrajectoryPoint p;
    p.positions = points[i];
    p.time_from_start = ros::Duration(1.0 * i);
    t.points.push_back(p);
  }
  return t;
}

/** \brief The verdicts `ompl_ccd validate` gives the consecutive edges of \a points in the cloud scene. */
std::vector<std::string> cliVerdicts(const std::vector<std::vector<double>> &points)
{
  test::TestFolder folder;
  std::ofstream edges(folder.path() / "edges.txt");
  for (std::size_t k = 0; k + 1 < points.size(); ++k)
  {
    for (double v : points[k])
      edges << v << " ";
    for (double v : points[k + 1])
      edges << v << " ";
    edges << "\n";
  }
  edges.close();
  const test::CliRun run = test::runCli("validate --robot '" + test::examplePath("arm/arm.urdf") + "' --srdf '" +
                                            test::examplePath("arm/arm.srdf") + "' --scene '" +
                                            test::examplePath("cloud_scene.yaml") + "' --validator ca --mode first-contact --quiet --edges '" +
                                            (folder.path() / "edges.txt").string() + "'",
                                        folder.path());
  EXPECT_EQ(run.code == 0 || run.code == 1, true) << run.err;
  std::vector<std::string> verdicts;
  std::istringstream lines(run.out);
  for (std::string line; std::getline(lines, line);)
  {
    const nlohmann::json j = nlohmann::json::parse(line);
    if (j.contains("verdict"))
      verdicts.push_back(j["verdict"]);
  }
  return verdicts;
}

/** \brief Places the camera frame in base_link (cameraPose) by a static transform. */
void sendCameraTransform(tf2_ros::StaticTransformBroadcaster &tf)
{
  geometry_msgs::TransformStamped t;
    t.header.stamp = ros::Time::now();
    t.header.frame_id = "base_link";
    t.child_frame_id = "camera";
    const Eigen::Isometry3d X_WC = cameraPose();
    const Eigen::Quaterniond q(X_WC.rotation());
    t.transform.translation.x = X_WC.translation().x();
    t.transform.translation.y = X_WC.translation().y();
    t.transform.translation.z = X_WC.translation().z();
  t.transform.rotation.x = q.x(), t.transform.rotation.y = q.y(), t.transform.rotation.z = q.z(),
  t.transform.rotation.w = q.w();
  tf.sendTransform(t);
}

/** \brief Publishes the bundled cloud on \a publisher until the node holds its 2,000 balls;
    \returns the stamp of the cloud it took (zero when it took none within a minute). */
ros::Time publishCloudUntilTaken(ros::Publisher &publisher)
{
  const std::vector<Eigen::Vector3d> points = readPointCloudFile(test::examplePath("sensors/scene_cloud.pcd"));
  sensor_msgs::PointCloud2 cloud = cloudMessage(points);
  ompl_ccd::UpdateObstacles count;
  for (int attempt = 0; attempt < 60 && count.response.obstacles != 2000; ++attempt)
  {
    cloud.header.stamp = ros::Time::now();
    publisher.publish(cloud);
    ros::Duration(1.0).sleep();
    if (!ros::service::call("/ompl_ccd_certify_node/update_obstacles", count))
      return ros::Time();
  }
  return count.response.obstacles == 2000 ? count.response.cloud_stamp : ros::Time();
}

class CertifyNodeCheck : public ::testing::Test
{
protected:
  void SetUp() override
  {
    sendCameraTransform(tf_);
    cloud_pub_ = nh_.advertise<sensor_msgs::PointCloud2>("/camera/points", 1, true);
    markers_sub_ = nh_.subscribe("/ompl_ccd_certify_node/contacts", 1, &CertifyNodeCheck::onMarkers, this);
    ASSERT_TRUE(ros::service::waitForService("/ompl_ccd_certify_node/certify_trajectory", ros::Duration(120.0)));
    cloud_stamp_ = publishCloudUntilTaken(cloud_pub_);
    ASSERT_FALSE(cloud_stamp_.isZero()) << "the node did not take the cloud";
  }

  /** \brief No marker is delivered once the test ends: the spinner thread outlives the fixture. */
  void TearDown() override { markers_sub_.shutdown(); }

  void onMarkers(const visualization_msgs::MarkerArrayConstPtr &markers)
  {
    std::lock_guard<std::mutex> lock(mutex_);
    markers_ = *markers;
  }

  CertifyTrajectory::Response certify(const std::vector<std::vector<double>> &points, const std::string &validator = "")
  {
    CertifyTrajectory call;
    call.request.trajectory = trajectory(points);
    call.request.validator = validator;
    EXPECT_TRUE(ros::service::call("/ompl_ccd_certify_node/certify_trajectory", call));
    return call.response;
  }

  // What onMarkers writes comes before the subscriber that calls it (members are destroyed in
  // reverse order; TearDown shuts the subscriber down first anyway).
  ros::NodeHandle nh_;
  tf2_ros::StaticTransformBroadcaster tf_;
  std::mutex mutex_;
  visualization_msgs::MarkerArray markers_;
  ros::Time cloud_stamp_;
  ros::Publisher cloud_pub_;
  ros::Subscriber markers_sub_;
};

// Home pose; a sweep of the stretched arm down through the table (colliding); a small free move.
const std::vector<std::vector<double>> kPoints = {
    {0.0, 0.0, 0.0, 0.0, 0.0, 0.0}, {0.0, 0.3, 0.2, 0.0, 0.2, 0.0}, {-0.3, 1.2, 1.0, 0.0, 1.0, 0.0}};

TEST_F(CertifyNodeCheck, VerdictsAreTheCommandLinesAndTheMarkersShowTheContact)
{
  const CertifyTrajectory::Response response = certify(kPoints);
  ASSERT_TRUE(response.ok) << response.error;
  EXPECT_EQ(response.obstacles, 2000);
  EXPECT_EQ(response.cloud_stamp, cloud_stamp_) << "the stamp of the cloud the answer was certified in";
  EXPECT_EQ(response.verdicts, cliVerdicts(kPoints));
  ASSERT_EQ(response.verdicts.size(), 2u);
  EXPECT_EQ(response.verdicts[0], "free");
  ASSERT_EQ(response.verdicts[1], "collision");
  EXPECT_EQ(response.first_not_free, 1);
  EXPECT_THAT(response.witness_other[1], HasSubstr("cloud/"));
  EXPECT_GE(response.last_valid, 1.0);
  EXPECT_LE(response.last_valid, 1.0 + response.toc_upper[1]);

  ros::Time until = ros::Time::now() + ros::Duration(10.0);
  std::set<std::string> namespaces;
  while (ros::Time::now() < until && !namespaces.count("contact"))
  {
    ros::Duration(0.2).sleep();
    std::lock_guard<std::mutex> lock(mutex_);
    for (const visualization_msgs::Marker &m : markers_.markers)
      namespaces.insert(m.ns);
  }
  EXPECT_TRUE(namespaces.count("contact")) << "contact points and normal";
  EXPECT_TRUE(namespaces.count("witness_links")) << "the touching bodies";
  EXPECT_TRUE(namespaces.count("path")) << "the free prefix and the colliding part";
}

TEST_F(CertifyNodeCheck, BadRequestsGetTheCommandLinesMessageAndTheNodeLives)
{
  CertifyTrajectory call;
  call.request.trajectory = trajectory(kPoints);
  call.request.trajectory.joint_names[2] = "elbow";
  ASSERT_TRUE(ros::service::call("/ompl_ccd_certify_node/certify_trajectory", call));
  EXPECT_FALSE(call.response.ok);
  EXPECT_THAT(call.response.error, HasSubstr("joint 'elbow' is not a joint of robot"));

  std::vector<std::vector<double>> nan = kPoints;
  nan[1][2] = NAN;
  EXPECT_THAT(certify(nan).error, HasSubstr("('joint_3') is nan; give a finite number."));
  std::vector<std::vector<double>> far = kPoints;
  far[1][1] = 9.0;
  EXPECT_THAT(certify(far).error, HasSubstr("joint_2"));
  EXPECT_THAT(certify(kPoints, "exact").error, HasSubstr("validator 'exact' is unknown; use one of: discrete, ca"));
  EXPECT_TRUE(certify(kPoints).ok) << "the node still answers";
}
TEST_F(CertifyNodeCheck, EdgesAnswerAsTheTrajectoryAndObstaclesComeAndGo)
{
  CertifyEdges edges;
  edges.request.joint_names = kJoints;
  for (std::size_t k = 0; k + 1 < kPoints.size(); ++k)
  {
    edges.request.starts.insert(edges.request.starts.end(), kPoints[k].begin(), kPoints[k].end());
    edges.request.goals.insert(edges.request.goals.end(), kPoints[k + 1].begin(), kPoints[k + 1].end());
  }
  ASSERT_TRUE(ros::service::call("/ompl_ccd_certify_node/certify_edges", edges));
  ASSERT_TRUE(edges.response.ok) << edges.response.error;
  EXPECT_EQ(edges.response.verdicts, (std::vector<std::string>{"free", "collision"}));
  EXPECT_EQ(edges.response.obstacles, 2000);
  EXPECT_EQ(edges.response.cloud_stamp, cloud_stamp_);

  // A box around the last link where the free segment ends makes it collide; removed, the segment
  // is free again.
  const RobotModel robot = RobotModel::fromUrdfFile(test::examplePath("arm/arm.urdf"));
  KinematicsWorkspace fk(robot);
  forwardKinematics(robot, fk, Eigen::Map<const Eigen::VectorXd>(kPoints[1].data(), 6));
  const Eigen::Vector3d p = fk.X_WL.back().translation();
  UpdateObstacles add;
  add.request.add_yaml = concat("obstacles: [{name: crate, box: [0.08, 0.08, 0.08], pose: {position: [", p.x(), ", ",
                                p.y(), ", ", p.z(), "]}}]");
  ASSERT_TRUE(ros::service::call("/ompl_ccd_certify_node/update_obstacles", add));
  ASSERT_TRUE(add.response.ok) << add.response.error;
  EXPECT_EQ(add.response.obstacles, 2001);
  const CertifyTrajectory::Response with_crate = certify({kPoints[0], kPoints[1]});
  ASSERT_TRUE(with_crate.ok) << with_crate.error;
  UpdateObstacles remove;
  remove.request.remove = {"crate"};
  ASSERT_TRUE(ros::service::call("/ompl_ccd_certify_node/update_obstacles", remove));
  EXPECT_EQ(remove.response.obstacles, 2000);
  EXPECT_EQ(certify({kPoints[0], kPoints[1]}).verdicts, (std::vector<std::string>{"free"}));
  UpdateObstacles unknown;
  unknown.request.remove = {"crate"};
  ASSERT_TRUE(ros::service::call("/ompl_ccd_certify_node/update_obstacles", unknown));
  EXPECT_FALSE(unknown.response.ok);
  EXPECT_THAT(unknown.response.error, HasSubstr("remove 'crate' names no obstacle added through update_obstacles"));
  EXPECT_EQ(unknown.response.obstacles, 2000) << "a refused remove still gives the scene's obstacles";
  EXPECT_EQ(with_crate.verdicts, (std::vector<std::string>{"collision"})) << "the crate stands in the way";
}

TEST_F(CertifyNodeCheck, AStaleCloudIsRefused)
{
  sensor_msgs::PointCloud2 stale = cloudMessage({Eigen::Vector3d(0.3, 0.0, 0.5)});
  stale.header.stamp = ros::Time::now() - ros::Duration(100.0);
  cloud_pub_.publish(stale);
  ros::Duration(2.0).sleep();
  UpdateObstacles count;
  ASSERT_TRUE(ros::service::call("/ompl_ccd_certify_node/update_obstacles", count));
  EXPECT_EQ(count.response.obstacles, 2000) << "the stale cloud did not replace the fresh one";
  EXPECT_EQ(count.response.cloud_stamp, cloud_stamp_);
}

/// certify.test runs this alone against a fresh node: with ~cloud remapped (certify.launch) a
/// request is refused, naming the topic and the age limit, until the first cloud has arrived; then
/// answered.
TEST(FirstCloud, RequestsAreRefusedUntilTheFirstCloudThenAnswered)
{
  ASSERT_TRUE(ros::service::waitForService("/ompl_ccd_certify_node/certify_trajectory", ros::Duration(120.0)));
  CertifyTrajectory before;
  before.request.trajectory = trajectory(kPoints);
  ASSERT_TRUE(ros::service::call("/ompl_ccd_certify_node/certify_trajectory", before));
  EXPECT_FALSE(before.response.ok) << "answered before any cloud: " << testing::PrintToString(before.response.verdicts);
  EXPECT_THAT(before.response.error,
              HasSubstr("certify_trajectory: no cloud has arrived yet on ~cloud ('/camera/points'); requests are "
                        "answered once a cloud no older than ~max_cloud_age (30 s) has"));
  EXPECT_TRUE(before.response.verdicts.empty());
  EXPECT_EQ(before.response.obstacles, 0);
  EXPECT_TRUE(before.response.cloud_stamp.isZero());
  CertifyEdges edges;
  edges.request.joint_names = kJoints;
  edges.request.starts = kPoints[0];
  edges.request.goals = kPoints[1];
  ASSERT_TRUE(ros::service::call("/ompl_ccd_certify_node/certify_edges", edges));
  EXPECT_FALSE(edges.response.ok);
  EXPECT_THAT(edges.response.error, HasSubstr("certify_edges: no cloud has arrived yet on ~cloud ('/camera/points')"));

  ros::NodeHandle nh;
  tf2_ros::StaticTransformBroadcaster tf;
  sendCameraTransform(tf);
  ros::Publisher cloud = nh.advertise<sensor_msgs::PointCloud2>("/camera/points", 1, true);
  const ros::Time stamp = publishCloudUntilTaken(cloud);
  ASSERT_FALSE(stamp.isZero()) << "the node did not take the cloud";
  CertifyTrajectory after;
  after.request.trajectory = trajectory(kPoints);
  ASSERT_TRUE(ros::service::call("/ompl_ccd_certify_node/certify_trajectory", after));
  ASSERT_TRUE(after.response.ok) << after.response.error;
  EXPECT_EQ(after.response.verdicts, (std::vector<std::string>{"free", "collision"}));
  EXPECT_EQ(after.response.obstacles, 2000);
  EXPECT_EQ(after.response.cloud_stamp, stamp);
}
}  // namespace
}  // namespace ompl_ccd

int main(int argc, char **argv)
{
  ::testing::InitGoogleTest(&argc, argv);
  ros::init(argc, argv, "certify_node_check");
  ros::AsyncSpinner spinner(1);
  spinner.start();
  return RUN_ALL_TESTS();
}
