// What the sphere front end decides and what it costs, per world: ca in Decide mode with the stage
// on and off, interleaved on the same edges (random PRM-length edges and as many with a sampled
// contact, bench_support.h; on ../shared/data/worlds/panda_primitives, its own 300 edges). Each
// edge is counted where the stage left it — decided Free, decided Collision (an inner-ball
// contact), or passed down to the pipeline — with the medians of ca with and without the stage on
// those edges (the thread's CPU time): the stage's own cost is the first two rows' "on" column, its
// overhead on the edges it cannot decide the third row's difference.
//   build/bench/sphere_front_end_benchmark [--edges N] [--seed S] [--no-shared] [--world NAME]
#include <cstdio>

#include "bench_support.h"
#include "ompl_ccd/certify/ca/conservative_advancement.h"
#include "ompl_ccd/geometry/scene_loader.h"
#include "ompl_ccd/model/edge_file.h"
#include "ompl_ccd/model/srdf.h"
#include "support/test_paths.h"

namespace ompl_ccd::bench
{
namespace
{
/// Where the stage left an edge.
enum Where
{
  kStageFree,
  kStageCollision,
  kPassedDown,
  kWheres
};

const char *whereName(int where)
{
  static const char *names[] = {"stage: Free", "stage: Collision (inner balls)", "passed down"};
  return names[where];
}

double mean(const std::vector<double> &values)
{
  double sum = 0.0;
  for (double v : values)
    sum += v;
  return values.empty() ? 0.0 : sum / values.size();
}

Where whereOf(const Report &report)
{
  if (stat(report, "sphere_free") > 0)
    return kStageFree;
  if (stat(report, "sphere_collision") > 0)
    return kStageCollision;
  return kPassedDown;
}

Contender caContender(const CollisionWorldPtr &world, bool spheres)
{
  CullingOptions culling;
  culling.sphere_front_end = spheres;
  Contender c;
  c.certifier = std::make_shared<ConservativeAdvancement>(world, ConservativeAdvancementOptions{}, culling);
  c.query.mode = Mode::Decide;
  return c;
}

void runEdges(const test::NamedWorld &world, const LabelledEdges &set)
{
  std::vector<Contender> contenders;
  contenders.push_back(caContender(world.world, true));
  contenders.push_back(caContender(world.world, false));
  const std::string load = loadAverage();
  certifyInterleaved(*world.world, set, contenders);
  printWorldHeading(world, set, load);
  std::printf("| edges where the stage left them | count | share | ca on: median µs | ca off: median µs | on / off | blocks (mean) | open spans (mean) |\n"
              "|---|---:|---:|---:|---:|---:|---:|---:|\n");
  std::vector<double> on[kWheres], off[kWheres], batches[kWheres], spans[kWheres];
  for (std::size_t e = 0; e < set.edges.size(); ++e)
  {
    const Where where = whereOf(contenders[0].reports[e]);
    on[where].push_back(contenders[0].cpu_micros[e]);
    off[where].push_back(contenders[1].cpu_micros[e]);
    batches[where].push_back(stat(contenders[0].reports[e], "sphere_batches"));
    spans[where].push_back(stat(contenders[0].reports[e], "sphere_open_spans"));
  }
  std::vector<double> all_on(contenders[0].cpu_micros), all_off(contenders[1].cpu_micros);
  for (int w = 0; w < kWheres; ++w)
  {
    const double m_on = percentile(on[w], 0.5), m_off = percentile(off[w], 0.5);
    std::printf("| %s | %zu | %.0f %% | %.1f | %.1f | %.2f | %.1f | %.1f |\n", whereName(w), on[w].size(),
                100.0 * on[w].size() / set.edges.size(), m_on, m_off, m_off > 0 ? m_on / m_off : 0.0, mean(batches[w]),
                mean(spans[w]));
  }
  const double m_on = percentile(all_on, 0.5), m_off = percentile(all_off, 0.5);
  std::printf("| all | %zu | 100 %% | %.1f | %.1f | %.2f | | |\n", set.edges.size(), m_on, m_off, m_on / m_off);
  for (bool colliding : {false, true})
  {
    const double a = percentile(times(contenders[0], set, colliding, true), 0.5);
    const double b = percentile(times(contenders[1], set, colliding, true), 0.5);
    std::printf("| all %s | %zu | | %.1f | %.1f | %.2f | | |\n", colliding ? "colliding" : "free",
                times(contenders[0], set, colliding).size(), a, b, b > 0 ? a / b : 0.0);
  }
  std::printf("\nblocks of 8 lanes per edge the stage decides Free: median %.0f\n", percentile(batches[kStageFree], 0.5));
}
void runWorld(const test::NamedWorld &world, const Settings &settings)
{
  runEdges(world, labelledEdges(*world.world, settings.edges, settings.seed));
}

/// panda_primitives and its 300 edges, labelled by 200 samples each; nothing without ../shared/data.
void runPandaPrimitives(const Settings &settings)
{
  const std::string name = "panda / panda_primitives (edges.txt)";
  const std::optional<std::string> folder = test::sharedDataPath("worlds/panda_primitives");
  if (!settings.shared || !folder || name.find(settings.world) == std::string::npos)
    return;
  RobotModelOptions options;
  options.srdf = parseSrdfFile(*folder + "/panda.srdf");
  auto robot = std::make_shared<const RobotModel>(RobotModel::fromUrdfFile(*folder + "/panda_fixed_fingers.urdf", options));
  const test::NamedWorld world{name, std::make_shared<const CollisionWorld>(robot, loadScene(*folder + "/scene.yaml"))};
  LabelledEdges set;
  CollisionWorkspace ws(*world.world);
  for (const Edge &edge : readEdgeFile(*folder + "/edges.txt", *robot, "sphere_front_end_benchmark"))
  {
    set.edges.push_back({edge.start, edge.goal});
    set.colliding.push_back(
        test::firstSampledCollision(*world.world, ws, JointMotion(*robot, edge.start, edge.goal), 200).has_value());
  }
  runEdges(world, set);
}
}  // namespace
}  // namespace ompl_ccd::bench

int main(int argc, char **argv)
{
  using namespace ompl_ccd::bench;
  const int status = runBenchmark(argc, argv, "sphere_front_end_benchmark",
                                  "## The sphere front end: what it decides, what it costs (ca, Decide, thread CPU time)",
                                  runWorld);
  if (status == 0)
    runPandaPrimitives(parseSettings(argc, argv, "sphere_front_end_benchmark"));
  return status;
}
