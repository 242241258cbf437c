// The k-d tree of a cloud against brute force: every point in a box is found (also points on the
// box's faces, edges and corners: voxel corners, duplicates, points 10³ m out), the nearest come
// first.
#include "ompl_ccd/geometry/point_cloud_index.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>

namespace ompl_ccd
{
namespace
{
/** \brief Points of a 1 cm grid (voxel corners), every one twice, and a few 10³ m out. */
std::vector<Eigen::Vector3d> adversarialPoints()
{
  std::vector<Eigen::Vector3d> points;
  for (int i = 0; i < 12; ++i)
    for (int j = 0; j < 12; ++j)
      for (int k = 0; k < 3; ++k)
        for (int copy = 0; copy < 2; ++copy)
          points.emplace_back(0.01 * i, 0.01 * j, 0.01 * k);
  points.emplace_back(1e3, 0.0, 0.0);
  points.emplace_back(-1e3, 1e3, -1e3);
  return points;
}

TEST(PointCloudIndex, FindsEveryPointInABoxAsBruteForceDoes)
{
  const std::vector<Eigen::Vector3d> points = adversarialPoints();
  const PointCloudIndex index(points, 0.005);
  std::mt19937 rng(7);
  std::uniform_int_distribution<int> grid(-1, 12);
  std::vector<std::uint32_t> found;
  for (int trial = 0; trial < 2000; ++trial)
  {
    // corners on the grid half the time: points on the box's faces, edges and corners
    Eigen::Vector3d lo, hi;
    for (int k = 0; k < 3; ++k)
    {
      const double a = 0.01 * grid(rng) + (trial % 2 ? 0.0 : 0.003), b = 0.01 * grid(rng);
      lo[k] = std::min(a, b);
      hi[k] = std::max(a, b);
    }
    index.pointsInBox(lo, hi, found);
    std::set<std::uint32_t> brute;
    for (std::uint32_t i = 0; i < points.size(); ++i)
      if ((points[i].array() >= lo.array()).all() && (points[i].array() <= hi.array()).all())
        brute.insert(i);
    EXPECT_EQ(std::set<std::uint32_t>(found.begin(), found.end()), brute) << lo.transpose() << " / " << hi.transpose();
    EXPECT_EQ(found.size(), brute.size());
  }
  index.pointsInBox(Eigen::Vector3d(999, -1, -1), Eigen::Vector3d(1001, 1, 1), found);
  EXPECT_EQ(found, std::vector<std::uint32_t>{static_cast<std::uint32_t>(points.size() - 2)});
}

TEST(PointCloudIndex, NearestComeFirstWithTheirSquaredDistances)
{
  std::mt19937 rng(9);
  std::uniform_real_distribution<double> coordinate(-1.0, 1.0);
  std::vector<Eigen::Vector3d> points;
  for (int i = 0; i < 3000; ++i)
    points.emplace_back(coordinate(rng), coordinate(rng), coordinate(rng));
  const PointCloudIndex index(points, 0.01);
  std::vector<std::uint32_t> indices;
  std::vector<double> squared;
  for (int trial = 0; trial < 200; ++trial)
  {
    const Eigen::Vector3d c(coordinate(rng), coordinate(rng), coordinate(rng));
    ASSERT_EQ(index.nearest(c, 20, indices, squared), 20u);
    std::vector<double> brute;
    for (const Eigen::Vector3d &p : points)
      brute.push_back((p - c).squaredNorm());
    std::sort(brute.begin(), brute.end());
    for (std::size_t j = 0; j < 20; ++j)
    {
      EXPECT_NEAR(squared[j], brute[j], 1e-15);
      EXPECT_NEAR(squared[j], (points[indices[j]] - c).squaredNorm(), 1e-15);
    }
  }
}

TEST(PointCloudIndex, OnePointEmptyCloudsAndTheBallsBox)
{
  const PointCloudIndex one({Eigen::Vector3d(1, 2, 3)}, 0.5);
  EXPECT_TRUE(one.ballBounds().contains(Eigen::Vector3d(1.5, 2.5, 3.5)));
  EXPECT_FALSE(one.ballBounds().contains(Eigen::Vector3d(1.5001, 2, 3)));
  std::vector<std::uint32_t> found;
  one.pointsInBox(Eigen::Vector3d(1, 2, 3), Eigen::Vector3d(1, 2, 3), found);
  EXPECT_EQ(found, std::vector<std::uint32_t>{0});
  one.pointsInBox(Eigen::Vector3d(1, 2, 3.0001), Eigen::Vector3d(2, 3, 4), found);
  EXPECT_TRUE(found.empty());
  std::vector<double> squared;
  EXPECT_EQ(one.nearest(Eigen::Vector3d::Zero(), 8, found, squared), 1u);
  EXPECT_DOUBLE_EQ(squared[0], 14.0);

  const PointCloudIndex none({}, 0.5);
  none.pointsInBox(Eigen::Vector3d::Constant(-1e3), Eigen::Vector3d::Constant(1e3), found);
  EXPECT_TRUE(found.empty());
  EXPECT_EQ(none.nearest(Eigen::Vector3d::Zero(), 8, found, squared), 0u);
}
}  // namespace
}  // namespace ompl_ccd
