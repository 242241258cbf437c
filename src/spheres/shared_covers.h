#pragma once
/// \file shared_covers.h
/// A robot's outer covers (outer_cover.h), built once per robot object, collision geometry and
/// options and then shared: every sphere model of the robot (one per collision world, e.g. one per
/// scene it is certified in) reads the same trees, which cost far more to build than the rest of
/// the model (bench/README.md, "Sphere trees per body").

#include <memory>

#include "ompl_ccd/geometry/body_pair.h"
#include "ompl_ccd/model/robot_model.h"
#include "ompl_ccd/spheres/outer_cover.h"

namespace ompl_ccd::spheres
{
/** \brief outerCover of \a body's geometry of \a robot in its link's frame, with \a options: built
    on the first call for this robot object, body and options, the same object on every later one
    while the robot lives. Thread-safe (a second thread asking for a cover being built waits). */
std::shared_ptr<const OuterCover> sharedCover(const RobotModelPtr &robot, const BodyRef &body, const CoverOptions &options);
}  // namespace ompl_ccd::spheres
