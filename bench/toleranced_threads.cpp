/// Speed-up of the toleranced-motion certifier with several threads per query ([SchroeckerWeber]
/// Sec. 6: the sub-intervals of a motion are independent; toleranced_motion.h, "Threads"): the
/// same edges certified in Decide mode (tolerance 1e-3) with 1, 2 and 4 threads, interleaved edge
/// by edge. Per world and thread count, separately on free and colliding edges (bench_support.h):
/// median and p95 µs per certify() call and the speed-up against one thread of the median and of
/// the total time; and how many verdicts differ from one thread's (allowed only where a cap ended a
/// search: the count in brackets).
///
/// Worlds: every world of example_worlds.h's robotWorlds() (the bundled robots, and the
/// ../shared/data robots in their scenes when present, unless --no-shared), or those whose name
/// contains --world NAME.
///
/// Usage: toleranced_threads [--edges N] [--seed S] [--no-shared] [--world NAME]
///        (N random and N sampled-colliding edges per world, default 200; seed default 1)
///
/// References: [SchroeckerWeber] in README.md (section References).

#include <cstdio>
#include <numeric>
#include <thread>

#include "bench_support.h"
#include "ompl_ccd/certify/toleranced/toleranced_motion.h"

namespace
{
using namespace ompl_ccd;

double total(const std::vector<double> &values) { return std::accumulate(values.begin(), values.end(), 0.0); }

void runWorld(const test::NamedWorld &named, const bench::Settings &settings)
{
  const bench::LabelledEdges set = bench::labelledEdges(*named.world, settings.edges, settings.seed);
  const std::string load = bench::loadAverage();
  const std::vector<int> thread_counts = {1, 2, 4};
  std::vector<bench::Contender> contenders;
  for (const int threads : thread_counts)
  {
    TolerancedMotionOptions options;
    options.threads = threads;
    contenders.push_back({std::make_shared<TolerancedMotion>(named.world, options), Query{}, {}, {}, {}});
  }
  bench::certifyInterleaved(*named.world, set, contenders);

  bench::printWorldHeading(named, set, load);
  std::printf("| threads | free: median µs | free: p95 µs | free: speed-up median | free: speed-up total"
              " | colliding: median µs | colliding: p95 µs | colliding: speed-up median | colliding: speed-up total"
              " | verdicts ≠ 1 thread (at the limit) |\n"
              "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
  const bench::Contender &one = contenders.front();
  for (std::size_t k = 0; k < contenders.size(); ++k)
  {
    const bench::Contender &c = contenders[k];
    std::printf("| %d |", thread_counts[k]);
    for (const bool colliding : {false, true})
    {
      const std::vector<double> us = bench::times(c, set, colliding), base = bench::times(one, set, colliding);
      std::printf(" %.0f | %.0f | %.2f | %.2f |", bench::percentile(us, 0.5), bench::percentile(us, 0.95),
                  bench::percentile(base, 0.5) / bench::percentile(us, 0.5), total(base) / total(us));
    }
    std::size_t differ = 0, at_limit = 0;
    for (std::size_t e = 0; e < set.edges.size(); ++e)
      if (c.reports[e].verdict != one.reports[e].verdict)
      {
        ++differ;
        for (const Report *report : {&c.reports[e], &one.reports[e]})
          if (bench::stat(*report, "cap_max_depth") + bench::stat(*report, "cap_max_intervals") > 0.0)
          {
            ++at_limit;
            break;
          }
      }
    std::printf(" %zu (%zu) |\n", differ, at_limit);
  }
}
}  // namespace

int main(int argc, char **argv)
{
  const std::string title = "## Toleranced certifier: threads per query\n\nDecide mode, tolerance 1e-3, wall clock per "
                            "certify() call; " +
                            std::to_string(std::thread::hardware_concurrency()) + " hardware threads.";
  return bench::runBenchmark(argc, argv, "toleranced_threads", title, runWorld);
}
