// The sphere stage's flat kernel (block_kernel.h), compiled once per instruction set by Highway's
// foreach_target and dispatched at run time.
#include "spheres/block_kernel.h"

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "spheres/block_kernel.cpp"
#include <hwy/foreach_target.h>  // IWYU pragma: keep
#include <hwy/highway.h>

#include "spheres/lane_distances-inl.h"
#include "spheres/lane_kinematics-inl.h"

HWY_BEFORE_NAMESPACE();
namespace ompl_ccd::spheres::HWY_NAMESPACE
{
/// Squared thresholds rounded outward by 2⁻¹⁹ relative (block_kernel.h).
constexpr float kSquareUp = 1.0f + 1.0f / 524288.0f;
/// Distance thresholds rounded up, overlap thresholds down, by 2⁻²¹ relative (block_kernel.h).
constexpr float kUp = 1.0f + 1.0f / 2097152.0f;
constexpr float kDown = 1.0f - 1.0f / 2097152.0f;

HWY_INLINE V squared3(V x, V y, V z) { return hn::MulAdd(x, x, hn::MulAdd(y, y, hn::Mul(z, z))); }

/// Whether d2 (a squared distance) is beyond R (a radius, R ≥ 0), outward for "beyond".
HWY_INLINE M beyond(D d, V d2, V R) { return hn::Gt(d2, hn::Mul(hn::Mul(R, R), hn::Set(d, kSquareUp))); }

/// Lanes where the points (x, y, z) are farther than R from the ball about (cx, cy, cz) of radius r.
HWY_INLINE M clearOfBall(D d, const float *c, float r, V x, V y, V z, V R)
{
  const V d2 = squared3(hn::Sub(x, hn::Set(d, c[0])), hn::Sub(y, hn::Set(d, c[1])), hn::Sub(z, hn::Set(d, c[2])));
  return beyond(d, d2, hn::Add(R, hn::Set(d, r)));
}

/// Lanes where the points are farther than R from primitive \a o (lane_distances-inl.h's distance,
/// squared).
HWY_INLINE M clearOfPrimitive(D d, const LaneObstacle &o, V x, V y, V z, V R)
{
  if (o.shape != ObstacleShape::Sphere)
    return beyond(d, squaredBoxOrCylinderDistance(d, o, x, y, z), R);
  // a sphere: its distance, not the square of its centre's (of a huge sphere, 2⁻¹⁹ of that square
  // would be metres); the distance's float error is in the obstacle's pad
  return hn::Gt(primitiveDistance(d, o, x, y, z), hn::Mul(R, hn::Set(d, kUp)));
}

/// Lanes where the points are farther than R from triangle \a t: its plane-and-edges bound or its
/// ball bound beyond R (LaneTriangle: either is a lower bound on the distance).
HWY_INLINE M clearOfTriangle(D d, const LaneTriangle &t, V x, V y, V z, V R)
{
  const V zero = hn::Zero(d);
  const auto dot = [&](const float *a) {
    return hn::MulAdd(hn::Set(d, a[0]), x, hn::MulAdd(hn::Set(d, a[1]), y, hn::Mul(hn::Set(d, a[2]), z)));
  };
  const V plane = hn::Max(hn::Sub(hn::Abs(hn::Sub(dot(t.n), hn::Set(d, t.h))), hn::Set(d, t.slack)), zero);
  V edge = zero;
  for (int i = 0; i < 3; ++i)
    edge = hn::Max(edge, hn::Sub(dot(t.e + 3 * i), hn::Set(d, t.o[i])));
  return hn::Or(beyond(d, hn::MulAdd(plane, plane, hn::Mul(edge, edge)), R), clearOfBall(d, t.c, t.r, x, y, z, R));
}

/// The lanes [lane, lane + N) of \a mask as bits at their lane positions.
HWY_INLINE std::uint8_t laneBits(D d, M mask, std::size_t lane)
{
  uint8_t bits[8] = {};
  hn::StoreMaskBits(d, mask, bits);
  return static_cast<std::uint8_t>(bits[0] << lane);
}

/// A ball's centre in the lanes, and its inflated radius there.
struct LaneBall
{
  V x, y, z, R;
};

/// How fast a body's balls move in the world (index as SphereModel::outer() and children()).
struct TreeSpeeds
{
  const float *outer = nullptr, *children = nullptr;
  float leaf(int i) const { return outer[i]; }
  float child(int c) const { return children[c]; }
};

/// One pass of the kernel over lanes [lane, lane + N): the pairs' tests, each body's centres
/// placed when first needed (its root, its children, each child's leaves).
class Pass
{
public:
  Pass(const SphereModel &model, const BlockTask &task, BlockWorkspace &ws, std::size_t lane)
    : model_(model), task_(task), ws_(ws), lane_(lane), h_(hn::LoadU(d_, task.half + lane)), stamp_(++ws.stamp)
  {
  }

