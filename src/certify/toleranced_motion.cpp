#include "ompl_ccd/certify/toleranced_motion.h"

#include <algorithm>
#include <boost/asio/post.hpp>
#include <boost/asio/thread_pool.hpp>
#include <cmath>
#include <optional>
#include <utility>

#include "ompl_ccd/bound/bounding_ball.h"
#include "ompl_ccd/certify/fat_primitive_tests.h"
#include "ompl_ccd/certify/potentially_colliding_pairs.h"
#include "ompl_ccd/error.h"
#include "ompl_ccd/geometry/collision_queries.h"
#include "ompl_ccd/geometry/shape_triangulation.h"
#include "ompl_ccd/geometry/triangle_bvh.h"
#include "ompl_ccd/model/kinematics.h"
#include "ompl_ccd/numeric.h"

namespace ompl_ccd
{
/// Ball of a tree node of a moving part: it contains the node's box; rho_max bounds ϱ on it.
struct NodeBall
{
  Eigen::Vector3d centre;
  double radius = 0.0;
  double rho_max = 1.0;
};

/// One collision element (a link geometry or an obstacle) as triangles in its body's frame.
struct TolerancedMotion::Part
{
  std::string name;
  std::vector<std::array<Eigen::Vector3d, 3>> triangles;
  /// Box of each triangle (fixed side: a cheap reject before the zero-position transform).
  std::vector<Eigen::AlignedBox3d> boxes;
  TriangleBvh bvh;
  ShapeTriangles shape;
  /// Moving parts (links) only: per-triangle orbit data and per-node balls in the link's metric.
  std::vector<FatTriangle> fat;
  std::vector<NodeBall> balls;
};

/// A link (moving, with a metric) or an obstacle (fixed, in the world frame).
struct TolerancedMotion::Body
{
  std::vector<Part> parts;
  std::optional<AffineMetric> metric;
  Eigen::AlignedBox3d box;
  /// Links: ball about the box centre containing every part, and max ϱ over it.
  Eigen::Vector3d centre = Eigen::Vector3d::Zero();
  double radius = 0.0;
  double rho_max = 1.0;
};

/// A checked pair: link \e moving against obstacle \e fixed (scene) or link \e fixed (self, in
/// the fixed link's frame).
struct TolerancedMotion::CheckedPair
{
  int moving = -1;
  int fixed = -1;
  bool self = false;
};

/// Mutable state of the interval tests of one worker.
struct TolerancedMotion::Scratch
{
  explicit Scratch(const RobotModel &model) : kinematics(model) {}
  KinematicsWorkspace kinematics;
  std::vector<TaylorPose> poses;
  Eigen::VectorXd q;
  /// Per link: radius of the ball of the current interval (−1: not computed yet).
  std::vector<double> link_radius;
  /// Counters of the inner loops (added to stats by takeCounters()).
  double node_tests = 0.0, triangle_tests = 0.0;
  Stats stats;
  /// The counters since the last call, inner loops included; restarts them from zero.
  Stats takeCounters()
  {
    Stats all = std::move(stats);
    stats.clear();
    all["node_tests"] += std::exchange(node_tests, 0.0);
    all["triangle_tests"] += std::exchange(triangle_tests, 0.0);
    return all;
  }
};

/// Everything a thread needs to work on a search: the caller's workspace, and each pool thread's.
struct TolerancedMotion::Worker : CertifierWorkspace
{
  explicit Worker(const CollisionWorld &world) : scratch(world.robot()), collision(world) {}
  Scratch scratch;
  /// Discrete checks confirming remaining intervals.
  CollisionWorkspace collision;
};

/// One search of Listing 1: its settings and the queue its workers share. Helpers hold it by
/// shared_ptr, since one may start after the search is over (it then finds the queue closed and
/// touches nothing else).
struct TolerancedMotion::Search
{
  Search(const JointMotion &motion, double clearance, double epsilon, bool confirm, Subinterval root,
         bool stop_at_violation, std::size_t max_remaining)
    : motion(motion)
    , clearance(clearance)
    , epsilon(epsilon)
    , confirm(confirm)
    , queue(std::move(root), stop_at_violation, max_remaining)
  {
  }
  const JointMotion &motion;
  double clearance, epsilon;
  /// Check each remaining interval's ends and midpoint with the discrete check.
  bool confirm;
  SubintervalQueue queue;
};

namespace
{
/// Smallest ε (metres) that FirstContact narrowing shrinks to before it stops: a nanometre, far
/// below any tolerance a query sets (kPadAbs scale).
constexpr double kMinNarrowingEpsilon = 1e-9;

/// max ϱ over an axis-aligned box: ϱ² is convex, so at a corner.
double maxDistortion(const AffineMetric &metric, const Eigen::AlignedBox3d &box)
{
  double m = 0.0;
  for (int k = 0; k < 8; ++k)
    m = std::max(m, metric.distortionSquared(box.corner(static_cast<Eigen::AlignedBox3d::CornerType>(k))));
  return std::sqrt(m);
}

/// Is the ball (c, r) maybe touching the box? (Squared distance with a relative margin.)
bool ballMayTouchBox(const Eigen::Vector3d &c, double r, const Eigen::AlignedBox3d &box)
{
  const double d_sq = box.squaredExteriorDistance(c);
  return !(d_sq > r * r * (1.0 + numeric::kPadRel) + numeric::kPadAbs * numeric::kPadAbs);  // NaN: maybe touching
}

void bump(Stats &stats, const char *key, double by = 1.0) { stats[key] += by; }
}  // namespace

TolerancedMotion::TolerancedMotion(CollisionWorldPtr world, const TolerancedMotionOptions &options)
  : world_(std::move(world)), options_(options)
{
  OMPL_CCD_THROW_UNLESS(world_ != nullptr, "TolerancedMotion: the collision world is null; pass a CollisionWorld.");
  OMPL_CCD_THROW_UNLESS(options_.max_depth >= 1 && options_.max_depth <= 60, "TolerancedMotion: max_depth ",
                        options_.max_depth, " is outside [1, 60]; pass e.g. 24.");
  OMPL_CCD_THROW_UNLESS(options_.threads >= 1 && options_.threads <= TolerancedMotionOptions::kMaxThreads,
                        "TolerancedMotion: threads must be in [1, ", TolerancedMotionOptions::kMaxThreads, "] (",
                        options_.threads, "); pass 1 or up to the number of cores.");
  OMPL_CCD_THROW_UNLESS(options_.cylinder_sides >= 3, "TolerancedMotion: cylinder_sides must be >= 3 (",
                        options_.cylinder_sides, "); pass e.g. 16.");
  OMPL_CCD_THROW_UNLESS(options_.node_growth_limit > 0.0, "TolerancedMotion: node_growth_limit must be > 0 (",
                        options_.node_growth_limit, "); pass e.g. 0.25.");
  OMPL_CCD_THROW_UNLESS(options_.max_remaining >= 1, "TolerancedMotion: max_remaining must be >= 1 (",
                        options_.max_remaining, "); pass e.g. 64.");
  const RobotModel &robot = world_->robot();
  const Scene &scene = world_->scene();
  double extent = 0.0;

  const auto make_part = [&](const std::string &name, const CollisionShape &shape, const Eigen::Isometry3d &X) {
    Part part;
    part.name = name;
    part.shape = triangulateShape(shape, X, options_.cylinder_sides);
    for (const Eigen::Vector3i &t : part.shape.triangles)
    {
      part.triangles.push_back({part.shape.vertices[t[0]], part.shape.vertices[t[1]], part.shape.vertices[t[2]]});
      Eigen::AlignedBox3d box;
      for (const Eigen::Vector3d &p : part.triangles.back())
        box.extend(p);
      part.boxes.push_back(box);
    }
    part.bvh = TriangleBvh(part.triangles);
    for (const Eigen::Vector3d &p : part.shape.vertices)
      extent = std::max(extent, p.norm());
    return part;
  };

  links_.resize(robot.links().size());
  for (int l : world_->collidingLinks())
  {
    auto body = std::make_unique<Body>();
    std::vector<Eigen::Vector3d> vertices;
    for (const LinkGeometry &geometry : robot.links()[l].geometries)
    {
      body->parts.push_back(make_part(geometry.urdf_link, geometry.shape, geometry.X_LG));
      const Part &part = body->parts.back();
      vertices.insert(vertices.end(), part.shape.vertices.begin(), part.shape.vertices.end());
      body->box.extend(part.bvh.nodes()[0].box);
    }
    // Mass distribution of the link (Sec. 2), then the orbit data of its triangles and nodes.
    body->metric = AffineMetric::fromVertices(vertices, options_.mass_distribution);
    body->centre = body->box.center();
    body->radius = 0.5 * body->box.diagonal().norm();
    body->rho_max = maxDistortion(*body->metric, body->box);
    for (Part &part : body->parts)
    {
      for (const auto &t : part.triangles)
        part.fat.emplace_back(*body->metric, t[0], t[1], t[2]);
      for (const TriangleBvh::Node &node : part.bvh.nodes())
        part.balls.push_back({node.box.center(), 0.5 * node.box.diagonal().norm(), maxDistortion(*body->metric, node.box)});
    }
    links_[l] = std::move(body);
  }
  for (std::size_t o = 0; o < scene.obstacles().size(); ++o)
  {
    const Obstacle &obstacle = scene.obstacles()[o];
    auto body = std::make_unique<Body>();
    body->parts.push_back(make_part(obstacle.name, obstacle.shape, obstacle.X_WG));
    body->box = body->parts.back().bvh.nodes()[0].box;
    obstacles_.push_back(std::move(body));
  }
  for (int l : world_->collidingLinks())
    for (std::size_t o = 0; o < obstacles_.size(); ++o)
      pairs_.push_back({l, static_cast<int>(o), false});
  for (const auto &[a, b] : world_->selfPairs())
    pairs_.push_back({b, a, true});
  bodies_ = collisionBodies(*world_);
  self_body_pairs_ = selfBodyPairs(*world_, bodies_);
  for (const BodyRef &body : bodies_)
    body_boxes_.push_back(localBox(robot.links()[body.link].geometries[body.geometry]));
  // Poses and zero-position transforms are rounded at ~1e-16 of the coordinates; kPadRel of the
  // extent (plus the joint offsets) leaves a wide margin.
  for (const Joint &joint : robot.joints())
    extent += joint.X_PJ.translation().norm() + std::max(std::fabs(joint.lower), std::fabs(joint.upper));
  margin_ = numeric::kPadRel * (1.0 + extent);
  // The calling thread works too: threads − 1 helpers.
  if (options_.threads > 1)
    pool_ = std::make_unique<boost::asio::thread_pool>(options_.threads - 1);
}

TolerancedMotion::~TolerancedMotion()
{
  if (pool_)
    pool_->join();
}

const AffineMetric &TolerancedMotion::linkMetric(int link) const { return *links_.at(link)->metric; }

std::unique_ptr<CertifierWorkspace> TolerancedMotion::makeWorkspace() const
{
  return std::make_unique<Worker>(*world_);
}

bool TolerancedMotion::partsMayCollide(Scratch &scratch, const AffineMetric &metric, const Part &moving,
                                       const Eigen::Isometry3d &g, double R, const Part &fixed) const
{
  // A part inside a solid touches it without any surface contact; then every point of the inner
  // part is inside, in particular its first vertex. Solids are convex: a face plane farther than
  // the orbit's reach separates.
  if (fixed.shape.solid)
  {
    const Eigen::Vector3d &v = moving.shape.vertices[0];
    const Eigen::Vector3d gv = g * v;
    const double r = R * metric.distortion(v) * (1.0 + numeric::kPadRel);
    bool separated = false;
    for (std::size_t i = 0; i < fixed.shape.plane_normals.size() && !separated; ++i)
      separated = fixed.shape.plane_normals[i].dot(gv) - fixed.shape.plane_offsets[i] > r;
    if (!separated)
      return true;
  }
  const Eigen::Matrix3d G_inv = g.linear().transpose();
  const Eigen::Vector3d g_t = g.translation();
  if (moving.shape.solid)
  {
    // The fixed part's first vertex in the zero position, against the moving solid grown by the
    // largest vertex orbit radius R·max ϱ.
    const Eigen::Vector3d y = G_inv * (fixed.shape.vertices[0] - g_t);
    const double r = R * moving.balls[0].rho_max * (1.0 + numeric::kPadRel);
    bool separated = false;
    for (std::size_t i = 0; i < moving.shape.plane_normals.size() && !separated; ++i)
      separated = moving.shape.plane_normals[i].dot(y) - moving.shape.plane_offsets[i] > r;
    if (!separated)
      return true;
  }
  // Simultaneous descent of both trees; a moving node's orbit lies in the ball about g(centre) of
  // radius (node radius + R max ϱ) because g is rigid and every orbit point is within R ϱ(x) of g(x).
  const auto &mn = moving.bvh.nodes();
  const auto &fn = fixed.bvh.nodes();
  std::vector<std::pair<int, int>> stack = {{0, 0}};
  while (!stack.empty())
  {
    const auto [m, f] = stack.back();
    stack.pop_back();
    ++scratch.node_tests;
    const NodeBall &ball = moving.balls[m];
    if (!ballMayTouchBox(g * ball.centre, ball.radius + R * ball.rho_max, fn[f].box))
      continue;
    if (!mn[m].leaf() && R * ball.rho_max > options_.node_growth_limit * ball.radius)
      return true;
    if (mn[m].leaf() && fn[f].leaf())
    {
      for (int i = mn[m].first; i < mn[m].first + mn[m].count; ++i)
      {
        const FatTriangle &P = moving.fat[moving.bvh.order()[i]];
        // The triangle's orbit lies in the ball about g(centroid) of radius extent + R max ϱ.
        const Eigen::Vector3d centre = g * P.centre;
        const double reach = P.extent + R * P.rho_max;
        for (int j = fn[f].first; j < fn[f].first + fn[f].count; ++j)
        {
          const int k = fixed.bvh.order()[j];
          if (!ballMayTouchBox(centre, reach, fixed.boxes[k]))
            continue;
          const auto &T = fixed.triangles[k];
          // The fixed triangle in the moving link's zero position, g⁻¹(F) (Listing 2).
          const FixedTriangle F = {G_inv * (T[0] - g_t), G_inv * (T[1] - g_t), G_inv * (T[2] - g_t)};
          ++scratch.triangle_tests;
          if (fatTriangleHitsTriangle(P, R, F))
            return true;
        }
      }
      continue;
    }
    const bool split_moving =
        !mn[m].leaf() && (fn[f].leaf() || ball.radius >= 0.5 * fn[f].box.diagonal().norm());
    if (split_moving)
    {
      stack.emplace_back(mn[m].right, f);
      stack.emplace_back(mn[m].left, f);
    }
    else
    {
      stack.emplace_back(m, fn[f].right);
      stack.emplace_back(m, fn[f].left);
    }
  }
  return false;
}

bool TolerancedMotion::bodiesMayCollide(Scratch &scratch, const Body &moving, const Eigen::Isometry3d &g, double R,
                                        const Body &fixed) const
{
  // Link-level culling: the whole link's orbit against the other body's box.
  if (!ballMayTouchBox(g * moving.centre, moving.radius + R * moving.rho_max, fixed.box))
    return false;
  for (const Part &pm : moving.parts)
  {
    const NodeBall &root = pm.balls[0];
    for (const Part &pf : fixed.parts)
    {
      if (!ballMayTouchBox(g * root.centre, root.radius + R * root.rho_max, pf.bvh.nodes()[0].box))
        continue;
      if (partsMayCollide(scratch, *moving.metric, pm, g, R, pf))
        return true;
    }
  }
  return false;
}

bool TolerancedMotion::intervalMayCollide(Scratch &scratch, const JointMotion &motion, double t0, double t1,
                                          double clearance, std::vector<int> &pairs, double &reach) const
{
  bump(scratch.stats, "intervals");
  const RobotModel &robot = world_->robot();
  // Enclosures of every link pose over [t0, t1] and the rigid centres at the midpoint.
  linkTaylorPoses(motion, TaylorDomain(t0, t1), scratch.poses);
  motion.stateAt(0.5 * (t0 + t1), scratch.q);
  forwardKinematics(robot, scratch.kinematics, scratch.q);
  const auto &X_WL = scratch.kinematics.X_WL;
  scratch.link_radius.assign(robot.links().size(), -1.0);
  reach = 0.0;
  std::vector<int> kept;
  for (int index : pairs)
  {
    const CheckedPair &pair = pairs_[index];
    const Body &moving = *links_[pair.moving];
    Eigen::Isometry3d g;
    double R = 0.0;
    if (!pair.self)
    {
      g = X_WL[pair.moving];
      double &cached = scratch.link_radius[pair.moving];
      if (cached < 0.0)
        cached = enclosingRadius(*moving.metric, scratch.poses[pair.moving], g);
      R = cached;
    }
    else
    {
      // Relative motion of the moving link in the fixed link's frame.
      g = X_WL[pair.fixed].inverse() * X_WL[pair.moving];
      R = enclosingRadius(*moving.metric, relativePose(scratch.poses[pair.fixed], scratch.poses[pair.moving]), g);
    }
    const Body &fixed = pair.self ? *links_[pair.fixed] : *obstacles_[pair.fixed];
    if (!bodiesMayCollide(scratch, moving, g, paddedRadius(R, clearance, margin_), fixed))
      continue;
    kept.push_back(index);
    // R · max ϱ over the link, [SchroeckerWeber] Eq. (11).
    reach = std::max(reach, R * moving.rho_max);
  }
  pairs.swap(kept);
  return !pairs.empty();
}

std::vector<int> TolerancedMotion::culledPairs(Scratch &scratch, const JointMotion &motion, double t0, double t1,
                                              double clearance) const
{
  linkTaylorPoses(motion, TaylorDomain(t0, t1), scratch.poses);
  std::vector<Eigen::AlignedBox3d> aabbs;
  const double pad = clearance + margin_;
  for (std::size_t i = 0; i < bodies_.size(); ++i)
  {
    Eigen::AlignedBox3d box = dynamicAabb(scratch.poses[bodies_[i].link], body_boxes_[i]);
    box.min().array() -= pad;
    box.max().array() += pad;
    aabbs.push_back(box);
  }
  std::vector<BodyPair> pcl;
  cullPairs(*world_, aabbs, self_body_pairs_, pcl);
  // A checked (link, obstacle) or (link, link) pair stays if any of its geometry pairs does.
  std::vector<char> keep(pairs_.size(), 0);
  for (const BodyPair &p : pcl)
  {
    const int a = bodies_[p.a].link;
    for (std::size_t i = 0; i < pairs_.size(); ++i)
    {
      const CheckedPair &pair = pairs_[i];
      if (p.b < 0 ? (!pair.self && pair.moving == a && pair.fixed == p.obstacle)
                  : (pair.self && ((pair.moving == a && pair.fixed == bodies_[p.b].link) ||
                                   (pair.fixed == a && pair.moving == bodies_[p.b].link))))
        keep[i] = 1;
    }
  }
  std::vector<int> kept;
  for (std::size_t i = 0; i < pairs_.size(); ++i)
    if (keep[i])
      kept.push_back(static_cast<int>(i));
  return kept;
}

std::optional<Violation> TolerancedMotion::violation(Worker &worker, const JointMotion &motion, double t,
                                                     double clearance) const
{
  // A configuration violates when in collision, or closer than the clearance.
  bump(worker.scratch.stats, "discrete_checks");
  motion.stateAt(t, worker.scratch.q);
  Violation found;
  found.time = t;
  const bool violating = clearance > 0.0
                             ? minimumDistance(*world_, worker.collision, worker.scratch.q, &found.contact) < clearance
                             : isInCollision(*world_, worker.collision, worker.scratch.q, &found.contact);
  if (!violating)
    return std::nullopt;
  found.contact.time = t;
  return found;
}

std::optional<Subinterval> TolerancedMotion::examine(Worker &worker, Search &search, Subinterval &sub) const
{
  // [SchroeckerWeber] Listing 1, one step. Pairs excluded over [t0, t1] stay excluded on its halves
  // (the sub-motion's poses are a subset), so only the kept pairs go down.
  Scratch &scratch = worker.scratch;
  double reach = 0.0;
  if (!intervalMayCollide(scratch, search.motion, sub.t0, sub.t1, search.clearance, sub.pairs, reach))
    return std::nullopt;
  double &max_depth = scratch.stats["max_depth"];
  max_depth = std::max(max_depth, static_cast<double>(sub.depth));
  // ε-termination, Eq. (11).
  if (sub.depth < options_.max_depth && reach >= search.epsilon)
  {
    const double tm = 0.5 * (sub.t0 + sub.t1);
    search.queue.add({tm, sub.t1, sub.depth + 1, sub.pairs});
    return Subinterval{sub.t0, tm, sub.depth + 1, std::move(sub.pairs)};
  }
  bump(scratch.stats, "remaining_intervals");
  std::optional<Violation> found;
  if (search.confirm)
    for (double t : {sub.t0, 0.5 * (sub.t0 + sub.t1), sub.t1})
      if (!search.queue.wanted(t) || (found = violation(worker, search.motion, t, search.clearance)))
        break;
  search.queue.addRemaining({sub.t0, sub.t1}, std::move(found));
  return std::nullopt;
}

void TolerancedMotion::work(Worker &worker, Search &search) const
{
  while (std::optional<Subinterval> sub = search.queue.take())
  {
    // Depth first into the first halves; the second ones go to the queue.
    do
      sub = examine(worker, search, *sub);
    while (sub && search.queue.keep(*sub));
    search.queue.done();
  }
}

void TolerancedMotion::help(Search &search) const
{
  if (!search.queue.join())
    return;
  // The pool's threads serve this certifier only, so each keeps one worker for all its searches,
  // built on its first and freed when the thread ends (~TolerancedMotion joins the pool).
  thread_local std::unique_ptr<Worker> worker;
  // An exception must not leave a pool thread (it would end the process): it goes to the caller.
  try
  {
    if (!worker)
      worker = std::make_unique<Worker>(*world_);
    work(*worker, search);
  }
  catch (...)
  {
    search.queue.fail(std::current_exception());
  }
  search.queue.leave(worker ? worker->scratch.takeCounters() : Stats{});
}

SearchOutcome TolerancedMotion::run(Worker &owner, const std::shared_ptr<Search> &search, bool helped) const
{
  if (helped && pool_)
    for (int i = 1; i < options_.threads; ++i)
      boost::asio::post(*pool_, [this, search] { help(*search); });
  // the helpers use the caller's motion: they must have left before an exception leaves here
  try
  {
    work(owner, *search);
  }
  catch (...)
  {
    search->queue.fail(std::current_exception());
  }
  return search->queue.finish();
}

SearchOutcome TolerancedMotion::collect(Worker &owner, const JointMotion &motion, double t0, double t1,
                                        double clearance, double epsilon, std::size_t limit) const
{
  Subinterval root{t0, t1, 0, culledPairs(owner.scratch, motion, t0, t1, clearance)};
  return run(owner, std::make_shared<Search>(motion, clearance, epsilon, false, std::move(root), false, limit), false);
}

std::vector<TimeInterval> TolerancedMotion::remainingIntervals(const JointMotion &motion, double t0, double t1,
                                                               double clearance, double epsilon, Stats *stats) const
{
  Worker worker(*world_);
  SearchOutcome outcome =
      collect(worker, motion, t0, t1, clearance, epsilon, static_cast<std::size_t>(options_.max_remaining));
  if (stats != nullptr)
    *stats = worker.scratch.takeCounters();
  return std::move(outcome.remaining);
}

Report TolerancedMotion::certify(CertifierWorkspace &ws, const JointMotion &motion, const Query &query) const
{
  auto &worker = dynamic_cast<Worker &>(ws);
  Report report;
  // The whole motion, on the pool's threads too: remaining intervals are confirmed where found,
  // and in Decide mode the first confirmed violation ends the search.
  Subinterval root{0.0, 1.0, 0, culledPairs(worker.scratch, motion, 0.0, 1.0, query.clearance)};
  SearchOutcome outcome =
      run(worker,
          std::make_shared<Search>(motion, query.clearance, query.tolerance, true, std::move(root),
                                   query.mode == Mode::Decide, static_cast<std::size_t>(options_.max_remaining)),
          true);
  report.stats = std::move(outcome.stats);
  const auto finish = [&](Verdict verdict, double lo, double hi) {
    mergeCounters(report.stats, worker.scratch.takeCounters());
    report.verdict = verdict;
    report.toc_lower = lo;
    report.toc_upper = hi;
    return report;
  };
  if (outcome.remaining.empty())
    return finish(Verdict::Free, 1.0, 1.0);
  // Everything before excluded_until was excluded.
  double lo = outcome.excluded_until;
  if (!outcome.violation)
    return finish(Verdict::Undecided, lo, 1.0);
  Violation hit = std::move(*outcome.violation);
  if (query.mode == Mode::FirstContact)
  {
    // Narrow [lo, hit]: bisect on the discrete check, and push lo up by excluding [lo, m] with
    // Listing 1 (ε shrunk when the orbits stay within it next to lo).
    double epsilon = query.tolerance;
    for (int step = 0; step < 60 && hit.time - lo > query.tolerance; ++step)
    {
      bump(worker.scratch.stats, "narrowing_steps");
      const double m = 0.5 * (lo + hit.time);
      if (std::optional<Violation> found = violation(worker, motion, m, query.clearance))
      {
        hit = std::move(*found);
        continue;
      }
      const SearchOutcome left = collect(worker, motion, lo, m, query.clearance, epsilon, 1);
      std::optional<Violation> found;
      if (left.remaining.empty() || left.excluded_until > lo)
        lo = left.excluded_until;
      else if ((found = violation(worker, motion, left.remaining.front().second, query.clearance)))
        hit = std::move(*found);
      else if ((epsilon *= 0.25) < kMinNarrowingEpsilon)
        break;
    }
  }
  report.witness = std::move(hit.contact);
  return finish(Verdict::Collision, lo, hit.time);
}
}  // namespace ompl_ccd
