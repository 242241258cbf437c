#include "oracle.h"

#include <algorithm>
#include <cmath>
#include <fcl/geometry/bvh/BVH_model.h>
#include <fcl/geometry/shape/box.h>
#include <memory>
#include <limits>
#include <sstream>
#include <thread>

#include "ompl_ccd/geometry/pair_distance.h"

namespace ompl_ccd::test
{
namespace
{
/** \brief max ‖p_L‖ over the points p of one collision element, in the link frame L. Boxes and
    cylinders: the corners of their bounding box (a convex set's farthest point from the origin is
    an extreme point, and the box contains the shape); spheres: centre distance + radius. */
double geometryRadius(const LinkGeometry &geometry)
{
  const CollisionShape &shape = geometry.shape;
  const Eigen::Isometry3d &X_LG = geometry.X_LG;
  double radius = 0.0;
  auto corners = [&](const Eigen::Vector3d &half) {
    for (int i = 0; i < 8; ++i)
    {
      const Eigen::Vector3d p_G(i & 1 ? half.x() : -half.x(), i & 2 ? half.y() : -half.y(),
                                i & 4 ? half.z() : -half.z());
      radius = std::max(radius, (X_LG * p_G).norm());
    }
  };
  switch (shape.kind)
  {
    case CollisionShape::Kind::Mesh:
      for (const Eigen::Vector3d &p_G : shape.mesh->vertices)
        radius = std::max(radius, (X_LG * p_G).norm());
      break;
    case CollisionShape::Kind::Box:
      corners(shape.box_size / 2.0);
      break;
    case CollisionShape::Kind::Cylinder:
      corners(Eigen::Vector3d(shape.radius, shape.radius, shape.length / 2.0));
      break;
    case CollisionShape::Kind::Sphere:
      radius = X_LG.translation().norm() + shape.radius;
      break;
  }
  return radius;
}

/** \brief Speed contribution of each joint above each link: contributions[L] lists (joint index,
    bound on the speed that joint gives any point of L), root-most joint last. See linkSpeedBounds. */
std::vector<std::vector<std::pair<int, double>>> jointContributions(const RobotModel &model,
                                                                    const JointMotion &motion)
{
  const std::vector<Link> &links = model.links();
  const std::vector<Joint> &joints = model.joints();
  std::vector<std::vector<std::pair<int, double>>> contributions(links.size());
  for (std::size_t l = 0; l < links.size(); ++l)
  {
    double rho = 0.0;  // bound on ‖p − origin of the current frame‖ for p on link l
    for (const LinkGeometry &geometry : links[l].geometries)
      rho = std::max(rho, geometryRadius(geometry));
    for (int c = static_cast<int>(l); links[c].parent_joint >= 0; c = links[c].parent_link)
    {
      const int j = links[c].parent_joint;
      const Joint &joint = joints[j];
      const double delta = std::abs(motion.jointDelta(j));
      switch (joint.type)
      {
        case JointType::Revolute:
        case JointType::Continuous:
          contributions[l].emplace_back(j, delta * rho);  // ‖δ a × (p − o)‖ ≤ |δ| ‖p − o‖
          break;
        case JointType::Prismatic:
        {
          contributions[l].emplace_back(j, delta);
          // the child origin slides by the joint value: |value| ≤ max(|start|, |start + δ|)
          const double a = motion.jointStart(j);
          rho += std::max(std::abs(a), std::abs(a + motion.jointDelta(j)));
          break;
        }
        case JointType::Floating:
          contributions[l].emplace_back(
              j, motion.rootPositionDelta().norm() + std::abs(motion.rootRotationAngle()) * rho);
          break;
      }
      rho += joint.X_PJ.translation().norm();  // from the child origin to the parent's origin
      if (links[c].parent_link < 0)
        break;
    }
  }
  return contributions;
}

/** \brief min over s ∈ [0, Δ] of max(m₀ − r s, m₁ − r (Δ − s)) with \a r_dt = r Δ: the proven
    lower bound on the margin between two samples with margins m₀, m₁. */
double intervalMarginLowerBound(double m0, double m1, double r_dt)
{
  // The two lines cross at s* = (m₀ − m₁ + rΔ) / 2r; outside [0, Δ] one line dominates.
  if (m0 - m1 + r_dt <= 0.0)
    return m1 - r_dt;  // s* ≤ 0: the rising line is above everywhere; its minimum is at s = 0
  if (m0 - m1 - r_dt >= 0.0)
    return m0 - r_dt;  // s* ≥ Δ: the falling line is above everywhere; its minimum is at s = Δ
  return (m0 + m1 - r_dt) / 2.0;
}

/** \brief Rate of change of the distance of links \a a and \a b (a ≠ b) given their joints'
    contributions: joints above both move the pair rigidly and are skipped. */
double relativeRate(const std::vector<std::pair<int, double>> &a, const std::vector<std::pair<int, double>> &b)
{
  auto shared = [](int joint, const std::vector<std::pair<int, double>> &other) {
    return std::any_of(other.begin(), other.end(), [&](const auto &entry) { return entry.first == joint; });
  };
  double rate = 0.0;
  for (const auto &[joint, contribution] : a)
    if (!shared(joint, b))
      rate += contribution;
  for (const auto &[joint, contribution] : b)
    if (!shared(joint, a))
      rate += contribution;
  return rate;
}

/** \brief The geometry a cheap distance lower bound uses for one FCL object: for a mesh, the box
    of its BVH's root OBB (the mesh lies inside it), placed in the object's frame; for a
    primitive, the primitive itself (then the bound is the objects' own). */
struct BoundingShape
{
  std::shared_ptr<fcl::CollisionGeometryd> geometry;
  /** \brief Pose of the box in the object's frame (identity for a primitive). */
  Eigen::Isometry3d X_OB = Eigen::Isometry3d::Identity();
  bool is_primitive = false;
};

BoundingShape boundingShape(const fcl::CollisionObjectd &object)
{
  BoundingShape shape;
  const auto *mesh = dynamic_cast<const fcl::BVHModel<fcl::OBBRSSd> *>(object.collisionGeometry().get());
  if (!mesh)
  {
    shape.geometry = std::const_pointer_cast<fcl::CollisionGeometryd>(object.collisionGeometry());
    shape.is_primitive = true;
    return shape;
  }
  const fcl::OBBd &obb = mesh->getBV(0).bv.obb;
  shape.geometry = std::make_shared<fcl::Boxd>(2.0 * obb.extent);
  shape.X_OB.linear() = obb.axis;
  shape.X_OB.translation() = obb.To;
  return shape;
}

/** \brief One checked pair of FCL objects (robot geometry vs obstacle or robot geometry), the
    bound on the rate of change of its distance, and a lower bound on its distance at the current
    sample, of increasing cost and tightness: level 0 the distance of the objects' AABBs, level 1
    that of their bounding shapes, level 2 that of the objects themselves (pairDistanceLowerBound). */
struct PairBound
{
  const fcl::CollisionObjectd *a = nullptr, *b = nullptr;
  double rate = 0.0;
  int shape_a = 0, shape_b = 0;  ///< indices into the walk's bounding shapes
  double lower = 0.0;
  int level = 0;
};

/** \brief One motion's walk: the checked pairs, the samples and the counters. */
class OracleWalk
{
public:
  OracleWalk(const CollisionWorld &world, CollisionWorkspace &ws, const JointMotion &motion,
             const OracleOptions &options)
    : world_(world), ws_(ws), motion_(motion), options_(options)
  {
    const RobotModel &model = world.robot();
    const auto contributions = jointContributions(model, motion);
    const std::vector<double> speeds = linkSpeedBounds(model, motion);
    auto shapeIndex = [&](const fcl::CollisionObjectd &object) {
      shapes_.push_back(boundingShape(object));
      return static_cast<int>(shapes_.size()) - 1;
    };
    std::vector<int> obstacle_shapes;
    for (std::size_t i = 0; i < world.scene().obstacles().size(); ++i)
      obstacle_shapes.push_back(shapeIndex(world.scene().object(static_cast<int>(i))));
    std::vector<std::vector<int>> link_shapes(ws.objects.size());
    for (std::size_t l = 0; l < ws.objects.size(); ++l)
      for (const auto &object : ws.objects[l])
        link_shapes[l].push_back(shapeIndex(*object));
    for (int l : world.collidingLinks())
      for (std::size_t g = 0; g < ws.objects[l].size(); ++g)
        for (std::size_t i = 0; i < obstacle_shapes.size(); ++i)
          pairs_.push_back({ws.objects[l][g].get(), &world.scene().object(static_cast<int>(i)), speeds[l],
                            link_shapes[l][g], obstacle_shapes[i]});
    for (const auto &[a, b] : world.selfPairs())
    {
      const double rate = relativeRate(contributions[a], contributions[b]);
      for (std::size_t g = 0; g < ws.objects[a].size(); ++g)
        for (std::size_t h = 0; h < ws.objects[b].size(); ++h)
          pairs_.push_back({ws.objects[a][g].get(), ws.objects[b][h].get(), rate, link_shapes[a][g], link_shapes[b][h]});
    }
    result.min_distance_sampled = std::numeric_limits<double>::infinity();
  }