  /** \brief Scene pair (body b, obstacle o): fail and inner-hit lanes. */
  void scene(int b, const LaneObstacle &o, std::uint8_t needed, std::uint8_t &fail, std::uint8_t &inner)
  {
    const LaneBody &body = model_.bodies()[b];
    const float extra = task_.inflation + o.pad;
    const TreeSpeeds speeds{task_.world_speed, task_.child_speed};
    const LaneBall root = rootBall(b, task_.world_speed[body.bound], extra);
    M failing = hn::FirstN(d_, 0), near;
    if (o.shape == ObstacleShape::Triangles || o.shape == ObstacleShape::Balls)
    {
      near = hn::AndNot(clearOfBall(d_, o.bound_centre, o.bound_radius, root.x, root.y, root.z, root.R), lanes(needed));
      if (o.shape == ObstacleShape::Triangles && !hn::AllFalse(d_, near))  // a part of inner balls: the mesh's triangles prove it
        for (int k = o.triangle_first; k < o.triangle_first + o.triangle_count; ++k)
        {
          const LaneTriangle &t = model_.obstacleTriangles()[k];
          const auto fails = [&](const LaneBall &ball) { return hn::Not(clearOfTriangle(d_, t, ball.x, ball.y, ball.z, ball.R)); };
          const M root_near = hn::AndNot(failing, hn::And(near, fails(root)));  // failing lanes are done
          if (!hn::AllFalse(d_, root_near))
            failing = hn::Or(failing, treeFails(b, root_near, speeds, extra, fails));
        }
    }
    else
    {
      const auto fails = [&](const LaneBall &ball) { return hn::Not(clearOfPrimitive(d_, o, ball.x, ball.y, ball.z, ball.R)); };
      near = hn::And(lanes(needed), fails(root));
      if (!hn::AllFalse(d_, near))
        failing = treeFails(b, near, speeds, extra, fails);
      near = failing;  // an inner ball is inside the leaves
    }
    fail |= laneBits(d_, failing, lane_);
    if (task_.inner && body.inner_count > 0 && o.shape != ObstacleShape::Triangles && !hn::AllFalse(d_, near))
      inner |= laneBits(d_, hn::And(near, innerOverlap(b, o)), lane_);
  }

