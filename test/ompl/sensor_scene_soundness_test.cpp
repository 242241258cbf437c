// Every certifier keeps its guarantee against sensor scenes: the bundled arm against the bundled
// synthetic cloud (examples/sensors/scene_cloud.pcd: 2,000 points sampled on the surfaces of
// examples/scene.yaml, each a 5 mm ball) and against the 1 cm OctoMap liboctomap builds from the
// same points (each occupied leaf a box). The shared oracle
// (test/support/oracle.h: dense sampling and bisection on FCL's discrete checks of the same
// obstacles) labels random PRM edges and the grazing edges of each world (missed by 1 % sampling,
// near misses); each certifier answers them in Decide and FirstContact mode. Required: zero false
// Free, no guaranteed-free prefix past a contact, every Collision witness in contact with a ball or
// box of the scene (FCL at toc_upper, within contact_distance).
#include <gtest/gtest.h>

#include <filesystem>
#include <iostream>
#include <memory>

#include "ompl_ccd/certify/ca/conservative_advancement.h"
#include "ompl_ccd/certify/interval/interval_arithmetic.h"
#include "ompl_ccd/certify/toleranced/toleranced_motion.h"
#include "ompl_ccd/geometry/octomap_file.h"
#include "ompl_ccd/geometry/point_cloud_file.h"
#include "ompl_ccd/geometry/sensor_obstacles.h"
#include "support/example_worlds.h"
#include "support/grazing_edges.h"
#include "support/labelled_edges.h"
#include "support/oracle.h"
#include "support/random_edges.h"
#include "support/soundness_suite.h"
#include "support/surface_samples.h"
#include "support/test_paths.h"

namespace ompl_ccd::test
{
namespace
{
constexpr std::size_t kRandomEdges = 100, kGrazingEdges = 6;

/** \brief The arm among the balls of the sampled cloud, or among the boxes of its OctoMap. */
CollisionWorldPtr sensorWorld(bool octomap)
{
  const CollisionWorldPtr meshes = exampleWorld("arm/arm.urdf", "scene.yaml");
  const std::vector<Eigen::Vector3d> points = readPointCloudFile(examplePath("sensors/scene_cloud.pcd"));
  std::vector<Obstacle> obstacles;
  if (octomap)
  {
    const std::string path = (std::filesystem::temp_directory_path() / "ompl_ccd_sensor_soundness.bt").string();
    writeOctomap(points, 0.01, path);
    obstacles = cellObstacles(readOctomapFile(path), "map", Eigen::Isometry3d::Identity(), "test");
  }
  else
    obstacles = pointObstacles(points, 0.005, 0.0, "cloud", Eigen::Isometry3d::Identity(), "test");
  return std::make_shared<const CollisionWorld>(meshes->robotPtr(), std::make_shared<const Scene>(std::move(obstacles)));
}

void checkCertifier(const Certifier &certifier, const CollisionWorld &world, const std::vector<Edge> &edges,
                    const std::vector<OracleResult> &labels, const std::string &name)
{
  EXPECT_GT(expectSoundOnLabelledEdges(certifier, world, edges, labels, name), 0u)
      << name << ": the edges must include colliding ones";
}

void checkWorld(bool octomap)
{
  const CollisionWorldPtr world = sensorWorld(octomap);
  const std::string scene = octomap ? "octomap" : "cloud";
  RandomEdgeOptions options;
  options.seed = 7;
  std::vector<Edge> edges = randomEdges(*world, kRandomEdges, options);
  const GrazingEdges grazing = grazingEdges(*world, kGrazingEdges, 11);
  edges.insert(edges.end(), grazing.missed_by_sampling.begin(), grazing.missed_by_sampling.end());
  edges.insert(edges.end(), grazing.near_misses.begin(), grazing.near_misses.end());
  const std::vector<OracleResult> labels = labelEdges(*world, edges, OracleOptions{}, 2);
  std::cout << scene << ": " << world->scene().obstacles().size() << " obstacles, " << edges.size() << " edges ("
            << grazing.missed_by_sampling.size() << " missed by sampling, " << grazing.near_misses.size()
            << " near misses)\n";
  checkCertifier(ConservativeAdvancement(world), *world, edges, labels, scene + " / ca");
  checkCertifier(TolerancedMotion(world), *world, edges, labels, scene + " / toleranced");
  checkCertifier(IntervalArithmetic(world), *world, edges, labels, scene + " / interval");
}

TEST(SensorSceneSoundness, NoFalseFreeAgainstACloudOfBalls) { checkWorld(false); }

TEST(SensorSceneSoundness, NoFalseFreeAgainstItsOctomap) { checkWorld(true); }
}  // namespace
}  // namespace ompl_ccd::test