  /** \brief Poses the robot at t, sets every pair's AABB lower bound; true iff it violates
      (isInCollision, or with a clearance a pair whose distance is below it). */
  bool sample(double t)
  {
    motion_.stateAt(t, q_);
    ++result.collision_queries;
    bool violating = isInCollision(world_, ws_, q_);  // also poses every link object at q
    for (PairBound &pair : pairs_)
    {
      pair.lower = pair.a->getAABB().distance(pair.b->getAABB());
      pair.level = 0;
    }
    if (options_.clearance > 0.0)
      for (PairBound &pair : pairs_)
      {
        while (pair.level < 2 && pair.lower < options_.clearance)
          tighten(pair);
        violating = violating || pair.lower < options_.clearance;
      }
    return violating;
  }

  /** \brief Raises \a pair's bound one level at the current sample (pairDistanceLowerBound; level
      2 within the factor 1 + distance_rel_err of the distance). */
  void tighten(PairBound &pair)
  {
    const BoundingShape &a = shapes_[pair.shape_a], &b = shapes_[pair.shape_b];
    if (pair.level == 0 && !(a.is_primitive && b.is_primitive))
    {
      const fcl::CollisionObjectd box_a(a.geometry, pair.a->getTransform() * a.X_OB),
          box_b(b.geometry, pair.b->getTransform() * b.X_OB);
      pair.lower = std::max(pair.lower, pairDistanceLowerBound(box_a, box_b));
      pair.level = 1;
      return;
    }
    NearestPoints nearest;
    pair.lower = pairDistanceLowerBound(*pair.a, *pair.b, &nearest, options_.distance_rel_err);
    pair.level = 2;
    ++result.distance_queries;
    // the nearest points are points of the objects: their distance bounds the pair's from above
    result.min_distance_sampled =
        std::min(result.min_distance_sampled, pair.lower > 0.0 ? (nearest.p_WB - nearest.p_WA).norm() : 0.0);
  }

