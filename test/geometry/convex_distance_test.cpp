#include "ompl_ccd/geometry/convex_distance.h"

#include <gtest/gtest.h>

#include <fcl/geometry/shape/box.h>
#include <fcl/geometry/shape/capsule.h>
#include <fcl/geometry/shape/convex.h>
#include <fcl/geometry/shape/cylinder.h>
#include <fcl/geometry/shape/sphere.h>
#include <fcl/geometry/shape/triangle_p.h>
#include <memory>
#include <random>

namespace ompl_ccd
{
namespace
{
/// Points of each shape on its boundary, dense enough that their largest projection is within
/// \a tolerance of the support: box corners, cylinder rims, capsule and sphere caps, hull vertices.
std::vector<Eigen::Vector3d> boundaryPoints(const fcl::CollisionGeometryd &shape)
{
  std::vector<Eigen::Vector3d> points;
  const int n = 4096;
  const auto ring = [&](double r, double z) {
    for (int i = 0; i < n; ++i)
      points.emplace_back(r * std::cos(2 * M_PI * i / n), r * std::sin(2 * M_PI * i / n), z);
  };
  const auto sphere = [&](const Eigen::Vector3d &c, double r) {
    for (int i = 0; i <= 256; ++i)
      for (int j = 0; j < 256; ++j)
      {
        const double theta = M_PI * i / 256, phi = 2 * M_PI * j / 256;
        points.push_back(c + r * Eigen::Vector3d(std::sin(theta) * std::cos(phi), std::sin(theta) * std::sin(phi), std::cos(theta)));
      }
  };
  switch (shape.getNodeType())
  {
    case fcl::GEOM_BOX:
    {
      const Eigen::Vector3d h = 0.5 * static_cast<const fcl::Boxd &>(shape).side;
      for (int c = 0; c < 8; ++c)
        points.emplace_back(c & 1 ? h.x() : -h.x(), c & 2 ? h.y() : -h.y(), c & 4 ? h.z() : -h.z());
      break;
    }
    case fcl::GEOM_CYLINDER:
    {
      const auto &cylinder = static_cast<const fcl::Cylinderd &>(shape);
      ring(cylinder.radius, 0.5 * cylinder.lz);
      ring(cylinder.radius, -0.5 * cylinder.lz);
      break;
    }
    case fcl::GEOM_CAPSULE:
    {
      const auto &capsule = static_cast<const fcl::Capsuled &>(shape);
      sphere({0, 0, 0.5 * capsule.lz}, capsule.radius);
      sphere({0, 0, -0.5 * capsule.lz}, capsule.radius);
      break;
    }
    case fcl::GEOM_SPHERE:
      sphere({0, 0, 0}, static_cast<const fcl::Sphered &>(shape).radius);
      break;
    case fcl::GEOM_CONVEX:
      points = static_cast<const fcl::Convexd &>(shape).getVertices();
      break;
    case fcl::GEOM_TRIANGLE:
    {
      const auto &triangle = static_cast<const fcl::TrianglePd &>(shape);
      points = {triangle.a, triangle.b, triangle.c};
      break;
    }
    default:
      break;
  }
  return points;
}

std::vector<std::shared_ptr<fcl::CollisionGeometryd>> everyShape()
{
  auto vertices = std::make_shared<const std::vector<Eigen::Vector3d>>(std::vector<Eigen::Vector3d>{
      {0, 0, 0}, {0.3, 0, 0}, {0, 0.2, 0}, {0, 0, 0.1}});
  auto faces = std::make_shared<const std::vector<int>>(std::vector<int>{3, 0, 2, 1, 3, 0, 1, 3, 3, 0, 3, 2, 3, 1, 2, 3});
  return {std::make_shared<fcl::Boxd>(0.2, 0.3, 0.4),
          std::make_shared<fcl::Cylinderd>(0.1, 0.3),
          std::make_shared<fcl::Capsuled>(0.05, 0.3),
          std::make_shared<fcl::Sphered>(0.1),
          std::make_shared<fcl::Convexd>(vertices, 4, faces),
          std::make_shared<fcl::TrianglePd>(Eigen::Vector3d(0, 0, 0), Eigen::Vector3d(0.3, 0.1, 0), Eigen::Vector3d(0, 0.2, 0.1))};
}

TEST(ConvexDistance, SupportIsTheLargestProjection)
{
  std::mt19937 rng(3);
  std::normal_distribution<double> gauss;
  for (const auto &shape : everyShape())
  {
    ASSERT_TRUE(isConvexShape(*shape));
    const std::vector<Eigen::Vector3d> points = boundaryPoints(*shape);
    for (int trial = 0; trial < 50; ++trial)
    {
      Eigen::Isometry3d X_WG = Eigen::Isometry3d::Identity();
      X_WG.linear() = Eigen::Quaterniond(gauss(rng), gauss(rng), gauss(rng), gauss(rng)).normalized().toRotationMatrix();
      X_WG.translation() = Eigen::Vector3d(gauss(rng), gauss(rng), gauss(rng));
      const Eigen::Vector3d n = Eigen::Vector3d(gauss(rng), gauss(rng), gauss(rng)).normalized();
      double scan = -1e300;
      for (const Eigen::Vector3d &p : points)
        scan = std::max(scan, (X_WG * p).dot(n));
      const double h = convexSupport(*shape, X_WG, n);
      EXPECT_GE(h, scan - 1e-12) << shape->getNodeType();
      EXPECT_LE(h, scan + 2e-5) << shape->getNodeType();  // the sampled rims and caps fall short a little
    }
  }
}

TEST(ConvexDistance, SlabsBoundTheDistanceAlongAnyDirection)
{
  // Two boxes 0.25 apart along y: every unit direction gives a slab at most that wide, y exactly it.
  const fcl::Boxd box(1.0, 1.0, 1.0);
  const Eigen::Isometry3d X_WA = Eigen::Isometry3d::Identity(), X_WB(Eigen::Translation3d(0.3, 1.25, 0.1));
  std::mt19937 rng(5);
  std::normal_distribution<double> gauss;
  for (int trial = 0; trial < 200; ++trial)
    EXPECT_LE(convexSlab(box, X_WA, box, X_WB, Eigen::Vector3d(gauss(rng), gauss(rng), gauss(rng)).normalized()), 0.25);
  EXPECT_NEAR(convexSlab(box, X_WA, box, X_WB, Eigen::Vector3d::UnitY()), 0.25, 1e-9);
}

TEST(ConvexDistance, CylindersSideBySide)
{
  // parallel axes 0.5 apart, radii 0.1 and 0.15: 0.25 (GJK's points, the slab verifies them)
  const fcl::Cylinderd a(0.1, 0.4), b(0.15, 0.6);
  const Eigen::Isometry3d X_WA = Eigen::Isometry3d::Identity(), X_WB(Eigen::Translation3d(0.3, 0.4, 0.1));
  const DistanceBounds bounds = convexDistance(a, X_WA, b, X_WB);
  EXPECT_LE(bounds.lower, 0.25);
  EXPECT_GE(bounds.lower, 0.25 - 1e-6);
  EXPECT_GE(bounds.upper, 0.25);
  EXPECT_LE(bounds.upper, 0.25 + 1e-6);
  // overlapping: both bounds 0
  const DistanceBounds overlap = convexDistance(a, X_WA, b, Eigen::Isometry3d(Eigen::Translation3d(0.1, 0.1, 0)));
  EXPECT_EQ(overlap.lower, 0.0);
  EXPECT_EQ(overlap.upper, 0.0);
}
}  // namespace
}  // namespace ompl_ccd
