// A mesh obstacle's triangles as the lanes see them (triangle_groups.cpp): a ball the kernel
// finds clear of a group is smaller than the exact distance from its centre to the group's
// triangles (double precision), on ordinary triangles, slivers a few nanometres high, needles,
// collapsed and collinear triangles, near the origin and 50 m from it, with points on the
// triangles' planes, edges and corners and up to 1 cm off them; and the test is tight where a
// triangle has area (a ball 1 % smaller than the distance is found clear in most lanes), so that
// the stage can show a mesh apart.
#include <gtest/gtest.h>
#include <algorithm>
#include <cstdio>
#include <random>

#include "certify/pipeline/potentially_colliding_pairs.h"
#include "spheres/block_kernel.h"
#include "spheres/point_mesh_distance.h"
#include "support/example_worlds.h"

namespace ompl_ccd::spheres
{
namespace
{
/// A mesh of random triangles about \a centre: ordinary ones, slivers, needles, collapsed ones.
CollisionShape triangleSoup(const Eigen::Vector3d &centre, std::mt19937 &rng)
{
  std::uniform_real_distribution<double> sym(-1.0, 1.0), size(0.01, 0.4);
  auto mesh = std::make_shared<TriangleMesh>();
  const auto random = [&] { return Eigen::Vector3d(sym(rng), sym(rng), sym(rng)); };
  for (int k = 0; k < 400; ++k)
  {
    const Eigen::Vector3d a = centre + 0.6 * random(), u = size(rng) * random(), v = size(rng) * random();
    Eigen::Vector3d b = a + u, c = a + v;
    switch (k % 5)
    {
      case 1:  // sliver: c a few nanometres off the line ab
        c = a + 0.37 * u + 3e-9 * random();
        break;
      case 2:  // needle: b and c nearly together, far from a
        c = b + 1e-7 * random();
        break;
      case 3:  // collapsed: two equal corners, or three on one line
        c = k % 2 ? b : a + 2.0 * u;
        break;
      default:
        break;
    }
    const int base = static_cast<int>(mesh->vertices.size());
    mesh->vertices.insert(mesh->vertices.end(), {a, b, c});
    mesh->triangles.emplace_back(base, base + 1, base + 2);
  }
  CollisionShape shape;
  shape.kind = CollisionShape::Kind::Mesh;
  shape.mesh = mesh;
  return shape;
}

/// A point within \a reach of the origin near a random triangle of \a group: on it, on an edge or
/// a corner, then moved up to 1 cm (or not at all) in a random direction.
Eigen::Vector3d pointNear(const std::vector<std::array<Eigen::Vector3d, 3>> &group, double reach, std::mt19937 &rng)
{
  std::uniform_real_distribution<double> unit(0.0, 1.0), sym(-1.0, 1.0);
  const auto &t = group[rng() % group.size()];
  double s = unit(rng), r = unit(rng);
  if (s + r > 1.0)
    s = 1.0 - s, r = 1.0 - r;
  if (rng() % 3 == 0)
    r = rng() % 2 ? 0.0 : 1.0 - s;  // on an edge or a corner
  Eigen::Vector3d p = t[0] + s * (t[1] - t[0]) + r * (t[2] - t[0]);
  const double away = rng() % 4 == 0 ? 0.0 : std::pow(10.0, -2.0 - 6.0 * unit(rng));
  p += away * Eigen::Vector3d(sym(rng), sym(rng), sym(rng)).normalized();
  return p.norm() > reach ? Eigen::Vector3d(p * (0.999 * reach / p.norm())) : p;
}

struct Tally
{
  int lanes = 0, tight = 0;
};

/// Balls about points near \a world's one mesh obstacle, as one group, of radii about the exact
/// distance (from 0.5 to 1.1 times it), as the kernel tests them, against exact distances.
void checkGroups(const CollisionWorld &world, std::mt19937 &rng, Tally &tally)
{
  const std::vector<BodyRef> bodies = collisionBodies(world);
  SphereOptions options;
  options.triangles_per_group = 1000;
  const SphereModel model(world, bodies, selfBodyPairs(world, bodies), options);
  std::uniform_real_distribution<double> scale(0.5, 1.1);
  for (int j = 0; j < static_cast<int>(model.obstacles().size()); ++j)
  {
    const LaneObstacle &o = model.obstacles()[j];
    if (o.shape != ObstacleShape::Triangles)
      continue;
    std::vector<std::array<Eigen::Vector3d, 3>> group;
    const TriangleMesh &mesh = *world.scene().obstacles()[o.scene_index].shape.mesh;
    for (const Eigen::Vector3i &tri : mesh.triangles)
      group.push_back({mesh.vertices[tri[0]], mesh.vertices[tri[1]], mesh.vertices[tri[2]]});
    ASSERT_EQ(static_cast<int>(group.size()), o.triangle_count) << "one group of the whole mesh";
    for (int round = 0; round < 100; ++round)
    {
      float centres[3 * kLanes], radius[kLanes];
      double least[kLanes];
      for (int k = 0; k < kLanes; ++k)
      {
        const Eigen::Vector3d p = pointNear(group, model.reach(), rng);
        for (int i = 0; i < 3; ++i)
          centres[i * kLanes + k] = static_cast<float>(p[i]);
        // p as the lanes hold it: the float centre (a robot ball's pad covers this offset)
        const Eigen::Vector3d p_lane(centres[k], centres[kLanes + k], centres[2 * kLanes + k]);
        least[k] = 1e300;
        for (const auto &t : group)
          least[k] = std::min(least[k], pointTriangleDistance(p_lane, t[0], t[1], t[2]));
        radius[k] = static_cast<float>(scale(rng) * least[k]);
      }
      const std::uint32_t clear = clearLanes(model, j, centres, radius);
      for (int k = 0; k < kLanes; ++k)
      {
        const bool found_clear = clear >> k & 1u;
        EXPECT_TRUE(!found_clear || radius[k] < least[k])
            << "lane " << k << ": a ball of radius " << radius[k] << " found clear at the distance " << least[k];
        if (radius[k] <= 0.99 * least[k] - 1e-5)
        {
          ++tally.lanes;
          tally.tight += found_clear;
        }
      }
    }
  }
}

TEST(TriangleGroups, BallsFoundClearAreSmallerThanTheExactDistance)
{
  std::mt19937 rng(7);
  Tally tally;
  for (const Eigen::Vector3d &centre : {Eigen::Vector3d(0.6, 0.2, 0.3), Eigen::Vector3d(50.0, -20.0, 3.0)})
  {
    Obstacle soup{"soup", triangleSoup(centre, rng), Eigen::Isometry3d::Identity(), ""};
    checkGroups(*test::barWorld({soup}), rng, tally);
  }
  std::printf("balls 1 %% below the distance %d, found clear %d\n", tally.lanes, tally.tight);
  EXPECT_GT(tally.lanes, 500);
  EXPECT_GT(tally.tight, tally.lanes / 2);
}
}  // namespace
}  // namespace ompl_ccd::spheres
