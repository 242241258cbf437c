#include "certify/pipeline/potentially_colliding_pairs.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>
#include <tuple>

#include "support/example_worlds.h"

namespace ompl_ccd
{
namespace
{
using PairKey = std::tuple<int, int, int>;  // body a, body b, obstacle

PairKey key(const BodyPair &pair)
{
  return {pair.a, pair.b, pair.obstacle};
}

/// A random box around the bundled scene (arm reach ~1 m), up to half a metre wide.
Eigen::AlignedBox3d randomBox(std::mt19937 &random)
{
  std::uniform_real_distribution<double> centre(-1.0, 1.0), half(0.0, 0.25);
  const Eigen::Vector3d c(centre(random), centre(random), 0.5 + 0.5 * centre(random));
  const Eigen::Vector3d h(half(random), half(random), half(random));
  return Eigen::AlignedBox3d(c - h, c + h);
}

TEST(CullPairs, KeepsExactlyThePairsWhoseBoxesOverlap)
{
  // Oracle: every body box against every obstacle's broadphase box (FCL's own overlap test), and
  // every self pair box against box; the two-level culling must keep the same set.
  const CollisionWorldPtr world = test::exampleWorld("arm/arm.urdf", "scene.yaml");
  const std::vector<BodyRef> bodies = collisionBodies(*world);
  const std::vector<BodyPair> self_pairs = selfBodyPairs(*world, bodies);
  const Scene &scene = world->scene();
  ASSERT_GE(scene.obstacles().size(), 3u);
  std::mt19937 random(7);
  std::size_t scene_pairs_kept = 0;
  for (int trial = 0; trial < 500; ++trial)
  {
    std::vector<Eigen::AlignedBox3d> aabbs;
    for (std::size_t b = 0; b < bodies.size(); ++b)
      aabbs.push_back(randomBox(random));
    std::set<PairKey> expected;
    for (std::size_t a = 0; a < aabbs.size(); ++a)
      for (std::size_t o = 0; o < scene.obstacles().size(); ++o)
        if (fcl::AABBd(aabbs[a].min(), aabbs[a].max()).overlap(scene.object(static_cast<int>(o)).getAABB()))
          expected.insert({static_cast<int>(a), -1, static_cast<int>(o)});
    scene_pairs_kept += expected.size();
    for (const BodyPair &pair : self_pairs)
      if (aabbs[pair.a].intersects(aabbs[pair.b]))
        expected.insert(key(pair));

    std::vector<BodyPair> pcl;
    cullPairs(*world, aabbs, self_pairs, pcl);
    std::set<PairKey> kept;
    for (const BodyPair &pair : pcl)
      EXPECT_TRUE(kept.insert(key(pair)).second) << "pair listed twice";
    EXPECT_EQ(kept, expected) << "trial " << trial;
  }
  EXPECT_GT(scene_pairs_kept, 100u) << "the random boxes hardly reach the obstacles: the test checks little";
}
}  // namespace
}  // namespace ompl_ccd
