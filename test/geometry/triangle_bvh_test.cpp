// Tests of the AABB tree over a body's triangles (triangle_bvh.h).
#include "ompl_ccd/geometry/triangle_bvh.h"

#include <gtest/gtest.h>

#include <random>

namespace ompl_ccd
{
namespace
{
TEST(TriangleBvh, EveryTriangleIsInExactlyOneLeafWhoseBoxesContainIt)
{
  std::mt19937 rng(9);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  std::vector<std::array<Eigen::Vector3d, 3>> triangles;
  for (int i = 0; i < 333; ++i)
  {
    const Eigen::Vector3d c(3 * u(rng), u(rng), 0.5 * u(rng));
    triangles.push_back({c + 0.05 * Eigen::Vector3d(u(rng), u(rng), u(rng)),
                         c + 0.05 * Eigen::Vector3d(u(rng), u(rng), u(rng)),
                         c + 0.05 * Eigen::Vector3d(u(rng), u(rng), u(rng))});
  }
  const TriangleBvh bvh(triangles, 4);
  std::vector<int> seen(triangles.size(), 0);
  // Walk from the root: children inside parents, leaves hold ≤ 4 triangles inside their box.
  std::vector<int> stack = {0};
  while (!stack.empty())
  {
    const TriangleBvh::Node &node = bvh.nodes()[stack.back()];
    stack.pop_back();
    if (node.leaf())
    {
      EXPECT_LE(node.count, 4);
      for (int i = node.first; i < node.first + node.count; ++i)
      {
        ++seen[bvh.order()[i]];
        for (const Eigen::Vector3d &p : triangles[bvh.order()[i]])
          EXPECT_TRUE(node.box.contains(p));
      }
      continue;
    }
    for (const int child : {node.left, node.right})
    {
      EXPECT_TRUE(node.box.contains(bvh.nodes()[child].box));
      stack.push_back(child);
    }
  }
  for (int count : seen)
    EXPECT_EQ(count, 1);
}
}  // namespace
}  // namespace ompl_ccd