  /** \brief Self pair (a, b) with relative speeds \a speed: fail and inner-hit lanes. Each ball of
      a carries the inflation and pad, b's its own motion only; two balls are apart when their
      centres are farther than the sum. Both trees at once: a child of a against b's root, then
      against each child of b, and the leaves of two children that meet one against the other (a
      body without children is one child: its root over all its leaves). */
  void self(int a, int b, const SelfSpeeds &speed, std::uint8_t needed, std::uint8_t &fail, std::uint8_t &inner)
  {
    const LaneBody &body_a = model_.bodies()[a], &body_b = model_.bodies()[b];
    const float pad = model_.selfPad(), extra = task_.inflation + pad;
    const LaneBall root_a = rootBall(a, speed.bound_a, extra), root_b = rootBall(b, speed.bound_b, 0.0f);
    const M near = hn::AndNot(apart(root_a, root_b), lanes(needed));
    if (hn::AllFalse(d_, near))
      return;
    M failing = hn::FirstN(d_, 0);  // a lane found failing is done: the masks below leave it out
    const int groups_a = std::max(body_a.child_count, 1), groups_b = std::max(body_b.child_count, 1);
    for (int ga = 0; ga < groups_a; ++ga)
    {
      const Group group_a = groupOf(a, ga, root_a, speed.leaves_a, extra);
      const M near_a = hn::AndNot(failing, hn::And(near, hn::Not(apart(group_a.ball, root_b))));
      if (hn::AllFalse(d_, near_a))
        continue;
      for (int gb = 0; gb < groups_b; ++gb)
      {
        const Group group_b = groupOf(b, gb, root_b, speed.leaves_b, 0.0f);
        const M near_ab = hn::AndNot(failing, hn::And(near_a, hn::Not(apart(group_a.ball, group_b.ball))));
        if (hn::AllFalse(d_, near_ab))
          continue;
        placeGroupLeaves(a, ga, group_a);
        placeGroupLeaves(b, gb, group_b);
        for (int i = group_a.leaf_first; i < group_a.leaf_first + group_a.leaf_count; ++i)
        {
          const LaneBall leaf_a = ball(ws_.outer_centres.data(), model_.outer(), i, speed.leaves_a, extra);
          const M near_leaf = hn::AndNot(failing, hn::And(near_ab, hn::Not(apart(leaf_a, group_b.ball))));
          if (hn::AllFalse(d_, near_leaf))
            continue;
          M leaf_fails = hn::FirstN(d_, 0);
          for (int j = group_b.leaf_first; j < group_b.leaf_first + group_b.leaf_count; ++j)
            leaf_fails = hn::Or(leaf_fails, hn::Not(apart(leaf_a, ball(ws_.outer_centres.data(), model_.outer(), j,
                                                                        speed.leaves_b, 0.0f))));
          failing = hn::Or(failing, hn::And(near_leaf, leaf_fails));
        }
      }
    }
    fail |= laneBits(d_, failing, lane_);
    if (task_.inner && body_a.inner_count > 0 && body_b.inner_count > 0 && !hn::AllFalse(d_, failing))
      inner |= laneBits(d_, hn::And(failing, innerBallsOverlap(a, b, pad)), lane_);
  }

private:
  /// Lanes where balls p and q are apart: centres farther than R_p + R_q.
  M apart(const LaneBall &p, const LaneBall &q) const
  {
    return beyond(d_, squared3(hn::Sub(p.x, q.x), hn::Sub(p.y, q.y), hn::Sub(p.z, q.z)), hn::Add(p.R, q.R));
  }

  /// Ball i of \a balls (placed at \a centres) with its radius inflated by speed · h + extra.
  LaneBall ball(const float *centres, const BallArrays &balls, int i, float speed, float extra) const
  {
    const float *c = centres + i * 3 * kLanes + lane_;
    return {hn::LoadU(d_, c), hn::LoadU(d_, c + kLanes), hn::LoadU(d_, c + 2 * kLanes),
            hn::MulAdd(hn::Set(d_, speed), h_, hn::Set(d_, balls.r[i] + extra))};
  }

  /// The lanes of this pass among \a bits (bit k: lane k).
  M lanes(std::uint8_t bits) const
  {
    const uint8_t own[8] = {static_cast<uint8_t>(bits >> lane_)};
    return hn::LoadMaskBits(d_, own);
  }

  LaneBall rootBall(int b, float speed, float extra)
  {
    const LaneBody &body = model_.bodies()[b];
    if (ws_.bound_stamp[b] != stamp_)
    {
      centresAt(d_, ws_.poses.data(), body.link, model_.outer(), body.bound, 1,
                ws_.outer_centres.data() + body.bound * 3 * kLanes, lane_);
      ws_.bound_stamp[b] = stamp_;
    }
    return ball(ws_.outer_centres.data(), model_.outer(), body.bound, speed, extra);
  }

