#pragma once
/// \file motion_samples.h
/// Test helpers for bound/: the robots the bound tests run on, random valid states, and points of
/// every collision geometry (mesh vertices; corners, rims and poles of primitives) in its link frame.

#include <Eigen/Geometry>
#include <cmath>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "ompl_ccd/model/link.h"
#include "ompl_ccd/model/robot_model.h"
#include "support/random_edges.h"
#include "support/test_paths.h"

namespace ompl_ccd::test
{
/** \brief Bundled arm and snake, plus fixtures with prismatic, mimic, continuous and floating joints. */
inline std::vector<std::shared_ptr<const RobotModel>> boundTestModels()
{
  std::vector<std::shared_ptr<const RobotModel>> models;
  models.push_back(std::make_shared<const RobotModel>(RobotModel::fromUrdfFile(examplePath("arm/arm.urdf"))));
  models.push_back(std::make_shared<const RobotModel>(RobotModel::fromUrdfFile(examplePath("snake/snake.urdf"))));
  models.push_back(
      std::make_shared<const RobotModel>(RobotModel::fromUrdfFile(testDataPath("model/planar_2r.urdf"))));
  models.push_back(std::make_shared<const RobotModel>(RobotModel::fromUrdfFile(testDataPath("model/floating.urdf"))));
  models.push_back(
      std::make_shared<const RobotModel>(RobotModel::fromUrdfFile(testDataPath("ompl/mixed_joints.urdf"))));
  RobotModelOptions floating;
  floating.floating_root = true;
  models.push_back(
      std::make_shared<const RobotModel>(RobotModel::fromUrdfFile(examplePath("arm/arm.urdf"), floating)));
  return models;
}

/** \brief Points p_L of \a geometry in its link frame: every mesh vertex (at most \a max_points,
    evenly strided), or the corners / rim points / poles of a primitive. */
inline std::vector<Eigen::Vector3d> geometryPoints(const LinkGeometry &geometry, std::size_t max_points = 200)
{
  std::vector<Eigen::Vector3d> p_G;
  const CollisionShape &shape = geometry.shape;
  switch (shape.kind)
  {
    case CollisionShape::Kind::Mesh:
    {
      const auto &v = shape.mesh->vertices;
      const std::size_t stride = std::max<std::size_t>(1, v.size() / max_points);
      for (std::size_t i = 0; i < v.size(); i += stride)
        p_G.push_back(v[i]);
      break;
    }
    case CollisionShape::Kind::Box:
      for (int c = 0; c < 8; ++c)
        p_G.push_back(0.5 * Eigen::Vector3d((c & 1) ? 1 : -1, (c & 2) ? 1 : -1, (c & 4) ? 1 : -1)
                                .cwiseProduct(shape.box_size));
      break;
    case CollisionShape::Kind::Cylinder:
      for (int k = 0; k < 16; ++k)
        for (double z : {-0.5 * shape.length, 0.5 * shape.length})
          p_G.emplace_back(shape.radius * std::cos(k * M_PI / 8), shape.radius * std::sin(k * M_PI / 8), z);
      break;
    case CollisionShape::Kind::Sphere:
      for (int a = 0; a < 3; ++a)
        for (double s : {-1.0, 1.0})
          p_G.push_back(s * shape.radius * Eigen::Vector3d::Unit(a));
      for (int k = 0; k < 8; ++k)
        p_G.push_back(shape.radius * Eigen::Vector3d((k & 1) ? 1 : -1, (k & 2) ? 1 : -1, (k & 4) ? 1 : -1).normalized());
      break;
  }
  std::vector<Eigen::Vector3d> p_L;
  for (const Eigen::Vector3d &p : p_G)
    p_L.push_back(geometry.X_LG * p);
  return p_L;
}
}  // namespace ompl_ccd::test
