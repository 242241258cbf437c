#pragma once
/// \file bench_support.h
/// What the certifier benchmarks share: their main() — command line (--edges N, --seed S,
/// --no-shared, --world NAME) and worlds (example_worlds.h) —, their edges — random PRM-length
/// edges and as many with a sampled contact, each labelled colliding when one of the samples
/// t = k/200 collides —, the interleaved timing of several certifiers on them, percentiles, and the
/// machine's load (times are wall clock: a busy machine makes them noisy, so the tables show
/// /proc/loadavg, whose fourth field counts the runnable tasks: 1 = this benchmark alone).

#include <algorithm>
#include <chrono>
#include <ctime>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "ompl_ccd/certify/certifier.h"
#include "support/example_worlds.h"
#include "support/random_edges.h"

namespace ompl_ccd::bench
{
/** \brief Command-line settings. */
struct Settings
{
  /** \brief Random and sampled-colliding edges per world, \e edges of each. */
  std::size_t edges = 200;
  std::uint32_t seed = 1;
  /** \brief Also the worlds of ../shared/data when it is present. */
  bool shared = true;
  /** \brief Only the worlds whose name contains this (all when empty). */
  std::string world;
};

/** \brief Reads --edges N, --seed S, --no-shared, --world NAME. \throws std::runtime_error naming \a program. */
inline Settings parseSettings(int argc, char **argv, const std::string &program)
{
  Settings settings;
  for (int i = 1; i < argc; ++i)
  {
    const std::string arg = argv[i];
    const bool has_value = i + 1 < argc;
    if (arg == "--edges" && has_value)
      settings.edges = std::stoul(argv[++i]);
    else if (arg == "--seed" && has_value)
      settings.seed = static_cast<std::uint32_t>(std::stoul(argv[++i]));
    else if (arg == "--no-shared")
      settings.shared = false;
    else if (arg == "--world" && has_value)
      settings.world = argv[++i];
    else
      throw std::runtime_error(program + ": bad argument '" + arg +
                               "'; use --edges N, --seed S, --no-shared, --world NAME.");
  }
  return settings;
}

/** \brief The whole main() of a benchmark \a program: prints \a title, then calls \a run_world on
    every robotWorlds() world whose name contains --world. \returns 0, or 1 after printing the message of an error. */
inline int runBenchmark(int argc, char **argv, const std::string &program, const std::string &title,
                        const std::function<void(const test::NamedWorld &, const Settings &)> &run_world)
{
  try
  {
    const Settings settings = parseSettings(argc, argv, program);
    std::printf("%s\n", title.c_str());
    for (const test::NamedWorld &world : test::robotWorlds(settings.shared, settings.world))
      run_world(world, settings);
  }
  catch (const std::exception &e)
  {
    std::fprintf(stderr, "%s\n", e.what());
    return 1;
  }
  return 0;
}

/** \brief Edges and their labels (colliding[i]: a sample of edges[i] collides). */
struct LabelledEdges
{
  std::vector<test::Edge> edges;
  std::vector<bool> colliding;
};

/** \brief \a count random PRM-length edges (seed \a seed) then \a count with a sampled contact
    (seed \a seed + 1000), labelled by 200 samples each. */
inline LabelledEdges labelledEdges(const CollisionWorld &world, std::size_t count, std::uint32_t seed)
{
  test::RandomEdgeOptions options;
  options.seed = seed;
  LabelledEdges set;
  set.edges = test::randomEdges(world, count, options);
  options.seed = seed + 1000;
  for (const test::Edge &edge : test::sampledCollidingEdges(world, count, options))
    set.edges.push_back(edge);
  CollisionWorkspace ws(world);
  for (const test::Edge &edge : set.edges)
    set.colliding.push_back(
        test::firstSampledCollision(world, ws, JointMotion(world.robot(), edge.q0, edge.q1), 200).has_value());
  return set;
}

/** \brief One certifier under test, its query, and what it answered on each edge. */
struct Contender
{
  std::shared_ptr<const Certifier> certifier;
  Query query;
  std::unique_ptr<CertifierWorkspace> ws;
  /** \brief Per edge: wall clock and the thread's CPU time, µs. */
  std::vector<double> micros, cpu_micros;
  std::vector<Report> reports;
};

/** \brief The calling thread's CPU time, µs. */
inline double threadCpuMicros()
{
  timespec now{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
  return 1e6 * static_cast<double>(now.tv_sec) + 1e-3 * static_cast<double>(now.tv_nsec);
}

/** \brief Certifies every edge of \a set with every contender: a warm-up on the first 10 edges,
    then edge by edge, each edge starting with another contender so that drift hits all alike. */
inline void certifyInterleaved(const CollisionWorld &world, const LabelledEdges &set,
                               std::vector<Contender> &contenders)
{
  for (Contender &c : contenders)
  {
    c.ws = c.certifier->makeWorkspace();
    c.micros.resize(set.edges.size());
    c.cpu_micros.resize(set.edges.size());
    c.reports.resize(set.edges.size());
  }
  const auto certify = [&](Contender &c, std::size_t e) {
    const JointMotion motion(world.robot(), set.edges[e].q0, set.edges[e].q1);
    const double cpu = threadCpuMicros();
    const auto start = std::chrono::steady_clock::now();
    c.reports[e] = c.certifier->certify(*c.ws, motion, c.query);
    c.micros[e] = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start).count();
    c.cpu_micros[e] = threadCpuMicros() - cpu;
  };
  for (std::size_t e = 0; e < std::min<std::size_t>(10, set.edges.size()); ++e)
    for (Contender &c : contenders)
      certify(c, e);
  for (std::size_t e = 0; e < set.edges.size(); ++e)
    for (std::size_t k = 0; k < contenders.size(); ++k)
      certify(contenders[(e + k) % contenders.size()], e);
}

/** \brief \a c's microseconds (wall clock, or with \a cpu the thread's CPU time) on the edges of
    \a set labelled \a colliding. */
inline std::vector<double> times(const Contender &c, const LabelledEdges &set, bool colliding, bool cpu = false)
{
  std::vector<double> us;
  for (std::size_t e = 0; e < set.edges.size(); ++e)
    if (set.colliding[e] == colliding)
      us.push_back(cpu ? c.cpu_micros[e] : c.micros[e]);
  return us;
}

/** \brief Counter \a key of \a report (0 when absent). */
inline double stat(const Report &report, const std::string &key)
{
  const auto found = report.stats.find(key);
  return found == report.stats.end() ? 0.0 : found->second;
}

/** \brief The \a p-quantile (nearest rank) of \a values; 0 when empty. */
inline double percentile(std::vector<double> values, double p)
{
  if (values.empty())
    return 0.0;
  std::sort(values.begin(), values.end());
  return values[std::min(values.size() - 1, static_cast<std::size_t>(p * (values.size() - 1) + 0.5))];
}

/** \brief The first line of /proc/loadavg ("?" where there is none). */
inline std::string loadAverage()
{
  std::ifstream file("/proc/loadavg");
  std::string line;
  return std::getline(file, line) ? line : "?";
}

/** \brief Prints the heading of \a world's tables: its name, its edges, and \a load (loadAverage()
    before the timing). */
inline void printWorldHeading(const test::NamedWorld &world, const LabelledEdges &set, const std::string &load)
{
  const std::size_t colliding = std::count(set.colliding.begin(), set.colliding.end(), true);
  std::printf("\n### %s\n\n%zu edges: %zu free, %zu colliding (a sample of 200 collides); /proc/loadavg before: "
              "%s\n\n",
              world.name.c_str(), set.edges.size(), set.edges.size() - colliding, colliding, load.c_str());
}
}  // namespace ompl_ccd::bench
