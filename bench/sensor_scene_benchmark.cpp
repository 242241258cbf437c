/// \file sensor_scene_benchmark.cpp
/// A robot's scene given as meshes against the same scene seen by a sensor: a point cloud sampled
/// on its obstacles' surfaces (every point a sphere of --radius) and the OctoMap built from it at
/// --resolution (every occupied leaf a box); and the same cloud as one obstacle, its points in a k-d
/// tree (`cloud index`: pointCloudObstacle, cloud_index: true in a scene file). Prints, per world:
/// the cloud's and the map's load time (file read, obstacles made, scene broadphase or index built),
/// each validator's start-up, and its Decide
/// medians on free and colliding edges with the ratios to the mesh scene, to discrete@0.01 on the
/// same scene, and FCL's discrete check of the edge's two end states.
///
/// Usage: sensor_scene_benchmark [--points N] [--radius R] [--resolution M] [--voxel V]
///                               [--edges E] [--seed S] [--validators a,b,c] [--world NAME] [--no-shared]
///                               [--scenes meshes,cloud,cloud-index,octomap]
/// Edges: random PRM-length edges (random_edges.h) drawn in the cloud scene whose end states are
/// free in all three scenes; an edge counts as free or not by each validator's own Decide answer
/// (checkMotion(s1, s2); a certifier's certify(), which it runs, to count Undecided), timed by the
/// thread's CPU time as validator_benchmark --cpu-time.

#include <algorithm>
#include <chrono>
#include <cmath>
#include <ctime>
#include <fstream>
#include <map>
#include <filesystem>
#include <iostream>
#include <sstream>

#include "ompl_ccd/error.h"
#include "ompl_ccd/geometry/octomap_file.h"
#include "ompl_ccd/geometry/point_cloud_file.h"
#include "ompl_ccd/geometry/sensor_obstacles.h"
#include "ompl_ccd/ompl/certifying_motion_validator.h"
#include "ompl_ccd/ompl/simple_setup.h"
#include "ompl_ccd/ompl/state_space.h"
#include "support/example_worlds.h"
#include "support/random_edges.h"
#include "support/surface_samples.h"

namespace
{
using namespace ompl_ccd;

struct Settings
{
  std::size_t points = 100000, edges = 100;
  double radius = 0.005, resolution = 0.01, voxel = 0.0;
  std::uint32_t seed = 1;
  std::vector<std::string> validators = {"discrete", "ca", "toleranced", "interval"};
  std::vector<std::string> scenes = {"meshes", "cloud", "cloud-index", "octomap"};
  std::string world;
  bool shared = true;
};

/** \brief The comma-separated names of \a text. */
std::vector<std::string> names(const std::string &text)
{
  std::vector<std::string> list;
  std::istringstream stream(text);
  for (std::string name; std::getline(stream, name, ',');)
    list.push_back(name);
  return list;
}

Settings parse(int argc, char **argv)
{
  Settings s;
  for (int i = 1; i < argc; ++i)
  {
    const std::string arg = argv[i];
    const bool v = i + 1 < argc;
    if (arg == "--points" && v) s.points = std::stoul(argv[++i]);
    else if (arg == "--edges" && v) s.edges = std::stoul(argv[++i]);
    else if (arg == "--radius" && v) s.radius = std::stod(argv[++i]);
    else if (arg == "--resolution" && v) s.resolution = std::stod(argv[++i]);
    else if (arg == "--voxel" && v) s.voxel = std::stod(argv[++i]);
    else if (arg == "--seed" && v) s.seed = static_cast<std::uint32_t>(std::stoul(argv[++i]));
    else if (arg == "--world" && v) s.world = argv[++i];
    else if (arg == "--no-shared") s.shared = false;
    else if (arg == "--validators" && v) s.validators = names(argv[++i]);
    else if (arg == "--scenes" && v) s.scenes = names(argv[++i]);
    else
      throw std::runtime_error("sensor_scene_benchmark: bad argument '" + arg + "'");
  }
  return s;
}

double seconds(std::chrono::steady_clock::time_point since)
{
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - since).count();
}

double threadMicroseconds()
{
  timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return 1e6 * t.tv_sec + 1e-3 * t.tv_nsec;
}

