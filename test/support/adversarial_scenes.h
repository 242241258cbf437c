#pragma once
/// \file adversarial_scenes.h
/// Scenes and edges built to break a continuous collision checker: 1 mm plates across the swept
/// volume, grazing contacts at a chosen distance, needle-thin (sliver) triangles, long chains with
/// fast joints, and self-collisions of a curling snake. Every builder is deterministic in its seed
/// and returns edges whose endpoints are collision-free in the case's world; whether the motion
/// collides is for the oracle (runOracle) to say — builders aim, they do not label.

#include <Eigen/Core>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "oracle.h"

namespace ompl_ccd::test
{
/** \brief A world and edges to certify in it. */
struct AdversarialCase
{
  /** \brief "thin-plate-3", "grazing+0.001-2", ... (for failure messages). */
  std::string name;
  CollisionWorldPtr world;
  std::vector<Edge> edges;
};

/** \brief \a base's robot in \a base's obstacles plus \a extra. */
CollisionWorldPtr withObstacles(const CollisionWorld &base, const std::vector<Obstacle> &extra);

/** \brief The link with collision geometry that has the most joints above it (the end effector of
    a serial arm). */
int endLink(const RobotModel &model);

/** \brief Mean, in the world, of the points describing the link's geometry (mesh vertices, primitive
    centres), at state \a q. */
Eigen::Vector3d linkCentroid(const CollisionWorld &world, CollisionWorkspace &ws, int link, const Eigen::VectorXd &q);

/** \brief Approximate min over t ∈ [0,1] of the distance between the robot's links (not the
    scene) and one extra obstacle \a shape at pose \a X_WG: 201 samples, then 1e-4 steps around
    the best one. For building cases only; the oracle decides. */
double minDistanceAlong(const CollisionWorld &world, const JointMotion &motion, const CollisionShape &shape,
                        const Eigen::Isometry3d &X_WG);

/** \brief \a count cases, each a plate \a thickness thick (0.15 m square, or smaller when needed
    to keep the endpoints free) through the end link's centroid at t = 1/2 and normal to its
    velocity there, so the straight joint motion must cut it; edges: the motion and its reverse. */
std::vector<AdversarialCase> thinPlateCases(const CollisionWorldPtr &base, std::size_t count, std::uint32_t seed,
                                            double thickness = 1e-3);

/** \brief For each target distance, \a per_distance cases: a 3 cm cube beside the end link's path,
    pushed sideways until the minimum distance along the motion is ≈ the target (bisection on the
    offset). A negative target −δ places the cube δ closer than where it just touches: a brief
    penetration at most δ deep (exactly δ when the contact normal is the offset direction).
    Edges: the motion and its reverse. */
std::vector<AdversarialCase> grazingCases(const CollisionWorldPtr &base, const std::vector<double> &targets,
                                          std::size_t per_distance, std::uint32_t seed);

/** \brief \a count cases of needle-thin triangles (aspect ratio 1e-6, 0.2 m long): even cases a
    star of needles through the end link's centroid at t = 1/2 (cut by the motion), odd cases the
    needles pushed aside to a minimum distance ≈ 1e-3. Edges: the motion and its reverse. */
std::vector<AdversarialCase> sliverCases(const CollisionWorldPtr &base, std::size_t count, std::uint32_t seed);

/** \brief One case of \a count edges of a long chain (the snake) in \a base with every joint
    moving 1.5–2.8 rad (towards its farther limit, clamped): fast distal links. */
AdversarialCase fastChainCase(const CollisionWorldPtr &base, std::size_t count, std::uint32_t seed);

/** \brief One case of edges that start at an obstacle's surface and go into it: for every edge of
    \a edges with a sampled contact (firstSampledCollision), that sample is bisected against the free
    one before it down to 1e-6 in t, giving a free state s within 1e-6 (in t) of a colliding one; the
    edge s → q1 (q1 free, as every edge's goal) then collides at once. Edges without one are skipped. */
AdversarialCase nearContactCase(const CollisionWorldPtr &base, const std::vector<Edge> &edges);

/** \brief One case of \a count edges of a chain (the snake) between two random coils (joints
    about z bent the same way by 0.5–1.0 rad, the others within ±0.3), both free: half the edges
    chosen because a sample of the motion (t = k/20) has the chain touching itself, half because
    none has. Whether an edge collides is still for the oracle to say. */
AdversarialCase selfCollisionCase(const CollisionWorldPtr &base, std::size_t count, std::uint32_t seed);
}  // namespace ompl_ccd::test
