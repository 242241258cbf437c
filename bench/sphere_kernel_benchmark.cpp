// The sphere stage's flat kernel alone (spheres/block_kernel.h): one block of 8 Panda
// configurations against ../shared/data/worlds/panda_primitives, everything included (the lanes'
// forward kinematics, every body's bounding ball and leaves where needed against the 22
// primitives, every self pair the stage tests: the SRDF's and the joint-space certificates' leave,
// the inner balls as in Mode::Decide). Each
// iteration takes the next of the world's 300 edges, its first block (8 segments of [0, 1]); the
// per-edge set-up (speeds, pairs) is outside the timing. Then the whole stage, edge after edge, for
// its cost per edge and blocks per edge. Skips when ../shared/data is absent.
//   build/bench/sphere_kernel_benchmark [--benchmark_...]
#include <benchmark/benchmark.h>

#include <algorithm>

#include "certify/pipeline/culling_front_end.h"
#include "ompl_ccd/geometry/scene_loader.h"
#include "ompl_ccd/model/edge_file.h"
#include "ompl_ccd/model/srdf.h"
#include "spheres/edge_sweep.h"
#include "support/test_paths.h"

namespace ompl_ccd::bench
{
namespace
{
/// The stage's other proofs (the self pairs' joint-space certificates, as the stage asks them), no
/// confirmations: the pairs the kernel tests are the stage's.
class Certificates : public spheres::SweepCaller
{
public:
  Certificates(const CullingFrontEnd &front_end, const JointMotion &motion) : front_end_(front_end), motion_(motion) {}
  bool pairSpans(const spheres::SweepPair &pair, std::vector<std::pair<double, double>> &spans) const override
  {
    const JointSpaceCertificate *certificate = front_end_.certificate({pair.a, pair.other});
    if (certificate)
      certificate->openSpans(motion_, 0.0, 1.0, 0.0, spans);
    return certificate != nullptr;
  }
  bool confirm(const spheres::InnerHit &) override { return false; }

private:
  const CullingFrontEnd &front_end_;
  const JointMotion &motion_;
};

/// One edge's first block, ready for the kernel.
struct PreparedEdge
{
  spheres::EdgeLanes edge;
  std::vector<spheres::SweepPair> pairs;
  std::vector<float> world_speed, child_speed;
  std::vector<spheres::SelfSpeeds> self_speed;
  spheres::BlockTask task;
};

struct PandaPrimitives
{
  std::vector<Edge> motions;
  CollisionWorldPtr world;
  std::unique_ptr<CullingFrontEnd> front_end;
  const spheres::SphereModel *model = nullptr;
  std::vector<PreparedEdge> edges;
};

const PandaPrimitives *pandaPrimitives()
{
  static const std::unique_ptr<PandaPrimitives> loaded = []() -> std::unique_ptr<PandaPrimitives> {
    const std::optional<std::string> folder = test::sharedDataPath("worlds/panda_primitives");
    if (!folder)
      return nullptr;
    auto p = std::make_unique<PandaPrimitives>();
    RobotModelOptions options;
    options.srdf = parseSrdfFile(*folder + "/panda.srdf");
    auto robot =
        std::make_shared<const RobotModel>(RobotModel::fromUrdfFile(*folder + "/panda_fixed_fingers.urdf", options));
    p->world = std::make_shared<const CollisionWorld>(robot, loadScene(*folder + "/scene.yaml"));
    CullingOptions culling;
    culling.sphere_front_end = true;
    p->front_end = std::make_unique<CullingFrontEnd>(p->world, culling);
    p->model = &p->front_end->sphereStage()->model();
    spheres::SweepWorkspace ws(*p->model);
    spheres::SweepSettings settings;
    p->motions = readEdgeFile(*folder + "/edges.txt", *robot, "sphere_kernel_benchmark");
    for (const Edge &edge : p->motions)
    {
      const JointMotion motion(*robot, edge.start, edge.goal);
      Certificates caller(*p->front_end, motion);
      if (!spheres::prepareSweep(*p->model, ws, motion, settings, caller))
        continue;
      PreparedEdge prepared{ws.edge, ws.pairs, ws.world_speed, ws.child_speed, ws.self_speed, {}};
      p->edges.push_back(std::move(prepared));
    }
    for (PreparedEdge &e : p->edges)
    {
      e.task = spheres::sweepTask(ws, settings);
      e.task.pairs = e.pairs.data();
      e.task.count = static_cast<int>(e.pairs.size());
      e.task.world_speed = e.world_speed.data();
      e.task.child_speed = e.child_speed.data();
      e.task.self_speed = e.self_speed.data();
      for (int k = 0; k < spheres::kLanes; ++k)
      {
        e.task.times[k] = static_cast<float>((k + 0.5) / spheres::kLanes);
        e.task.half[k] = static_cast<float>(0.5 / spheres::kLanes);
      }
    }
    return p;
  }();
  return loaded.get();
}

void BM_OneBlockOfEightPandaConfigurations(benchmark::State &state)
{
  const PandaPrimitives *p = pandaPrimitives();
  if (!p)
  {
    state.SkipWithError("../shared/data is absent: no panda_primitives");
    return;
  }
  spheres::BlockWorkspace ws(*p->model);
  std::size_t most = 0;
  for (const PreparedEdge &edge : p->edges)
    most = std::max(most, edge.pairs.size());
  std::vector<std::uint8_t> fail(most), inner(most);
  std::size_t e = 0, clear_lanes = 0, blocks = 0;
  for (auto _ : state)
  {
    const PreparedEdge &edge = p->edges[e];
    spheres::testBlock(*p->model, edge.edge, edge.task, ws, fail.data(), inner.data());
    benchmark::DoNotOptimize(fail.data());
    std::uint8_t any = 0;
    for (int i = 0; i < edge.task.count; ++i)
      any |= fail[i];
    clear_lanes += 8 - __builtin_popcount(any);
    ++blocks;
    e = e + 1 == p->edges.size() ? 0 : e + 1;
  }
  state.counters["pairs"] = static_cast<double>(p->edges.front().pairs.size());
  state.counters["clear_lanes_per_block"] = static_cast<double>(clear_lanes) / static_cast<double>(blocks);
  state.SetLabel(spheres::laneTarget());
}
BENCHMARK(BM_OneBlockOfEightPandaConfigurations);

/// The joint-space certificates of the stage's front end, as the pipeline hands them to the stage.
class FrontEndCertificates : public CertificateOf
{
public:
  explicit FrontEndCertificates(const CullingFrontEnd &front_end) : front_end_(front_end) {}
  const JointSpaceCertificate *of(int a, int b) const override { return front_end_.certificate({a, b}); }

private:
  const CullingFrontEnd &front_end_;
};

/// The whole stage on each of the 300 edges in turn (Mode::Decide): the per-edge set-up, the
/// blocks, the confirmation of an inner hit; the edges' blocks and outcomes counted.
void BM_SphereStageOnPandaPrimitivesEdges(benchmark::State &state)
{
  const PandaPrimitives *p = pandaPrimitives();
  if (!p)
  {
    state.SkipWithError("../shared/data is absent: no panda_primitives");
    return;
  }
  const SphereStage &stage = *p->front_end->sphereStage();
  const auto ws = stage.makeWorkspace();
  const FrontEndCertificates certificates(*p->front_end);
  std::vector<JointMotion> motions;
  for (const Edge &edge : p->motions)
    motions.emplace_back(p->world->robot(), edge.start, edge.goal);
  const Query query;
  std::size_t e = 0, blocks = 0, edges = 0, free = 0, collision = 0;
  for (auto _ : state)
  {
    const SphereStageResult result = stage.run(*ws, motions[e], query, certificates);
    blocks += result.batches;
    free += result.outcome == SphereStageResult::Outcome::Free;
    collision += result.outcome == SphereStageResult::Outcome::Collision;
    ++edges;
    e = e + 1 == motions.size() ? 0 : e + 1;
  }
  state.counters["blocks_per_edge"] = static_cast<double>(blocks) / static_cast<double>(edges);
  state.counters["free_share"] = static_cast<double>(free) / static_cast<double>(edges);
  state.counters["collision_share"] = static_cast<double>(collision) / static_cast<double>(edges);
}
BENCHMARK(BM_SphereStageOnPandaPrimitivesEdges);
}  // namespace
}  // namespace ompl_ccd::bench

BENCHMARK_MAIN();
