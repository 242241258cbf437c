/// Speed-up of `ompl_ccd validate --jobs N` (ompl_ccd::certifyEdges on N threads, one workspace
/// per thread, reports in edge order): the same edges answered by each validator with 1 and 2
/// threads, in Mode::Decide and Mode::FirstContact, three times each in the order 1, 2, 1, 2, 1, 2
/// so that drift hits both alike. Per world, validator and mode: the median wall time of a batch,
/// edges per second, the speed-up of 2 threads against 1, and the ratio of the summed per-edge
/// validator times (the `total_time_us` of validate's summary: above 1 when the threads slow each
/// other down, e.g. sharing caches or memory bandwidth, or share a busy machine's cores), the
/// ratio of the process's CPU time (load-independent: the threads' overhead; on two idle cores
/// the speed-up is about 2 / that ratio, edges being handed out one at a time), and whether both
/// gave the same verdicts.
///
/// Worlds: every world of example_worlds.h's robotWorlds() (the bundled robots, and the
/// ../shared/data robots in their scenes when present, unless --no-shared), or those whose name
/// contains --world NAME.
///
/// Usage: certify_jobs_benchmark [--edges N] [--seed S] [--no-shared] [--world NAME]
///        (N random and N sampled-colliding edges per world, default 200; seed default 1)

#include <chrono>
#include <cstdio>
#include <ctime>

#include "bench_support.h"
#include "ompl_ccd/ompl/path_certification.h"
#include "ompl_ccd/ompl/simple_setup.h"

namespace
{
using namespace ompl_ccd;

/** \brief CPU time of the whole process so far (every thread), seconds. */
double processCpuSeconds()
{
  timespec now{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
  return static_cast<double>(now.tv_sec) + 1e-9 * static_cast<double>(now.tv_nsec);
}

/** \brief One batch: its wall and CPU time (s), the sum of its per-edge times (µs) and its reports. */
struct Batch
{
  double wall_s = 0.0, cpu_s = 0.0, summed_us = 0.0;
  std::vector<EdgeReport> reports;
};

Batch runBatch(const ompl::base::SpaceInformationPtr &si, const CollisionWorldPtr &world,
               const std::vector<Edge> &edges, Mode mode, unsigned int jobs)
{
  CertifyOptions options;
  options.mode = mode;
  options.jobs = jobs;
  Batch batch;
  const auto start = std::chrono::steady_clock::now();
  const double cpu_start = processCpuSeconds();
  batch.reports = certifyEdges(si, world, edges, options);
  batch.cpu_s = processCpuSeconds() - cpu_start;
  batch.wall_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  for (const EdgeReport &edge : batch.reports)
    batch.summed_us += edge.time_us;
  return batch;
}

bool sameVerdicts(const Batch &a, const Batch &b)
{
  for (std::size_t i = 0; i < a.reports.size(); ++i)
    if (a.reports[i].report.verdict != b.reports[i].report.verdict)
      return false;
  return true;
}

void runWorld(const test::NamedWorld &named, const bench::Settings &settings)
{
  const bench::LabelledEdges set = bench::labelledEdges(*named.world, settings.edges, settings.seed);
  std::vector<Edge> edges;
  for (const test::Edge &edge : set.edges)
    edges.push_back({edge.q0, edge.q1, 0});
  const std::string load = bench::loadAverage();
  bench::printWorldHeading(named, set, load);
  std::printf("| validator | mode | 1 thread: median batch s | edges/s | 2 threads: median batch s | edges/s "
              "| speed-up | summed per-edge time, 2 / 1 | CPU time, 2 / 1 | same verdicts |\n"
              "|---|---|---:|---:|---:|---:|---:|---:|---:|---|\n");
  for (const std::string validator : {"discrete", "ca"})
  {
    const ompl::base::SpaceInformationPtr si = makeSpaceInformation(named.world, validator);
    for (const Mode mode : {Mode::Decide, Mode::FirstContact})
    {
      runBatch(si, named.world, edges, mode, 2);  // warm-up: every thread's workspace built
      std::vector<double> wall[2], summed[2], cpu[2];
      bool same = true;
      Batch first;
      for (int repeat = 0; repeat < 3; ++repeat)
        for (const unsigned int jobs : {1u, 2u})
        {
          const Batch batch = runBatch(si, named.world, edges, mode, jobs);
          wall[jobs - 1].push_back(batch.wall_s);
          summed[jobs - 1].push_back(batch.summed_us);
          cpu[jobs - 1].push_back(batch.cpu_s);
          if (first.reports.empty())
            first = batch;
          same = same && sameVerdicts(first, batch);
        }
      const double one = bench::percentile(wall[0], 0.5), two = bench::percentile(wall[1], 0.5);
      std::printf("| %s | %s | %.3f | %.0f | %.3f | %.0f | %.2f | %.2f | %.2f | %s |\n", validator.c_str(),
                  toString(mode), one, edges.size() / one, two, edges.size() / two, one / two,
                  bench::percentile(summed[1], 0.5) / bench::percentile(summed[0], 0.5),
                  bench::percentile(cpu[1], 0.5) / bench::percentile(cpu[0], 0.5), same ? "yes" : "NO");
    }
  }
  std::printf("\n");
}
}  // namespace

int main(int argc, char **argv)
{
  return bench::runBenchmark(argc, argv, "certify_jobs_benchmark",
                             "# certifyEdges (validate --jobs): 1 vs 2 threads on the same edges\n", runWorld);
}
