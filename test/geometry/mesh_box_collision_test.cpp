#include "ompl_ccd/geometry/mesh_box_collision.h"

#include <gtest/gtest.h>

#include <fcl/geometry/shape/box.h>
#include <fcl/geometry/shape/sphere.h>
#include <fcl/narrowphase/collision.h>
#include <fcl/narrowphase/distance.h>
#include <iostream>
#include <random>

#include "ompl_ccd/geometry/fcl_geometry.h"
#include "ompl_ccd/model/mesh_loader.h"
#include "support/test_paths.h"

namespace ompl_ccd
{
namespace
{
Eigen::Isometry3d randomPose(std::mt19937 &rng, double spread)
{
  std::normal_distribution<double> gauss;
  Eigen::Isometry3d X = Eigen::Isometry3d::Identity();
  X.linear() = Eigen::Quaterniond(gauss(rng), gauss(rng), gauss(rng), gauss(rng)).normalized().toRotationMatrix();
  X.translation() = spread * Eigen::Vector3d(gauss(rng), gauss(rng), gauss(rng));
  return X;
}

/// Hand-made cases: a triangle through a box, beside it, across an edge without touching any
/// face's interior, wholly inside, touching a face.
TEST(MeshBoxCollision, TriangleAgainstUnitBoxByHand)
{
  const Eigen::Vector3d half(1, 1, 1);
  EXPECT_TRUE(triangleTouchesBox({-3, 0, 0}, {3, 0.2, 0}, {0, 3, 0.1}, half));       // through
  EXPECT_FALSE(triangleTouchesBox({2, 0, 0}, {3, 1, 0}, {2.5, 0, 1}, half));         // beside
  EXPECT_TRUE(triangleTouchesBox({0.1, 0.1, 0.1}, {0.2, 0.1, 0.1}, {0.1, 0.3, 0}, half));  // inside
  EXPECT_TRUE(triangleTouchesBox({1, -3, -3}, {1, 3, -3}, {1, 0, 3}, half));         // on the +x face
  // near the edge x = y = 1 but beyond the plane x + y = 2.1: only an edge-cross axis separates
  EXPECT_FALSE(triangleTouchesBox({1.05, 1.05, -3}, {1.05, 1.05, 3}, {3, 0, 0.5}, half));
  EXPECT_TRUE(triangleTouchesBox({0.95, 0.95, -3}, {0.95, 0.95, 3}, {3, 0, 0.5}, half));
}

/// Random triangles near a box against a sampled oracle: a grid point of the triangle inside the
/// box proves touching; a grid whose points all stay farther than the grid's reach from the box
/// proves apart (the distance to a box changes no faster than the point moves).
TEST(MeshBoxCollision, TriangleAgainstBoxMatchesSampledOracle)
{
  std::mt19937 rng(4);
  std::uniform_real_distribution<double> coordinate(-2.0, 2.0), side(0.2, 1.5);
  const int grid = 120;
  std::size_t touching = 0, apart = 0;
  for (int trial = 0; trial < 3000; ++trial)
  {
    const Eigen::Vector3d half(side(rng), side(rng), side(rng));
    const Eigen::Vector3d v0(coordinate(rng), coordinate(rng), coordinate(rng)),
        v1(coordinate(rng), coordinate(rng), coordinate(rng)), v2(coordinate(rng), coordinate(rng), coordinate(rng));
    double nearest = 1e300;
    for (int i = 0; i <= grid; ++i)
      for (int j = 0; i + j <= grid; ++j)
      {
        const Eigen::Vector3d p = v0 + (v1 - v0) * (double(i) / grid) + (v2 - v0) * (double(j) / grid);
        nearest = std::min(nearest, (p - p.cwiseMax(-half).cwiseMin(half)).norm());
      }
    const double reach = ((v1 - v0).norm() + (v2 - v0).norm()) / grid;
    if (nearest == 0.0)
    {
      ++touching;
      EXPECT_TRUE(triangleTouchesBox(v0, v1, v2, half)) << "trial " << trial;
    }
    else if (nearest > reach)
    {
      ++apart;
      EXPECT_FALSE(triangleTouchesBox(v0, v1, v2, half)) << "trial " << trial;
    }
  }
  std::cout << touching << " touching, " << apart << " apart\n";
  EXPECT_GT(touching, 500u);
  EXPECT_GT(apart, 500u);
}

/// The bundled arm's meshes at random poses against random boxes: the same answers as FCL's
/// mesh–box collision (GJK per triangle) wherever FCL's distance is clear of touching, and each
/// point found lies in the box and on the mesh.
TEST(MeshBoxCollision, AgreesWithFclOnTheArmMeshes)
{
  std::mt19937 rng(11);
  std::uniform_real_distribution<double> side(0.02, 0.6);
  std::size_t touching = 0, apart = 0;
  for (const std::string name : {"forearm_link", "shoulder_link", "wrist_3_link", "upper_arm_beam"})
  {
    CollisionShape shape;
    shape.kind = CollisionShape::Kind::Mesh;
    shape.mesh = loadMesh(test::examplePath("arm/meshes/" + name + ".stl"), Eigen::Vector3d::Ones(), name);
    const FclGeometryPtr geometry = makeFclGeometry(shape);
    const auto &mesh = static_cast<const fcl::BVHModel<fcl::OBBRSSd> &>(*geometry);
    for (int trial = 0; trial < 400; ++trial)
    {
      const Eigen::Isometry3d X_WM = randomPose(rng, 0.1), X_WB = randomPose(rng, 0.15);
      const Eigen::Vector3d half(side(rng), side(rng), side(rng));
      const fcl::CollisionObjectd mesh_object(geometry, X_WM),
          box_object(std::make_shared<fcl::Boxd>(2.0 * half), X_WB);
      fcl::DistanceRequestd distance_request;
      fcl::DistanceResultd distance_result;
      const double distance = fcl::distance(&mesh_object, &box_object, distance_request, distance_result);
      fcl::CollisionRequestd request;
      fcl::CollisionResultd result;
      const bool fcl_hit = fcl::collide(&mesh_object, &box_object, request, result) > 0;
      const std::optional<Eigen::Vector3d> contact = meshBoxContact(mesh, X_WM, half, X_WB);
      if (std::fabs(distance) > 1e-5 || fcl_hit == (distance <= 0.0))  // clear of touching
      {
        EXPECT_EQ(contact.has_value(), fcl_hit) << name << " trial " << trial << " distance " << distance;
      }
      if (!contact)
      {
        ++apart;
        continue;
      }
      ++touching;
      // the point is in the box and on the mesh's surface
      const Eigen::Vector3d p_B = X_WB.inverse() * *contact;
      EXPECT_LE((p_B.cwiseAbs() - half).maxCoeff(), 1e-9) << name << " trial " << trial;
      const fcl::CollisionObjectd point(std::make_shared<fcl::Sphered>(1e-9), Eigen::Matrix3d::Identity(), *contact);
      fcl::DistanceResultd to_mesh;
      fcl::CollisionResultd on_mesh;
      EXPECT_TRUE(fcl::collide(&point, &mesh_object, request, on_mesh) > 0 ||
                  fcl::distance(&point, &mesh_object, distance_request, to_mesh) < 1e-8)
          << name << " trial " << trial;
    }
  }
  std::cout << touching << " touching, " << apart << " apart\n";
  EXPECT_GT(touching, 200u);
  EXPECT_GT(apart, 200u);
}
}  // namespace
}  // namespace ompl_ccd
