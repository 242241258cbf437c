/// The two mass distributions of the toleranced-motion certifier's link metrics ([SchroeckerWeber]
/// Sec. 2, affine_metric.h): every mesh vertex with equal weights, or the 8 corners of the
/// vertices' principal-axes box. The same edges (bench_support.h) certified with each, one thread,
/// in Decide and FirstContact mode (tolerance 1e-3), interleaved edge by edge. Per world,
/// distribution and mode: median and p95 µs per certify() call on free and on colliding edges,
/// the Undecided answers, and the mean counters of the reports (pairs covered, balls built, hull and
/// body distance queries, deepest subdivision).
///
/// Worlds: every world of example_worlds.h's robotWorlds() (the bundled robots, and the
/// ../shared/data robots in their scenes when present, unless --no-shared), or those whose name
/// contains --world NAME.
///
/// Usage: toleranced_mass_distribution [--edges N] [--seed S] [--no-shared] [--world NAME]
///        (N random and N sampled-colliding edges per world, default 200; seed default 1)
///
/// References: [SchroeckerWeber] in README.md (section References).

#include <cstdio>

#include "bench_support.h"
#include "ompl_ccd/certify/toleranced/toleranced_motion.h"

namespace
{
using namespace ompl_ccd;

/// The report counters shown, as means per edge.
const char *const kCounters[] = {"pairs", "intervals", "hull_distance_queries", "distance_queries", "max_depth"};

void runWorld(const test::NamedWorld &named, const bench::Settings &settings)
{
  const bench::LabelledEdges set = bench::labelledEdges(*named.world, settings.edges, settings.seed);
  const std::string load = bench::loadAverage();
  std::vector<bench::Contender> contenders;
  for (const Mode mode : {Mode::Decide, Mode::FirstContact})
    for (const MassDistribution kind : {MassDistribution::MeshVertices, MassDistribution::ObbCorners})
    {
      TolerancedMotionOptions options;
      options.mass_distribution = kind;
      Query query;
      query.mode = mode;
      contenders.push_back({std::make_shared<TolerancedMotion>(named.world, options), query, {}, {}, {}});
    }
  bench::certifyInterleaved(*named.world, set, contenders);

  bench::printWorldHeading(named, set, load);
  std::printf("| mode | mass distribution | free: median µs | free: p95 µs | colliding: median µs"
              " | colliding: p95 µs | undecided |");
  for (const char *key : kCounters)
    std::printf(" %s |", key);
  std::printf("\n|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
  for (const bench::Contender &c : contenders)
  {
    const auto &certifier = static_cast<const TolerancedMotion &>(*c.certifier);
    std::printf("| %s | %s |", toString(c.query.mode), toString(certifier.options().mass_distribution));
    for (const bool colliding : {false, true})
    {
      const std::vector<double> us = bench::times(c, set, colliding);
      std::printf(" %.0f | %.0f |", bench::percentile(us, 0.5), bench::percentile(us, 0.95));
    }
    std::size_t undecided = 0;
    for (const Report &report : c.reports)
      undecided += report.verdict == Verdict::Undecided;
    std::printf(" %zu |", undecided);
    for (const char *key : kCounters)
    {
      double sum = 0.0;
      for (const Report &report : c.reports)
        sum += bench::stat(report, key);
      std::printf(" %.1f |", sum / static_cast<double>(c.reports.size()));
    }
    std::printf("\n");
  }
}
}  // namespace

int main(int argc, char **argv)
{
  return bench::runBenchmark(argc, argv, "toleranced_mass_distribution",
                             "## Toleranced certifier: mass distributions of the link metrics\n\nOne thread, tolerance "
                             "1e-3, wall clock per certify() call.",
                             runWorld);
}
