// The bound on where a scene's obstacles lie (scene_bound.h, magnitude_bound.h): shapes and poses
// beyond ±1e6 m refused with what lies beyond and the fix; Scene refuses what a caller builds by
// hand; clouds placed beyond it name the point. What each reader refuses, with the file and line, is
// in scene_loader_test (the files of test/data/geometry/errors/ that crashed every validator while
// the scene loaded: FCL's dynamic AABB tree indexing outside its nodes once every merge cost
// overflowed).
#include "ompl_ccd/geometry/scene_bound.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>

#include "ompl_ccd/error.h"
#include "ompl_ccd/geometry/scene.h"
#include "ompl_ccd/geometry/scene_loader.h"
#include "ompl_ccd/geometry/sensor_obstacles.h"
#include "support/test_paths.h"

namespace ompl_ccd
{
namespace
{
using ::testing::HasSubstr;

CollisionShape sphere(double radius)
{
  CollisionShape shape;
  shape.kind = CollisionShape::Kind::Sphere;
  shape.radius = radius;
  return shape;
}

CollisionShape box(const Eigen::Vector3d &size)
{
  CollisionShape shape;
  shape.kind = CollisionShape::Kind::Box;
  shape.box_size = size;
  return shape;
}

Eigen::Isometry3d at(const Eigen::Vector3d &p)
{
  return Eigen::Isometry3d(Eigen::Translation3d(p));
}

/** \brief A one-triangle mesh shape abc. */
CollisionShape sheet(const Eigen::Vector3d &a, const Eigen::Vector3d &b, const Eigen::Vector3d &c)
{
  auto mesh = std::make_shared<TriangleMesh>();
  mesh->vertices = {a, b, c};
  mesh->triangles = {{0, 1, 2}};
  CollisionShape shape;
  shape.kind = CollisionShape::Kind::Mesh;
  shape.mesh = mesh;
  return shape;
}

/** \brief Expects requireShapeInBounds to refuse \a shape at \a X_WG with \a pieces in its message. */
void expectRefused(const CollisionShape &shape, const Eigen::Isometry3d &X_WG, const std::vector<std::string> &pieces)
{
  try
  {
    requireShapeInBounds(shape, X_WG, "where");
    ADD_FAILURE() << "accepted " << shape.describe() << " at " << X_WG.translation().transpose();
  }
  catch (const Error &e)
  {
    EXPECT_THAT(e.what(), HasSubstr("where: "));
    for (const std::string &piece : pieces)
      EXPECT_THAT(e.what(), HasSubstr(piece));
    EXPECT_THAT(e.what(), HasSubstr("keep every obstacle within 1e+06 m of the world origin, in metres"));
  }
}

TEST(SceneBound, ShapesWithinTheCubeAreAccepted)
{
  EXPECT_NO_THROW(requireShapeInBounds(sphere(1.0), at({999999.0, -999999.0, 0.0}), "where"));
  EXPECT_NO_THROW(requireShapeInBounds(box({1e6, 1e6, 1e6}), at({5e5, 5e5, -5e5}), "where"));
  EXPECT_NO_THROW(requireShapeInBounds(sheet({0, 0, 0}, {1e6, 0, 0}, {0, 1e6, 0}), Eigen::Isometry3d::Identity(),
                                       "where"));
}

TEST(SceneBound, SizesPosesAndExtentsBeyondTheCubeAreRefused)
{
  expectRefused(sphere(1e200), Eigen::Isometry3d::Identity(), {"its radius 1e+200 is not a size within [0, 1e+06] m"});
  expectRefused(sphere(std::nan("")), Eigen::Isometry3d::Identity(), {"its radius nan"});
  expectRefused(box({1.0, 2e6, 1.0}), Eigen::Isometry3d::Identity(), {"its box side 2e+06"});
  expectRefused(sphere(0.1), at({0.0, 1e200, 0.0}), {"it is placed at [0, 1e+200, 0] in the world, beyond ±1e+06 m"});
  expectRefused(sphere(0.1), at({0.0, 0.0, -std::numeric_limits<double>::infinity()}),
                {"it is placed at [0, 0, -inf]"});
  expectRefused(box({1e6, 1.0, 1.0}), at({6e5, 0.0, 0.0}),
                {"it reaches from [100000, -0.5, -0.5] to [1.1e+06, 0.5, 0.5]"});
  // A rotation turns the box's long side onto another axis.
  Eigen::Isometry3d turned = at({0.0, 6e5, 0.0});
  turned.linear() = Eigen::AngleAxisd(0.5 * M_PI, Eigen::Vector3d::UnitZ()).toRotationMatrix();
  expectRefused(box({1e6, 1.0, 1.0}), turned, {"it reaches from", "1.1e+06"});
  Eigen::Isometry3d broken = Eigen::Isometry3d::Identity();
  broken.linear()(0, 1) = std::nan("");
  try
  {
    requireShapeInBounds(sphere(0.1), broken, "where");
    ADD_FAILURE() << "accepted a rotation holding NaN";
  }
  catch (const Error &e)
  {
    EXPECT_THAT(e.what(), HasSubstr("where: its pose's rotation is not finite"));
  }
}

TEST(SceneBound, AMeshVertexPlacedBeyondTheCubeIsRefused)
{
  expectRefused(sheet({0, 0, 0}, {1, 0, 0}, {0, 1, 0}), at({999999.5, 0.0, 0.0}),
                {"its mesh vertex [1, 0, 0] lies at [1e+06, 0, 0] in the world"});
}

/** \brief Scene refuses an obstacle beyond the cube however it was made, naming it: nothing that
    large reaches FCL's broadphase. */
TEST(SceneBound, SceneRefusesWhatACallerBuildsByHand)
{
  std::vector<Obstacle> obstacles(2);
  obstacles[0].name = "ball";
  obstacles[0].shape = sphere(1e200);
  obstacles[1].name = "crate";
  obstacles[1].shape = box({0.1, 0.1, 0.1});
  EXPECT_THAT([&] { Scene scene(obstacles); },
              ::testing::ThrowsMessage<Error>(HasSubstr("Scene: obstacle 0 ('ball'): its radius 1e+200")));
  obstacles[0].shape = sphere(0.1);
  obstacles[1].X_WG.translation() = Eigen::Vector3d(1e300, 1e300, 1e300);
  EXPECT_THAT([&] { Scene scene(obstacles); },
              ::testing::ThrowsMessage<Error>(HasSubstr("Scene: obstacle 1 ('crate'): it is placed at [1e+300")));
}

/** \brief Points beyond the cube once the cloud's pose places them are refused by their index,
    radii and voxel sides beyond it too; a voxel side so small that the voxel index overflows
    still covers every point. */
TEST(SceneBound, PointObstaclesRefusePointsPlacedBeyondTheCube)
{
  Eigen::Isometry3d turned = Eigen::Isometry3d::Identity();
  turned.linear() = Eigen::AngleAxisd(0.25 * M_PI, Eigen::Vector3d::UnitZ()).toRotationMatrix();
  const std::vector<Eigen::Vector3d> near_max = {{0.1, 0.2, 0.3}, {1.3e308, 1.3e308, 0.0}};
  EXPECT_THAT([&] { pointObstacles(near_max, 0.005, 0.0, "cloud", turned, "where"); },
              ::testing::ThrowsMessage<Error>(::testing::AllOf(
                  HasSubstr("where: point 1 lies at ("),
                  HasSubstr(", inf, 0) in the world once placed, beyond ±1e+06 m of its origin"))));
  const std::vector<Eigen::Vector3d> near_edge = {{0.1, 0.2, 0.3}, {0.0, 8e5, 0.0}, {0.0, -8e5, 0.0}};
  EXPECT_NO_THROW(pointObstacles(near_edge, 0.005, 0.0, "cloud", Eigen::Isometry3d::Identity(), "where"));
  EXPECT_THAT([&] { pointObstacles(near_edge, 0.005, 0.0, "cloud", at({0.0, 5e5, 0.0}), "where"); },
              ::testing::ThrowsMessage<Error>(HasSubstr("where: point 1 lies at (0, 1.3e+06, 0)")));
  EXPECT_THAT([&] { pointObstacles(near_edge, 1e200, 0.0, "cloud", Eigen::Isometry3d::Identity(), "where"); },
              ::testing::ThrowsMessage<Error>(HasSubstr("where: `radius` is 1e+200; give each point's ball a finite "
                                                        "radius > 0, at most 1e+06 (metres).")));
  EXPECT_THAT([&] { pointObstacles(near_edge, 0.005, 1e7, "cloud", Eigen::Isometry3d::Identity(), "where"); },
              ::testing::ThrowsMessage<Error>(HasSubstr("where: `voxel` is 1e+07")));
  const std::vector<Obstacle> tiny_voxels =
      pointObstacles(near_edge, 0.005, 1e-310, "cloud", Eigen::Isometry3d::Identity(), "where");
  for (const Eigen::Vector3d &p : near_edge)
  {
    bool covered = false;
    for (const Obstacle &ball : tiny_voxels)
      covered = covered || (p - ball.X_WG.translation()).norm() + 0.005 <= ball.shape.radius;
    EXPECT_TRUE(covered) << p.transpose();
  }
}

/** \brief The sensor item's pose places the bundled cloud beyond the cube: the point is named. */
TEST(SceneBound, ACloudPlacedBeyondTheCubeNamesThePoint)
{
  const std::string path = (std::filesystem::temp_directory_path() / "ompl_ccd_cloud_beyond_bound.yaml").string();
  std::ofstream(path) << "obstacles:\n  - {name: cloud, points: " << test::examplePath("sensors/scene_cloud.xyz")
                      << ", radius: 0.005, pose: {position: [999999.5, 0, 0]}}\n";
  EXPECT_THAT([&] { loadScene(path); },
              ::testing::ThrowsMessage<Error>(HasSubstr("loadScene: " + path + ": obstacle 0 ('cloud'): point ")));
  std::filesystem::remove(path);
}
}  // namespace
}  // namespace ompl_ccd