double median(std::vector<double> v)
{
  if (v.empty())
    return NAN;
  std::nth_element(v.begin(), v.begin() + v.size() / 2, v.end());
  return v[v.size() / 2];
}

/** \brief Peak resident memory of this process, MB (VmHWM). */
double peakMegabytes()
{
  std::ifstream status("/proc/self/status");
  for (std::string line; std::getline(status, line);)
    if (line.rfind("VmHWM:", 0) == 0)
      return std::stod(line.substr(6)) / 1024.0;
  return NAN;
}

/** \brief A scene variant of one world. */
struct Variant
{
  std::string name;
  CollisionWorldPtr world;
};

/** \brief Free and colliding medians of one validator on one variant. */
struct Row
{
  double startup_s = NAN, free_us = NAN, colliding_us = NAN;
  std::size_t free = 0, colliding = 0, undecided = 0;
};

Row measure(const Variant &variant, const std::string &validator, const std::vector<test::Edge> &edges)
{
  Row row;
  const auto start = std::chrono::steady_clock::now();
  const ompl::base::SpaceInformationPtr si = makeSpaceInformation(variant.world, validator);
  const ompl::base::MotionValidatorPtr mv = si->getMotionValidator();
  row.startup_s = seconds(start);
  std::vector<double> free_us, colliding_us;
  ompl::base::ScopedState<> s1(si), s2(si);
  for (const test::Edge &edge : edges)
  {
    vectorToState(variant.world->robot(), edge.q0, s1.get());
    vectorToState(variant.world->robot(), edge.q1, s2.get());
    // A certifier's own certify() is what its checkMotion(s1, s2) runs; it also tells Undecided apart.
    const auto *certifying = dynamic_cast<const CertifyingMotionValidator *>(mv.get());
    const double t0 = threadMicroseconds();
    const Verdict verdict = certifying ? certifying->certify(s1.get(), s2.get(), Mode::Decide).verdict
                            : mv->checkMotion(s1.get(), s2.get()) ? Verdict::Free
                                                                 : Verdict::Collision;
    const double us = threadMicroseconds() - t0;
    row.undecided += verdict == Verdict::Undecided;
    (verdict == Verdict::Free ? free_us : colliding_us).push_back(us);
  }
  row.free = free_us.size();
  row.colliding = colliding_us.size();
  row.free_us = median(free_us);
  row.colliding_us = median(colliding_us);
  return row;
}

