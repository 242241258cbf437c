#include "soundness_suite.h"

#include "example_worlds.h"
#include "ompl_ccd/geometry/collision_queries.h"
#include "random_edges.h"

namespace ompl_ccd::test
{
std::vector<AdversarialCase> soundnessSuite(const SoundnessSuiteSizes &sizes, std::uint32_t seed)
{
  const CollisionWorldPtr arm_scene = exampleWorld("arm/arm.urdf", "scene.yaml");
  const CollisionWorldPtr arm = exampleWorld("arm/arm.urdf", "");
  const CollisionWorldPtr snake = exampleWorld("snake/snake.urdf", "");
  std::vector<AdversarialCase> cases;
  const auto random = [&](const char *name, const CollisionWorldPtr &world, std::size_t count, std::uint32_t s) {
    RandomEdgeOptions options;
    options.seed = s;
    if (count > 0)
      cases.push_back({name, world, randomEdges(*world, count, options)});
  };
  const auto append = [&](std::vector<AdversarialCase> more) {
    for (AdversarialCase &c : more)
      cases.push_back(std::move(c));
  };
  random("arm-scene-random", arm_scene, sizes.arm_scene_random, seed);
  random("snake-random", snake, sizes.snake_random, seed + 1);
  if (sizes.thin_plates > 0)
    append(thinPlateCases(arm, sizes.thin_plates, seed + 2));
  if (sizes.grazing_per_distance > 0)
    append(grazingCases(arm, sizes.grazing_distances, sizes.grazing_per_distance, seed + 3));
  if (sizes.slivers > 0)
    append(sliverCases(arm, sizes.slivers, seed + 4));
  if (sizes.fast_chain > 0)
    cases.push_back(fastChainCase(snake, sizes.fast_chain, seed + 5));
  if (sizes.self_collision > 0)
    cases.push_back(selfCollisionCase(snake, sizes.self_collision, seed + 6));
  random("arm-self-random", arm, sizes.arm_self_random, seed + 7);
  return cases;
}

bool witnessInContact(const CollisionWorld &world, const JointMotion &motion, const Report &report,
                      double contact_distance)
{
  CollisionWorkspace ws(world);
  return minimumDistance(world, ws, motion.stateAt(report.toc_upper)) <= contact_distance * (1.0 + 1e-6);
}
}  // namespace ompl_ccd::test
