// The sphere front end's SIMD kernels (lane_batch.h), compiled once per instruction set by
// Highway's foreach_target and dispatched at run time.
#include "spheres/lane_batch.h"

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "spheres/lane_batch.cpp"
#include <hwy/foreach_target.h>  // IWYU pragma: keep
#include <hwy/highway.h>
#include <hwy/contrib/math/math-inl.h>

#include "spheres/lane_distances-inl.h"

HWY_BEFORE_NAMESPACE();
namespace ompl_ccd::spheres::HWY_NAMESPACE
{
/// A clear time longer than any edge: "not measured yet" for a running minimum.
constexpr float kNever = 1e30f;
/// Thresholds rounded outward by 2⁻²¹ relative (lane_batch.h).
constexpr float kUp = 1.0f + 1.0f / 2097152.0f;
constexpr float kDown = 1.0f - 1.0f / 2097152.0f;

/// The lanes [lane, lane + N) of \a mask as bits at their lane positions.
HWY_INLINE std::uint32_t laneBits(D d, M mask, std::size_t lane)
{
  uint8_t bits[8] = {};
  hn::StoreMaskBits(d, mask, bits);
  return static_cast<std::uint32_t>(bits[0]) << lane;
}

/// The rotation R (row-major) and origin p of a joint's child in its parent, at joint value v.
HWY_INLINE void localTransform(D d, const float *A, const float *B, const float *C, V v, V R[9])
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

void LanePosesImpl(const SphereModel &model, const EdgeLanes &edge, const float *times, float *poses)
{
  const D d;
  const std::size_t n = hn::Lanes(d);
  for (std::size_t lane = 0; lane < kLanes; lane += n)
  {
    const V t = hn::LoadU(d, times + lane);
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
          localTransform(d, joint.A, joint.B, joint.C, v, R);
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
          localTransform(d, edge.A, edge.B, edge.C, v, R);
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
          RC[3 * i + k] =
              hn::MulAdd(P[3 * i], R[k], hn::MulAdd(P[3 * i + 1], R[3 + k], hn::Mul(P[3 * i + 2], R[6 + k])));
        pC[i] = hn::MulAdd(P[3 * i], p[0], hn::MulAdd(P[3 * i + 1], p[1], hn::MulAdd(P[3 * i + 2], p[2], P[9 + i])));
      }
      storePose(d, RC, pC, child, lane);
    }
  }
}

