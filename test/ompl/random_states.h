#pragma once
/// \file random_states.h
/// The bundled arm-in-scene world for test/ompl (random states: support/random_edges.h).

#include <Eigen/Geometry>
#include <cmath>
#include <memory>
#include <random>

#include "ompl_ccd/geometry/collision_world.h"
#include "ompl_ccd/geometry/scene_loader.h"
#include "ompl_ccd/model/robot_model.h"
#include "support/random_edges.h"
#include "support/test_paths.h"

namespace ompl_ccd::test
{
/** \brief The bundled 6-DoF arm in the bundled example scene. */
inline CollisionWorldPtr armWorld()
{
  auto robot = std::make_shared<const RobotModel>(RobotModel::fromUrdfFile(examplePath("arm/arm.urdf")));
  return std::make_shared<const CollisionWorld>(robot, loadScene(examplePath("scene.yaml")));
}
}  // namespace ompl_ccd::test
