#pragma once
/// \file composite_robots.h
/// Robots assembled from copies of the bundled ccd_arm (examples/arm), for worlds the certifiers
/// were not tuned on: a two-arm robot on a lifting, turning torso, and chains of arms mounted tool
/// to base. The URDF is built in memory (every copy's links and joints renamed with a prefix, its
/// meshes read from examples/arm) and each copy keeps arm.srdf's disabled pairs, renamed alike.

#include <string>

#include "ompl_ccd/model/robot_model.h"

namespace ompl_ccd::test
{
/** \brief Two ccd_arms, "left_" and "right_", on a torso: a column (base_link), a lift
    (prismatic torso_lift, 0–0.25 m) and a shoulder bar turning about z (torso_yaw, ±π/2) that
    carries the arm bases 0.25 m either side of the axis, tilted 20° towards each other: 14 DoF,
    the two arms reaching into each other's workspace (the arms touch each other in ~1 in 5
    random states). */
RobotModelPtr dualArmRobot();

/** \brief \a arms ccd_arms in a chain, "arm1_", "arm2_", …: arm k + 1's base_link is bolted to
    arm k's tool_tip (so it merges into arm k's wrist_3_link); 6 × \a arms DoF.
    \throws std::invalid_argument when \a arms < 1. */
RobotModelPtr armChainRobot(int arms);
}  // namespace ompl_ccd::test
