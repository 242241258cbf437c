#pragma once
/// \file joint_value_bound.h
/// How large a joint's value can get on a motion between two states RobotModel::checkState
/// accepts — for the bounds that are sized once per model (float rounding pads, reaches) rather
/// than per edge. A joint's declared <limit> is not that bound for a mimic follower: its value is
/// multiplier · value(source) + offset, whatever its own limits say (a gear ratio, an offset, a
/// copied <limit>), and nothing refuses a follower outside them.

#include "ompl_ccd/model/robot_model.h"

namespace ompl_ccd
{
/** \brief Slack checkState allows past a bounded joint's limits and a floating root's position
    bounds (rounding in files and conversions). */
inline constexpr double kJointLimitTolerance = 1e-9;

/** \brief The largest |value| joint \a j of \a model.joints() takes at any t ∈ [0,1] of a motion
    between two states checkState accepts (JointMotion's interpolation):
    - revolute, prismatic: max(|lower|, |upper|) + kJointLimitTolerance (the motion is linear
      between two values within the limits);
    - continuous: 2π (the start lies in [−π, π] and the shortest turn is at most π);
    - mimic follower: |multiplier| · (its source's bound) + |offset|, its own limits ignored;
    - floating root: the norm of its position's bound box, per axis max(|lower|, |upper|) +
      kJointLimitTolerance (the position moves linearly between two points in the box).
    Code that sizes a bound from it must still check the edge it is handed against it (a
    JointMotion may be built from states nobody checked). */
double jointValueBound(const RobotModel &model, std::size_t j);
}  // namespace ompl_ccd
