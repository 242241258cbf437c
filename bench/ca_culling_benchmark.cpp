/// \file ca_culling_benchmark.cpp
/// What the culling stages of the CATCH certifier ("ca") buy, on random PRM-length edges of the
/// bundled arm in the example scene and of the bundled snake (self-collision only):
///  - [Zhang2007] Fig. 5: summed volume of the links' dynamic AABBs over [0,1] from third-order
///    Taylor models against plain interval arithmetic (one piece over the whole motion);
///  - [Zhang2007] Table 2: mean number of potentially colliding pairs before culling, after
///    spatial culling and after temporal culling, distance queries and CA steps per edge, and the
///    median / p95 µs per certification, for each configuration of the certifier
///    (default, with Taylor models, no temporal culling), in Mode::Decide and Mode::FirstContact.
///
/// Usage: ca_culling_benchmark [edges]   (edges per world, default 300)
///
/// References: [Zhang2007] in README.md (section References).

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "ompl_ccd/bound/dynamic_aabb.h"
#include "ompl_ccd/bound/taylor_pose.h"
#include "ompl_ccd/certify/ca/conservative_advancement.h"
#include "ompl_ccd/geometry/collision_queries.h"
#include "ompl_ccd/geometry/scene_loader.h"
#include "ompl_ccd/numeric.h"

#include "bench_support.h"

using namespace ompl_ccd;

namespace
{
/// A uniformly random state within the joint limits (no floating root in the bundled robots).
Eigen::VectorXd randomState(const RobotModel &model, std::mt19937 &rng)
{
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  Eigen::VectorXd q(model.nq());
  for (const Joint &joint : model.joints())
    if (joint.nq() == 1)
      q[joint.q_index] = joint.type == JointType::Continuous ? -numeric::kPi + numeric::kTwoPi * unit(rng)
                                                              : joint.lower + (joint.upper - joint.lower) * unit(rng);
  return q;
}

/// Edges q0 → q0 + f (q1 − q0), f ∈ [0.1, 0.3], both ends collision-free.
std::vector<std::pair<Eigen::VectorXd, Eigen::VectorXd>> randomEdges(const CollisionWorld &world, int count,
                                                                     unsigned seed)
{
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> fraction(0.1, 0.3);
  CollisionWorkspace ws(world);
  std::vector<std::pair<Eigen::VectorXd, Eigen::VectorXd>> edges;
  while (static_cast<int>(edges.size()) < count)
  {
    const Eigen::VectorXd q0 = randomState(world.robot(), rng);
    const Eigen::VectorXd q1 = q0 + fraction(rng) * (randomState(world.robot(), rng) - q0);
    if (!isInCollision(world, ws, q0) && !isInCollision(world, ws, q1))
      edges.emplace_back(q0, q1);
  }
  return edges;
}

void volumes(const std::string &name, const CollisionWorld &world,
                  const std::vector<std::pair<Eigen::VectorXd, Eigen::VectorXd>> &edges)
{
  double taylor = 0.0, interval = 0.0;
  std::vector<TaylorPose> taylor_poses;
  std::vector<IntervalPose> interval_poses;
  for (const auto &[q0, q1] : edges)
  {
    const JointMotion motion(world.robot(), q0, q1);
    linkTaylorPoses(motion, TaylorDomain(0.0, 1.0), taylor_poses);
    plainLinkIntervalPoses(motion, 0.0, 1.0, interval_poses);  // Fig. 5's baseline
    for (std::size_t l = 0; l < world.robot().links().size(); ++l)
      for (const LinkGeometry &geometry : world.robot().links()[l].geometries)
      {
        taylor += dynamicAabb(taylor_poses[l], localBox(geometry)).volume();
        interval += dynamicAabb(interval_poses[l], localBox(geometry)).volume();
      }
  }
  std::printf("| %s | %.4g | %.4g | %.3g |\n", name.c_str(), taylor / edges.size(), interval / edges.size(),
              interval / taylor);
}

void cullingTable(const std::string &name, const CollisionWorldPtr &world,
                  const std::vector<std::pair<Eigen::VectorXd, Eigen::VectorXd>> &edges)
{
  struct Variant
  {
    const char *label;
    ConservativeAdvancementOptions options;
    CullingOptions culling;
  };
  std::vector<Variant> variants(3);
  variants[0].label = "default";
  variants[1].label = "with Taylor models";
  variants[1].culling.taylor_models = true;
  variants[2].label = "no temporal culling";
  variants[2].options.temporal_culling = false;
  for (const Mode mode : {Mode::Decide, Mode::FirstContact})
    for (const Variant &variant : variants)
    {
      const ConservativeAdvancement ca(world, variant.options, variant.culling);
      auto ws = ca.makeWorkspace();
      Query query;
      query.mode = mode;
      std::vector<double> micros;
      Stats sum;
      int collisions = 0, undecided = 0;
      for (const auto &[q0, q1] : edges)
      {
        const JointMotion motion(world->robot(), q0, q1);
        const auto start = std::chrono::steady_clock::now();
        const Report report = ca.certify(*ws, motion, query);
        micros.push_back(std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start).count());
        for (const auto &[key, value] : report.stats)
          sum[key] += value;
        collisions += report.verdict == Verdict::Collision;
        undecided += report.verdict == Verdict::Undecided;
      }
      const double n = static_cast<double>(edges.size());
      std::printf("| %s | %s | %s | %.1f | %.1f | %.1f | %.1f | %.1f | %.1f | %.0f | %.0f | %d | %d |\n", name.c_str(),
                  toString(mode), variant.label, sum["pcl_before_culling"] / n, sum["pcl_after_spatial_culling"] / n,
                  sum["pcl_after_temporal_culling"] / n, sum["hull_distance_queries"] / n,
                  sum["distance_queries"] / n, sum["ca_steps"] / n, bench::percentile(micros, 0.5),
                  bench::percentile(micros, 0.95), collisions, undecided);
    }
}
}  // namespace

