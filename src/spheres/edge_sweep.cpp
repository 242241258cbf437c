#include "spheres/edge_sweep.h"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "ompl_ccd/geometry/scene_box_queries.h"
#include "ompl_ccd/numeric.h"
#include "spheres/ball_speeds.h"

namespace ompl_ccd::spheres
{
namespace
{
/// Obstacles past which the whole-edge culling asks the scene's broadphase instead of every one.
constexpr std::size_t kFlatObstacles = 64;

/// Body b's outer balls' world motion bounds on the edge (ws.speed), rounded up to float; its
/// bounding ball's first (ws.speed_known[b] = 1), its leaves' when asked (= 2).
void ballSpeeds(const SphereModel &model, SweepWorkspace &ws, int b, bool leaves)
{
  const LaneBody &body = model.bodies()[b];
  if (ws.speed_known[b] >= (leaves ? 2 : 1))
    return;
  const PointSpeed &link = ws.link_speed[body.link];
  const int last = leaves ? body.outer_first + body.outer_count : body.bound + 1;
  for (int i = body.bound; i < last; ++i)
    ws.speed[i] = floatUp(link.at(model.outerLever()[i], model.outerAxisLever()[i]));
  ws.speed_known[b] = leaves ? 2 : 1;
}

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

/// The pairs to sweep: in a scene of a few obstacles every body against every obstacle (the first
/// batch's bounding balls drop the far ones at once); in a larger one those whose whole-edge balls
/// are within the inflation of each other (the scene's broadphase, then the balls). Then every self
/// pair, with its speeds relative to its deepest common ancestor (the joints above it move both
/// rigidly and leave their distance alone): its bounding balls' now, its leaves' when needed.
void sweepPairs(const SphereModel &model, SweepWorkspace &ws, const JointMotion &motion, double inflation)
{
  const std::size_t links = motion.model().links().size();
  ws.link_speed.resize(links);
  for (std::size_t l = 0; l < links; ++l)
    ws.link_speed[l] = pointSpeed(motion, static_cast<int>(l));
  ws.speed_known.assign(model.bodies().size(), 0);
  ws.pairs.clear();
  const int bodies = static_cast<int>(model.bodies().size());
  const std::vector<LaneObstacle> &obstacles = model.obstacles();
  if (obstacles.size() <= kFlatObstacles)
    for (int b = 0; b < bodies; ++b)
      for (std::size_t o = 0; o < obstacles.size(); ++o)
        ws.pairs.push_back({b, -1, static_cast<int>(o), -1});
  else
  {
    motion.stateAt(0.5, ws.q);
    forwardKinematics(motion.model(), ws.kinematics, ws.q);
    std::vector<int> near;
    for (int b = 0; b < bodies; ++b)
    {
      const Sphere ball = wholeEdgeBall(model, ws, b);
      const Eigen::Vector3d half = Eigen::Vector3d::Constant(ball.radius + inflation);
      overlappingObstacles(model.world().scene(), Eigen::AlignedBox3d(ball.centre - half, ball.centre + half), near);
      for (int scene_index : near)
        for (int o : model.partsOf(scene_index))
          if (!((ball.centre - obstacles[o].bound_W.centre).norm() > ball.radius + obstacles[o].bound_W.radius + inflation))
            ws.pairs.push_back({b, -1, o, -1});
    }
  }
  ws.speed_at.assign(ws.pairs.size(), -1);
  ws.self.clear();
  ws.self_speed.clear();
  for (const BodyPair &pair : model.selfPairs())
  {
    const LaneBody &a = model.bodies()[pair.a], &b = model.bodies()[pair.b];
    SelfSpeeds self{pointSpeed(motion, a.link, pair.ancestor), pointSpeed(motion, b.link, pair.ancestor),
                    static_cast<int>(ws.self_speed.size()), false};
    ws.self_speed.resize(ws.self_speed.size() + 2 + a.outer_count + b.outer_count);
    ws.self_speed[self.at] = floatUp(self.a.at(model.outerLever()[a.bound], model.outerAxisLever()[a.bound]));
    ws.self_speed[self.at + 1 + a.outer_count] =
        floatUp(self.b.at(model.outerLever()[b.bound], model.outerAxisLever()[b.bound]));
    ws.pairs.push_back({pair.a, pair.b, -1, pair.ancestor});
    ws.speed_at.push_back(static_cast<int>(ws.self.size()));
    ws.self.push_back(self);
  }
}

/// kLanes times at the middles of cells left of any pair: each run of such cells gets samples in
/// proportion to its length (at least one while lanes last), evenly spread over it.
void pickTimes(const SweepWorkspace &ws, float *times)
{
  TimeCells all;
  for (const TimeCells &cells : ws.left)
    all = all | cells;
  std::pair<int, int> runs[kTimeCells];
  int count = 0, total = 0;
  for (int c = 0; c < kTimeCells; ++c)
    if (all.left(c))
    {
      runs[count] = all.runAround(c);
      c = runs[count].second;
      total += runs[count].second - runs[count].first + 1;
      ++count;
    }
  // the longest runs first, each its share
  std::sort(runs, runs + count, [](const auto &x, const auto &y) { return x.second - x.first > y.second - y.first; });
  int lane = 0;
  for (int r = 0; r < count && lane < kLanes; ++r)
  {
    const int length = runs[r].second - runs[r].first + 1;
    const int share = std::clamp(length * kLanes / std::max(total, 1), 1, std::min(length, kLanes - lane));
    for (int k = 0; k < share; ++k)
      times[lane++] = static_cast<float>(cellMiddle(runs[r].first + (2 * k + 1) * length / (2 * share)));
  }
  for (int k = 0; lane < kLanes; ++k)  // lanes to spare: again, in the order taken
    times[lane++] = times[k];
}

/// The end of the run of pairs starting at \a first that one kernel call tests: the scene pairs of
/// one body (wholeEdgePairs lists them body by body), or one self pair.
std::size_t runEnd(const std::vector<SweepPair> &pairs, std::size_t first)
{
  std::size_t last = first + 1;
  if (pairs[first].other < 0)
    while (last < pairs.size() && pairs[last].other < 0 && pairs[last].a == pairs[first].a)
      ++last;
  return last;
}

/// One batch: the lanes' poses at kLanes times, and the tests of runs of pairs at them.
class Batch
{
public:
  Batch(const SphereModel &model, SweepWorkspace &ws, const float *times, float inflation)
    : model_(model), ws_(ws), inflation_(inflation)
  {
    for (int k = 0; k < kLanes; ++k)
      times_[k] = times[k];  // the configurations evaluated are at the float times, exactly
    lanePoses(model, ws.edge, times, ws.poses.data());
    ++ws.stamp;
  }

