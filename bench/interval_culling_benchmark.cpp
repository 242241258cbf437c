// The culling stages of the interval certifier as in [Redon2004] Table 2: the same edges certified
// (FirstContact) with stages 1+2+3, 1+3, 2+3 and 3 alone — 1: interval boxes of the bodies over a
// piece (Sec. 4.1), 2: line-swept spheres swept over it (Sec. 4.2), 3: feature culling and the
// exact solver (Sec. 5.2). Per world and stage set: median µs on free and colliding edges, and the
// share of (body pair, piece) tests culled by stage 1, by stage 2 (of those stage 1 left, or of all
// when stage 1 is off) and left to stage 3. Then what stage 3's continuous OBB trees cull (Sec. 5.1):
// stages 1+2+3 with the trees against the same without them (every feature of a pair culled by its
// box alone): OBB node tests and the share they cull, leaf (triangle) pairs, equations given to the
// elementary solver and µs in stage 3, per edge. Last, the width of the link pose enclosures
// (plain interval matrix products, Sec. 4.1, and the narrowed ones interval uses) against the Taylor models of `ca`
// ([Zhang2007] Sec. 5) on the same motions and pieces.
#include <cstdio>
#include <tuple>

#include "ompl_ccd/bound/taylor_pose.h"

#include "bench_support.h"
#include "ompl_ccd/certify/interval/interval_arithmetic.h"

namespace ompl_ccd::bench
{
namespace
{
/// Mean width of the link origins' enclosures p_WL over the 16 pieces of every edge of \a set
/// (summed over x, y, z): plain interval products, the narrowed ones interval uses
/// (linkIntervalPoses), and Taylor models bounded to intervals.
void printPoseWidths(const CollisionWorld &world, const LabelledEdges &set)
{
  double interval = 0.0, plain = 0.0, taylor = 0.0;
  std::size_t count = 0;
  std::vector<IntervalPose> by_interval, by_plain;
  std::vector<TaylorPose> by_taylor;
  for (const test::Edge &edge : set.edges)
  {
    const JointMotion motion(world.robot(), edge.q0, edge.q1);
    for (int k = 0; k < kIntervalTimePieces; ++k)
    {
      const double t0 = static_cast<double>(k) / kIntervalTimePieces, t1 = static_cast<double>(k + 1) / kIntervalTimePieces;
      linkIntervalPoses(motion, t0, t1, by_interval);
      plainLinkIntervalPoses(motion, t0, t1, by_plain);
      linkTaylorPoses(motion, TaylorDomain(t0, t1), by_taylor);
      for (std::size_t l = 0; l < by_interval.size(); ++l, ++count)
        for (int i = 0; i < 3; ++i)
        {
          interval += by_interval[l].p[i].width();
          plain += by_plain[l].p[i].width();
          taylor += by_taylor[l].p[i].bound().width();
        }
    }
  }
  std::printf("\nLink origin enclosures over pieces of 1/%d (mean width summed over x, y, z):\n\n"
              "| plain interval products (m) | with the mean-value narrowing (m) | Taylor models (m) | narrowed / Taylor |\n"
              "|---|---|---|---|\n| %.4g | %.4g | %.4g | %.3g |\n",
              kIntervalTimePieces, plain / count, interval / count, taylor / count, interval / taylor);
}

void runWorld(const test::NamedWorld &world, const Settings &settings)
{
  const LabelledEdges set = labelledEdges(*world.world, settings.edges, settings.seed);
  const char *names[] = {"1+2+3", "1+3", "2+3", "3"};
  std::vector<Contender> contenders;
  for (const auto &[box, sphere, trees] :
       {std::tuple{true, true, true}, {true, false, true}, {false, true, true}, {false, false, true}, {true, true, false}})
  {
    IntervalArithmeticOptions options;
    options.box_culling = box;
    options.swept_sphere_culling = sphere;
    options.pair.obb_trees = trees;
    Query query;
    query.mode = Mode::FirstContact;
    contenders.push_back({std::make_shared<IntervalArithmetic>(world.world, options), query, {}, {}, {}});
  }
  const std::string load = loadAverage();
  certifyInterleaved(*world.world, set, contenders);
  printWorldHeading(world, set, load);
  std::printf("| stages | free median µs | colliding median µs | culled by 1 | culled by 2 | left to 3 |\n"
              "|---|---|---|---|---|---|\n");
  for (std::size_t k = 0; k + 1 < contenders.size(); ++k)
  {
    double tested = 0, box = 0, sphere = 0, left = 0;
    for (const Report &report : contenders[k].reports)
    {
      tested += stat(report, "pair_pieces");
      box += stat(report, "box_culled");
      sphere += stat(report, "sphere_culled");
      left += stat(report, "body_pairs");
    }
    const auto share = [&](double part, double whole) { return whole > 0 ? 100.0 * part / whole : 0.0; };
    std::printf("| %s | %.1f | %.1f | %.1f %% | %.1f %% | %.1f %% |\n", names[k],
                percentile(times(contenders[k], set, false), 0.5), percentile(times(contenders[k], set, true), 0.5),
                share(box, tested), share(sphere, tested - box), share(left, tested));
  }
  std::printf("\nStage 3 ([Redon2004] Sec. 5.1), per edge: with and without the continuous OBB trees\n\n"
              "| stage 3 | free median µs | colliding median µs | node tests | culled by OBB tests | leaf pairs | "
              "equations | stage 3 µs (mean) |\n|---|---|---|---|---|---|---|---|\n");
  for (const std::size_t k : {std::size_t{0}, contenders.size() - 1})
  {
    double nodes = 0, culled = 0, leaves = 0, equations = 0, exact = 0;
    for (const Report &report : contenders[k].reports)
    {
      nodes += stat(report, "node_tests");
      culled += stat(report, "node_culled");
      leaves += stat(report, "triangle_pairs");
      equations += stat(report, "feature_pairs");
      exact += stat(report, "time_exact_us");
    }
    const double n = static_cast<double>(set.edges.size());
    std::printf("| %s | %.1f | %.1f | %.1f | %.1f %% | %.1f | %.1f | %.1f |\n",
                k == 0 ? "OBB trees, then feature boxes" : "feature boxes alone",
                percentile(times(contenders[k], set, false), 0.5), percentile(times(contenders[k], set, true), 0.5),
                nodes / n, nodes > 0 ? 100.0 * culled / nodes : 0.0, leaves / n, equations / n, exact / n);
  }
  printPoseWidths(*world.world, set);
}
}  // namespace
}  // namespace ompl_ccd::bench

int main(int argc, char **argv)
{
  return ompl_ccd::bench::runBenchmark(argc, argv, "interval_culling_benchmark",
                                       "## interval: culling stages ([Redon2004] Table 2)",
                                       ompl_ccd::bench::runWorld);
}
