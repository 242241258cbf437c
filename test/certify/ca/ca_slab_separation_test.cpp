// Slab separation of the CA certifier (src/certify/ca/ca_slab_separation.*): the slab between two
// convex hulls along any unit direction is a lower bound on their distance (FCL's distance, an upper
// bound, as the oracle), and along the direction between FCL's nearest points it is that distance (the
// bound is tight for convex bodies).
#include <gtest/gtest.h>

#include <random>

#include "ompl_ccd/geometry/convex_hull.h"
#include "ompl_ccd/geometry/fcl_geometry.h"
#include "ompl_ccd/geometry/pair_distance.h"
#include "support/example_worlds.h"

namespace ompl_ccd::test
{
namespace
{
Eigen::Isometry3d randomPose(std::mt19937 &random, double spread)
{
  std::uniform_real_distribution<double> uniform(-1.0, 1.0);
  Eigen::Isometry3d X = Eigen::Isometry3d::Identity();
  X.linear() = Eigen::Quaterniond(Eigen::Vector4d(uniform(random), uniform(random), uniform(random), uniform(random))
                                      .normalized())
                   .toRotationMatrix();
  X.translation() = spread * Eigen::Vector3d(uniform(random), uniform(random), uniform(random));
  return X;
}

/// The bundled arm's link meshes and a box: convex hulls to measure.
std::vector<CollisionShape> shapes()
{
  const CollisionWorldPtr world = exampleWorld("arm/arm.urdf", "");
  std::vector<CollisionShape> shapes;
  for (const Link &link : world->robot().links())
    for (const LinkGeometry &geometry : link.geometries)
      shapes.push_back(geometry.shape);
  CollisionShape box;
  box.kind = CollisionShape::Kind::Box;
  box.box_size = Eigen::Vector3d(0.1, 0.05, 0.2);
  shapes.push_back(box);
  return shapes;
}

TEST(CaSlabSeparation, SlabIsALowerBoundOnTheDistanceAndTightAlongTheNearestPoints)
{
  const std::vector<CollisionShape> all = shapes();
  ASSERT_GE(all.size(), 2u);
  std::mt19937 random(3);
  std::uniform_real_distribution<double> uniform(-1.0, 1.0);
  int apart = 0;
  for (int trial = 0; trial < 400; ++trial)
  {
    const CollisionShape &shape_a = all[trial % all.size()], &shape_b = all[(trial / all.size() + 1) % all.size()];
    const ConvexHull hull_a(shape_a), hull_b(shape_b);
    const Eigen::Isometry3d X_WA = randomPose(random, 0.2), X_WB = randomPose(random, 0.5);
    fcl::CollisionObjectd object_a(hull_a.fclGeometry()), object_b(hull_b.fclGeometry());
    object_a.setTransform(X_WA);
    object_b.setTransform(X_WB);
    NearestPoints nearest;
    // an upper bound on the distance (its nearest points are real points of the hulls)
    const double distance = pairDistanceUpperBound(object_a, object_b, &nearest);
    const auto slab = [&](const Eigen::Vector3d &n) {
      return slabBetween(supportAlong(hull_a, X_WA, n, nullptr), supportAlong(hull_b, X_WB, -n, nullptr));
    };
    for (int k = 0; k < 20; ++k)
    {
      const Eigen::Vector3d n = Eigen::Vector3d(uniform(random), uniform(random), uniform(random)).normalized();
      EXPECT_LE(slab(n), distance + 1e-9) << trial;
    }
    if (distance > 1e-6)
    {
      ++apart;
      const Eigen::Vector3d n = (nearest.p_WB - nearest.p_WA).normalized();
      // (GJK's stop rule leaves its direction off by up to ~1e-3 of the distance far apart)
      EXPECT_NEAR(slab(n), distance, 2e-3 * distance + 1e-6) << trial;
      EXPECT_LE(slab(n), distance + 1e-9) << trial;
    }
  }
  EXPECT_GT(apart, 100);
}

}  // namespace
}  // namespace ompl_ccd::test