  /// A child of a body's tree and its leaves (the root and all its leaves for a body without
  /// children).
  struct Group
  {
    LaneBall ball;
    int leaf_first, leaf_count;
  };

  /// Group \a g of body b: child g, its radius inflated by speed · h + extra; or, without children,
  /// the root \a root itself.
  Group groupOf(int b, int g, const LaneBall &root, float speed, float extra)
  {
    const LaneBody &body = model_.bodies()[b];
    if (body.child_count == 0)
      return {root, body.outer_first, body.outer_count};
    placeChildren(b);
    const int c = body.child_first + g;
    const LaneChild &leaves = model_.childLeaves()[c];
    return {ball(ws_.child_centres.data(), model_.children(), c, speed, extra), leaves.leaf_first, leaves.leaf_count};
  }

  void placeGroupLeaves(int b, int g, const Group &group)
  {
    const LaneBody &body = model_.bodies()[b];
    placeOuter(body, group.leaf_first, group.leaf_count,
               body.child_count == 0 ? ws_.leaves_stamp[b] : ws_.child_leaves_stamp[body.child_first + g]);
  }

  void placeChildren(int b)
  {
    if (ws_.children_stamp[b] == stamp_)
      return;
    const LaneBody &body = model_.bodies()[b];
    centresAt(d_, ws_.poses.data(), body.link, model_.children(), body.child_first, body.child_count,
              ws_.child_centres.data() + body.child_first * 3 * kLanes, lane_);
    ws_.children_stamp[b] = stamp_;
  }

  /// Places outer balls [first, first + count) of body b, once a pass (\a stamp: their stamp).
  void placeOuter(const LaneBody &body, int first, int count, int &stamp)
  {
    if (stamp == stamp_)
      return;
    centresAt(d_, ws_.poses.data(), body.link, model_.outer(), first, count,
              ws_.outer_centres.data() + first * 3 * kLanes, lane_);
    stamp = stamp_;
  }

  /// Lanes of \a near where some leaf of body b fails (\a fails: the lanes where a ball is not
  /// clear), its balls inflated by their speeds and \a extra: through the children where the body
  /// has them, a child's leaves only where the child fails.
  template <typename Fails>
  M treeFails(int b, M near, const TreeSpeeds &speeds, float extra, const Fails &fails)
  {
    const LaneBody &body = model_.bodies()[b];
    const BallArrays &outer = model_.outer();
    const float *centres = ws_.outer_centres.data();
    M failing = hn::FirstN(d_, 0);
    if (body.child_count == 0)
    {
      placeOuter(body, body.outer_first, body.outer_count, ws_.leaves_stamp[b]);
      for (int i = body.outer_first; i < body.outer_first + body.outer_count; ++i)
        failing = hn::Or(failing, fails(ball(centres, outer, i, speeds.leaf(i), extra)));
      return hn::And(near, failing);
    }
    placeChildren(b);
    for (int c = body.child_first; c < body.child_first + body.child_count; ++c)
    {
      const M child_near =
          hn::AndNot(failing, hn::And(near, fails(ball(ws_.child_centres.data(), model_.children(), c, speeds.child(c), extra))));
      if (hn::AllFalse(d_, child_near))
        continue;
      const LaneChild &leaves = model_.childLeaves()[c];
      placeOuter(body, leaves.leaf_first, leaves.leaf_count, ws_.child_leaves_stamp[c]);
      M leaf_fails = hn::FirstN(d_, 0);
      for (int i = leaves.leaf_first; i < leaves.leaf_first + leaves.leaf_count; ++i)
        leaf_fails = hn::Or(leaf_fails, fails(ball(centres, outer, i, speeds.leaf(i), extra)));
      failing = hn::Or(failing, hn::And(child_near, leaf_fails));
    }
    return failing;
  }

