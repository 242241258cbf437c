// Where the interval certifier spends its time, as in [Redon2004] Table 1: per motion amplitude
// (every joint turning 1°, 5°, 15° or 30° over the edge, each way at random) and per edge class
// (free: no sample of 200 collides; colliding: one does), the median µs of a FirstContact query
// and the mean µs of its parts — culling (the start check, the shared culling front end and
// stage 1's interval boxes, Sec. 4.1), the swept-sphere stage (Sec. 4.2) and the exact contact
// computation (OBB trees and the elementary solver, Sec. 5) — with the pairs and equations each
// left. Bounded joints only (revolute, prismatic; others keep their value).
#include <cstdio>
#include <random>

#include "bench_support.h"
#include "ompl_ccd/certify/interval/interval_arithmetic.h"
#include "ompl_ccd/geometry/collision_queries.h"
#include "ompl_ccd/numeric.h"

namespace ompl_ccd::bench
{
namespace
{
/// q moved by \a step radians (or metres) on every bounded joint, each way by \a signs.
Eigen::VectorXd moved(const RobotModel &model, const Eigen::VectorXd &q, const Eigen::VectorXd &signs, double step)
{
  Eigen::VectorXd out = q;
  for (const Joint &joint : model.joints())
    if (joint.q_index >= 0 && (joint.type == JointType::Revolute || joint.type == JointType::Prismatic))
      out[joint.q_index] += step * signs[joint.q_index];
  return out;
}

/// Whether every bounded joint of \a q is within its limits.
bool withinLimits(const RobotModel &model, const Eigen::VectorXd &q)
{
  for (const Joint &joint : model.joints())
    if (joint.q_index >= 0 && (joint.type == JointType::Revolute || joint.type == JointType::Prismatic) &&
        (q[joint.q_index] < joint.lower || q[joint.q_index] > joint.upper))
      return false;
  return true;
}

/// \a count free edges and \a count colliding ones of amplitude \a degrees per joint, from random
/// free starts q and random signs s: free ones q → q + a s where no sample of 200 collides;
/// colliding ones through the first state in collision q_c on the ray q + k (a/4) s, as
/// q_c − λ a s → q_c + (1 − λ) a s with λ ∈ [0.2, 0.8], when its ends are free.
LabelledEdges amplitudeEdges(const CollisionWorld &world, std::size_t count, double degrees, std::uint32_t seed)
{
  const RobotModel &model = world.robot();
  const double amplitude = degrees * numeric::kPi / 180.0;
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  CollisionWorkspace ws(world);
  LabelledEdges set;
  std::size_t free = 0, colliding = 0;
  for (std::size_t attempt = 0; attempt < 200000 && (free < count || colliding < count); ++attempt)
  {
    Eigen::VectorXd signs(model.nq());
    for (int i = 0; i < model.nq(); ++i)
      signs[i] = unit(rng) < 0.5 ? -1.0 : 1.0;
    Eigen::VectorXd q0 = test::randomState(model, rng);
    if (isInCollision(world, ws, q0))
      continue;
    const bool hit = free >= count;
    if (hit)
    {
      // Walk to the first state in collision, then start the edge λ a before it.
      Eigen::VectorXd q = q0;
      bool found = false;
      while (!found && withinLimits(model, q = moved(model, q, signs, 0.25 * amplitude)))
        found = isInCollision(world, ws, q);
      if (!found)
        continue;
      q0 = moved(model, q, signs, -(0.2 + 0.6 * unit(rng)) * amplitude);
    }
    const Eigen::VectorXd q1 = moved(model, q0, signs, amplitude);
    if (!withinLimits(model, q0) || !withinLimits(model, q1) || isInCollision(world, ws, q0) ||
        isInCollision(world, ws, q1))
      continue;
    if (test::firstSampledCollision(world, ws, JointMotion(model, q0, q1), 200).has_value() != hit)
      continue;
    set.edges.push_back({q0, q1});
    set.colliding.push_back(hit);
    (hit ? colliding : free) += 1;
  }
  return set;
}

void runWorld(const test::NamedWorld &world, const Settings &settings)
{
  Query query;
  query.mode = Mode::FirstContact;
  std::vector<Contender> contenders;
  contenders.push_back({std::make_shared<IntervalArithmetic>(world.world), query, {}, {}, {}});
  std::printf("\n### %s\n\n/proc/loadavg before: %s\n\n", world.name.c_str(), loadAverage().c_str());
  std::printf("| amplitude | edges | median µs | culling µs | swept-sphere µs | exact µs | pairs left | equations | "
              "undecided |\n|---|---|---:|---:|---:|---:|---:|---:|---:|\n");
  for (const double degrees : {1.0, 5.0, 15.0, 30.0})
  {
    const LabelledEdges set = amplitudeEdges(*world.world, settings.edges, degrees, settings.seed);
    certifyInterleaved(*world.world, set, contenders);
    for (const bool colliding : {false, true})
    {
      double culling = 0, swept = 0, exact = 0, pairs = 0, equations = 0, undecided = 0, n = 0;
      for (std::size_t e = 0; e < set.edges.size(); ++e)
      {
        if (set.colliding[e] != colliding)
          continue;
        const Report &r = contenders[0].reports[e];
        swept += stat(r, "time_swept_us");
        culling += stat(r, "time_culling_us") - stat(r, "time_swept_us");
        exact += stat(r, "time_exact_us");
        pairs += stat(r, "body_pairs");
        equations += stat(r, "feature_pairs");
        undecided += r.verdict == Verdict::Undecided;
        n += 1;
      }
      const double m = std::max(n, 1.0);
      std::printf("| %g° %s | %.0f | %.1f | %.1f | %.1f | %.1f | %.1f | %.1f | %.0f |\n", degrees,
                  colliding ? "colliding" : "free", n, percentile(times(contenders[0], set, colliding), 0.5),
                  culling / m, swept / m, exact / m, pairs / m, equations / m, undecided);
    }
  }
}
}  // namespace
}  // namespace ompl_ccd::bench

int main(int argc, char **argv)
{
  return ompl_ccd::bench::runBenchmark(argc, argv, "interval_stage_timings",
                                       "## interval: time per stage by motion amplitude ([Redon2004] Table 1)\n\n"
                                       "FirstContact queries; culling = start check + culling front end + interval "
                                       "boxes (stage 1), means over the edges of a row (wall clock: /proc/loadavg "
                                       "above each table).",
                                       ompl_ccd::bench::runWorld);
}
