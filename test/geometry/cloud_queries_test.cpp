// A cloud that is one obstacle answers the discrete queries (isInCollision, minimumDistance) as the
// same balls written as sphere obstacles do — the oracle — on every adversarial cloud, at random
// configurations and at configurations bisected to within 10⁻¹² of contact, where a point the
// index missed would show. Its witnesses name a ball in contact.
#include "ompl_ccd/geometry/cloud_queries.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <fcl/geometry/shape/box.h>
#include <fcl/narrowphase/collision.h>
#include <random>

#include "ompl_ccd/geometry/collision_queries.h"
#include "support/adversarial_clouds.h"
#include "support/random_edges.h"

namespace ompl_ccd::test
{
namespace
{
/** \brief Configurations of the arm: random ones, and pairs on either side of contact found by
    bisecting (on the oracle's world) between a free and a colliding random configuration. */
std::vector<Eigen::VectorXd> probeConfigurations(const CollisionWorld &oracle, std::uint32_t seed)
{
  std::mt19937 rng(seed);
  CollisionWorkspace ws(oracle);
  std::vector<Eigen::VectorXd> free, colliding, probes;
  for (int i = 0; i < 150; ++i)
  {
    const Eigen::VectorXd q = randomState(oracle.robot(), rng);
    (isInCollision(oracle, ws, q) ? colliding : free).push_back(q);
    probes.push_back(q);
  }
  for (std::size_t i = 0; i < std::min<std::size_t>(25, std::min(free.size(), colliding.size())); ++i)
  {
    Eigen::VectorXd lo = free[i], hi = colliding[i];
    for (int step = 0; step < 45; ++step)
    {
      const Eigen::VectorXd mid = 0.5 * (lo + hi);
      (isInCollision(oracle, ws, mid) ? hi : lo) = mid;
    }
    probes.push_back(lo);
    probes.push_back(hi);
  }
  return probes;
}

TEST(CloudQueries, AnswerAsTheSameBallsAsSphereObstacles)
{
  std::uint32_t seed = 1;
  for (const AdversarialCloud &cloud : adversarialClouds())
  {
    const CollisionWorldPtr indexed = armAmongCloud(cloud, true), balls = armAmongCloud(cloud, false);
    ASSERT_EQ(indexed->scene().clouds().size(), 1u);
    ASSERT_TRUE(indexed->scene().obstacles().empty());
    CollisionWorkspace ws_indexed(*indexed), ws_balls(*balls);
    std::size_t in_collision = 0, probe = 0;
    const std::vector<Eigen::VectorXd> probes = probeConfigurations(*balls, seed++);
    for (const Eigen::VectorXd &q : probes)
    {
      // the distance (whose self pairs cost most) at every 4th random configuration and every bisected one
      const bool distance = ++probe % 4 == 0 || probe > 150;
      const std::string where = cloud.name + " at q = " + ::testing::PrintToString(std::vector<double>(q.data(), q.data() + q.size()));
      Contact witness;
      const bool hit = isInCollision(*indexed, ws_indexed, q, &witness);
      ASSERT_EQ(hit, isInCollision(*balls, ws_balls, q)) << where;
      if (hit)
      {
        ++in_collision;
        // the named ball, as a sphere obstacle of the oracle's scene, touches the named link
        const auto named = std::find_if(balls->scene().obstacles().begin(), balls->scene().obstacles().end(),
                                        [&](const Obstacle &o) { return o.name == witness.other; });
        if (named == balls->scene().obstacles().end())
        {
          EXPECT_GE(balls->robot().linkIndex(witness.other), 0) << where << ": witness " << witness.other;
          continue;  // the arm touches itself
        }
        const int o = static_cast<int>(named - balls->scene().obstacles().begin());
        bool touches = false;
        for (int l : balls->collidingLinks())
          for (std::size_t g = 0; g < ws_balls.objects[l].size(); ++g)
            if (balls->robot().links()[l].geometries[g].urdf_link == witness.link)
            {
              fcl::CollisionRequestd request;
              fcl::CollisionResultd result;
              touches = touches || obstacleCollides(balls->scene(), o, *ws_balls.objects[l][g], request, result);
            }
        EXPECT_TRUE(touches) << where << ": " << witness.link << " / " << witness.other;
      }
      if (!distance)
        continue;
      Contact nearest;
      const double d = minimumDistance(*indexed, ws_indexed, q, &nearest);
      const double oracle = minimumDistance(*balls, ws_balls, q);
      EXPECT_NEAR(d, oracle, 1e-12 * (1.0 + oracle)) << where;
      if (d > 0.0)
        EXPECT_NEAR((nearest.point_b - nearest.point_a).norm(), d, 1e-9) << where;
    }
    EXPECT_GT(in_collision, 0u) << cloud.name << ": no configuration touched the cloud";
  }
}

TEST(CloudQueries, BallsAtTheCornersOfTheBoxAreFound)
{
  // a 2 m cube at the origin: its box's circumscribed ball has radius √3; balls of radius 0.1 whose
  // centres lie just beyond it along each corner's diagonal, touching or just missing the corner
  fcl::CollisionObjectd cube(std::make_shared<fcl::Boxd>(2.0, 2.0, 2.0));
  cube.computeAABB();
  const fcl::CollisionRequestd request;
  for (const double gap : {-1e-9, 1e-9})
    for (int corner = 0; corner < 8; ++corner)
    {
      const Eigen::Vector3d c((corner & 1) ? 1 : -1, (corner & 2) ? 1 : -1, (corner & 4) ? 1 : -1);
      const PointCloudIndex cloud({Eigen::Vector3d(5, 5, 5), c + (0.1 + gap) * c.normalized()}, 0.1);
      CloudProbe probe(cloud);
      fcl::CollisionResultd result;
      EXPECT_EQ(firstCloudPointHit(cloud, probe, cube, request, result), gap < 0 ? 1 : -1) << corner << " " << gap;
      int point = -1;
      NearestPoints nearest;
      const double d = cloudDistanceBelow(cloud, probe, cube, 1e3, point, nearest);
      EXPECT_EQ(point, 1);
      EXPECT_NEAR(d, std::max(gap, 0.0), 1e-12) << corner;
    }
}

TEST(CloudQueries, AnEmptyCloudIsNeverHit)
{
  AdversarialCloud empty{"empty", {}, 0.01};
  const CollisionWorldPtr world = armAmongCloud(empty, true), alone = armAmongCloud(empty, false);
  CollisionWorkspace ws(*world), ws_alone(*alone);
  const Eigen::VectorXd q = Eigen::VectorXd::Zero(world->robot().nq());
  EXPECT_FALSE(isInCollision(*world, ws, q));
  // the arm's own links only
  EXPECT_EQ(minimumDistance(*world, ws, q), minimumDistance(*alone, ws_alone, q));
}
}  // namespace
}  // namespace ompl_ccd::test