  double time(int lane) const { return times_[lane]; }

  /** \brief Per pair of the run [first, last) of ws.pairs: its bounding balls' clear times into
      tau[j · kLanes + k] and, with \a inner, the lanes its inner balls overlap in into hits[j]. */
  void bounds(std::size_t first, std::size_t last, bool inner, float *tau, std::uint32_t *hits)
  {
    const SweepPair &pair = ws_.pairs[first];
    const LaneBody &a = model_.bodies()[pair.a];
    const InnerBalls inner_a = inner ? innerBalls(pair.a) : InnerBalls{};
    if (pair.other < 0)
    {
      bodyBounds(model_, outerBalls(pair.a, a.bound, 1), inner ? &inner_a : nullptr, obstaclesOf(first, last),
                 static_cast<int>(last - first), inflation_, tau, hits);
      return;
    }
    const LaneBody &b = model_.bodies()[pair.other];
    const InnerBalls inner_b = inner ? innerBalls(pair.other) : InnerBalls{};
    const float *speed_a = ws_.self_speed.data() + ws_.self[ws_.speed_at[first]].at;
    const float *speed_b = speed_a + 1 + a.outer_count;
    pairBounds(outerBalls(pair.a, a.bound, 1, speed_a), outerBalls(pair.other, b.bound, 1, speed_b),
               inner ? &inner_a : nullptr, inner ? &inner_b : nullptr, inflation_, model_.selfPad(), tau, hits);
  }

