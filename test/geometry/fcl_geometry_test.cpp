#include "ompl_ccd/geometry/fcl_geometry.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include <fcl/geometry/bvh/BVH_model.h>
#include <fcl/geometry/shape/box.h>
#include <fcl/geometry/shape/cylinder.h>
#include <fcl/geometry/shape/sphere.h>
#include <fcl/math/bv/OBBRSS.h>
#include <fcl/narrowphase/collision.h>
#include <fcl/narrowphase/distance.h>

#include "ompl_ccd/geometry/pair_distance.h"
#include "ompl_ccd/model/mesh_loader.h"
#include "support/test_paths.h"

namespace ompl_ccd
{
namespace
{
/// A box's surface triangles are as far from a mesh outside it as the box itself (face distances
/// in closed form); a cylinder's prism is nearer than the cylinder by at most its gap; spheres
/// and meshes have none.
TEST(FclGeometry, PrimitiveSurfacesKeepThePrimitivesDistances)
{
  CollisionShape box;
  box.kind = CollisionShape::Kind::Box;
  box.box_size = Eigen::Vector3d(0.4, 1.0, 0.2);
  const std::optional<PrimitiveSurface> surface = makePrimitiveSurface(box);
  ASSERT_TRUE(surface);
  EXPECT_EQ(surface->gap, 0.0);
  EXPECT_EQ(dynamic_cast<const fcl::BVHModel<fcl::OBBRSSd> &>(*surface->triangles).num_tris, 12);
  CollisionShape tiny;  // a 2 mm cube mesh around each probe point
  tiny.kind = CollisionShape::Kind::Mesh;
  tiny.mesh = loadMesh(test::testDataPath("geometry/cube.obj"), Eigen::Vector3d::Constant(0.002), "fcl_geometry_test");
  const FclGeometryPtr probe_geometry = makeFclGeometry(tiny);
  const Eigen::Isometry3d X_WB(Eigen::AngleAxisd(0.3, Eigen::Vector3d(1, 2, 3).normalized()));
  const auto distance = [](const fcl::CollisionObjectd &a, const fcl::CollisionObjectd &b) {
    fcl::DistanceRequestd request;
    fcl::DistanceResultd result;
    return fcl::distance(&a, &b, request, result);
  };
  const fcl::CollisionObjectd box_object(surface->triangles, fcl::Transform3d(X_WB));
  // points beyond one face each: the cube's facing side is parallel to it, 1 mm nearer
  for (const Eigen::Vector3d &p_B : {Eigen::Vector3d(0.5, 0.1, 0.0), Eigen::Vector3d(0.1, 0.9, -0.05),
                                     Eigen::Vector3d(0.0, 0.0, 0.1025)})
  {
    const fcl::CollisionObjectd probe(probe_geometry, fcl::Transform3d(X_WB * Eigen::Translation3d(p_B)));
    const double beyond = (p_B.cwiseAbs() - 0.5 * box.box_size).maxCoeff();
    EXPECT_NEAR(distance(box_object, probe), beyond - 0.001, 1e-9) << p_B.transpose();
  }
  CollisionShape cylinder;
  cylinder.kind = CollisionShape::Kind::Cylinder;
  cylinder.radius = 0.05;
  cylinder.length = 0.3;
  const std::optional<PrimitiveSurface> prism = makePrimitiveSurface(cylinder, 1e-3);  // 16 sides
  ASSERT_TRUE(prism);
  EXPECT_NEAR(prism->gap, 0.05 / std::cos(M_PI / 16) - 0.05, 1e-9);
  EXPECT_LE(makePrimitiveSurface(cylinder)->gap, 1e-7 * (1 + 1e-6));  // the default: ≤ 0.1 µm
  const fcl::CollisionObjectd prism_object(prism->triangles, fcl::Transform3d(X_WB));
  for (double angle = 0.0; angle < 6.3; angle += 0.37)  // the tiny cube around the cylinder
  {
    const Eigen::Vector3d p_B(0.08 * std::cos(angle), 0.08 * std::sin(angle), 0.1);
    const fcl::CollisionObjectd probe(probe_geometry, fcl::Transform3d(X_WB * Eigen::Translation3d(p_B)));
    const double to_cylinder = 0.08 - 0.05;  // within the cube's 1 mm half-size of the centre's
    const double to_prism = distance(prism_object, probe);
    EXPECT_LE(to_prism, to_cylinder - 0.001 + 1e-9);
    EXPECT_GE(to_prism + prism->gap, to_cylinder - 0.001 * std::sqrt(2.0) - 1e-9);
  }
  CollisionShape sphere;
  sphere.kind = CollisionShape::Kind::Sphere;
  sphere.radius = 0.1;
  EXPECT_FALSE(makePrimitiveSurface(sphere));
  EXPECT_FALSE(makePrimitiveSurface(tiny));
}

/// A cylinder's axis less its radius bounds the distance from below (the oracle: the distance to
/// a prism of gap 1e-7 around it, plus that gap), and is the distance when the mesh is beside the
/// cylinder; thin poles and thick posts, every pose random.
TEST(FclGeometry, CylinderAxisBoundsTheDistanceFromBelow)
{
  CollisionShape mesh_shape;  // a 3 cm cube mesh
  mesh_shape.kind = CollisionShape::Kind::Mesh;
  mesh_shape.mesh = loadMesh(test::testDataPath("geometry/cube.obj"), Eigen::Vector3d::Constant(0.03), "fcl_geometry_test");
  fcl::CollisionObjectd mesh(makeFclGeometry(mesh_shape));
  std::mt19937 random(5);
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  int beside = 0, near_caps = 0;
  for (int trial = 0; trial < 400; ++trial)
  {
    CollisionShape cylinder;
    cylinder.kind = CollisionShape::Kind::Cylinder;
    cylinder.radius = trial % 2 ? 0.003 : 0.05;
    cylinder.length = 0.8;
    const std::optional<CylinderAxis> axis = makeCylinderAxis(cylinder);
    ASSERT_TRUE(axis);
    EXPECT_EQ(axis->radius, cylinder.radius);
    const std::optional<PrimitiveSurface> prism = makePrimitiveSurface(cylinder, 1e-7);
    fcl::CollisionObjectd segment(axis->segment), surface(prism->triangles), solid(makeFclGeometry(cylinder));
    const Eigen::Isometry3d X_WC(Eigen::AngleAxisd(unit(random) * 3.0, Eigen::Vector3d(unit(random), unit(random), 1).normalized()));
    segment.setTransform(X_WC);
    surface.setTransform(X_WC);
    solid.setTransform(X_WC);
    // the cube near the pole: beside it, or past a cap
    const Eigen::Vector3d p_C(unit(random) * 0.12, unit(random) * 0.12, unit(random) * 0.5);
    mesh.setTransform(Eigen::Translation3d(X_WC * p_C) * Eigen::AngleAxisd(unit(random) * 3.0, Eigen::Vector3d::UnitX()));
    const double bound = pairDistanceLowerBound(mesh, segment) - axis->radius;
    const double to_prism = pairDistanceUpperBound(mesh, surface);
    fcl::CollisionRequestd request;
    fcl::CollisionResultd overlap;
    if (to_prism <= 0.0 || fcl::collide(&mesh, &solid, request, overlap) > 0)
      continue;  // the cube touches the cylinder or is inside it: nothing to compare
    ASSERT_LE(bound, to_prism + prism->gap + 1e-12) << trial;
    NearestPoints on_axis;
    pairDistanceLowerBound(mesh, segment, &on_axis);
    const double along = (X_WC.inverse() * on_axis.p_WB).z();
    if (std::fabs(along) < 0.5 * cylinder.length - 1e-6)
    {
      ++beside;
      EXPECT_GE(bound, to_prism - 1e-9) << trial << ": beside the cylinder the axis bound is its distance";
    }
    else
      ++near_caps;
  }
  EXPECT_GT(beside, 50);
  EXPECT_GT(near_caps, 20);
}

TEST(FclGeometry, MeshBecomesOneBvhTrianglePerMeshTriangle)
{
  CollisionShape shape;
  shape.kind = CollisionShape::Kind::Mesh;
  shape.mesh = loadMesh(test::testDataPath("geometry/cube.obj"), Eigen::Vector3d(2, 2, 2), "fcl_geometry_test");
  const FclGeometryPtr geometry = makeFclGeometry(shape);
  EXPECT_EQ(geometry->getNodeType(), fcl::BV_OBBRSS);
  const auto &bvh = dynamic_cast<const fcl::BVHModel<fcl::OBBRSSd> &>(*geometry);
  EXPECT_EQ(bvh.num_tris, 12);
  EXPECT_EQ(bvh.num_vertices, static_cast<int>(shape.mesh->vertices.size()));
  EXPECT_EQ(bvh.getModelType(), fcl::BVH_MODEL_TRIANGLES);
  // Local AABB of the cube scaled by 2: [-1, 1]^3.
  EXPECT_TRUE(geometry->aabb_local.min_.isApprox(Eigen::Vector3d::Constant(-1.0)));
  EXPECT_TRUE(geometry->aabb_local.max_.isApprox(Eigen::Vector3d::Constant(1.0)));
}

TEST(FclGeometry, BoxKeepsFullSideLengths)
{
  CollisionShape shape;
  shape.kind = CollisionShape::Kind::Box;
  shape.box_size = Eigen::Vector3d(0.2, 0.4, 0.6);
  const FclGeometryPtr geometry = makeFclGeometry(shape);
  const auto &box = dynamic_cast<const fcl::Boxd &>(*geometry);
  EXPECT_TRUE(box.side.isApprox(shape.box_size));
  EXPECT_TRUE(geometry->aabb_local.max_.isApprox(Eigen::Vector3d(0.1, 0.2, 0.3)));
}

TEST(FclGeometry, CylinderAlongZ)
{
  CollisionShape shape;
  shape.kind = CollisionShape::Kind::Cylinder;
  shape.radius = 0.1;
  shape.length = 0.8;
  const FclGeometryPtr geometry = makeFclGeometry(shape);
  const auto &cylinder = dynamic_cast<const fcl::Cylinderd &>(*geometry);
  EXPECT_DOUBLE_EQ(cylinder.radius, 0.1);
  EXPECT_DOUBLE_EQ(cylinder.lz, 0.8);
  EXPECT_NEAR(geometry->aabb_local.max_.z(), 0.4, 1e-12);
}

TEST(FclGeometry, Sphere)
{
  CollisionShape shape;
  shape.kind = CollisionShape::Kind::Sphere;
  shape.radius = 0.25;
  const FclGeometryPtr geometry = makeFclGeometry(shape);
  EXPECT_DOUBLE_EQ(dynamic_cast<const fcl::Sphered &>(*geometry).radius, 0.25);
  EXPECT_TRUE(geometry->aabb_local.min_.isApprox(Eigen::Vector3d::Constant(-0.25)));
}
}  // namespace
}  // namespace ompl_ccd