  /** \brief Margin of a pair: lower bound on its distance − clearance − the allowed distance error. */
  double margin(const PairBound &pair) const
  {
    return pair.lower - options_.clearance - options_.distance_error;
  }

  /** \brief The CA step at the current sample, min over pairs of margin/rate ([t, t + it) is
      certified), after tightening the limiting pair until its bound is the objects' distance. Keeps
      every pair's margin as the interval start of the next step. */
  double caStep()
  {
    for (;;)
    {
      PairBound *limiting = nullptr;
      double step = std::numeric_limits<double>::infinity();
      for (PairBound &pair : pairs_)
      {
        const double m = std::max(margin(pair), 0.0);
        const double s = pair.rate > 0.0 ? m / pair.rate : (m > 0.0 ? std::numeric_limits<double>::infinity() : 0.0);
        if (s < step)
        {
          step = s;
          limiting = &pair;
        }
      }
      if (!limiting || limiting->level == 2)
      {
        start_margins_.resize(pairs_.size());
        for (std::size_t p = 0; p < pairs_.size(); ++p)
          start_margins_[p] = margin(pairs_[p]);
        return step;
      }
      tighten(*limiting);
    }
  }

  /** \brief After sample(t₁): proven lower bound on the margin over [t₀, t₁] (t₁ − t₀ = \a dt)
      for every pair, tightening bounds at t₁ where they are not enough; stops at the first pair
      that fails (returns a value ≤ 0). */
  double intervalLowerBound(double dt)
  {
    double lowest = std::numeric_limits<double>::infinity();
    for (std::size_t p = 0; p < pairs_.size(); ++p)
    {
      PairBound &pair = pairs_[p];
      double lower = intervalMarginLowerBound(start_margins_[p], margin(pair), pair.rate * dt);
      while (lower <= 0.0 && pair.level < 2)
      {
        tighten(pair);
        lower = intervalMarginLowerBound(start_margins_[p], margin(pair), pair.rate * dt);
      }
      lowest = std::min(lowest, lower);
      if (lowest <= 0.0)
        break;
    }
    return lowest;
  }

