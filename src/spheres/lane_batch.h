#pragma once
/// \file lane_batch.h
/// The sphere front end's SIMD kernels (Google Highway, dispatched at run time to the best
/// instruction set of the machine: SSE4, AVX2, AVX-512): forward kinematics of kLanes
/// configurations of one edge at once, the world centres of a body's balls in every lane, and the
/// tests of balls against an obstacle or other balls, each returning a mask of lanes (bit k: lane k).
///
/// Layouts: poses[(link · 12 + e) · kLanes + lane], e = 0..8 the rotation row-major and 9..11 the
/// origin; centres[(ball · 3 + axis) · kLanes + lane].
///
/// Every comparison is made outward for the test's claim: clearances and clear times are rounded
/// down, and "overlap" thresholds too, by 2⁻²¹ relative (the float rounding of the squares, sums,
/// square root and quotient of a distance, a few u; lane_rounding.h), on top of the pads the
/// model's radii and the obstacle's pad already carry.

#include <cstdint>
#include <vector>

#include "ompl_ccd/model/joint_motion.h"
#include "spheres/sphere_model.h"

namespace ompl_ccd::spheres
{
/** \brief An edge's joint values in float: joint j's value at t is start[j] + t · delta[j]; a
    floating root's local transform is (A + sin v B − cos v C, base + t · velocity) with v = t ·
    delta of its joint. */
struct EdgeLanes
{
  std::vector<float> start, delta;
  float A[9] = {}, B[9] = {}, C[9] = {}, base[3] = {}, velocity[3] = {};
};

/** \brief The edge's joint values and floating-root terms of \a motion into \a edge; false when a
    value leaves the range the rounding pads hold for (lane_rounding.h): a rotating joint's |start| +
    |delta| beyond kMaxLaneAngle, a sliding joint's |value| at either end beyond its
    jointValueBound (followers included), the floating root's turn beyond π or its position beyond
    its bound. Such an edge is left to the exact pipeline. */
bool prepareEdge(const JointMotion &motion, EdgeLanes &edge);

/** \brief The lanes' own sine and cosine of \a angle (for their accuracy test). */
void laneSinCos(float angle, float &sine, float &cosine);

/** \brief A list of moving balls for the clear-time kernels: their radii and motion bounds
    (metres per unit t), indexed as the centres. */
struct MovingBalls
{
  const float *centres = nullptr;
  int count = 0;
  const float *radius = nullptr;
  const float *speed = nullptr;
};

/** \brief Link poses of the lanes at \a times (kLanes of them) into \a poses. */
void lanePoses(const SphereModel &model, const EdgeLanes &edge, const float *times, float *poses);

/** \brief World centres of balls [first, first + count) of \a balls, fixed in link \a link. */
void laneCentres(const float *poses, int link, const BallArrays &balls, int first, int count, float *centres);

/** \brief A body's inner balls placed in the lanes. */
struct InnerBalls
{
  const float *centres = nullptr;
  int count = 0;
  const float *radius = nullptr;
};

/** \brief A body's bounding ball (\a bound) against obstacles \a obstacles[0..count) (indices into the
    model's obstacles; a mesh's part by its bounding ball). Per obstacle j and lane k, the clear time
    τ = tau[j · kLanes + k]: every ball stays farther than \a inflation from the obstacle all
    through [t − τ, t + τ], t the lane's time; the least over the balls of (distance − radius −
    inflation − pad) / speed, rounded down, −1 where a ball is within its radius plus the inflation
    and pad. With \a inner, hits[j] holds the lanes in which an inner ball reaches more than the
    obstacle's pad into it (a primitive; a closed mesh: into one of its inner balls), asked only where the
    bounding ball is within reach. */
void bodyBounds(const SphereModel &model, const MovingBalls &bound, const InnerBalls *inner, const int *obstacles,
                int count, float inflation, float *tau, std::uint32_t *hits);

/** \brief Where tau (bodyBounds') falls short of \a need (same layout): the clear times of a body's
    leaves against the same obstacles, each lane's tau raised to them where they are longer (both
    hold). A group's triangles are taken one by one, each against the body's bounding ball first
    and its leaves only where that falls short. */
void bodyLeaves(const SphereModel &model, const MovingBalls &bound, const MovingBalls &leaves, const int *obstacles,
                int count, float inflation, const float *need, float *tau);

/** \brief bodyBounds for a self pair: the two bounding balls' clear time (the pair's distance
    closing at both speeds), and the lanes in which inner balls of the two overlap by more than
    \a pad. */
void pairBounds(const MovingBalls &a, const MovingBalls &b, const InnerBalls *inner_a, const InnerBalls *inner_b,
                float inflation, float pad, float *tau, std::uint32_t *hits);

/** \brief bodyLeaves for a self pair: each leaf of a against b's bounding ball, and against b's leaves
    where that falls short of \a need. */
void pairLeaves(const MovingBalls &leaves_a, const MovingBalls &bound_b, const MovingBalls &leaves_b, float inflation,
                float pad, const float *need, float *tau);

/** \brief The name of the instruction set the kernels dispatch to on this machine ("AVX2", ...). */
const char *laneTarget();
}  // namespace ompl_ccd::spheres
