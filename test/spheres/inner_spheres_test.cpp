// Inner balls lie inside their solid: inside the primitive (checked in its own frame), or, for a
// closed mesh, at a positive distance from every triangle with a non-zero winding number at dense
// samples of the ball; open meshes get none.
#include "ompl_ccd/spheres/inner_spheres.h"

#include <gtest/gtest.h>
#include <random>

#include "ompl_ccd/model/robot_model.h"
#include "ompl_ccd/numeric.h"
#include "spheres/point_mesh_distance.h"
#include "support/test_paths.h"

namespace ompl_ccd
{
namespace
{
CollisionShape meshShape(TriangleMesh mesh)
{
  CollisionShape shape;
  shape.kind = CollisionShape::Kind::Mesh;
  shape.mesh = std::make_shared<const TriangleMesh>(std::move(mesh));
  return shape;
}

/// A closed cube [0, s]³ as 12 triangles, faces outward; with \a open one triangle missing.
TriangleMesh cube(double s, bool open = false)
{
  TriangleMesh mesh;
  for (int i = 0; i < 8; ++i)
    mesh.vertices.push_back(Eigen::Vector3d(i & 1 ? s : 0, i & 2 ? s : 0, i & 4 ? s : 0));
  mesh.triangles = {{0, 2, 1}, {1, 2, 3}, {4, 5, 6}, {5, 7, 6}, {0, 1, 4}, {1, 5, 4},
                    {2, 6, 3}, {3, 6, 7}, {0, 4, 2}, {2, 4, 6}, {1, 3, 5}, {3, 7, 5}};
  if (open)
    mesh.triangles.pop_back();
  return mesh;
}

/// Every ball of \a balls (frame G) is inside the closed mesh: its centre is farther from the
/// triangles than its radius, and dense samples of it have a non-zero winding number.
void expectInsideMesh(const TriangleMesh &mesh, const std::vector<Sphere> &balls, const std::string &what)
{
  std::vector<std::array<Eigen::Vector3d, 3>> triangles;
  for (const Eigen::Vector3i &t : mesh.triangles)
    triangles.push_back({mesh.vertices[t[0]], mesh.vertices[t[1]], mesh.vertices[t[2]]});
  const spheres::TriangleSet set(triangles);
  std::mt19937 rng(3);
  std::uniform_real_distribution<double> sym(-1.0, 1.0);
  for (const Sphere &ball : balls)
  {
    EXPECT_GT(set.distance(ball.centre), ball.radius) << what;
    for (int i = 0; i < 40; ++i)
    {
      const Eigen::Vector3d p = ball.centre + ball.radius * Eigen::Vector3d(sym(rng), sym(rng), sym(rng)).normalized() *
                                                  (i % 2 ? 1.0 : 0.5);
      EXPECT_GT(std::fabs(windingNumber(mesh, p)), 0.5) << what << ": a point of an inner ball is outside";
    }
  }
}

TEST(InnerSpheres, ClosedAndOpenMeshesAreTold)
{
  EXPECT_TRUE(isClosedMesh(cube(1.0)));
  EXPECT_FALSE(isClosedMesh(cube(1.0, true)));
  EXPECT_NEAR(windingNumber(cube(1.0), Eigen::Vector3d(0.5, 0.5, 0.5)), 1.0, 1e-9);
  EXPECT_NEAR(windingNumber(cube(1.0), Eigen::Vector3d(1.5, 0.5, 0.5)), 0.0, 1e-9);
  EXPECT_TRUE(innerSpheres(meshShape(cube(1.0, true)), Eigen::Isometry3d::Identity()).empty())
      << "an open mesh has no solid";
  const std::vector<Sphere> balls = innerSpheres(meshShape(cube(0.2)), Eigen::Isometry3d::Identity());
  ASSERT_FALSE(balls.empty());
  expectInsideMesh(cube(0.2), balls, "cube");
}

TEST(InnerSpheres, PrimitiveBallsStayInsideEvenForPlatesAndNeedles)
{
  CollisionShape box;
  box.kind = CollisionShape::Kind::Box;
  for (const Eigen::Vector3d &size : {Eigen::Vector3d(0.1, 0.2, 0.3), Eigen::Vector3d(0.4, 0.002, 0.4),
                                      Eigen::Vector3d(2.0, 1e-6, 0.01)})
  {
    box.box_size = size;
    for (const Sphere &ball : innerSpheres(box, Eigen::Isometry3d::Identity(), 8))
      EXPECT_TRUE(((ball.centre.cwiseAbs().array() + ball.radius) < 0.5 * size.array()).all())
          << box.describe() << " ball at " << ball.centre.transpose() << " r " << ball.radius;
  }
  CollisionShape cylinder;
  cylinder.kind = CollisionShape::Kind::Cylinder;
  for (const auto &[radius, length] : {std::pair{0.006, 0.8}, std::pair{0.3, 0.01}})
  {
    cylinder.radius = radius;
    cylinder.length = length;
    for (const Sphere &ball : innerSpheres(cylinder, Eigen::Isometry3d::Identity(), 8))
    {
      EXPECT_LT(ball.centre.head<2>().norm() + ball.radius, radius) << cylinder.describe();
      EXPECT_LT(std::fabs(ball.centre.z()) + ball.radius, 0.5 * length) << cylinder.describe();
    }
  }
}

TEST(InnerSpheres, MeshesOfTheBundledArmAndSharedRobotsHaveTheirBallsInside)
{
  std::vector<std::string> urdfs = {test::examplePath("arm/arm.urdf")};
  for (const char *shared : {"robots/panda/robot.urdf", "robots/ur5e/robot.urdf"})
    if (const std::optional<std::string> path = test::sharedDataPath(shared))
      urdfs.push_back(*path);
  int with_balls = 0;
  for (const std::string &urdf : urdfs)
  {
    const RobotModel robot = RobotModel::fromUrdfFile(urdf);
    for (const Link &link : robot.links())
      for (const LinkGeometry &geometry : link.geometries)
        if (geometry.shape.kind == CollisionShape::Kind::Mesh)
        {
          const std::vector<Sphere> balls = innerSpheres(geometry.shape, Eigen::Isometry3d::Identity(), 8);
          with_balls += !balls.empty();
          expectInsideMesh(*geometry.shape.mesh, balls, link.name);
        }
  }
  EXPECT_GT(with_balls, 4) << "the bundled arm's closed meshes should get inner balls";
}
}  // namespace
}  // namespace ompl_ccd
