/// Speed-up of the toleranced-motion certifier with its internal thread pool ([SchroeckerWeber]
/// Sec. 6: the sub-intervals of a motion are independent): the same random edges of the example
/// arm in the example scene certified with 1, 2 and 4 threads per query (Decide mode, tolerance
/// 1e-3), median and p95 µs per edge, and a check that every thread count gives the same verdicts.
///
/// Usage: toleranced_threads [edges] [seed]   (default 200 edges, seed 1)
///
/// [SchroeckerWeber] H.-P. Schröcker, M. J. Weber. Guaranteed collision detection with toleranced
/// motions. Computer Aided Geometric Design 31(7–8), 2014.

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

#include "ompl_ccd/certify/toleranced_motion.h"
#include "ompl_ccd/geometry/collision_queries.h"
#include "ompl_ccd/geometry/scene_loader.h"

using namespace ompl_ccd;

namespace
{
/// A state uniform within the joint limits (the arm has revolute joints only).
Eigen::VectorXd randomState(const RobotModel &model, std::mt19937 &rng)
{
  Eigen::VectorXd q(model.nq());
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  for (const Joint &joint : model.joints())
    if (joint.nq() == 1)
      q[joint.q_index] = joint.lower + unit(rng) * (joint.upper - joint.lower);
  return q;
}

double percentile(std::vector<double> v, double p)
{
  std::sort(v.begin(), v.end());
  return v[std::min(v.size() - 1, static_cast<std::size_t>(p * (v.size() - 1) + 0.5))];
}
}  // namespace

int main(int argc, char **argv)
{
  const std::size_t count = argc > 1 ? std::strtoul(argv[1], nullptr, 10) : 200;
  std::mt19937 rng(argc > 2 ? std::strtoul(argv[2], nullptr, 10) : 1);
  const std::string root = OMPL_CCD_SOURCE_DIR;
  auto robot = std::make_shared<const RobotModel>(RobotModel::fromUrdfFile(root + "/examples/arm/arm.urdf"));
  auto world = std::make_shared<CollisionWorld>(robot, loadScene(root + "/examples/scene.yaml"));
  // PRM-like edges: both ends collision-free, the goal within a quarter of each joint range.
  CollisionWorkspace check(*world);
  std::vector<std::pair<Eigen::VectorXd, Eigen::VectorXd>> edges;
  std::uniform_real_distribution<double> step(-0.25, 0.25);
  while (edges.size() < count)
  {
    const Eigen::VectorXd q0 = randomState(*robot, rng);
    Eigen::VectorXd q1 = q0;
    for (const Joint &joint : robot->joints())
      if (joint.nq() == 1)
        q1[joint.q_index] =
            std::clamp(q0[joint.q_index] + step(rng) * (joint.upper - joint.lower), joint.lower, joint.upper);
    if (!isInCollision(*world, check, q0) && !isInCollision(*world, check, q1))
      edges.emplace_back(q0, q1);
  }
  std::printf("toleranced certifier, %zu edges of the example arm in examples/scene.yaml, Decide, tolerance 1e-3\n",
              edges.size());
  std::printf("| threads | median [us] | p95 [us] | mean [us] | speed-up (mean) | free | collision | undecided |\n"
              "|---:|---:|---:|---:|---:|---:|---:|---:|\n");
  std::vector<Verdict> reference;
  double base_mean = 0.0;
  for (const int threads : {1, 2, 4})
  {
    TolerancedMotionOptions options;
    options.threads = threads;
    const TolerancedMotion certifier(world, options);
    auto ws = certifier.makeWorkspace();
    std::vector<double> micros;
    std::vector<Verdict> verdicts;
    int counts[3] = {0, 0, 0};
    for (const auto &[q0, q1] : edges)
    {
      const JointMotion motion(*robot, q0, q1);
      const auto start = std::chrono::steady_clock::now();
      const Report report = certifier.certify(*ws, motion, Query{});
      micros.push_back(std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start).count());
      verdicts.push_back(report.verdict);
      ++counts[static_cast<int>(report.verdict)];
    }
    double mean = 0.0;
    for (double m : micros)
      mean += m / static_cast<double>(micros.size());
    if (threads == 1)
    {
      reference = verdicts;
      base_mean = mean;
    }
    std::printf("| %d | %.0f | %.0f | %.0f | %.2f | %d | %d | %d |\n", threads, percentile(micros, 0.5),
                percentile(micros, 0.95), mean, base_mean / mean, counts[0], counts[1], counts[2]);
    if (verdicts != reference)
      std::printf("  verdicts differ from the single-threaded run (Undecided/Collision may swap at the limit)\n");
  }
  return 0;
}
