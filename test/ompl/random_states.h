#pragma once
/// \file random_states.h
/// Random valid state vectors of a RobotModel and the bundled arm-in-scene world, for test/ompl.

#include <Eigen/Geometry>
#include <cmath>
#include <memory>
#include <random>

#include "ompl_ccd/geometry/collision_world.h"
#include "ompl_ccd/geometry/scene_loader.h"
#include "ompl_ccd/model/robot_model.h"
#include "support/test_paths.h"

namespace ompl_ccd::test
{
/** \brief A uniformly random valid state of \a model (state order): bounded joints within their
    limits, continuous joints in [-π, π], a floating root inside its box with a random unit
    quaternion. */
inline Eigen::VectorXd randomState(const RobotModel &model, std::mt19937 &rng)
{
  Eigen::VectorXd q(model.nq());
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  std::normal_distribution<double> gauss;
  for (const Joint &joint : model.joints())
  {
    if (joint.nq() == 0)
      continue;
    const int i = joint.q_index;
    switch (joint.type)
    {
      case JointType::Floating:
      {
        for (int k = 0; k < 3; ++k)
          q[i + k] = joint.position_lower[k] + unit(rng) * (joint.position_upper[k] - joint.position_lower[k]);
        Eigen::Vector4d xyzw(gauss(rng), gauss(rng), gauss(rng), gauss(rng));
        q.segment<4>(i + 3) = xyzw.normalized();
        break;
      }
      case JointType::Continuous:
        q[i] = -M_PI + unit(rng) * 2.0 * M_PI;
        break;
      case JointType::Revolute:
      case JointType::Prismatic:
        q[i] = joint.lower + unit(rng) * (joint.upper - joint.lower);
        break;
    }
  }
  return q;
}

/** \brief The bundled 6-DoF arm in the bundled example scene. */
inline CollisionWorldPtr armWorld()
{
  auto robot = std::make_shared<const RobotModel>(RobotModel::fromUrdfFile(examplePath("arm/arm.urdf")));
  return std::make_shared<const CollisionWorld>(robot, loadScene(examplePath("scene.yaml")));
}
}  // namespace ompl_ccd::test
