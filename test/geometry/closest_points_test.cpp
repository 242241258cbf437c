#include "ompl_ccd/geometry/closest_points.h"

#include <gtest/gtest.h>

#include <cmath>

namespace ompl_ccd
{
namespace
{
const Eigen::Vector3d a(0, 0, 0), b(2, 0, 0), c(0, 2, 0);

Eigen::Vector3d onTriangle(const Eigen::Vector3d &p)
{
  const auto [v, w] = closestOnTriangle(p, a, b, c);
  return a + v * (b - a) + w * (c - a);
}

TEST(ClosestPoints, TriangleRegions)
{
  EXPECT_TRUE(onTriangle({0.5, 0.5, 3}).isApprox(Eigen::Vector3d(0.5, 0.5, 0)));  // face
  EXPECT_TRUE(onTriangle({-1, -1, 1}).isApprox(a));                                 // corner a
  EXPECT_TRUE(onTriangle({3, -1, 0}).isApprox(b));                                  // corner b
  EXPECT_TRUE(onTriangle({1, -2, 0}).isApprox(Eigen::Vector3d(1, 0, 0)));           // edge ab
  EXPECT_TRUE(onTriangle({2, 2, 1}).isApprox(Eigen::Vector3d(1, 1, 0)));            // edge bc
}

TEST(ClosestPoints, Segments)
{
  // crossing at right angles, 1 apart
  auto [s, u] = closestOnSegments({-1, 0, 0}, {1, 0, 0}, {0, -1, 1}, {0, 1, 1});
  EXPECT_DOUBLE_EQ(s, 0.5);
  EXPECT_DOUBLE_EQ(u, 0.5);
  // parallel, overlapping: one of the nearest pairs, 1 apart
  std::tie(s, u) = closestOnSegments({0, 0, 0}, {2, 0, 0}, {1, 1, 0}, {3, 1, 0});
  const Eigen::Vector3d p = Eigen::Vector3d(0, 0, 0) + s * Eigen::Vector3d(2, 0, 0),
                        q = Eigen::Vector3d(1, 1, 0) + u * Eigen::Vector3d(2, 0, 0);
  EXPECT_NEAR((p - q).norm(), 1.0, 1e-15);
  // a point against a segment, past its end
  std::tie(s, u) = closestOnSegments({5, 5, 5}, {5, 5, 5}, {0, 0, 0}, {1, 0, 0});
  EXPECT_DOUBLE_EQ(u, 1.0);
  // two points
  std::tie(s, u) = closestOnSegments({1, 1, 1}, {1, 1, 1}, {0, 0, 0}, {0, 0, 0});
  EXPECT_EQ(s, 0.0);
  EXPECT_EQ(u, 0.0);
}
}  // namespace
}  // namespace ompl_ccd
