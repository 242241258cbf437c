/// \file world_census.cpp
/// What each benchmark world (test/support/example_worlds.h) is: degrees of freedom, bodies, link
/// pairs checked and excluded (by reason), obstacles, how often a random state is free, how many
/// random PRM-length edges have a sampled contact, and how long the world takes to build.
///
/// Usage: world_census [--world NAME] [--no-shared] [--samples N]

#include <chrono>
#include <cstdio>
#include <map>
#include <random>
#include <string>

#include "ompl_ccd/geometry/collision_queries.h"
#include "support/example_worlds.h"
#include "support/random_edges.h"

namespace
{
using namespace ompl_ccd;

void census(const test::NamedWorld &named, double build_seconds, std::size_t samples)
{
  const CollisionWorld &world = *named.world;
  const RobotModel &robot = world.robot();
  std::map<std::string, int> excluded;
  for (const auto &[a, b] : robot.allowedCollisions().allowedPairs())
    if (!robot.links()[a].geometries.empty() && !robot.links()[b].geometries.empty())
      ++excluded[robot.allowedCollisions().reason(a, b)];
  std::string reasons;
  for (const auto &[reason, count] : excluded)
    reasons += (reasons.empty() ? "" : ", ") + reason + " " + std::to_string(count);
  CollisionWorkspace ws(world);
  std::mt19937 rng(1);
  std::size_t free = 0;
  for (std::size_t s = 0; s < samples; ++s)
    free += !isInCollision(world, ws, test::randomState(robot, rng));
  test::RandomEdgeOptions options;
  const std::vector<test::Edge> edges = test::randomEdges(world, 100, options);
  std::size_t colliding = 0;
  for (const test::Edge &edge : edges)
    colliding += test::firstSampledCollision(world, ws, JointMotion(robot, edge.q0, edge.q1), 200).has_value();
  std::printf("| %s | %d | %zu | %zu | %s | %zu | %.1f %% | %zu %% | %.2f |\n", named.name.c_str(), robot.nq(),
              world.collidingLinks().size(), world.selfPairs().size(), reasons.c_str(),
              world.scene().obstacles().size(), 100.0 * free / samples, colliding, build_seconds);
}
}  // namespace

int main(int argc, char **argv)
{
  std::string filter;
  bool shared = true;
  std::size_t samples = 2000;
  for (int i = 1; i < argc; ++i)
  {
    const std::string arg = argv[i];
    if (arg == "--world" && i + 1 < argc)
      filter = argv[++i];
    else if (arg == "--samples" && i + 1 < argc)
      samples = std::stoul(argv[++i]);
    else if (arg == "--no-shared")
      shared = false;
    else
    {
      std::fprintf(stderr, "world_census: bad argument '%s'; use --world NAME, --no-shared, --samples N.\n", arg.c_str());
      return 1;
    }
  }
  std::printf("| world | DoF | bodies with geometry | self pairs checked | pairs excluded (reason) | obstacles | "
              "random states free | random edges with a sampled contact | build s |\n"
              "|---|---:|---:|---:|---|---:|---:|---:|---:|\n");
  try
  {
    for (const test::WorldRecipe &recipe : test::worldRecipes(shared))
      if (recipe.name.find(filter) != std::string::npos)
      {
        const auto start = std::chrono::steady_clock::now();
        const test::NamedWorld world{recipe.name, recipe.make(), recipe.thin_obstacles};
        census(world, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), samples);
      }
  }
  catch (const std::exception &e)
  {
    std::fprintf(stderr, "%s\n", e.what());
    return 1;
  }
  return 0;
}
