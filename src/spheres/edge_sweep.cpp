#include "spheres/edge_sweep.h"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "ompl_ccd/geometry/scene_box_queries.h"
#include "ompl_ccd/numeric.h"

namespace ompl_ccd::spheres
{
namespace
{
/// Obstacles past which the whole-edge culling asks the scene's broadphase instead of every one.
constexpr std::size_t kFlatObstacles = 64;

/// A ball holding body b over the whole edge: its bounding ball at t = 1/2 widened by half its
/// motion bound over [0, 1] (double precision; padded for rounding).
Sphere wholeEdgeBall(const SphereModel &model, const SweepWorkspace &ws, int b)
{
  const LaneBody &body = model.bodies()[b];
  const Eigen::Vector3d centre = ws.kinematics.X_WL[body.link] * body.bound_L.centre;
  const double widening = 0.5 * ws.link_speed[body.link].at(model.outerLever()[body.bound],
                                                            model.outerAxisLever()[body.bound]);
  return {centre, numeric::padUp(body.bound_L.radius + widening + numeric::kPadRel * centre.norm())};
}

/// Every outer ball's and child's world speed on the edge (ws.world_speed, ws.child_speed), rounded
/// up to float.
void worldSpeeds(const SphereModel &model, SweepWorkspace &ws, const JointMotion &motion)
{
  const std::size_t links = motion.model().links().size();
  ws.link_speed.resize(links);
  for (std::size_t l = 0; l < links; ++l)
    ws.link_speed[l] = pointSpeed(motion, static_cast<int>(l));
  for (const LaneBody &body : model.bodies())
  {
    const PointSpeed &link = ws.link_speed[body.link];
    for (int i = body.bound; i < body.outer_first + body.outer_count; ++i)
      ws.world_speed[i] = floatUp(link.at(model.outerLever()[i], model.outerAxisLever()[i]));
    for (int c = body.child_first; c < body.child_first + body.child_count; ++c)
      ws.child_speed[c] = floatUp(link.at(model.childLever()[c], model.childAxisLever()[c]));
  }
}

/// A lower bound on the distance from \a p to obstacle part \a o: to a primitive as the lanes hold
/// it (its float pose and sizes, whose rounding its pad covers), in double and padded; to a mesh's
/// part, to its bounding ball.
double distanceBelow(const LaneObstacle &o, const Eigen::Vector3d &p)
{
  const Eigen::Vector3d c(o.centre[0], o.centre[1], o.centre[2]);
  double distance = 0.0;
  switch (o.shape)
  {
    case ObstacleShape::Sphere:
      distance = (p - c).norm() - o.half[0];
      break;
    case ObstacleShape::Box:
    case ObstacleShape::Cylinder:
    {
      const Eigen::Vector3d r = p - c;
      Eigen::Vector3d l;
      for (int i = 0; i < 3; ++i)
        l[i] = o.axes[3 * i] * r[0] + o.axes[3 * i + 1] * r[1] + o.axes[3 * i + 2] * r[2];
      if (o.shape == ObstacleShape::Box)
        distance = (l.cwiseAbs() - Eigen::Vector3d(o.half[0], o.half[1], o.half[2])).cwiseMax(0.0).norm();
      else
      {
        const double radial = std::max(std::sqrt(l[0] * l[0] + l[1] * l[1]) - o.half[0], 0.0);
        const double axial = std::max(std::fabs(l[2]) - o.half[1], 0.0);
        distance = std::sqrt(radial * radial + axial * axial);
      }
      break;
    }
    case ObstacleShape::Triangles:
    case ObstacleShape::Balls:
      distance = (p - o.bound_W.centre).norm() - o.bound_W.radius;
      break;
  }
  return distance * (1.0 - numeric::kPadRel) - numeric::kPadRel * p.norm() - numeric::kPadAbs - o.pad;
}

/// The scene pairs whose whole-edge balls are within the inflation of each other (in a large
/// scene, among those the scene's broadphase finds near): body by body, so that a body's centres
/// serve its run of pairs.
void scenePairs(const SphereModel &model, SweepWorkspace &ws, const JointMotion &motion, double inflation)
{
  const int bodies = static_cast<int>(model.bodies().size());
  const std::vector<LaneObstacle> &obstacles = model.obstacles();
  motion.stateAt(0.5, ws.q);
  forwardKinematics(motion.model(), ws.kinematics, ws.q);
  for (int b = 0; b < bodies; ++b)
  {
    const Sphere ball = wholeEdgeBall(model, ws, b);
    const auto add = [&](int o) {
      if (!(distanceBelow(obstacles[o], ball.centre) > ball.radius + inflation))
        ws.pairs.push_back({b, -1, o, -1});
    };
    if (obstacles.size() <= kFlatObstacles)
    {
      for (std::size_t o = 0; o < obstacles.size(); ++o)
        add(static_cast<int>(o));
      continue;
    }
    const Eigen::Vector3d half = Eigen::Vector3d::Constant(ball.radius + inflation);
    overlappingObstacles(model.world().scene(), Eigen::AlignedBox3d(ball.centre - half, ball.centre + half), ws.near);
    for (int scene_index : ws.near)
      for (int o : model.partsOf(scene_index))
        add(o);
  }
}

/// The self pairs, each with its speeds relative to its deepest common ancestor (the joints above
/// it move both rigidly and leave their distance alone), unless their whole-edge balls or another
/// proof show it apart all along; with that proof's stretches when it has one.
void selfPairs(const SphereModel &model, SweepWorkspace &ws, const JointMotion &motion, double inflation,
               const SweepCaller &caller)
{
  for (const BodyPair &pair : model.selfPairs())
  {
    const LaneBody &a = model.bodies()[pair.a], &b = model.bodies()[pair.b];
    const PointSpeed speed_a = pointSpeed(motion, a.link, pair.ancestor), speed_b = pointSpeed(motion, b.link, pair.ancestor);
    const double bound_a = speed_a.at(model.outerLever()[a.bound], model.outerAxisLever()[a.bound]);
    const double bound_b = speed_b.at(model.outerLever()[b.bound], model.outerAxisLever()[b.bound]);
    // the bounding balls at t = 1/2 (ws.kinematics, scenePairs'), their distance changing at most
    // at the sum of their relative speeds: apart all along?
    const Eigen::Vector3d c_a = ws.kinematics.X_WL[a.link] * a.bound_L.centre;
    const Eigen::Vector3d c_b = ws.kinematics.X_WL[b.link] * b.bound_L.centre;
    const double reach = numeric::padUp(a.bound_L.radius + b.bound_L.radius + 0.5 * (bound_a + bound_b) + inflation +
                                        numeric::kPadRel * (c_a.norm() + c_b.norm()));
    if ((c_a - c_b).norm() > reach)
      continue;
    const SweepPair sweep_pair{pair.a, pair.b, -1, pair.ancestor};
    ws.own_spans.clear();
    const bool certified = caller.pairSpans(sweep_pair, ws.own_spans);
    if (certified && ws.own_spans.empty())
      continue;
    const std::size_t i = ws.pairs.size();
    ws.pairs.push_back(sweep_pair);
    ws.span_first.resize(i + 1, -1);
    ws.span_count.resize(i + 1, 0);
    if (certified)
    {
      ws.span_first[i] = static_cast<int>(ws.spans.size());
      ws.span_count[i] = static_cast<int>(ws.own_spans.size());
      ws.spans.insert(ws.spans.end(), ws.own_spans.begin(), ws.own_spans.end());
    }
    ws.self_speed.resize(i + 1);
    ws.self_speed[i] = {floatUp(bound_a), floatUp(speed_a.at(ws.leaf_lever[pair.a], ws.leaf_axis_lever[pair.a])),
                        floatUp(bound_b), floatUp(speed_b.at(ws.leaf_lever[pair.b], ws.leaf_axis_lever[pair.b]))};
  }
  ws.span_first.resize(ws.pairs.size(), -1);
  ws.span_count.resize(ws.pairs.size(), 0);
  ws.self_speed.resize(ws.pairs.size());
}

/// Whether pair i's failure on [t0, t1] counts: no other proof, or [t0, t1] meets one of the
/// stretches that proof leaves.
bool counts(const SweepWorkspace &ws, std::size_t i, double t0, double t1)
{
  if (ws.span_first[i] < 0)
    return true;
  const auto *first = ws.spans.data() + ws.span_first[i];
  return std::any_of(first, first + ws.span_count[i], [&](const auto &s) { return s.first <= t1 && t0 <= s.second; });
}

/// Whether some pair failing in lane \a lane of block \a block counts on \a segment; with \a open,
/// those pairs' open spans on it appended. Block −1 (no test yet): every pair fails.
bool failsOn(const SweepWorkspace &ws, int block, int lane, const Segment &segment, std::vector<OpenSpan> *open)
{
  const double t1 = segment.t0 + segment.width;
  bool any = false;
  const auto fails = [&](int i) {
    if (!counts(ws, i, segment.t0, t1))
      return false;
    any = true;
    if (open)
      open->push_back({ws.pairs[i], segment.t0, t1});
    return !open;  // without open, the first is enough
  };
  if (block < 0)
  {
    for (std::size_t i = 0; i < ws.pairs.size(); ++i)
      if (fails(static_cast<int>(i)))
        break;
    return any;
  }
  for (int r = ws.failed_first[block]; r < ws.failed_first[block + 1]; ++r)
    if ((ws.failed[r].lanes >> lane & 1u) && fails(ws.failed[r].pair))
      break;
  return any;
}

/// The pairs the block of segments [head, head + lanes) tests (ws.active) and the lanes each is
/// needed in (ws.needed): in lane k, the pairs that failed on the segment it was split from (every
/// pair on a segment no block has tested) whose failure there would count.
void activePairs(SweepWorkspace &ws, std::size_t head, int lanes)
{
  ws.active.clear();
  ws.needed.clear();
  const auto need = [&](int pair, std::uint8_t lanes_needed) {
    if (ws.slot[pair] < 0)
    {
      ws.slot[pair] = static_cast<int>(ws.active.size());
      ws.active.push_back(pair);
      ws.needed.push_back(0);
    }
    ws.needed[ws.slot[pair]] |= lanes_needed;
  };
  const auto countsOn = [&](int pair, const Segment &segment) {
    return ws.span_first[pair] < 0 || counts(ws, pair, segment.t0, segment.t0 + segment.width);
  };
  std::uint8_t untested = 0;
  for (int k = 0; k < lanes; ++k)
    untested |= static_cast<std::uint8_t>(ws.segments[head + k].block < 0) << k;
  if (untested)
    for (int i = 0; i < static_cast<int>(ws.pairs.size()); ++i)
    {
      std::uint8_t lanes_needed = untested;
      if (ws.span_first[i] >= 0)
        for (int k = 0; k < lanes; ++k)
          if ((untested >> k & 1u) && !countsOn(i, ws.segments[head + k]))
            lanes_needed &= static_cast<std::uint8_t>(~(1u << k));
      if (lanes_needed)
        need(i, lanes_needed);
    }
  for (int k = 0; k < lanes; ++k)
  {
    const Segment &segment = ws.segments[head + k];
    if (segment.block >= 0)
      for (int r = ws.failed_first[segment.block]; r < ws.failed_first[segment.block + 1]; ++r)
        if ((ws.failed[r].lanes >> segment.lane & 1u) && countsOn(ws.failed[r].pair, segment))
          need(ws.failed[r].pair, static_cast<std::uint8_t>(1u << k));
  }
  for (int pair : ws.active)
    ws.slot[pair] = -1;
}

/// Whether an inner hit of the block is confirmed: lanes in time order, pairs in order.
bool confirmInnerHits(const BlockTask &task, int lanes, const SweepWorkspace &ws, SweepCaller &caller, InnerHit &hit)
{
  if (std::none_of(ws.inner.begin(), ws.inner.begin() + ws.active.size(), [](std::uint8_t m) { return m != 0; }))
    return false;
  int order[kLanes];
  std::iota(order, order + kLanes, 0);
  std::sort(order, order + kLanes, [&](int x, int y) { return task.times[x] < task.times[y]; });
  for (int r = 0; r < kLanes; ++r)
    for (std::size_t i = 0; i < ws.active.size() && order[r] < lanes; ++i)
      if ((ws.inner[i] & ws.needed[i]) >> order[r] & 1u)
      {
        hit = {ws.pairs[ws.active[i]], task.times[order[r]]};
        if (caller.confirm(hit))
          return true;
      }
  return false;
}
}  // namespace

bool prepareSweep(const SphereModel &model, SweepWorkspace &ws, const JointMotion &motion,
                  const SweepSettings &settings, const SweepCaller &caller)
{
  if (!motion.reachesGoal() || !prepareEdge(motion, ws.edge))
    return false;
  worldSpeeds(model, ws, motion);
  ws.pairs.clear();
  ws.spans.clear();
  ws.span_first.clear();
  ws.span_count.clear();
  ws.self_speed.clear();
  scenePairs(model, ws, motion, settings.inflation);
  selfPairs(model, ws, motion, settings.inflation, caller);
  return true;
}

BlockTask sweepTask(const SweepWorkspace &ws, const SweepSettings &settings)
{
  BlockTask task;
  task.pairs = ws.pairs.data();
  task.count = static_cast<int>(ws.pairs.size());
  task.world_speed = ws.world_speed.data();
  task.child_speed = ws.child_speed.data();
  task.self_speed = ws.self_speed.data();
  task.inflation = floatUp(settings.inflation);
  task.inner = settings.inner;
  return task;
}

SweepResult sweepEdge(const SphereModel &model, SweepWorkspace &ws, const JointMotion &motion,
                      const SweepSettings &settings, SweepCaller &caller)
{
  SweepResult result;
  if (!prepareSweep(model, ws, motion, settings, caller))
  {
    result.skipped = true;
    return result;
  }
  if (ws.pairs.empty())
    return result;  // nothing to show apart: free
  BlockTask task = sweepTask(ws, settings);
  ws.segments.clear();
  for (int k = 0; k < kLanes; ++k)
    ws.segments.push_back({static_cast<double>(k) / kLanes, 1.0 / kLanes, -1, 0});
  ws.slot.assign(ws.pairs.size(), -1);
  ws.fail.resize(ws.pairs.size());
  ws.inner.resize(ws.pairs.size());
  ws.failed.clear();
  ws.failed_first.assign(1, 0);
  std::size_t head = 0;
  while (head < ws.segments.size() && result.blocks < settings.max_blocks)
  {
    const int lanes = static_cast<int>(std::min<std::size_t>(kLanes, ws.segments.size() - head));
    for (int k = 0; k < kLanes; ++k)
    {
      // dyadic segments: the midpoints and half widths are exact floats; spare lanes repeat lane 0
      const Segment &segment = ws.segments[head + (k < lanes ? k : 0)];
      task.half[k] = static_cast<float>(0.5 * segment.width);
      task.times[k] = static_cast<float>(segment.t0 + 0.5 * segment.width);
    }
    activePairs(ws, head, lanes);
    task.active = ws.active.data();
    task.needed = ws.needed.data();
    task.count = static_cast<int>(ws.active.size());
    const int block = result.blocks++;
    testBlock(model, ws.edge, task, ws.block, ws.fail.data(), ws.inner.data());
    if (settings.inner && confirmInnerHits(task, lanes, ws, caller, result.hit))
    {
      result.confirmed_hit = true;
      return result;
    }
    for (std::size_t i = 0; i < ws.active.size(); ++i)
      if (const std::uint8_t lanes_failed = ws.fail[i] & ws.needed[i])
        ws.failed.push_back({ws.active[i], lanes_failed});
    ws.failed_first.push_back(static_cast<int>(ws.failed.size()));
    for (int k = 0; k < lanes; ++k)
    {
      const Segment segment = ws.segments[head + k];
      if (!failsOn(ws, block, k, segment, nullptr))
        continue;  // proved
      if (segment.width <= settings.min_width)
        failsOn(ws, block, k, segment, &result.open);
      else
        for (int half = 0; half < 2; ++half)
          ws.segments.push_back({segment.t0 + half * 0.5 * segment.width, 0.5 * segment.width, block, k});
    }
    head += lanes;
  }
  for (; head < ws.segments.size(); ++head)  // the budget ran out: open where its parent failed
    failsOn(ws, ws.segments[head].block, ws.segments[head].lane, ws.segments[head], &result.open);
  return result;
}

SweepWorkspace::SweepWorkspace(const SphereModel &model)
  : block(model), kinematics(model.world().robot()), world_speed(model.outer().size()), child_speed(model.children().size())
{
  for (const LaneBody &body : model.bodies())
  {
    double lever = 0.0, axis_lever = 0.0;
    for (int i = body.outer_first; i < body.outer_first + body.outer_count; ++i)
    {
      lever = std::max(lever, model.outerLever()[i]);
      axis_lever = std::max(axis_lever, model.outerAxisLever()[i]);
    }
    for (int c = body.child_first; c < body.child_first + body.child_count; ++c)
    {
      lever = std::max(lever, model.childLever()[c]);
      axis_lever = std::max(axis_lever, model.childAxisLever()[c]);
    }
    leaf_lever.push_back(lever);
    leaf_axis_lever.push_back(axis_lever);
  }
}
}  // namespace ompl_ccd::spheres
