// validator_startup_benchmark: how long makeMotionValidator("ca", ...) takes for the bundled arm,
// Panda and UR5e (../shared/data), cold (the joint-space certificates and the bodies' convex hulls
// built: no cache file yet) and warm (read from the cache, as a second process does), with the
// cache files' size and, for scale, the start-up without certificates and without cache
// (certificate_max_dims = 0, certificate_cache = off) and the warm start-up of the robot alone
// (no obstacles: what the cache does not hold is the scene's part).
//
//   build/bench/validator_startup_benchmark [--runs N] [--no-shared] [--world NAME]
//
// Each start uses a new RobotModel object (certificates are shared in memory per robot object, so
// a new one starts as a new process does). Wall-clock times: run on an idle machine.
#include <algorithm>
#include <chrono>
#include <ctime>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <set>
#include <string>
#include <unistd.h>
#include <vector>

#include <ompl/base/SpaceInformation.h>

#include "bench_support.h"
#include "certify/pipeline/potentially_colliding_pairs.h"
#include "certify/pipeline/shared_certificates.h"
#include "ompl_ccd/geometry/scene.h"
#include "ompl_ccd/ompl/motion_validator_factory.h"
#include "ompl_ccd/ompl/state_space.h"
#include "support/example_worlds.h"

namespace ompl_ccd::bench
{
namespace
{
namespace fs = std::filesystem;

/// Wall-clock and CPU (all threads of the process) milliseconds.
struct Times
{
  double wall = 0.0, cpu = 0.0;
};

double processCpuMillis()
{
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return t.tv_sec * 1e3 + t.tv_nsec * 1e-6;
}

/// What \a work takes.
Times timed(const std::function<void()> &work)
{
  const double cpu = processCpuMillis();
  const auto start = std::chrono::steady_clock::now();
  work();
  return {std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count(),
          processCpuMillis() - cpu};
}

/// \a world's robot as a new RobotModel object, in the same scene.
CollisionWorldPtr anew(const CollisionWorld &world)
{
  return std::make_shared<const CollisionWorld>(std::make_shared<const RobotModel>(world.robot()), world.scenePtr());
}

/// makeMotionValidator("ca") on a new robot object with \a options (the state space and
/// SpaceInformation are made before the clock starts).
Times startup(const CollisionWorld &world, const ValidatorOptions &options)
{
  const CollisionWorldPtr fresh = anew(world);
  auto si = std::make_shared<ompl::base::SpaceInformation>(makeStateSpace(fresh->robot()));
  return timed([&] { makeMotionValidator("ca", si, fresh, options); });
}

/// The medians of \a runs measures.
Times median(int runs, const std::function<Times()> &measure)
{
  std::vector<double> wall, cpu;
  for (int r = 0; r < runs; ++r)
  {
    const Times t = measure();
    wall.push_back(t.wall);
    cpu.push_back(t.cpu);
  }
  return {percentile(wall, 0.5), percentile(cpu, 0.5)};
}

void run(int runs, bool shared, const std::string &world_filter)
{
  const fs::path folder = fs::temp_directory_path() / ("ompl_ccd_startup_benchmark_" + std::to_string(::getpid()));
  std::printf("Milliseconds, wall clock (CPU time of all threads in brackets).\n\n"
              "| robot | bodies | certified pairs | cells | files (KiB) | no certificates, no cache | cold: build "
              "| cold: build + write | warm: read | warm, no obstacles | cold / warm (wall) |\n"
              "|---|---|---|---|---|---|---|---|---|---|---|\n");
  std::set<std::string> robots;
  for (const test::NamedWorld &named : test::robotWorlds(shared))
  {
    const CollisionWorld &world = *named.world;
    if (named.name.find(world_filter) == std::string::npos || !robots.insert(world.robot().name()).second)
      continue;  // one scene per robot: the certificates do not depend on it
    fs::remove_all(folder);
    ValidatorOptions off, none, cached;
    off.culling.certificate_cache = none.culling.certificate_cache = kNoCertificateCache;
    none.culling.certificate_max_dims = 0;
    cached.culling.certificate_cache = folder.string();
    const Times without = median(runs, [&] { return startup(world, none); });
    const Times build = median(runs, [&] { return startup(world, off); });
    const Times cold = median(runs, [&] {
      fs::remove_all(folder);
      return startup(world, cached);
    });
    const Times warm = median(runs, [&] { return startup(world, cached); });
    // the robot's part alone: the scene's obstacles (hulls, exact primitive surfaces) are built at
    // every start, cached or not
    const CollisionWorld robot_alone(world.robotPtr(), std::make_shared<const Scene>(std::vector<Obstacle>{}));
    const Times alone = median(runs, [&] { return startup(robot_alone, cached); });
    // what the file holds
    const std::vector<BodyRef> bodies = collisionBodies(world);
    const std::vector<BodyPair> pairs = selfBodyPairs(world, bodies);
    const CertificateList certificates = sharedCertificates(world, bodies, pairs);
    std::size_t certified = 0, cells = 0;
    for (const auto &certificate : certificates)
      if (certificate)
      {
        ++certified;
        cells += certificate->cells();
      }
    std::uintmax_t bytes = 0;
    for (const fs::directory_entry &entry : fs::directory_iterator(folder))
      bytes += entry.file_size();
    std::printf(
        "| %s | %zu | %zu | %zu | %.0f | %.1f (%.1f) | %.0f (%.0f) | %.0f (%.0f) | %.1f (%.1f) | %.1f (%.1f) | %.0f× |\n",
        world.robot().name().c_str(), bodies.size(), certified, cells, bytes / 1024.0, without.wall, without.cpu,
        build.wall, build.cpu, cold.wall, cold.cpu, warm.wall, warm.cpu, alone.wall, alone.cpu, cold.wall / warm.wall);
  }
  fs::remove_all(folder);
}
}  // namespace
}  // namespace ompl_ccd::bench

int main(int argc, char **argv)
{
  int runs = 5;
  bool shared = true;
  std::string world_filter;  // only the worlds whose name contains it
  for (int i = 1; i < argc; ++i)
  {
    const std::string arg = argv[i];
    if (arg == "--runs" && i + 1 < argc)
      runs = std::max(1, std::stoi(argv[++i]));
    else if (arg == "--no-shared")
      shared = false;
    else if (arg == "--world" && i + 1 < argc)
      world_filter = argv[++i];
    else
    {
      std::fprintf(stderr, "validator_startup_benchmark: bad argument '%s'; use --runs N, --no-shared, --world NAME.\n", arg.c_str());
      return 1;
    }
  }
  std::printf("## validator_startup_benchmark: makeMotionValidator(\"ca\") start-up, median of %d runs; "
              "/proc/loadavg before: %s\n\n",
              runs, ompl_ccd::bench::loadAverage().c_str());
  ompl_ccd::bench::run(runs, shared, world_filter);
  return 0;
}