  /** \brief The clear times of the leaves of the run [first, last) raised into tau where it falls
      short of \a need. */
  void leaves(std::size_t first, std::size_t last, const float *need, float *tau)
  {
    const SweepPair &pair = ws_.pairs[first];
    const LaneBody &a = model_.bodies()[pair.a];
    const MovingBalls bound_a = outerBalls(pair.a, a.bound, 1), leaves_a = outerBalls(pair.a, a.outer_first, a.outer_count);
    if (pair.other < 0)
    {
      bodyLeaves(model_, bound_a, leaves_a, obstaclesOf(first, last), static_cast<int>(last - first), inflation_, need,
                 tau);
      return;
    }
    const LaneBody &b = model_.bodies()[pair.other];
    const float *speed_a = selfSpeeds(first), *speed_b = speed_a + 1 + a.outer_count;
    pairLeaves(outerBalls(pair.a, a.outer_first, a.outer_count, speed_a + 1), outerBalls(pair.other, b.bound, 1, speed_b),
               outerBalls(pair.other, b.outer_first, b.outer_count, speed_b + 1), inflation_, model_.selfPad(), need, tau);
  }

private:
  /// Self pair i's speeds (its bounding balls' always, its leaves' made when first asked for).
  const float *selfSpeeds(std::size_t i)
  {
    SelfSpeeds &self = ws_.self[ws_.speed_at[i]];
    const SweepPair &pair = ws_.pairs[i];
    if (!self.leaves)
    {
      const LaneBody &a = model_.bodies()[pair.a], &b = model_.bodies()[pair.other];
      float *speed = ws_.self_speed.data() + self.at;
      for (int k = 0; k < a.outer_count; ++k)
        speed[1 + k] = floatUp(self.a.at(model_.outerLever()[a.outer_first + k], model_.outerAxisLever()[a.outer_first + k]));
      for (int k = 0; k < b.outer_count; ++k)
        speed[2 + a.outer_count + k] =
            floatUp(self.b.at(model_.outerLever()[b.outer_first + k], model_.outerAxisLever()[b.outer_first + k]));
      self.leaves = true;
    }
    return ws_.self_speed.data() + self.at;
  }

  /// The obstacles of the scene pairs [first, last), in order.
  const int *obstaclesOf(std::size_t first, std::size_t last)
  {
    ws_.obstacles.clear();
    for (std::size_t i = first; i < last; ++i)
      ws_.obstacles.push_back(ws_.pairs[i].obstacle);
    return ws_.obstacles.data();
  }

  /// Body b's outer balls [first, first + count), placed in the lanes, moving at \a speed (null: their
  /// world speeds).
  MovingBalls outerBalls(int b, int first, int count, const float *speed = nullptr)
  {
    const LaneBody &body = model_.bodies()[b];
    if (ws_.outer_stamp[b] != ws_.stamp)
    {
      laneCentres(ws_.poses.data(), body.link, model_.outer(), body.bound, 1 + body.outer_count,
                  ws_.outer_centres.data() + body.bound * 3 * kLanes);
      ws_.outer_stamp[b] = ws_.stamp;
    }
    if (!speed)
      ballSpeeds(model_, ws_, b, first != body.bound);
    return {ws_.outer_centres.data() + first * 3 * kLanes, count, model_.outer().r.data() + first,
            speed ? speed : ws_.speed.data() + first};
  }

  /// Body b's inner balls, placed in the lanes.
  InnerBalls innerBalls(int b)
  {
    const LaneBody &body = model_.bodies()[b];
    float *centres = ws_.inner_centres.data() + body.inner_first * 3 * kLanes;
    if (ws_.inner_stamp[b] != ws_.stamp)
    {
      laneCentres(ws_.poses.data(), body.link, model_.inner(), body.inner_first, body.inner_count, centres);
      ws_.inner_stamp[b] = ws_.stamp;
    }
    return {centres, body.inner_count, model_.inner().r.data() + body.inner_first};
  }

