#include "grazing_edges.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <random>

#include "ompl_ccd/geometry/collision_queries.h"
#include "ompl_ccd/geometry/pair_distance.h"
#include "random_edges.h"

namespace ompl_ccd::test
{
namespace
{
/** \brief min(\a ceiling, the robot's distance to the scene at the poses of \a ws), a lower bound
    within 1 % (pairDistanceLowerBound, rel_err 1e-2), pairs whose boxes are farther than the best so far skipped, returned as soon as it
    is below \a floor; 0 in contact. Self pairs are left out: moving along the first joint does not
    change them. */
double sceneDistance(const CollisionWorld &world, const CollisionWorkspace &ws, double floor, double ceiling)
{
  const Scene &scene = world.scene();
  double best = ceiling;
  for (int l : world.collidingLinks())
    for (const auto &object : ws.objects[l])
      for (int o = 0; o < static_cast<int>(scene.obstacles().size()); ++o)
      {
        if (object->getAABB().distance(scene.object(o).getAABB()) >= best)
          continue;
        best = std::min(best, pairDistanceLowerBound(*object, scene.object(o), nullptr, 1e-2));
        if (best < floor)
          return best;
      }
  return best;
}

/** \brief The source edges moved along the first state value (the first joint). */
class ShiftedEdge
{
public:
  ShiftedEdge(const CollisionWorld &world, const Edge &edge) : world_(world), edge_(edge), ws_(world)
  {
    const Joint &first = *std::find_if(world.robot().joints().begin(), world.robot().joints().end(),
                                       [](const Joint &j) { return j.q_index == 0; });
    lower_ = first.type == JointType::Continuous ? -M_PI : first.lower;
    upper_ = first.type == JointType::Continuous ? M_PI : first.upper;
  }

  /** \brief The edge moved by \a phi, or nullopt when an endpoint leaves the joint's range or collides. */
  std::optional<Edge> at(double phi)
  {
    Edge moved = edge_;
    moved.q0[0] += phi;
    moved.q1[0] += phi;
    for (const double value : {moved.q0[0], moved.q1[0]})
      if (value < lower_ || value > upper_)
        return std::nullopt;
    if (isInCollision(world_, ws_, moved.q0) || isInCollision(world_, ws_, moved.q1))
      return std::nullopt;
    return moved;
  }

  /** \brief Whether the edge moved by \a phi comes closer than \a target to the scene
      (sceneDistance): 64 samples, then golden-section search around the closest, stopping at the
      first distance below \a target. For aiming only; the oracle verifies. */
  bool closerThan(double phi, double target)
  {
    Edge moved = edge_;
    moved.q0[0] += phi;
    moved.q1[0] += phi;
    const JointMotion motion(world_.robot(), moved.q0, moved.q1);
    double best = std::numeric_limits<double>::infinity();
    const auto distance = [&](double t) {
      updatePoses(world_, ws_, motion.stateAt(t));
      return sceneDistance(world_, ws_, target, best);
    };
    const int n = 64;
    double best_t = 0.0;
    for (int k = 0; k <= n; ++k)
      if (const double d = distance(static_cast<double>(k) / n); d < best)
      {
        best = d;
        best_t = static_cast<double>(k) / n;
        if (best < target)
          return true;
      }
    // Golden-section search of [a, b] ∋ best_t; c < d are its inner points.
    const double ratio = 0.5 * (std::sqrt(5.0) - 1.0);
    double a = std::max(0.0, best_t - 1.0 / n), b = std::min(1.0, best_t + 1.0 / n);
    double c = b - ratio * (b - a), d = a + ratio * (b - a);
    best = std::numeric_limits<double>::infinity();  // no pruning: both inner values are compared
    double fc = distance(c), fd = distance(d);
    for (int i = 0; i < 30 && std::min(fc, fd) >= target; ++i)
      if (fc < fd)
      {
        b = d;
        d = c;
        fd = fc;
        c = b - ratio * (b - a);
        fc = distance(c);
      }
      else
      {
        a = c;
        c = d;
        fc = fd;
        d = a + ratio * (b - a);
        fd = distance(d);
      }
    return std::min(fc, fd) < target;
  }

private:
  const CollisionWorld &world_;
  Edge edge_;
  CollisionWorkspace ws_;
  double lower_ = 0.0, upper_ = 0.0;
};

/** \brief φ between \a lo (closer than \a target) and \a hi (not closer) where the motion's
    distance to the scene crosses \a target, by bisection to 1e-8: the final (lo, hi). */
std::pair<double, double> crossing(ShiftedEdge &edge, double lo, double hi, double target)
{
  for (int i = 0; i < 40 && std::abs(hi - lo) > 1e-8; ++i)
  {
    const double mid = 0.5 * (lo + hi);
    (edge.closerThan(mid, target) ? lo : hi) = mid;
  }
  return {lo, hi};
}

/** \brief A shift whose motion stays farther than 2 mm from the scene, with valid endpoints and no
    sample t = k/100 in collision (so no self-collision either, which the shift leaves as it is),
    or nullopt. */
std::optional<double> clearShift(const CollisionWorld &world, ShiftedEdge &edge)
{
  CollisionWorkspace ws(world);
  for (const double magnitude : {0.01, 0.02, 0.05, 0.1, 0.2, 0.4})
    for (const double sign : {1.0, -1.0})
    {
      const std::optional<Edge> moved = edge.at(sign * magnitude);
      if (moved && !edge.closerThan(sign * magnitude, 2e-3) &&
          !firstSampledCollision(world, ws, JointMotion(world.robot(), moved->q0, moved->q1), 100))
        return sign * magnitude;
    }
  return std::nullopt;
}
}  // namespace

GrazingEdges grazingEdges(const CollisionWorld &world, std::size_t count, std::uint32_t seed)
{
  RandomEdgeOptions options;
  options.seed = seed;
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> log_target(std::log(2e-5), std::log(1e-3));
  CollisionWorkspace ws(world);
  GrazingEdges result;
  for (const Edge &source : sampledCollidingEdges(world, 20 * count, options))
  {
    if (result.missed_by_sampling.size() >= count && result.near_misses.size() >= count)
      break;
    ShiftedEdge edge(world, source);
    const std::optional<double> clear = clearShift(world, edge);
    if (!clear)
      continue;
    if (result.near_misses.size() < count)
    {
      const double target = std::exp(log_target(rng));
      const std::optional<Edge> near = edge.at(crossing(edge, 0.0, *clear, target).second);
      OracleOptions verify;
      verify.clearance = 0.5 * target;
      verify.step = 1e-7;
      if (near)
      {
        const OracleResult label = runOracle(world, ws, JointMotion(world.robot(), near->q0, near->q1), verify);
        if (label.verdict == OracleVerdict::CertifiedFree && label.min_distance_sampled <= 1e-3)
          result.near_misses.push_back(*near);
      }
    }
    if (result.missed_by_sampling.size() < count)
    {
      const double touch = crossing(edge, 0.0, *clear, 1e-6).first, inward = *clear > 0 ? -1.0 : 1.0;
      for (const double depth : {1e-3, 3e-4, 1e-4, 3e-5, 1e-5})
      {
        const std::optional<Edge> shallow = edge.at(touch + inward * depth);
        if (!shallow)
          continue;
        const JointMotion motion(world.robot(), shallow->q0, shallow->q1);
        if (!firstSampledCollision(world, ws, motion, 100) &&
            runOracle(world, ws, motion).verdict == OracleVerdict::Colliding)
        {
          result.missed_by_sampling.push_back(*shallow);
          break;
        }
      }
    }
  }
  return result;
}
}  // namespace ompl_ccd::test