  /// Body b's inner balls placed in the lanes (from 0, at inner_centres' body offset).
  const float *innerCentres(int b)
  {
    const LaneBody &body = model_.bodies()[b];
    float *centres = ws_.inner_centres.data() + body.inner_first * 3 * kLanes;
    if (ws_.inner_stamp[b] != stamp_)
    {
      centresAt(d_, ws_.poses.data(), body.link, model_.inner(), body.inner_first, body.inner_count, centres, lane_);
      ws_.inner_stamp[b] = stamp_;
    }
    return centres;
  }

  HWY_INLINE void loadInner(const float *centres, int i, V &x, V &y, V &z) const
  {
    x = hn::LoadU(d_, centres + (i * 3 + 0) * kLanes + lane_);
    y = hn::LoadU(d_, centres + (i * 3 + 1) * kLanes + lane_);
    z = hn::LoadU(d_, centres + (i * 3 + 2) * kLanes + lane_);
  }

  /// Lanes where an inner ball of body b reaches more than o's pad into o (a primitive; a part of
  /// inner balls: into one of them).
  M innerOverlap(int b, const LaneObstacle &o)
  {
    const LaneBody &body = model_.bodies()[b];
    const float *centres = innerCentres(b);
    const float *radius = model_.inner().r.data() + body.inner_first;
    const BallArrays &fixed = model_.obstacleInner();
    M any = hn::FirstN(d_, 0);
    for (int i = 0; i < body.inner_count; ++i)
    {
      V x, y, z;
      loadInner(centres, i, x, y, z);
      if (o.shape != ObstacleShape::Balls)
      {
        const float limit = radius[i] - o.pad;
        any = hn::Or(any, hn::Lt(primitiveDistance(d_, o, x, y, z), hn::Set(d_, limit > 0.0f ? limit * kDown : -1.0f)));
        continue;
      }
      for (int k = o.inner_first; k < o.inner_first + o.inner_count; ++k)
      {
        const float limit = radius[i] + fixed.r[k] - o.pad;
        any = hn::Or(any, hn::Lt(centreDistance(d_, fixed, k, x, y, z), hn::Set(d_, limit > 0.0f ? limit * kDown : -1.0f)));
      }
    }
    return any;
  }

  /// Lanes where an inner ball of a overlaps one of b by more than \a pad.
  M innerBallsOverlap(int a, int b, float pad)
  {
    const LaneBody &body_a = model_.bodies()[a], &body_b = model_.bodies()[b];
    const float *centres_a = innerCentres(a), *centres_b = innerCentres(b);
    const float *radius_a = model_.inner().r.data() + body_a.inner_first;
    const float *radius_b = model_.inner().r.data() + body_b.inner_first;
    M any = hn::FirstN(d_, 0);
    for (int i = 0; i < body_a.inner_count; ++i)
    {
      V xa, ya, za;
      loadInner(centres_a, i, xa, ya, za);
      for (int k = 0; k < body_b.inner_count; ++k)
      {
        const float limit = radius_a[i] + radius_b[k] - pad;
        if (!(limit > 0.0f))
          continue;
        V xb, yb, zb;
        loadInner(centres_b, k, xb, yb, zb);
        any = hn::Or(any, hn::Lt(norm3(hn::Sub(xa, xb), hn::Sub(ya, yb), hn::Sub(za, zb)), hn::Set(d_, limit * kDown)));
      }
    }
    return any;
  }

