#pragma once
/// \file model_fixtures.h
/// The hand-written robots of test/data/model, loaded once per test program.

#include "ompl_ccd/model/robot_model.h"
#include "support/test_paths.h"

namespace ompl_ccd::test
{
/** \brief test/data/model/planar_2r.urdf: a 2R arm with fixed, prismatic and mimic joints. */
inline const RobotModel &planar2r()
{
  static const RobotModel model = RobotModel::fromUrdfFile(testDataPath("model/planar_2r.urdf"));
  return model;
}

/** \brief test/data/model/floating.urdf: a floating joint and a continuous joint. */
inline const RobotModel &floatingModel()
{
  static const RobotModel model = RobotModel::fromUrdfFile(testDataPath("model/floating.urdf"));
  return model;
}
}  // namespace ompl_ccd::test