void runWorld(const test::NamedWorld &named, const Settings &settings)
{
  const CollisionWorld &mesh_world = *named.world;
  const std::filesystem::path folder = std::filesystem::temp_directory_path() / "ompl_ccd_sensor_bench";
  std::filesystem::create_directories(folder);
  const std::vector<Eigen::Vector3d> points = test::sampleSurfaces(mesh_world.scene(), settings.points, settings.seed);
  test::writeBinaryPcd(points, (folder / "cloud.pcd").string());
  test::writeOctomap(test::roundedToFloat(points), settings.resolution, (folder / "cloud.bt").string());

  std::cout << "\n### " << named.name << "\n\n";
  auto t = std::chrono::steady_clock::now();
  const std::vector<Eigen::Vector3d> read = readPointCloudFile((folder / "cloud.pcd").string());
  const double read_s = seconds(t);
  t = std::chrono::steady_clock::now();
  std::vector<Obstacle> spheres =
      pointObstacles(read, settings.radius, settings.voxel, "cloud", Eigen::Isometry3d::Identity(), "bench");
  const std::size_t sphere_count = spheres.size();
  auto cloud_scene = std::make_shared<const Scene>(std::move(spheres));
  const double cloud_build_s = seconds(t);
  t = std::chrono::steady_clock::now();
  const std::vector<OccupiedCell> cells = readOctomapFile((folder / "cloud.bt").string());
  const double map_read_s = seconds(t);
  t = std::chrono::steady_clock::now();
  auto map_scene =
      std::make_shared<const Scene>(cellObstacles(cells, "map", Eigen::Isometry3d::Identity(), "bench"));
  const double map_build_s = seconds(t);
  t = std::chrono::steady_clock::now();
  const double before_index_mb = peakMegabytes();
  auto index_scene = std::make_shared<const Scene>(std::vector<Obstacle>{
      pointCloudObstacle(read, settings.radius, "cloud", Eigen::Isometry3d::Identity(), "bench")});
  const double index_build_s = seconds(t);
  std::printf("cloud: %zu points (binary .pcd), read %.3f s, %zu spheres of radius %g m (voxel %g) + broadphase "
              "%.3f s\ncloud index: one obstacle, k-d tree built %.3f s (peak memory %.0f -> %.0f MB)\n"
              "octomap: %g m, %zu occupied leaves, read %.3f s, boxes + broadphase %.3f s\npeak memory so far: %.0f MB\n\n",
              read.size(), read_s, sphere_count, settings.radius, settings.voxel, cloud_build_s, index_build_s,
              before_index_mb, peakMegabytes(), settings.resolution, cells.size(), map_read_s, map_build_s,
              peakMegabytes());

  const std::vector<Variant> all = {
      {"meshes", named.world},
      {"cloud", std::make_shared<const CollisionWorld>(named.world->robotPtr(), cloud_scene)},
      {"cloud-index", std::make_shared<const CollisionWorld>(named.world->robotPtr(), index_scene)},
      {"octomap", std::make_shared<const CollisionWorld>(named.world->robotPtr(), map_scene)}};
  // the meshes always (the ×meshes column), the cloud for drawing edges, then those asked for
  std::vector<Variant> variants;
  for (const Variant &v : all)
    if (v.name == "meshes" || v.name == "cloud" ||
        std::find(settings.scenes.begin(), settings.scenes.end(), v.name) != settings.scenes.end())
      variants.push_back(v);
  std::vector<test::Edge> edges;
  {
    test::RandomEdgeOptions options;
    options.seed = settings.seed;
    std::vector<std::unique_ptr<CollisionWorkspace>> ws;
    for (const Variant &v : variants)
      ws.push_back(std::make_unique<CollisionWorkspace>(*v.world));
    for (const test::Edge &edge : test::randomEdges(*variants[1].world, 3 * settings.edges, options))
    {
      bool valid = true;
      for (std::size_t i = 0; i < variants.size(); ++i)
        valid = valid && !isInCollision(*variants[i].world, *ws[i], edge.q0) &&
                !isInCollision(*variants[i].world, *ws[i], edge.q1);
      if (valid && edges.size() < settings.edges)
        edges.push_back(edge);
    }
  }
  std::printf("%zu edges (end states free in every scene); Decide mode, thread CPU time per edge\n\n", edges.size());
  std::cout << "| scene | validator | start-up s | free edges | free median µs | ×meshes | ×discrete | not free edges | "
               "not free: median µs | ×meshes | ×discrete | of which undecided |\n|---|---|---|---|---|---|---|---|---|---|---|---|\n";
  std::map<std::string, Row> mesh_rows;
  for (const Variant &variant : variants)
  {
    if (std::find(settings.scenes.begin(), settings.scenes.end(), variant.name) == settings.scenes.end())
      continue;
    Row discrete;
    for (const std::string &validator : settings.validators)
    {
      const Row row = measure(variant, validator, edges);
      if (validator == "discrete")
        discrete = row;
      if (variant.name == "meshes")
        mesh_rows[validator] = row;
      const Row &mesh = mesh_rows[validator];
      std::printf("| %s | %s | %.2f | %zu | %.1f | %.2f | %.2f | %zu | %.1f | %.2f | %.2f | %zu |\n", variant.name.c_str(),
                  validator.c_str(), row.startup_s, row.free, row.free_us, row.free_us / mesh.free_us,
                  row.free_us / discrete.free_us, row.colliding, row.colliding_us, row.colliding_us / mesh.colliding_us,
                  row.colliding_us / discrete.colliding_us, row.undecided);
      std::fflush(stdout);
    }
  }
  std::printf("\npeak memory: %.0f MB\n", peakMegabytes());
}
}  // namespace

int main(int argc, char **argv)
{
  const Settings settings = parse(argc, argv);
  for (const test::NamedWorld &named : test::robotWorlds(settings.shared, settings.world.empty() ? "examples/scene" : settings.world))
    if (named.world->robot().name() != "" && !named.thin_obstacles)
      runWorld(named, settings);
  return 0;
}
