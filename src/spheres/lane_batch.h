#pragma once
/// \file lane_batch.h
/// The sphere front end's lanes (Google Highway, dispatched at run time to the best instruction
/// set of the machine: SSE4, AVX2, AVX-512): an edge's joint values in float, forward kinematics
/// of kLanes configurations of one edge at once and the world centres of a body's balls in every
/// lane (lane_kinematics-inl.h, which the flat kernel of block_kernel.h inlines), within the pads
/// of lane_rounding.h.
///
/// Layouts: poses[(link · 12 + e) · kLanes + lane], e = 0..8 the rotation row-major and 9..11 the
/// origin; centres[(ball · 3 + axis) · kLanes + lane].

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

/** \brief Link poses of the lanes at \a times (kLanes of them) into \a poses. */
void lanePoses(const SphereModel &model, const EdgeLanes &edge, const float *times, float *poses);

/** \brief World centres of balls [first, first + count) of \a balls, fixed in link \a link. */
void laneCentres(const float *poses, int link, const BallArrays &balls, int first, int count, float *centres);

/** \brief The name of the instruction set the kernels dispatch to on this machine ("AVX2", ...). */
const char *laneTarget();
}  // namespace ompl_ccd::spheres
