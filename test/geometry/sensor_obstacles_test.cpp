#include "ompl_ccd/geometry/sensor_obstacles.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>

#include "ompl_ccd/error.h"
#include "ompl_ccd/geometry/scene_loader.h"
#include "support/test_paths.h"

namespace ompl_ccd
{
namespace
{
using ::testing::HasSubstr;

TEST(SensorObstacles, EveryPointsBallLiesInItsVoxelsBall)
{
  std::mt19937 rng(3);
  std::normal_distribution<double> spread(0.0, 0.2);
  std::vector<Eigen::Vector3d> points;
  for (int i = 0; i < 5000; ++i)
    points.emplace_back(spread(rng), spread(rng), 1.0 + spread(rng));
  const double radius = 0.004, voxel = 0.03;
  const std::vector<Ball> balls = voxelCover(points, radius, voxel);
  EXPECT_LT(balls.size(), points.size());
  for (const Eigen::Vector3d &p : points)
  {
    // p's ball is inside some cover ball: ‖p − c‖ + radius ≤ R.
    bool covered = false;
    for (const Ball &b : balls)
      covered = covered || (p - b.center).norm() + radius <= b.radius;
    ASSERT_TRUE(covered) << p.transpose();
  }
  for (const Ball &b : balls)
    EXPECT_LE(b.radius, radius + 0.5 * std::sqrt(3.0) * voxel + 1e-9);
}

TEST(SensorObstacles, PointsBecomeSpheresPlacedByTheCloudPose)
{
  Eigen::Isometry3d X_WC = Eigen::Isometry3d::Identity();
  X_WC.translation() = Eigen::Vector3d(1, 2, 3);
  X_WC.linear() = Eigen::AngleAxisd(0.5 * M_PI, Eigen::Vector3d::UnitZ()).toRotationMatrix();
  const std::vector<Obstacle> obstacles =
      pointObstacles({{1, 0, 0}, {0, 0, 1}}, 0.01, 0.0, "cam", X_WC, "test");
  ASSERT_EQ(obstacles.size(), 2u);
  EXPECT_EQ(obstacles[1].name, "cam/1");
  EXPECT_EQ(obstacles[0].shape.kind, CollisionShape::Kind::Sphere);
  EXPECT_DOUBLE_EQ(obstacles[0].shape.radius, 0.01);
  EXPECT_TRUE(obstacles[0].X_WG.translation().isApprox(Eigen::Vector3d(1, 3, 3)));
  EXPECT_TRUE(obstacles[1].X_WG.translation().isApprox(Eigen::Vector3d(1, 2, 4)));
  EXPECT_THAT([] { pointObstacles({}, 0.0, 0.0, "cam", Eigen::Isometry3d::Identity(), "where"); },
              ::testing::ThrowsMessage<Error>(HasSubstr("where: `radius` is 0; give each point's ball a finite radius > 0")));
  EXPECT_THAT([] { pointObstacles({}, 0.1, -1.0, "cam", Eigen::Isometry3d::Identity(), "where"); },
              ::testing::ThrowsMessage<Error>(HasSubstr("where: `voxel` is -1; give a finite voxel side >= 0")));
}

TEST(SensorObstacles, CellsBecomeBoxesOfTheirSizeGrownByTheirCentresRounding)
{
  const std::vector<Obstacle> obstacles = cellObstacles({{Eigen::Vector3d(0.1, 0.2, 0.3), 0.04}}, "map",
                                                        Eigen::Isometry3d(Eigen::Translation3d(0, 0, 1)), "test");
  ASSERT_EQ(obstacles.size(), 1u);
  EXPECT_EQ(obstacles[0].name, "map/0");
  EXPECT_EQ(obstacles[0].shape.kind, CollisionShape::Kind::Box);
  // Half an ulp of the centre's 0.3 is 2.8e-17: the side grows by more than twice that, far less than a nanometre.
  for (int k = 0; k < 3; ++k)
  {
    EXPECT_GT(obstacles[0].shape.box_size[k], 0.04 + 2 * 2.8e-17);
    EXPECT_LT(obstacles[0].shape.box_size[k], 0.04 + 1e-14);
  }
  EXPECT_TRUE(obstacles[0].X_WG.translation().isApprox(Eigen::Vector3d(0.1, 0.2, 1.3)));
}

TEST(SensorObstacles, SceneYamlItems)
{
  const ScenePtr cloud = loadScene(test::examplePath("cloud_scene.yaml"));
  ASSERT_EQ(cloud->obstacles().size(), 2000u);
  EXPECT_EQ(cloud->obstacles()[5].name, "camera/5");
  EXPECT_DOUBLE_EQ(cloud->obstacles()[5].shape.radius, 0.005);
  const ScenePtr map = loadScene(test::examplePath("octomap_scene.yaml"));
  EXPECT_GT(map->obstacles().size(), 100u);
  EXPECT_EQ(map->obstacles()[0].shape.kind, CollisionShape::Kind::Box);
}

TEST(SensorObstacles, ACloudIndexIsOneObstacleOfTheSameBalls)
{
  const std::string path = (std::filesystem::temp_directory_path() / "ompl_ccd_cloud_index.yaml").string();
  std::ofstream(path) << "obstacles:\n  - {name: camera, points: " << test::examplePath("sensors/scene_cloud.pcd")
                      << ", radius: 0.005, cloud_index: true,\n     pose: {position: [0, 0, 0.5], orientation: [0, 0, 1, 0]}}\n";
  const ScenePtr indexed = loadScene(path);
  std::remove(path.c_str());
  EXPECT_TRUE(indexed->obstacles().empty());
  ASSERT_EQ(indexed->clouds().size(), 1u);
  EXPECT_EQ(indexed->clouds()[0].name, "camera");
  const PointCloudIndex &cloud = *indexed->clouds()[0].cloud;
  EXPECT_DOUBLE_EQ(cloud.radius(), 0.005);
  const ScenePtr balls = loadScene(test::examplePath("cloud_scene.yaml"));
  ASSERT_EQ(cloud.points().size(), balls->obstacles().size());
  // the pose is applied once: a half turn about z, lifted by 0.5 m
  const Eigen::Vector3d p = balls->obstacles()[7].X_WG.translation();
  EXPECT_TRUE(cloud.points()[7].isApprox(Eigen::Vector3d(-p.x(), -p.y(), p.z() + 0.5), 1e-12));
}

TEST(SensorObstacles, AnOctomapIsASceneFileAndACloudNeedsARadius)
{
  const ScenePtr map = loadScene(test::examplePath("sensors/scene_octomap.bt"));
  EXPECT_EQ(map->obstacles().size(), loadScene(test::examplePath("octomap_scene.yaml"))->obstacles().size());
  EXPECT_EQ(map->obstacles()[0].name, "scene_octomap/0");
  const std::string cloud = test::examplePath("sensors/scene_cloud.pcd");
  EXPECT_THAT([&] { loadScene(cloud); },
              ::testing::ThrowsMessage<Error>(HasSubstr("loadScene: " + cloud + ": a point cloud needs a radius per "
                                                        "point; give a scene YAML with the item {name: cloud, points: "
                                                        "scene_cloud.pcd, radius: 0.005}.")));
}

/** \brief One scene item (YAML text after `obstacles:`) and the pieces of loadScene's message. */
struct BadItem
{
  std::string item;
  std::vector<std::string> message;
};

class SensorSceneItemError : public ::testing::TestWithParam<BadItem>
{
};

TEST_P(SensorSceneItemError, NamesFileItemAndFix)
{
  // DATA/ stands for the bundled sensor data's folder.
  const std::string path = (std::filesystem::temp_directory_path() / "ompl_ccd_bad_sensor_item.yaml").string();
  std::string item = GetParam().item;
  const std::size_t at = item.find("DATA/");
  if (at != std::string::npos)
    item.replace(at, 5, test::examplePath("sensors/"));
  std::ofstream(path) << "obstacles:\n" << item;
  try
  {
    loadScene(path);
    std::remove(path.c_str());
    FAIL() << "accepted " << GetParam().item;
  }
  catch (const Error &e)
  {
    std::remove(path.c_str());
    EXPECT_THAT(e.what(), HasSubstr("loadScene: " + path + ": obstacle 0 ('cam')"));
    for (const std::string &piece : GetParam().message)
      EXPECT_THAT(e.what(), HasSubstr(piece));
  }
}

INSTANTIATE_TEST_SUITE_P(
    SensorObstacles, SensorSceneItemError,
    ::testing::Values(
        BadItem{"  - {name: cam, points: DATA/scene_cloud.pcd}\n", {"`points` needs `radius` (line 2)", "radius: 0.005"}},
        BadItem{"  - {name: cam, box: [1, 1, 1], radius: 0.1}\n", {"`radius` applies to `points` only, not `box`"}},
        BadItem{"  - {name: cam, points: DATA/scene_cloud.pcd, radius: 0.1, occupancy_threshold: 0.5}\n",
                {"`occupancy_threshold` applies to `octomap` only, not `points`"}},
        BadItem{"  - {name: cam, points: DATA/missing.pcd, radius: 0.1}\n", {"`points` file", "missing.pcd' does not exist"}},
        BadItem{"  - {name: cam, points: DATA/scene_cloud.pcd, radius: -0.1}\n", {"radius"}},
        BadItem{"  - {name: cam, points: DATA/scene_octomap.bt, radius: 0.1}\n",
                {"readPointCloudFile: ", "unsupported extension ('.bt')"}},
        BadItem{"  - {name: cam, octomap: DATA/scene_cloud.pcd}\n", {"readOctomapFile: ", "the first line is not"}},
        BadItem{"  - {name: cam, box: [1, 1, 1], cloud_index: true}\n",
                {"`cloud_index` applies to `points` only, not `box`"}},
        BadItem{"  - {name: cam, points: DATA/scene_cloud.pcd, radius: 0.1, voxel: 0.01, cloud_index: true}\n",
                {"`cloud_index` and `voxel` (line 2) do not go together", "remove one"}},
        BadItem{"  - {name: cam, points: DATA/scene_cloud.pcd, radius: 0.1, cloud_index: 3}\n",
                {"`cloud_index` must be true or false (line 2, got '3')"}},
        BadItem{"  - {name: cam, points: DATA/scene_cloud.pcd, radius: 0.1, cloud_index: true,\n"
                "     pose: {position: [999999.99, 0, 0], orientation: [0, 0, 0, 1]}}\n",
                {"point ", "beyond"}}));
}  // namespace
}  // namespace ompl_ccd
