// The lanes' forward kinematics, per Highway target: the poses of every link of the model in the
// lanes [lane, lane + N) at their times, and the world centres of balls fixed in a link. Float
// arithmetic within the pads of lane_rounding.h. Included once per target by foreach_target.
#if defined(OMPL_CCD_SPHERES_LANE_KINEMATICS_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef OMPL_CCD_SPHERES_LANE_KINEMATICS_INL_H_
#undef OMPL_CCD_SPHERES_LANE_KINEMATICS_INL_H_
#else
#define OMPL_CCD_SPHERES_LANE_KINEMATICS_INL_H_
#endif

#include <hwy/highway.h>
#include <hwy/contrib/math/math-inl.h>

#include "spheres/lane_batch.h"
#include "spheres/lane_distances-inl.h"

HWY_BEFORE_NAMESPACE();
namespace ompl_ccd::spheres::HWY_NAMESPACE
{
/// The rotation R (row-major) of a joint's child in its parent, at joint value v: A + sin v B − cos v C.
HWY_INLINE void localRotation(D d, const float *A, const float *B, const float *C, V v, V R[9])
{
  const V s = hn::Sin(d, v), c = hn::Cos(d, v);
  for (int e = 0; e < 9; ++e)
    R[e] = hn::Sub(hn::MulAdd(s, hn::Set(d, B[e]), hn::Set(d, A[e])), hn::Mul(c, hn::Set(d, C[e])));
}

HWY_INLINE void storePose(D d, const V R[9], const V p[3], float *pose, std::size_t lane)
{
  for (int e = 0; e < 9; ++e)
    hn::StoreU(R[e], d, pose + e * kLanes + lane);
  for (int i = 0; i < 3; ++i)
    hn::StoreU(p[i], d, pose + (9 + i) * kLanes + lane);
}

/// Every link's pose in lanes [lane, lane + N) at times \a t, into poses (lane_batch.h's layout).
HWY_INLINE void posesAt(D d, const SphereModel &model, const EdgeLanes &edge, V t, float *poses, std::size_t lane)
{
  V R[9], p[3];
  for (int e = 0; e < 9; ++e)
    R[e] = hn::Set(d, e % 4 == 0 ? 1.0f : 0.0f);
  p[0] = p[1] = p[2] = hn::Zero(d);
  storePose(d, R, p, poses, lane);  // the root, unless a floating joint poses it
  for (std::size_t j = 0; j < model.joints().size(); ++j)
  {
    const LaneJoint &joint = model.joints()[j];
    const V v = hn::MulAdd(t, hn::Set(d, edge.delta[j]), hn::Set(d, edge.start[j]));
    switch (joint.type)
    {
      case JointType::Revolute:
      case JointType::Continuous:
        localRotation(d, joint.A, joint.B, joint.C, v, R);
        for (int i = 0; i < 3; ++i)
          p[i] = hn::Set(d, joint.t[i]);
        break;
      case JointType::Prismatic:
        for (int e = 0; e < 9; ++e)
          R[e] = hn::Set(d, joint.A[e]);
        for (int i = 0; i < 3; ++i)
          p[i] = hn::MulAdd(v, hn::Set(d, joint.u[i]), hn::Set(d, joint.t[i]));
        break;
      case JointType::Floating:
        localRotation(d, edge.A, edge.B, edge.C, v, R);
        for (int i = 0; i < 3; ++i)
          p[i] = hn::MulAdd(t, hn::Set(d, edge.velocity[i]), hn::Set(d, edge.base[i]));
        break;
    }
    float *child = poses + joint.child_link * 12 * kLanes;
    if (joint.parent_link < 0)
    {
      storePose(d, R, p, child, lane);
      continue;
    }
    // X_WC = X_WP · X_PC
    const float *parent = poses + joint.parent_link * 12 * kLanes;
    V P[12];
    for (int e = 0; e < 12; ++e)
      P[e] = hn::LoadU(d, parent + e * kLanes + lane);
    V RC[9], pC[3];
    for (int i = 0; i < 3; ++i)
    {
      for (int k = 0; k < 3; ++k)
        RC[3 * i + k] = hn::MulAdd(P[3 * i], R[k], hn::MulAdd(P[3 * i + 1], R[3 + k], hn::Mul(P[3 * i + 2], R[6 + k])));
      pC[i] = hn::MulAdd(P[3 * i], p[0], hn::MulAdd(P[3 * i + 1], p[1], hn::MulAdd(P[3 * i + 2], p[2], P[9 + i])));
    }
    storePose(d, RC, pC, child, lane);
  }
}

/// World centres, in lanes [lane, lane + N), of balls [first, first + count) of \a balls, fixed in
/// link \a link (its pose in \a poses), into centres[(b · 3 + axis) · kLanes + lane], b from 0.
HWY_INLINE void centresAt(D d, const float *poses, int link, const BallArrays &balls, int first, int count,
                          float *centres, std::size_t lane)
{
  const float *pose = poses + link * 12 * kLanes;
  V P[12];
  for (int e = 0; e < 12; ++e)
    P[e] = hn::LoadU(d, pose + e * kLanes + lane);
  for (int b = 0; b < count; ++b)
  {
    const V x = hn::Set(d, balls.x[first + b]), y = hn::Set(d, balls.y[first + b]), z = hn::Set(d, balls.z[first + b]);
    for (int i = 0; i < 3; ++i)
      hn::StoreU(hn::MulAdd(P[3 * i], x, hn::MulAdd(P[3 * i + 1], y, hn::MulAdd(P[3 * i + 2], z, P[9 + i]))), d,
                 centres + (b * 3 + i) * kLanes + lane);
  }
}
}  // namespace ompl_ccd::spheres::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#endif