void LaneCentresImpl(const float *poses, int link, const BallArrays &balls, int first, int count, float *centres)
{
  const D d;
  const std::size_t n = hn::Lanes(d);
  const float *pose = poses + link * 12 * kLanes;
  for (std::size_t lane = 0; lane < kLanes; lane += n)
  {
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
}


HWY_INLINE void loadCentre(D d, const float *centres, int b, std::size_t lane, V &x, V &y, V &z)
{
  x = hn::LoadU(d, centres + (b * 3 + 0) * kLanes + lane);
  y = hn::LoadU(d, centres + (b * 3 + 1) * kLanes + lane);
  z = hn::LoadU(d, centres + (b * 3 + 2) * kLanes + lane);
}

/// Lanes [lane, lane + N) where some ball of the list is near (\a near(x, y, z, b) gives the lanes
/// where ball b, at (x, y, z), is).
template <typename Near>
HWY_INLINE std::uint32_t lanesWhere(const float *centres, int count, const Near &near)
{
  const D d;
  const std::size_t n = hn::Lanes(d);
  std::uint32_t bits = 0;
  for (std::size_t lane = 0; lane < kLanes; lane += n)
  {
    M any = hn::FirstN(d, 0);
    for (int b = 0; b < count; ++b)
    {
      V x, y, z;
      loadCentre(d, centres, b, lane, x, y, z);
      any = hn::Or(any, near(d, x, y, z, b));
    }
    bits |= laneBits(d, any, lane);
  }
  return bits;
}

/// Per lane: lowers tau to the clear time of a gap (distance less what must stay clear) closed at
/// \a speed: gap / speed rounded down, −1 where the gap is not positive (NaN included).
HWY_INLINE V clearTime(D d, V distance, float need, float speed)
{
  const V gap = hn::Sub(distance, hn::Set(d, need * kUp));
  const V time = hn::Mul(hn::Div(gap, hn::Set(d, speed * kUp)), hn::Set(d, kDown));
  return hn::IfThenElse(hn::Gt(gap, hn::Zero(d)), time, hn::Set(d, -1.0f));
}

/// Lowers tau[lane] by \a time(d, x, y, z, b) over the balls b of \a balls.
template <typename Time>
HWY_INLINE void lowerClearTimes(const MovingBalls &balls, float *tau, const Time &time)
{
  const D d;
  const std::size_t n = hn::Lanes(d);
  for (std::size_t lane = 0; lane < kLanes; lane += n)
  {
    V least = hn::LoadU(d, tau + lane);
    for (int b = 0; b < balls.count; ++b)
    {
      V x, y, z;
      loadCentre(d, balls.centres, b, lane, x, y, z);
      least = hn::Min(least, time(d, x, y, z, b));
    }
    hn::StoreU(least, d, tau + lane);
  }
}

/// Lowers tau by the clear times of \a balls against obstacle \a o: a primitive, or a mesh's part
/// through its bounding ball alone when \a bound says so, else each of a group's triangles (a
/// part of inner balls needs none: its mesh's triangles show the mesh apart).
HWY_INLINE void clearTimesAgainst(const SphereModel &model, const MovingBalls &balls, float inflation,
                                  const LaneObstacle &o, bool bound, float *tau)
{
  const bool mesh_part = o.shape == ObstacleShape::Triangles || o.shape == ObstacleShape::Balls;
  if (!mesh_part)
  {
    lowerClearTimes(balls, tau, [&](D d, V x, V y, V z, int b) {
      return clearTime(d, primitiveDistance(d, o, x, y, z), balls.radius[b] + inflation + o.pad, balls.speed[b]);
    });
    return;
  }
  if (bound)
  {
    lowerClearTimes(balls, tau, [&](D d, V x, V y, V z, int b) {
      const V distance = norm3(hn::Sub(x, hn::Set(d, o.bound_centre[0])), hn::Sub(y, hn::Set(d, o.bound_centre[1])),
                               hn::Sub(z, hn::Set(d, o.bound_centre[2])));
      return clearTime(d, distance, balls.radius[b] + o.bound_radius + inflation + o.pad, balls.speed[b]);
    });
    return;
  }
  const std::vector<LaneTriangle> &triangles = model.obstacleTriangles();
  for (int k = o.triangle_first; k < o.triangle_first + o.triangle_count; ++k)  // none for inner balls
    lowerClearTimes(balls, tau, [&](D d, V x, V y, V z, int b) {
      return clearTime(d, triangleDistance(d, triangles[k], x, y, z), balls.radius[b] + inflation + o.pad,
                       balls.speed[b]);
    });
}

/// Lanes where some ball of \a balls overlaps obstacle \a o by more than its pad (a primitive;
/// balls: one of its inner balls).
HWY_INLINE std::uint32_t innerOverlap(const SphereModel &model, const float *centres, int count, const float *radius,
                                      const LaneObstacle &o)
{
  if (o.shape == ObstacleShape::Triangles)
    return 0;  // a surface: no inside to overlap
  if (o.shape != ObstacleShape::Balls)
    return lanesWhere(centres, count, [&](D d, V x, V y, V z, int b) {
      const float limit = radius[b] - o.pad;
      return hn::Lt(primitiveDistance(d, o, x, y, z), hn::Set(d, limit > 0.0f ? limit * kDown : -1.0f));
    });
  const BallArrays &fixed = model.obstacleInner();
  std::uint32_t lanes = 0;
  for (int k = o.inner_first; k < o.inner_first + o.inner_count; ++k)
    lanes |= lanesWhere(centres, count, [&](D d, V x, V y, V z, int b) {
      const float limit = radius[b] + fixed.r[k] - o.pad;
      return hn::Lt(centreDistance(d, fixed, k, x, y, z), hn::Set(d, limit > 0.0f ? limit * kDown : -1.0f));
    });
  return lanes;
}

/// Lanes where some ball of a overlaps some ball of b by more than \a pad.
HWY_INLINE std::uint32_t ballsOverlap(const float *centres_a, int count_a, const float *radius_a, const float *centres_b,
                                      int count_b, const float *radius_b, float pad)
{
  const D d;
  const std::size_t n = hn::Lanes(d);
  std::uint32_t bits = 0;
  for (std::size_t lane = 0; lane < kLanes; lane += n)
  {
    M overlap = hn::FirstN(d, 0);
    for (int a = 0; a < count_a; ++a)
    {
      V xa, ya, za;
      loadCentre(d, centres_a, a, lane, xa, ya, za);
      for (int b = 0; b < count_b; ++b)
      {
        const float limit = radius_a[a] + radius_b[b] - pad;
        if (!(limit > 0.0f))
          continue;
        V xb, yb, zb;
        loadCentre(d, centres_b, b, lane, xb, yb, zb);
        overlap = hn::Or(overlap, hn::Lt(norm3(hn::Sub(xa, xb), hn::Sub(ya, yb), hn::Sub(za, zb)),
                                         hn::Set(d, limit * kDown)));
      }
    }
    bits |= laneBits(d, overlap, lane);
  }
  return bits;
}

HWY_INLINE void clearTimesBetween(const MovingBalls &a, const MovingBalls &b, float inflation, float pad, float *tau)
{
  const D d;
  const std::size_t n = hn::Lanes(d);
  for (std::size_t lane = 0; lane < kLanes; lane += n)
  {
    V least = hn::LoadU(d, tau + lane);
    for (int i = 0; i < a.count; ++i)
    {
      V xa, ya, za;
      loadCentre(d, a.centres, i, lane, xa, ya, za);
      for (int k = 0; k < b.count; ++k)
      {
        V xb, yb, zb;
        loadCentre(d, b.centres, k, lane, xb, yb, zb);
        least = hn::Min(least, clearTime(d, norm3(hn::Sub(xa, xb), hn::Sub(ya, yb), hn::Sub(za, zb)),
                                         a.radius[i] + b.radius[k] + inflation + pad, a.speed[i] + b.speed[k]));
      }
    }
    hn::StoreU(least, d, tau + lane);
  }
}

/// The lanes whose bounding-ball clear time is −1 (within reach at the lane's own time): only there
/// can an inner ball overlap (the inner balls are inside the bounding ball).
HWY_INLINE std::uint32_t touching(const float *tau)
{
  std::uint32_t lanes = 0;
  for (int k = 0; k < kLanes; ++k)
    if (!(tau[k] > 0.0f))
      lanes |= 1u << k;
  return lanes;
}

void BodyBoundsImpl(const SphereModel &model, const MovingBalls &bound, const InnerBalls *inner, const int *obstacles,
                    int count, float inflation, float *tau, std::uint32_t *hits)
{
  for (int j = 0; j < count; ++j)
  {
    const LaneObstacle &o = model.obstacles()[obstacles[j]];
    float *own = tau + j * kLanes;
    std::fill(own, own + kLanes, kNever);
    clearTimesAgainst(model, bound, inflation, o, o.shape == ObstacleShape::Triangles || o.shape == ObstacleShape::Balls,
                      own);
    hits[j] = 0;
    if (inner && inner->count > 0 && touching(own))
      hits[j] = touching(own) & innerOverlap(model, inner->centres, inner->count, inner->radius, o);
  }
}

/// Whether \a tau reaches \a need in every lane.
HWY_INLINE bool reaches(const float *tau, const float *need)
{
  for (int k = 0; k < kLanes; ++k)
    if (!(tau[k] >= need[k]))
      return false;
  return true;
}

/// The clear times of \a leaves against one triangle of a group, through the body's bounding ball
/// first (its time holds for every leaf; the leaves only where it falls short of \a need).
HWY_INLINE void againstTriangle(const MovingBalls &bound, const MovingBalls &leaves, float inflation, float pad,
                                const LaneTriangle &t, const float *need, float *least)
{
  float coarse[kLanes];
  std::fill(coarse, coarse + kLanes, kNever);
  const auto against = [&](const MovingBalls &balls, float *tau) {
    lowerClearTimes(balls, tau, [&](D d, V x, V y, V z, int b) {
      return clearTime(d, triangleDistance(d, t, x, y, z), balls.radius[b] + inflation + pad, balls.speed[b]);
    });
  };
  against(bound, coarse);
  if (!reaches(coarse, need))
  {
    float fine[kLanes];
    std::fill(fine, fine + kLanes, kNever);
    against(leaves, fine);
    for (int k = 0; k < kLanes; ++k)
      coarse[k] = std::max(coarse[k], fine[k]);
  }
  for (int k = 0; k < kLanes; ++k)
    least[k] = std::min(least[k], coarse[k]);
}

void BodyLeavesImpl(const SphereModel &model, const MovingBalls &bound, const MovingBalls &leaves, const int *obstacles,
                    int count, float inflation, const float *need, float *tau)
{
  const std::vector<LaneTriangle> &triangles = model.obstacleTriangles();
  for (int j = 0; j < count; ++j)
  {
    const LaneObstacle &o = model.obstacles()[obstacles[j]];
    float *own = tau + j * kLanes;
    const float *own_need = need + j * kLanes;
    if (reaches(own, own_need))
      continue;
    float finer[kLanes];
    std::fill(finer, finer + kLanes, kNever);
    if (o.shape != ObstacleShape::Triangles)
      clearTimesAgainst(model, leaves, inflation, o, false, finer);
    else
      for (int k = o.triangle_first; k < o.triangle_first + o.triangle_count; ++k)
        againstTriangle(bound, leaves, inflation, o.pad, triangles[k], own_need, finer);
    for (int k = 0; k < kLanes; ++k)
      own[k] = std::max(own[k], finer[k]);  // both hold: the better one
  }
}

void PairBoundsImpl(const MovingBalls &a, const MovingBalls &b, const InnerBalls *inner_a, const InnerBalls *inner_b,
                    float inflation, float pad, float *tau, std::uint32_t *hits)
{
  std::fill(tau, tau + kLanes, kNever);
  clearTimesBetween(a, b, inflation, pad, tau);
  *hits = 0;
  if (inner_a && inner_b && inner_a->count > 0 && inner_b->count > 0 && touching(tau))
    *hits = touching(tau) & ballsOverlap(inner_a->centres, inner_a->count, inner_a->radius, inner_b->centres,
                                         inner_b->count, inner_b->radius, pad);
}

void PairLeavesImpl(const MovingBalls &leaves_a, const MovingBalls &bound_b, const MovingBalls &leaves_b,
                    float inflation, float pad, const float *need, float *tau)
{
  if (reaches(tau, need))
    return;
  // each leaf of a against b's bounding ball, and against b's leaves where that falls short
  float finer[kLanes];
  std::fill(finer, finer + kLanes, kNever);
  for (int i = 0; i < leaves_a.count; ++i)
  {
    const MovingBalls leaf{leaves_a.centres + i * 3 * kLanes, 1, leaves_a.radius + i, leaves_a.speed + i};
    float coarse[kLanes];
    std::fill(coarse, coarse + kLanes, kNever);
    clearTimesBetween(leaf, bound_b, inflation, pad, coarse);
    if (!reaches(coarse, need))
    {
      float fine[kLanes];
      std::fill(fine, fine + kLanes, kNever);
      clearTimesBetween(leaf, leaves_b, inflation, pad, fine);
      for (int k = 0; k < kLanes; ++k)
        coarse[k] = std::max(coarse[k], fine[k]);
    }
    for (int k = 0; k < kLanes; ++k)
      finer[k] = std::min(finer[k], coarse[k]);
  }
  for (int k = 0; k < kLanes; ++k)
    tau[k] = std::max(tau[k], finer[k]);
}

void LaneSinCosImpl(float angle, float &sine, float &cosine)
{
  const hn::CappedTag<float, 1> d1;
  sine = hn::GetLane(hn::Sin(d1, hn::Set(d1, angle)));
  cosine = hn::GetLane(hn::Cos(d1, hn::Set(d1, angle)));
}

const char *LaneTargetImpl() { return hwy::TargetName(HWY_TARGET); }
}  // namespace ompl_ccd::spheres::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace ompl_ccd::spheres
{
HWY_EXPORT(LanePosesImpl);
HWY_EXPORT(LaneCentresImpl);
HWY_EXPORT(BodyBoundsImpl);
HWY_EXPORT(BodyLeavesImpl);
HWY_EXPORT(PairBoundsImpl);
HWY_EXPORT(PairLeavesImpl);
HWY_EXPORT(LaneTargetImpl);
HWY_EXPORT(LaneSinCosImpl);

void lanePoses(const SphereModel &model, const EdgeLanes &edge, const float *times, float *poses)
{
  HWY_DYNAMIC_DISPATCH(LanePosesImpl)(model, edge, times, poses);
}

void laneCentres(const float *poses, int link, const BallArrays &balls, int first, int count, float *centres)
{
  HWY_DYNAMIC_DISPATCH(LaneCentresImpl)(poses, link, balls, first, count, centres);
}

void bodyBounds(const SphereModel &model, const MovingBalls &bound, const InnerBalls *inner, const int *obstacles,
                int count, float inflation, float *tau, std::uint32_t *hits)
{
  HWY_DYNAMIC_DISPATCH(BodyBoundsImpl)(model, bound, inner, obstacles, count, inflation, tau, hits);
}

void bodyLeaves(const SphereModel &model, const MovingBalls &bound, const MovingBalls &leaves, const int *obstacles,
                int count, float inflation, const float *need, float *tau)
{
  HWY_DYNAMIC_DISPATCH(BodyLeavesImpl)(model, bound, leaves, obstacles, count, inflation, need, tau);
}

void pairBounds(const MovingBalls &a, const MovingBalls &b, const InnerBalls *inner_a, const InnerBalls *inner_b,
                float inflation, float pad, float *tau, std::uint32_t *hits)
{
  HWY_DYNAMIC_DISPATCH(PairBoundsImpl)(a, b, inner_a, inner_b, inflation, pad, tau, hits);
}

void pairLeaves(const MovingBalls &leaves_a, const MovingBalls &bound_b, const MovingBalls &leaves_b, float inflation,
                float pad, const float *need, float *tau)
{
  HWY_DYNAMIC_DISPATCH(PairLeavesImpl)(leaves_a, bound_b, leaves_b, inflation, pad, need, tau);
}

void laneSinCos(float angle, float &sine, float &cosine)
{
  HWY_DYNAMIC_DISPATCH(LaneSinCosImpl)(angle, sine, cosine);
}

const char *laneTarget() { return HWY_DYNAMIC_DISPATCH(LaneTargetImpl)(); }
}  // namespace ompl_ccd::spheres
#endif
