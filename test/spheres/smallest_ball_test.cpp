// smallestBall holds every point and is the smallest ball where that is known in closed form: a
// ring of cocircular points (degenerate supports), a regular tetrahedron, collinear points, one
// point repeated, a sphere's sample with an antipodal pair; on random clouds it is no larger than
// the ball about the points' box centre and every point is inside.
#include "spheres/smallest_ball.h"

#include <gtest/gtest.h>
#include <cmath>
#include <random>

#include "ompl_ccd/numeric.h"

namespace ompl_ccd::spheres
{
namespace
{
void expectHolds(const Sphere &ball, const std::vector<Eigen::Vector3d> &points)
{
  for (const Eigen::Vector3d &p : points)
    EXPECT_LE((p - ball.centre).norm(), ball.radius);
}

TEST(SmallestBall, IsTheSmallestWhereThatIsKnown)
{
  std::vector<Eigen::Vector3d> ring;
  for (int k = 0; k < 24; ++k)
    ring.push_back(Eigen::Vector3d(1.0 + 0.3 * std::cos(k * numeric::kPi / 12), 2.0 + 0.3 * std::sin(k * numeric::kPi / 12), -1.0));
  const Sphere round = smallestBall(ring);
  expectHolds(round, ring);
  EXPECT_NEAR(round.radius, 0.3, 1e-8);
  EXPECT_NEAR((round.centre - Eigen::Vector3d(1.0, 2.0, -1.0)).norm(), 0.0, 1e-8);

  const std::vector<Eigen::Vector3d> tetrahedron{{1, 1, 1}, {1, -1, -1}, {-1, 1, -1}, {-1, -1, 1}};
  const Sphere tetra = smallestBall(tetrahedron);
  expectHolds(tetra, tetrahedron);
  EXPECT_NEAR(tetra.radius, std::sqrt(3.0), 1e-8);

  const std::vector<Eigen::Vector3d> line{{0, 0, 0}, {0.25, 0.5, 0}, {1, 2, 0}, {0.5, 1, 0}};
  const Sphere segment = smallestBall(line);
  expectHolds(segment, line);
  EXPECT_NEAR(segment.radius, 0.5 * std::sqrt(5.0), 1e-8);

  const std::vector<Eigen::Vector3d> one(5, Eigen::Vector3d(3, -2, 7));
  const Sphere point = smallestBall(one);
  expectHolds(point, one);
  EXPECT_LE(point.radius, 1e-8);

  std::mt19937 rng(3);
  std::normal_distribution<double> normal;
  std::vector<Eigen::Vector3d> sphere{{0, 0, 0.5}, {0, 0, -0.5}};
  for (int k = 0; k < 500; ++k)
  {
    const Eigen::Vector3d d(normal(rng), normal(rng), normal(rng));
    sphere.push_back(0.5 * d.normalized());
  }
  const Sphere round3 = smallestBall(sphere);
  expectHolds(round3, sphere);
  EXPECT_NEAR(round3.radius, 0.5, 1e-8);
}

TEST(SmallestBall, HoldsRandomCloudsAndBeatsTheBoxCentre)
{
  std::mt19937 rng(5);
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  for (int trial = 0; trial < 50; ++trial)
  {
    std::vector<Eigen::Vector3d> cloud;
    const Eigen::Vector3d scale(unit(rng) + 1.1, 0.01 + std::abs(unit(rng)), 1e-6 + 1e-3 * std::abs(unit(rng)));
    for (int k = 0; k < 3 + trial * 7; ++k)
      cloud.push_back(Eigen::Vector3d(unit(rng), unit(rng), unit(rng)).cwiseProduct(scale) + Eigen::Vector3d(1e3, 0, 0));
    const Sphere ball = smallestBall(cloud);
    expectHolds(ball, cloud);
    Eigen::AlignedBox3d box;
    for (const Eigen::Vector3d &p : cloud)
      box.extend(p);
    EXPECT_LE(ball.radius, radiusAbout(box.center(), cloud));
  }
}
}  // namespace
}  // namespace ompl_ccd::spheres