  const SphereModel &model_;
  SweepWorkspace &ws_;
  float inflation_;
  double times_[kLanes];
};

/// Asks \a spans about every pair: a pair another proof shows apart all along is dropped, and each
/// kept pair keeps the stretches it may meet in (all of [0, 1] without another proof).
void startCovers(SweepWorkspace &ws, const SweepCaller &caller)
{
  std::size_t kept = 0;
  ws.left.resize(ws.pairs.size());
  std::vector<std::pair<double, double>> &own = ws.own_spans;
  for (std::size_t i = 0; i < ws.pairs.size(); ++i)
  {
    own.clear();
    if (!caller.pairSpans(ws.pairs[i], own))
      ws.left[kept].fill();
    else if (own.empty())
      continue;
    else
      ws.left[kept].fillMeeting(own);
    ws.speed_at[kept] = ws.speed_at[i];
    ws.pairs[kept++] = ws.pairs[i];
  }
  ws.pairs.resize(kept);
  ws.left.resize(kept);
  ws.speed_at.resize(kept);
}

/// Phase one of a batch: every pair's bounding-ball clear times into ws.tau (pair i at
/// i · kLanes) and, with \a inner, its inner hits into ws.masks.
void measureBounds(Batch &batch, SweepWorkspace &ws, bool inner)
{
  ws.tau.resize(ws.pairs.size() * kLanes);
  ws.masks.resize(ws.pairs.size());
  for (std::size_t first = 0; first < ws.pairs.size();)
  {
    const std::size_t last = runEnd(ws.pairs, first);
    batch.bounds(first, last, inner, ws.tau.data() + first * kLanes, ws.masks.data() + first);
    first = last;
  }
}

/// Whether an inner hit of the batch is confirmed: lanes in time order, pairs in order.
bool confirmInnerHits(const Batch &batch, const SweepWorkspace &ws, SweepCaller &caller, InnerHit &hit)
{
  std::uint32_t any = 0;
  for (std::uint32_t mask : ws.masks)
    any |= mask;
  if (!any)
    return false;
  int order[kLanes];
  std::iota(order, order + kLanes, 0);
  std::sort(order, order + kLanes, [&](int x, int y) { return batch.time(x) < batch.time(y); });
  for (int k : order)
    for (std::size_t i = 0; i < ws.pairs.size(); ++i)
      if (ws.masks[i] >> k & 1u)
      {
        hit = {ws.pairs[i], batch.time(k)};
        if (caller.confirm(hit))
          return true;
      }
  return false;
}

/// Pair i's need at each lane (into ws.need): the clear time that reaches halfway to the
/// neighbouring lanes (the lanes between them answer for the rest; the next batch samples what is
/// left); −1 (nothing) at a lane whose cell the pair has done. Whether some lane's clear time
/// (ws.tau) falls short of its need.
bool fallsShort(const Batch &batch, SweepWorkspace &ws, std::size_t i, const int *order)
{
  const float *tau = ws.tau.data() + i * kLanes;
  if (*std::max_element(tau, tau + kLanes) >= 1.0f)
    return false;  // one lane shows the pair apart all along
  bool short_somewhere = false;
  for (int rank = 0; rank < kLanes; ++rank)
  {
    const int k = order[rank];
    const double t = batch.time(k);
    float need = -1.0f;
    if (ws.left[i].left(cellOf(t)))
    {
      const double before = rank > 0 ? t - batch.time(order[rank - 1]) : t;
      const double after = rank + 1 < kLanes ? batch.time(order[rank + 1]) - t : 1.0 - t;
      need = static_cast<float>(0.5 * std::max(before, after));  // a choice of work, not a bound
    }
    ws.need[i * kLanes + k] = need;
    short_somewhere |= !(ws.tau[i * kLanes + k] >= need);
  }
  return short_somewhere;
}

/// Phase two: the leaves of every run with a pair whose bounding balls fall short.
void measureLeaves(Batch &batch, SweepWorkspace &ws)
{
  ws.need.resize(ws.pairs.size() * kLanes);
  int order[kLanes];
  std::iota(order, order + kLanes, 0);
  std::sort(order, order + kLanes, [&](int x, int y) { return batch.time(x) < batch.time(y); });
  for (std::size_t first = 0; first < ws.pairs.size();)
  {
    const std::size_t last = runEnd(ws.pairs, first);
    bool short_somewhere = false;
    for (std::size_t i = first; i < last; ++i)
      short_somewhere |= fallsShort(batch, ws, i, order);
    if (short_somewhere)
      batch.leaves(first, last, ws.need.data() + first * kLanes, ws.tau.data() + first * kLanes);
    first = last;
  }
}

/// What pair i has left, less the clear times of its lanes (ws.tau); where one falls short of
/// \a min_clear in a cell the pair has left, the balls cannot show it apart there: all it has left
/// is open.
void advancePair(const Batch &batch, SweepWorkspace &ws, std::size_t i, double min_clear, std::vector<OpenSpan> &open)
{
  TimeCells &left = ws.left[i];
  const float *tau = ws.tau.data() + i * kLanes;
  if (*std::max_element(tau, tau + kLanes) >= 1.0f)
  {
    left.clear();  // [t − τ, t + τ] holds [0, 1]
    return;
  }
  bool stuck = false;
  for (int k = 0; k < kLanes; ++k)
    stuck |= !(tau[k] >= min_clear) && left.left(cellOf(batch.time(k)));
  left.coverAll(
      kLanes, [&](int k) { return batch.time(k); }, [&](int k) { return static_cast<double>(tau[k]); });
  if (!stuck || left.empty())
    return;
  ws.own_spans.clear();
  left.spans(ws.own_spans);
  for (const auto &[t0, t1] : ws.own_spans)
    open.push_back({ws.pairs[i], t0, t1});
  left.clear();
}
}  // namespace

SweepResult sweepEdge(const SphereModel &model, SweepWorkspace &ws, const JointMotion &motion,
                      const SweepSettings &settings, SweepCaller &caller)
{
  SweepResult result;
  if (!motion.reachesGoal() || !prepareEdge(motion, ws.edge))
  {
    result.skipped = true;
    return result;
  }
  sweepPairs(model, ws, motion, settings.inflation);
  startCovers(ws, caller);
  const float inflation = floatUp(settings.inflation);
  while (!ws.pairs.empty() && result.batches < settings.max_batches)
  {
    float times[kLanes];
    pickTimes(ws, times);
    Batch batch(model, ws, times, inflation);
    ++result.batches;
    measureBounds(batch, ws, settings.inner);
    if (settings.inner && confirmInnerHits(batch, ws, caller, result.hit))
    {
      result.confirmed_hit = true;
      return result;
    }
    measureLeaves(batch, ws);
    std::size_t kept = 0;
    for (std::size_t i = 0; i < ws.pairs.size(); ++i)
    {
      advancePair(batch, ws, i, settings.min_clear_time, result.open);
      if (ws.left[i].empty())
        continue;
      ws.pairs[kept] = ws.pairs[i];
      ws.speed_at[kept] = ws.speed_at[i];
      std::swap(ws.left[kept++], ws.left[i]);
    }
    ws.pairs.resize(kept);
    ws.left.resize(kept);
    ws.speed_at.resize(kept);
  }
  for (std::size_t i = 0; i < ws.pairs.size(); ++i)  // the budget ran out
  {
    ws.own_spans.clear();
    ws.left[i].spans(ws.own_spans);
    for (const auto &[t0, t1] : ws.own_spans)
      result.open.push_back({ws.pairs[i], t0, t1});
  }
  return result;
}

SweepWorkspace::SweepWorkspace(const SphereModel &model)
  : kinematics(model.world().robot())
  , poses(model.world().robot().links().size() * 12 * kLanes)
  , outer_centres(model.outer().size() * 3 * kLanes)
  , inner_centres(model.inner().size() * 3 * kLanes)
  , outer_stamp(model.bodies().size(), -1)
  , inner_stamp(model.bodies().size(), -1)
  , speed(model.outer().size())
{
}
}  // namespace ompl_ccd::spheres
