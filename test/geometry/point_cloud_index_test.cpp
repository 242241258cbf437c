// The k-d tree of a cloud against brute force: every point within reach is found (also points
// exactly at the reach, on voxel corners, duplicates, points 10³ m out), the nearest come first.
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

/** \brief Brute force: the indices of points within \a reach of \a c. */
std::set<std::uint32_t> bruteWithin(const std::vector<Eigen::Vector3d> &points, const Eigen::Vector3d &c, double reach)
{
  std::set<std::uint32_t> within;
  for (std::uint32_t i = 0; i < points.size(); ++i)
    if ((points[i] - c).norm() <= reach)
      within.insert(i);
  return within;
}

TEST(PointCloudIndex, FindsEveryPointWithinReachAsBruteForceDoes)
{
  const std::vector<Eigen::Vector3d> points = adversarialPoints();
  const PointCloudIndex index(points, 0.005);
  std::mt19937 rng(5);
  std::uniform_real_distribution<double> coordinate(-0.02, 0.13), reach(0.0, 0.05);
  std::vector<std::uint32_t> found;
  for (int trial = 0; trial < 2000; ++trial)
  {
    // half of the queries on grid points (reach exactly a grid step: points on the sphere's surface)
    const Eigen::Vector3d c = trial % 2 ? Eigen::Vector3d(coordinate(rng), coordinate(rng), coordinate(rng))
                                        : points[rng() % points.size()];
    const double r = trial % 2 ? reach(rng) : 0.01 * (1 + trial % 3);
    index.pointsWithin(c, r, found);
    const std::set<std::uint32_t> got(found.begin(), found.end());
    EXPECT_EQ(got.size(), found.size()) << "a point reported twice";
    for (const std::uint32_t i : bruteWithin(points, c, r))
      ASSERT_TRUE(got.count(i)) << "point " << i << " at " << (points[i] - c).norm() << " of reach " << r;
    for (const std::uint32_t i : got)
      EXPECT_LE((points[i] - c).norm(), r * (1 + 1e-9) + 1e-9) << "point " << i << " far beyond reach";
  }
  // far out: the points 10³ m away are found from there and only from there
  index.pointsWithin(Eigen::Vector3d(1e3, 0.0, 1e-3), 2e-3, found);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0], points.size() - 2);
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
  one.pointsWithin(Eigen::Vector3d(1, 2, 3.25), 0.25, found);
  EXPECT_EQ(found, std::vector<std::uint32_t>{0});
  one.pointsWithin(Eigen::Vector3d(1, 2, 3.26), 0.25, found);
  EXPECT_TRUE(found.empty());
  std::vector<double> squared;
  EXPECT_EQ(one.nearest(Eigen::Vector3d::Zero(), 8, found, squared), 1u);
  EXPECT_DOUBLE_EQ(squared[0], 14.0);

  const PointCloudIndex none({}, 0.5);
  none.pointsWithin(Eigen::Vector3d::Zero(), 1e3, found);
  EXPECT_TRUE(found.empty());
  EXPECT_EQ(none.nearest(Eigen::Vector3d::Zero(), 8, found, squared), 0u);
}
}  // namespace
}  // namespace ompl_ccd
