#pragma once
/// \file sampled_allowed_collisions.h
/// The disabled self-collision pairs of a robot that comes without an SRDF, computed the way
/// MoveIt's setup assistant computes them: pairs in contact at the zero pose ("Default"), in
/// contact in nearly every random state ("Always") or in none of many random states ("Never").
/// Adjacent links need no entry (RobotModel excludes them itself).

#include <cstddef>
#include <cstdint>

#include "ompl_ccd/model/robot_model.h"

namespace ompl_ccd::test
{
/** \brief How sampledAllowedCollisions samples. */
struct SampledAllowedCollisionOptions
{
  /** \brief Random states (uniform within the joint limits), the setup assistant's default. */
  std::size_t samples = 10000;
  /** \brief A pair in contact in at least this fraction of the samples is "Always". */
  double always_fraction = 0.95;
  std::uint32_t seed = 1;
};

/** \brief An SRDF (no robot name, no named state) whose <disable_collisions> list every checked
    self pair of \a model (world.selfPairs() of the robot alone) that touches at the zero pose
    (joints clamped into their limits), reason "Default"; in ≥ always_fraction of the samples,
    "Always"; or in none, "Never". Read the robot again with it (RobotModelOptions::srdf). */
Srdf sampledAllowedCollisions(const RobotModelPtr &model, const SampledAllowedCollisionOptions &options = {});
}  // namespace ompl_ccd::test
