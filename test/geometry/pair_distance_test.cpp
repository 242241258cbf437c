#include "ompl_ccd/geometry/pair_distance.h"

#include <gtest/gtest.h>

#include <fcl/geometry/bvh/BVH_model.h>
#include <fcl/geometry/shape/box.h>
#include <random>

namespace ompl_ccd
{
namespace
{
/// A closed unit cube mesh (12 triangles) centred at the origin.
std::shared_ptr<fcl::BVHModel<fcl::OBBRSSd>> cubeMesh()
{
  std::vector<Eigen::Vector3d> v;
  for (int c = 0; c < 8; ++c)
    v.emplace_back((c & 1) ? 0.5 : -0.5, (c & 2) ? 0.5 : -0.5, (c & 4) ? 0.5 : -0.5);
  const std::vector<fcl::Triangle> t = {{0, 2, 1}, {1, 2, 3}, {4, 5, 6}, {5, 7, 6}, {0, 1, 4}, {1, 5, 4},
                                        {2, 6, 3}, {3, 6, 7}, {0, 4, 2}, {2, 4, 6}, {1, 3, 5}, {3, 7, 5}};
  auto model = std::make_shared<fcl::BVHModel<fcl::OBBRSSd>>();
  model->beginModel();
  model->addSubModel(v, t);
  model->endModel();
  return model;
}

fcl::CollisionObjectd at(const std::shared_ptr<fcl::CollisionGeometryd> &geometry, const Eigen::Vector3d &p)
{
  return fcl::CollisionObjectd(geometry, Eigen::Matrix3d::Identity(), p);
}

TEST(PairDistance, MeshMeshIsExactAndSymmetric)
{
  const auto cube = cubeMesh();
  const fcl::CollisionObjectd a = at(cube, Eigen::Vector3d::Zero()), b = at(cube, Eigen::Vector3d(1.3, 0.2, 0));
  NearestPoints ab, ba;
  const double d_ab = pairDistanceLowerBound(a, b, &ab), d_ba = pairDistanceLowerBound(b, a, &ba);
  EXPECT_NEAR(d_ab, 0.3, 1e-11);  // exact but for the 1e-12 relative deflation
  EXPECT_LE(d_ab, 0.3);
  EXPECT_DOUBLE_EQ(d_ab, d_ba);
  EXPECT_NEAR(ab.p_WA.x(), 0.5, 1e-12);
  EXPECT_NEAR(ab.p_WB.x(), 0.8, 1e-12);
  EXPECT_NEAR(ba.p_WA.x(), 0.8, 1e-12);
}

TEST(PairDistance, ConvexNearestPointsGiveTheSeparatingDirectionOrReportOverlap)
{
  const auto box = std::make_shared<fcl::Boxd>(1.0, 1.0, 1.0);
  const fcl::CollisionObjectd a = at(box, Eigen::Vector3d::Zero());
  NearestPoints nearest;
  ASSERT_TRUE(convexNearestPoints(a, at(box, Eigen::Vector3d(0.3, 1.4, 0.1)), nearest));
  // faces y = 0.5 and y = 0.9 face each other: the nearest points differ by 0.4 along +y
  EXPECT_NEAR((nearest.p_WB - nearest.p_WA - Eigen::Vector3d(0, 0.4, 0)).norm(), 0.0, 1e-5);
  EXPECT_FALSE(convexNearestPoints(a, at(box, Eigen::Vector3d(0.3, 0.9, 0.1)), nearest));
}

TEST(PairDistance, PrimitivePairsAreDeflatedByTheGjkSlack)
{
  const auto box = std::make_shared<fcl::Boxd>(1.0, 1.0, 1.0);
  const auto cube = cubeMesh();
  for (const auto &other : {std::shared_ptr<fcl::CollisionGeometryd>(box), std::shared_ptr<fcl::CollisionGeometryd>(cube)})
  {
    const fcl::CollisionObjectd a = at(box, Eigen::Vector3d::Zero()), b = at(other, Eigen::Vector3d(0, 1.25, 0));
    const double d_ab = pairDistanceLowerBound(a, b), d_ba = pairDistanceLowerBound(b, a);
    EXPECT_LE(d_ab, 0.25);
    EXPECT_GE(d_ab, 0.25 - 2 * kGjkDistanceSlack);
    EXPECT_LE(d_ba, 0.25);
    EXPECT_GE(d_ba, 0.25 - 2 * kGjkDistanceSlack);
  }
}

/// A wavy sheet (many triangles, a deep hierarchy) so that early stops matter.
std::shared_ptr<fcl::BVHModel<fcl::OBBRSSd>> wavySheet()
{
  constexpr int n = 24;
  std::vector<Eigen::Vector3d> v;
  for (int i = 0; i <= n; ++i)
    for (int j = 0; j <= n; ++j)
      v.emplace_back(0.05 * i, 0.05 * j, 0.03 * std::sin(0.7 * i) * std::cos(0.9 * j));
  std::vector<fcl::Triangle> t;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
    {
      const int k = i * (n + 1) + j;
      t.emplace_back(k, k + n + 1, k + 1);
      t.emplace_back(k + 1, k + n + 1, k + n + 2);
    }
  auto model = std::make_shared<fcl::BVHModel<fcl::OBBRSSd>>();
  model->beginModel();
  model->addSubModel(v, t);
  model->endModel();
  return model;
}

TEST(PairDistance, RelativeErrorGivesALowerBoundWithinItsFactor)
{
  // Mesh–mesh, mesh–box and box–mesh at random poses: d/(1 + r) ≤ bound ≤ exact distance, and the
  // nearest points keep their order (p_WA on the first object).
  const auto sheet = wavySheet();
  const auto box = std::make_shared<fcl::Boxd>(0.3, 0.2, 0.1);
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  int early_stops = 0;
  for (int trial = 0; trial < 200; ++trial)
  {
    const Eigen::Quaterniond q = Eigen::Quaterniond(unit(rng), unit(rng), unit(rng), unit(rng)).normalized();
    const Eigen::Vector3d p(unit(rng), unit(rng), 0.2 + 0.5 * (unit(rng) + 1.0));
    const std::shared_ptr<fcl::CollisionGeometryd> other =
        trial % 2 ? std::shared_ptr<fcl::CollisionGeometryd>(box) : std::shared_ptr<fcl::CollisionGeometryd>(sheet);
    const fcl::CollisionObjectd a = at(sheet, Eigen::Vector3d::Zero());
    const fcl::CollisionObjectd b(other, q.toRotationMatrix(), p);
    for (const double rel_err : {0.1, 0.5})
      for (const bool swap : {false, true})
      {
        const fcl::CollisionObjectd &first = swap ? b : a, &second = swap ? a : b;
        NearestPoints exact_points, bound_points;
        const double exact = pairDistanceLowerBound(first, second, &exact_points);
        const double bound = pairDistanceLowerBound(first, second, &bound_points, rel_err);
        ASSERT_LE(bound, exact) << "trial " << trial;
        ASSERT_GE(bound, exact / (1.0 + rel_err) - 2 * kGjkDistanceSlack) << "trial " << trial;
        // the points are on their objects: their gap is at least the exact distance
        ASSERT_GE((bound_points.p_WB - bound_points.p_WA).norm(), exact - 2 * kGjkDistanceSlack);
        if (trial % 2)  // the box's nearest point lies on the box, whichever side it is passed
        {
          const Eigen::Vector3d p_W = swap ? bound_points.p_WA : bound_points.p_WB;
          const Eigen::Vector3d p_box = b.getTransform().inverse() * p_W;
          ASSERT_LT((p_box.cwiseAbs() - 0.5 * box->side).maxCoeff(), 1e-6) << "trial " << trial;
        }
        // FCL's own distance, before the deflation, above the exact one: its traversal stopped early
        early_stops += (bound + kGjkDistanceSlack) * (1.0 + rel_err) > exact + 1e-4 ? 1 : 0;
      }
  }
  EXPECT_GT(early_stops, 0) << "the relative error never changed a result: FCL ignored it";
}

TEST(PairDistance, TouchingOrOverlappingIsZero)
{
  const auto box = std::make_shared<fcl::Boxd>(1.0, 1.0, 1.0);
  const auto cube = cubeMesh();
  EXPECT_EQ(pairDistanceLowerBound(at(box, Eigen::Vector3d::Zero()), at(box, Eigen::Vector3d(0.5, 0.5, 0))), 0.0);
  EXPECT_EQ(pairDistanceLowerBound(at(cube, Eigen::Vector3d::Zero()), at(cube, Eigen::Vector3d(0.9, 0, 0))), 0.0);
}
}  // namespace
}  // namespace ompl_ccd
