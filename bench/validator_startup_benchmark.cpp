// validator_startup_benchmark: how long makeMotionValidator("ca", ...) takes for the bundled arm,
// Panda and UR5e (../shared/data), cold (the joint-space certificates built: no cache file yet)
// and warm (read from the certificate cache, as a second process does), with the certificates'
// file size and, for scale, the start-up without certificates (certificate_max_dims = 0).
//
//   build/bench/validator_startup_benchmark [--runs N] [--no-shared]
//
// Each start uses a new RobotModel object (certificates are shared in memory per robot object, so
// a new one starts as a new process does). Wall-clock times: run on an idle machine.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <set>
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <vector>

#include <ompl/base/SpaceInformation.h>

#include "bench_support.h"
#include "ompl_ccd/certify/potentially_colliding_pairs.h"
#include "ompl_ccd/ompl/motion_validator_factory.h"
#include "ompl_ccd/ompl/state_space.h"
#include "support/example_worlds.h"

namespace ompl_ccd::bench
{
namespace
{
namespace fs = std::filesystem;

/// Milliseconds \a work takes.
double millis(const std::function<void()> &work)
{
  const auto start = std::chrono::steady_clock::now();
  work();
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

/// \a world's robot as a new RobotModel object, in the same scene.
CollisionWorldPtr anew(const CollisionWorld &world)
{
  return std::make_shared<const CollisionWorld>(std::make_shared<const RobotModel>(world.robot()), world.scenePtr());
}

/// Milliseconds of makeMotionValidator("ca") on a new robot object with \a options (the state
/// space and SpaceInformation are made before the clock starts).
double startup(const CollisionWorld &world, const ValidatorOptions &options)
{
  const CollisionWorldPtr fresh = anew(world);
  auto si = std::make_shared<ompl::base::SpaceInformation>(makeStateSpace(fresh->robot()));
  return millis([&] { makeMotionValidator("ca", si, fresh, options); });
}

/// The median of \a runs values of \a measure.
double median(int runs, const std::function<double()> &measure)
{
  std::vector<double> values;
  for (int r = 0; r < runs; ++r)
    values.push_back(measure());
  return percentile(values, 0.5);
}

void run(int runs, bool shared)
{
  const fs::path folder = fs::temp_directory_path() / ("ompl_ccd_startup_benchmark_" + std::to_string(::getpid()));
  std::printf("| robot | bodies | certified pairs | cells | file (KiB) | no certificates (ms) "
              "| cold: build (ms) | cold: build + write (ms) | warm: read (ms) | cold / warm |\n"
              "|---|---|---|---|---|---|---|---|---|---|\n");
  std::set<std::string> robots;
  for (const test::NamedWorld &named : test::robotWorlds(shared))
  {
    const CollisionWorld &world = *named.world;
    if (!robots.insert(world.robot().name()).second)
      continue;  // one scene per robot: the certificates do not depend on it
    fs::remove_all(folder);
    ValidatorOptions off, none, cached;
    off.ca.certificate_cache = none.ca.certificate_cache = kNoCertificateCache;
    none.ca.certificate_max_dims = 0;
    cached.ca.certificate_cache = folder.string();
    const double without = median(runs, [&] { return startup(world, none); });
    const double build = median(runs, [&] { return startup(world, off); });
    const double cold = median(runs, [&] {
      fs::remove_all(folder);
      return startup(world, cached);
    });
    const double warm = median(runs, [&] { return startup(world, cached); });
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
    std::printf("| %s | %zu | %zu | %zu | %.0f | %.1f | %.0f | %.0f | %.1f | %.0f× |\n", world.robot().name().c_str(),
                bodies.size(), certified, cells, bytes / 1024.0, without, build, cold, warm, cold / warm);
  }
  fs::remove_all(folder);
}
}  // namespace
}  // namespace ompl_ccd::bench

int main(int argc, char **argv)
{
  int runs = 5;
  bool shared = true;
  for (int i = 1; i < argc; ++i)
  {
    const std::string arg = argv[i];
    if (arg == "--runs" && i + 1 < argc)
      runs = std::max(1, std::stoi(argv[++i]));
    else if (arg == "--no-shared")
      shared = false;
    else
    {
      std::fprintf(stderr, "validator_startup_benchmark: bad argument '%s'; use --runs N, --no-shared.\n", arg.c_str());
      return 1;
    }
  }
  std::printf("## validator_startup_benchmark: makeMotionValidator(\"ca\") start-up, median of %d runs; "
              "/proc/loadavg before: %s\n\n",
              runs, ompl_ccd::bench::loadAverage().c_str());
  ompl_ccd::bench::run(runs, shared);
  return 0;
}