int main(int argc, char **argv)
{
  const int count = argc > 1 ? std::atoi(argv[1]) : 300;
  if (count <= 0)
  {
    std::fprintf(stderr, "ca_culling_benchmark: edges per world must be a positive number (%s); pass e.g. 300.\n",
                 argv[1]);
    return 1;
  }
  const std::string source = OMPL_CCD_SOURCE_DIR;
  auto arm = std::make_shared<const RobotModel>(RobotModel::fromUrdfFile(source + "/examples/arm/arm.urdf"));
  auto snake = std::make_shared<const RobotModel>(RobotModel::fromUrdfFile(source + "/examples/snake/snake.urdf"));
  const std::vector<std::pair<std::string, CollisionWorldPtr>> worlds = {
      {"arm / scene.yaml", std::make_shared<const CollisionWorld>(arm, loadScene(source + "/examples/scene.yaml"))},
      {"snake / self", std::make_shared<const CollisionWorld>(snake, std::make_shared<const Scene>(std::vector<Obstacle>{}))}};

  std::printf("Dynamic AABB volume per edge, summed over link geometries, one piece over [0,1] "
              "([Zhang2007] Fig. 5), %d edges per world\n\n",
              count);
  std::printf("| world | Taylor models (m³) | interval arithmetic (m³) | interval / Taylor |\n|---|---|---|---|\n");
  std::vector<std::vector<std::pair<Eigen::VectorXd, Eigen::VectorXd>>> edges;
  for (std::size_t w = 0; w < worlds.size(); ++w)
  {
    edges.push_back(randomEdges(*worlds[w].second, count, 7 + static_cast<unsigned>(w)));
    volumes(worlds[w].first, *worlds[w].second, edges.back());
  }
  std::printf("\nPotentially colliding pairs and work per edge ([Zhang2007] Table 2), tolerance 1e-3\n\n");
  std::printf("| world | mode | ca variant | PCL before | after spatial | after temporal | hull distance queries | "
              "distance queries | CA steps | median µs | p95 µs | collisions | undecided |\n"
              "|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
  for (std::size_t w = 0; w < worlds.size(); ++w)
    cullingTable(worlds[w].first, worlds[w].second, edges[w]);
  return 0;
}
