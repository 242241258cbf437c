#pragma once
/// \file random_edges.h
/// Random PRM-length edges between valid states: what a roadmap planner asks a motion validator.

#include <Eigen/Core>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <random>
#include <vector>

#include "oracle.h"

namespace ompl_ccd::test
{
/** \brief How randomEdges draws its edges. */
struct RandomEdgeOptions
{
  /** \brief Edge length as a fraction of stateSpaceExtent(), drawn uniformly in [min, max]
      (before clamping to the joint limits, which can only shorten it). */
  double min_fraction = 0.1, max_fraction = 0.3;
  /** \brief Seed of the generator: the same seed gives the same edges. */
  std::uint32_t seed = 1;
  /** \brief Draws allowed per edge before giving up on valid endpoints (a draw is two collision
      checks; the 30-DoF chain of arms in examples/scene.yaml ran out of 1,000 on some edges).
      More draws change no edge that fewer found. */
  std::size_t max_attempts = 100000;
};

/** \brief The maximum extent OMPL gives makeStateSpace(model): ‖upper − lower‖ over the bounded
    one-value joints, plus π per continuous joint and ‖position range‖ + π for a floating root
    (OMPL sums the extents of a compound space's parts, each weighted 1). */
double stateSpaceExtent(const RobotModel &model);

/** \brief A state drawn uniformly within the joint limits (continuous joints in [-π, π], floating
    root: position uniform in its box, rotation uniform on SO(3)). Not checked for collision. */
Eigen::VectorXd randomState(const RobotModel &model, std::mt19937 &rng);

/** \brief \a count edges q0 → q1 with both endpoints collision-free in \a world: q0 uniform (as
    randomState), q1 = q0 moved by a random direction of length U[min, max] · extent (one-value
    joints clamped to their limits, continuous wrapped; a floating root's rotation turned by the
    same fraction of π about a random axis), like the neighbours a PRM connects.
    \throws std::runtime_error when max_attempts draws give no valid edge. */
std::vector<Edge> randomEdges(const CollisionWorld &world, std::size_t count, const RandomEdgeOptions &options = {});

/** \brief The first of the times t = k / \a samples, 0 < k < \a samples, at which the robot is in
    collision along \a motion, or nullopt when all are free. \pre \a ws was built for \a world. */
std::optional<double> firstSampledCollision(const CollisionWorld &world, CollisionWorkspace &ws,
                                            const JointMotion &motion, int samples = 50);

/** \brief \a count edges drawn as randomEdges draws them (in batches of \a count, seeded options.seed,
    options.seed + 1, ...) and kept only when firstSampledCollision finds a contact: the colliding
    edges a roadmap planner meets, picked by a cheap discrete pre-check (whether and where an edge
    collides is still for the oracle to say).
    \throws std::runtime_error when 100 batches do not give enough. */
std::vector<Edge> sampledCollidingEdges(const CollisionWorld &world, std::size_t count,
                                        const RandomEdgeOptions &options = {});

/** \brief \a count sampledCollidingEdges, then \a count randomEdges drawn with \a seed: a mix of
    colliding and mostly free edges for a certifier to decide. */
std::vector<Edge> collidingThenRandomEdges(const CollisionWorld &world, std::size_t count, std::uint32_t seed);
}  // namespace ompl_ccd::test