  const D d_;
  const SphereModel &model_;
  const BlockTask &task_;
  BlockWorkspace &ws_;
  const std::size_t lane_;
  const V h_;
  const int stamp_;
};

void TestBlockImpl(const SphereModel &model, const EdgeLanes &edge, const BlockTask &task, BlockWorkspace &ws,
                   std::uint8_t *fail, std::uint8_t *inner)
{
  const D d;
  std::fill(fail, fail + task.count, std::uint8_t{0});
  std::fill(inner, inner + task.count, std::uint8_t{0});
  if (ws.stamp > (1 << 30))  // before a stamp could repeat: every body unplaced
  {
    for (std::vector<int> *stamps : {&ws.bound_stamp, &ws.leaves_stamp, &ws.children_stamp, &ws.inner_stamp,
                                     &ws.child_leaves_stamp})
      std::fill(stamps->begin(), stamps->end(), -1);
    ws.stamp = 0;
  }
  for (std::size_t lane = 0; lane < kLanes; lane += hn::Lanes(d))
  {
    posesAt(d, model, edge, hn::LoadU(d, task.times + lane), ws.poses.data(), lane);
    Pass pass(model, task, ws, lane);
    for (int i = 0; i < task.count; ++i)
    {
      const int p = task.active ? task.active[i] : i;
      const SweepPair &pair = task.pairs[p];
      const std::uint8_t needed = task.needed ? task.needed[i] : std::uint8_t{0xff};
      if (pair.other < 0)
        pass.scene(pair.a, model.obstacles()[pair.obstacle], needed, fail[i], inner[i]);
      else
        pass.self(pair.a, pair.other, task.self_speed[p], needed, fail[i], inner[i]);
    }
  }
}

std::uint32_t ClearLanesImpl(const SphereModel &model, int obstacle, const float *centres, const float *radius)
{
  const D d;
  const LaneObstacle &o = model.obstacles()[obstacle];
  std::uint32_t bits = 0;
  for (std::size_t lane = 0; lane < kLanes; lane += hn::Lanes(d))
  {
    const V x = hn::LoadU(d, centres + lane), y = hn::LoadU(d, centres + kLanes + lane),
            z = hn::LoadU(d, centres + 2 * kLanes + lane);
    const V R = hn::Add(hn::LoadU(d, radius + lane), hn::Set(d, o.pad));
    M clear = hn::FirstN(d, 0);
    if (o.shape == ObstacleShape::Triangles)
    {
      clear = hn::FirstN(d, kLanes);
      for (int k = o.triangle_first; k < o.triangle_first + o.triangle_count; ++k)
        clear = hn::And(clear, clearOfTriangle(d, model.obstacleTriangles()[k], x, y, z, R));
    }
    else if (o.shape != ObstacleShape::Balls)
      clear = clearOfPrimitive(d, o, x, y, z, R);
    bits |= laneBits(d, clear, lane);
  }
  return bits;
}
}  // namespace ompl_ccd::spheres::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace ompl_ccd::spheres
{
HWY_EXPORT(TestBlockImpl);
HWY_EXPORT(ClearLanesImpl);

BlockWorkspace::BlockWorkspace(const SphereModel &model)
  : poses(model.world().robot().links().size() * 12 * kLanes)
  , outer_centres(model.outer().size() * 3 * kLanes)
  , child_centres(model.children().size() * 3 * kLanes)
  , inner_centres(model.inner().size() * 3 * kLanes)
  , bound_stamp(model.bodies().size(), -1)
  , leaves_stamp(model.bodies().size(), -1)
  , children_stamp(model.bodies().size(), -1)
  , inner_stamp(model.bodies().size(), -1)
  , child_leaves_stamp(model.children().size(), -1)
{
}

void testBlock(const SphereModel &model, const EdgeLanes &edge, const BlockTask &task, BlockWorkspace &ws,
               std::uint8_t *fail, std::uint8_t *inner)
{
  HWY_DYNAMIC_DISPATCH(TestBlockImpl)(model, edge, task, ws, fail, inner);
}

std::uint32_t clearLanes(const SphereModel &model, int obstacle, const float *centres, const float *radius)
{
  return HWY_DYNAMIC_DISPATCH(ClearLanesImpl)(model, obstacle, centres, radius);
}
}  // namespace ompl_ccd::spheres
#endif
