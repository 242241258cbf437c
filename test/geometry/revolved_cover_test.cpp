#include "ompl_ccd/geometry/revolved_cover.h"

#include <gtest/gtest.h>

#include <cmath>
#include <fcl/geometry/shape/sphere.h>
#include <fcl/narrowphase/distance.h>
#include <random>

#include "ompl_ccd/geometry/fcl_geometry.h"
#include "support/example_worlds.h"

namespace ompl_ccd
{
namespace
{
/// Points of a mesh geometry in its link frame: vertices, edge midpoints and centroids.
std::vector<Eigen::Vector3d> surfacePoints(const LinkGeometry &geometry)
{
  const TriangleMesh &mesh = *geometry.shape.mesh;
  std::vector<Eigen::Vector3d> points;
  for (const Eigen::Vector3i &t : mesh.triangles)
  {
    const Eigen::Vector3d a = geometry.X_LG * mesh.vertices[t[0]], b = geometry.X_LG * mesh.vertices[t[1]],
                          c = geometry.X_LG * mesh.vertices[t[2]];
    points.insert(points.end(), {a, Eigen::Vector3d(0.5 * (a + b)), Eigen::Vector3d(0.5 * (b + c)),
                                 Eigen::Vector3d(0.5 * (a + c)), Eigen::Vector3d((a + b + c) / 3.0)});
  }
  return points;
}

/// Every mesh body of the example arm, turned about its joint's axis and about an oblique axis:
/// its points at every sampled angle may be in the cover, and FCL finds the cover no farther than
/// the turned body from probe spheres around it (the bound the certificates use).
TEST(RevolvedCover, HoldsTheBodyAtEveryTurn)
{
  const CollisionWorldPtr world = test::exampleWorld("arm/arm.urdf", "");
  const RobotModel &robot = world->robot();
  std::mt19937 rng(11);
  std::normal_distribution<double> normal(0.0, 1.0);
  std::size_t covers = 0, outside = 0;
  for (std::size_t l = 0; l < robot.links().size(); ++l)
    for (const LinkGeometry &geometry : robot.links()[l].geometries)
    {
      if (geometry.shape.kind != CollisionShape::Kind::Mesh || robot.links()[l].parent_joint < 0)
        continue;
      const Eigen::Vector3d own_axis = robot.joints()[robot.links()[l].parent_joint].axis;
      for (const auto &[origin, axis] : {std::make_pair(Eigen::Vector3d(0, 0, 0), own_axis),
                                         std::make_pair(Eigen::Vector3d(0.02, -0.01, 0.03), Eigen::Vector3d(1, 2, 3))})
      {
        const RevolvedCover cover = revolvedCover(geometry, origin, axis, 8, 12);
        ++covers;
        const auto cover_shape = makeFclGeometry(cover.geometry.shape);
        const auto body_shape = makeFclGeometry(geometry.shape);
        const auto sphere = std::make_shared<fcl::Sphered>(0.01);
        const std::vector<Eigen::Vector3d> points = surfacePoints(geometry);
        for (int k = 0; k < 24; ++k)
        {
          const double angle = 2.0 * M_PI * k / 24 + 0.1;
          const Eigen::Isometry3d turn =
              Eigen::Translation3d(origin) * Eigen::AngleAxisd(angle, axis.normalized()) * Eigen::Translation3d(-origin);
          for (const Eigen::Vector3d &p : points)
            ASSERT_TRUE(cover.mayContain(turn * p)) << robot.links()[l].name << " angle " << angle;
          const fcl::CollisionObjectd body(body_shape, fcl::Transform3d(turn * geometry.X_LG)),
              cover_object(cover_shape, fcl::Transform3d::Identity());
          for (int probe = 0; probe < 5; ++probe)
          {
            const Eigen::Vector3d direction(normal(rng), normal(rng), normal(rng));
            const Eigen::Vector3d centre = origin + (0.15 + 0.1 * probe) * direction.normalized();
            if (cover.mayContain(centre))  // within the cover, its surface is no bound (certificates check this)
              continue;
            ++outside;
            const fcl::CollisionObjectd ball(sphere, fcl::Transform3d(Eigen::Translation3d(centre)));
            fcl::DistanceRequestd request;
            fcl::DistanceResultd to_body, to_cover;
            const double d_body = fcl::distance(&body, &ball, request, to_body);
            const double d_cover = fcl::distance(&cover_object, &ball, request, to_cover);
            if (d_body > 0.0)
            {
              ASSERT_LE(d_cover, d_body + 1e-9) << robot.links()[l].name << " angle " << angle;
            }
          }
        }
        // not contained: a point well beyond the largest radius
        const Eigen::Vector3d far = origin + axis.normalized().unitOrthogonal() * 10.0;
        EXPECT_FALSE(cover.mayContain(far));
      }
    }
  EXPECT_GT(covers, 4u);
  EXPECT_GT(outside, 10 * covers);
}

/// A cylinder turned about its own axis is its own cover, up to the prisms' corners.
TEST(RevolvedCover, CylinderAboutItsAxisIsTight)
{
  auto mesh = std::make_shared<TriangleMesh>();
  const int sides = 64;
  for (int k = 0; k < sides; ++k)
    for (double z : {-0.1, 0.1})
      mesh->vertices.emplace_back(0.05 * std::cos(2 * M_PI * k / sides), 0.05 * std::sin(2 * M_PI * k / sides), z);
  for (int k = 0; k < sides; ++k)
  {
    const int next = (k + 1) % sides;
    mesh->triangles.emplace_back(2 * k, 2 * next, 2 * k + 1);
    mesh->triangles.emplace_back(2 * next, 2 * next + 1, 2 * k + 1);
  }
  LinkGeometry tube;
  tube.shape.kind = CollisionShape::Kind::Mesh;
  tube.shape.mesh = mesh;
  const RevolvedCover cover = revolvedCover(tube, Eigen::Vector3d::Zero(), Eigen::Vector3d::UnitZ());
  const double volume = M_PI * 0.05 * 0.05 * 0.2;
  EXPECT_GT(cover.volume, volume);
  EXPECT_LT(cover.volume, 1.02 * volume);
  EXPECT_FALSE(cover.mayContain(Eigen::Vector3d(0.052, 0.0, 0.0)));
  EXPECT_FALSE(cover.mayContain(Eigen::Vector3d(0.0, 0.0, 0.1001)));
}
}  // namespace
}  // namespace ompl_ccd
