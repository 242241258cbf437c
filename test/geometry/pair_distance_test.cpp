#include "ompl_ccd/geometry/pair_distance.h"

#include <gtest/gtest.h>

#include <fcl/geometry/bvh/BVH_model.h>
#include <fcl/geometry/shape/box.h>

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

TEST(PairDistance, TouchingOrOverlappingIsZero)
{
  const auto box = std::make_shared<fcl::Boxd>(1.0, 1.0, 1.0);
  const auto cube = cubeMesh();
  EXPECT_EQ(pairDistanceLowerBound(at(box, Eigen::Vector3d::Zero()), at(box, Eigen::Vector3d(0.5, 0.5, 0))), 0.0);
  EXPECT_EQ(pairDistanceLowerBound(at(cube, Eigen::Vector3d::Zero()), at(cube, Eigen::Vector3d(0.9, 0, 0))), 0.0);
}
}  // namespace
}  // namespace ompl_ccd