  /** \brief Bisects [lo, hi] (lo free, hi violating) down to bracket_width; sets the bracket and
      the witness. */
  void bisect(double lo, double hi)
  {
    while (hi - lo > options_.bracket_width)
    {
      const double mid = 0.5 * (lo + hi);
      (sample(mid) ? hi : lo) = mid;
    }
    result.verdict = OracleVerdict::Colliding;
    if (options_.clearance == 0.0)
      result.min_distance_sampled = 0.0;
    result.toc_lo = lo;
    result.toc_hi = hi;
    Contact witness;
    motion_.stateAt(hi, q_);
    if (options_.clearance > 0.0)
      minimumDistance(world_, ws_, q_, &witness);
    else
      isInCollision(world_, ws_, q_, &witness);
    witness.time = hi;
    result.witness = witness;
  }

  std::size_t queries() const { return result.collision_queries + result.distance_queries; }

  OracleResult result;

private:
  const CollisionWorld &world_;
  CollisionWorkspace &ws_;
  const JointMotion &motion_;
  const OracleOptions &options_;
  std::vector<BoundingShape> shapes_;
  std::vector<PairBound> pairs_;
  /** \brief Every pair's margin at the start of the step being tried. */
  std::vector<double> start_margins_;
  Eigen::VectorXd q_;
};
}  // namespace

std::vector<double> linkSpeedBounds(const RobotModel &model, const JointMotion &motion)
{
  std::vector<double> speeds;
  for (const auto &link_contributions : jointContributions(model, motion))
  {
    double speed = 0.0;
    for (const auto &[joint, contribution] : link_contributions)
      speed += contribution;
    speeds.push_back(speed);
  }
  return speeds;
}

double distanceRateBound(const CollisionWorld &world, const JointMotion &motion)
{
  const auto contributions = jointContributions(world.robot(), motion);
  const std::vector<double> speeds = linkSpeedBounds(world.robot(), motion);
  double rate = 0.0;
  if (!world.scene().obstacles().empty())
    for (int l : world.collidingLinks())
      rate = std::max(rate, speeds[l]);
  // Joints above both links of a self pair move the pair rigidly: relativeRate skips them.
  for (const auto &[a, b] : world.selfPairs())
    rate = std::max(rate, relativeRate(contributions[a], contributions[b]));
  return rate;
}

const char *toString(OracleVerdict verdict)
{
  switch (verdict)
  {
    case OracleVerdict::Colliding:
      return "colliding";
    case OracleVerdict::CertifiedFree:
      return "certified-free";
    case OracleVerdict::Unresolved:
      return "unresolved";
  }
  return "?";
}

OracleResult runOracle(const CollisionWorld &world, CollisionWorkspace &ws, const JointMotion &motion,
                       const OracleOptions &options)
{
  OracleWalk walk(world, ws, motion, options);
  OracleResult &result = walk.result;
  const double h = options.step;
  result.rate = distanceRateBound(world, motion);
  result.certified_until = 0.0;
  result.min_distance_certified = std::numeric_limits<double>::infinity();

  double t = 0.0;
  if (walk.sample(t))
  {
    walk.bisect(0.0, 0.0);
    result.min_distance_certified = 0.0;
    return result;
  }
  bool certified = true;  // [0, t] certified so far
  while (t < 1.0)
  {
    if (walk.queries() >= options.max_queries)
    {
      certified = false;
      break;
    }
    // [t, t + ca) is certified by the margins at t alone; try almost twice as far, as the
    // margins at the far end add to the bound.
    const double ca = walk.caStep();
    const double safe = std::max(h, 0.99 * ca);
    double dt = std::min(std::max(h, 1.9 * ca), 1.0 - t);
    for (;;)
    {
      const double t1 = std::min(1.0, t + dt);
      if (walk.sample(t1))
      {
        if (dt > safe)
        {
          dt = std::min(safe, 1.0 - t);  // retry with a step whose interior is certified
          continue;
        }
        if (certified)
          result.certified_until = std::min(t + 0.99 * ca, t1);
        walk.bisect(t, t1);
        return result;
      }
      const double lower = walk.intervalLowerBound(t1 - t);
      if (lower <= 0.0 && dt > safe)
      {
        dt = std::min(safe, 1.0 - t);
        continue;
      }
      if (lower > 0.0 && certified)
      {
        result.certified_until = t1;
        result.min_distance_certified =
            std::min(result.min_distance_certified, lower + options.clearance + options.distance_error);
      }
      else
        certified = false;  // a dense-sampling step of length h: sampled, not proved
      t = t1;
      break;
    }
  }
  walk.caStep();  // exact distance of the closest pair at t = 1, for min_distance_sampled
  result.verdict = certified ? OracleVerdict::CertifiedFree : OracleVerdict::Unresolved;
  if (!certified)
    result.min_distance_certified = std::min(result.min_distance_certified, 0.0);
  return result;
}

std::vector<OracleResult> labelEdges(const CollisionWorld &world, const std::vector<Edge> &edges,
                                     const OracleOptions &options, int threads)
{
  std::vector<OracleResult> results(edges.size());
  auto work = [&](int worker) {
    CollisionWorkspace ws(world);
    for (std::size_t i = worker; i < edges.size(); i += threads)
    {
      const JointMotion motion(world.robot(), edges[i].q0, edges[i].q1);
      results[i] = runOracle(world, ws, motion, options);
    }
  };
  std::vector<std::thread> pool;
  for (int worker = 1; worker < threads; ++worker)
    pool.emplace_back(work, worker);
  work(0);
  for (std::thread &thread : pool)
    thread.join();
  return results;
}

Classification classify(const Report &report, const OracleResult &oracle, double tolerance)
{
  Classification c;
  const bool oracle_colliding = oracle.verdict == OracleVerdict::Colliding;
  c.false_free = report.verdict == Verdict::Free && oracle_colliding;
  c.toc_lower_past_contact = oracle_colliding && report.toc_lower > oracle.toc_hi;
  if (report.verdict == Verdict::Collision)
  {
    c.false_collision = oracle.verdict == OracleVerdict::CertifiedFree;
    c.false_collision_beyond_tolerance = c.false_collision && oracle.min_distance_certified > tolerance;
    c.toc_upper_before_free = report.toc_upper < oracle.certified_until;
    if (oracle_colliding)
    {
      c.toc_error = std::abs(report.toc_lower - oracle.toc_lo);
      c.toc_within_tolerance = *c.toc_error <= tolerance + (oracle.toc_hi - oracle.toc_lo);
    }
  }
  return c;
}

void SoundnessTally::add(const Report &report, const OracleResult &oracle, const Classification &c)
{
  ++edges;
  oracle_colliding += oracle.verdict == OracleVerdict::Colliding;
  oracle_free += oracle.verdict == OracleVerdict::CertifiedFree;
  oracle_unresolved += oracle.verdict == OracleVerdict::Unresolved;
  report_free += report.verdict == Verdict::Free;
  report_collision += report.verdict == Verdict::Collision;
  report_undecided += report.verdict == Verdict::Undecided;
  false_free += c.false_free;
  toc_lower_past_contact += c.toc_lower_past_contact;
  false_collision += c.false_collision;
  false_collision_beyond_tolerance += c.false_collision_beyond_tolerance;
  toc_upper_before_free += c.toc_upper_before_free;
  if (c.toc_error)
  {
    ++toc_compared;
    toc_within_tolerance += c.toc_within_tolerance;
    max_toc_error = std::max(max_toc_error, *c.toc_error);
    sum_toc_error += *c.toc_error;
  }
}

std::string SoundnessTally::summary() const
{
  std::ostringstream out;
  out << "edges " << edges << " (oracle: colliding " << oracle_colliding << ", certified-free " << oracle_free
      << ", unresolved " << oracle_unresolved << "; report: free " << report_free << ", collision "
      << report_collision << ", undecided " << report_undecided << ")\n"
      << "false free " << false_free << ", toc_lower past contact " << toc_lower_past_contact << "\n"
      << "false collision " << false_collision << " (beyond tolerance " << false_collision_beyond_tolerance
      << "), toc_upper before proven-free prefix " << toc_upper_before_free << "\n"
      << "conservative rate (Collision on oracle-certified-free edges) "
      << static_cast<double>(false_collision) / std::max<std::size_t>(1, oracle_free) << "\n"
      << "toc compared " << toc_compared << ", within tolerance " << toc_within_tolerance << ", max error "
      << max_toc_error << ", mean error " << (toc_compared ? sum_toc_error / toc_compared : 0.0) << "\n";
  return out.str();
}
}  // namespace ompl_ccd::test
