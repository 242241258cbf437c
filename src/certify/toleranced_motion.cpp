#include "ompl_ccd/certify/toleranced_motion.h"

#include <algorithm>
#include <boost/asio/post.hpp>
#include <boost/asio/thread_pool.hpp>
#include <cmath>
#include <fcl/narrowphase/collision.h>
#include <optional>
#include <utility>

#include "ompl_ccd/bound/bounding_ball.h"
#include "ompl_ccd/bound/taylor_pose.h"
#include "ompl_ccd/certify/potentially_colliding_pairs.h"
#include "ompl_ccd/error.h"
#include "ompl_ccd/geometry/collision_queries.h"
#include "ompl_ccd/geometry/convex_hull.h"
#include "ompl_ccd/geometry/pair_distance.h"
#include "ompl_ccd/geometry/shape_triangulation.h"
#include "ompl_ccd/model/kinematics.h"
#include "ompl_ccd/numeric.h"

namespace ompl_ccd
{
/// What a body or an obstacle is measured on besides its own FCL object: its convex hull (a cheap
/// lower bound) and, for a box or cylinder, the triangles around it (exact distances: FCL's GJK on a
/// primitive errs by up to kGjkDistanceSlack near contact).
struct TolerancedMotion::StandIns
{
  explicit StandIns(const CollisionShape &shape)
    : hull(std::make_shared<const ConvexHull>(shape, kHullMaxGap)), surface(makePrimitiveSurface(shape))
  {
  }
  /// Reduced hulls: at most this far (metres) inside the full ones (as ca's default hull_max_gap).
  static constexpr double kHullMaxGap = 1e-3;
  std::shared_ptr<const ConvexHull> hull;
  std::optional<PrimitiveSurface> surface;
  /// How far the shape lies beyond its surface triangles (0 without).
  double surfaceGap() const { return surface ? surface->gap : 0.0; }
};

/// One collision geometry of a link with its metric (in the link frame) and max ϱ over it.
struct TolerancedMotion::Body
{
  BodyRef ref;
  AffineMetric metric;
  /// max ϱ over the body, [SchroeckerWeber] Eq. (11): ϱ² is convex, so attained at a vertex of the
  /// body's (or its circumscribed polyhedron's) hull.
  double rho_max = 1.0;
  StandIns stand_ins;
};

/// An obstacle's stand-ins, placed (read-only, shared by the workers).
struct TolerancedMotion::Obstacle
{
  StandIns stand_ins;
  std::unique_ptr<fcl::CollisionObjectd> hull, surface;
};

/// The FCL objects of one pair, posed: what they are measured on.
struct TolerancedMotion::PairObjects
{
  /// The bodies themselves (meshes, solid primitives) and their convex hulls.
  const fcl::CollisionObjectd *a = nullptr, *other = nullptr, *hull_a = nullptr, *hull_other = nullptr;
  /// What exact distances are measured on: a primitive's surface triangles, else the body.
  const fcl::CollisionObjectd *exact_a = nullptr, *exact_other = nullptr;
  /// Both hulls' gaps, both surfaces' gaps (metres).
  double hull_gap = 0.0, surface_gap = 0.0;
};

/// Everything a thread needs to work on a search: the caller's workspace, and each pool thread's.
struct TolerancedMotion::Worker : CertifierWorkspace
{
  Worker(const CollisionWorld &world, const std::vector<Body> &bodies) : collision(world)
  {
    for (const Body &body : bodies)
    {
      hulls.push_back(makeCollisionObject(body.stand_ins.hull->fclGeometry()));
      surfaces.push_back(body.stand_ins.surface ? makeCollisionObject(body.stand_ins.surface->triangles) : nullptr);
    }
  }
  /// Link poses at the midpoint of the sub-interval being examined, and the FCL objects of the
  /// bodies (posed there for the pair examined, or everywhere by a probe).
  CollisionWorkspace collision;
  /// Each body's hull and surface triangles (or null), posed with the body.
  std::vector<std::unique_ptr<fcl::CollisionObjectd>> hulls, surfaces;
  Eigen::VectorXd q;
  /// Culling: every link's Taylor pose over the searched span.
  std::vector<TaylorPose> taylor;
  /// Counters of the sub-interval loop (added to stats by takeCounters()).
  double collision_probes = 0.0, intervals = 0.0, distance_queries = 0.0, hull_distance_queries = 0.0,
         max_depth = 0.0;
  /// The counters since the last call; restarts them from zero.
  Stats takeCounters()
  {
    Stats counters = {{"collision_probes", collision_probes},
                      {"intervals", intervals},
                      {"distance_queries", distance_queries},
                      {"hull_distance_queries", hull_distance_queries},
                      {"max_depth", max_depth}};
    collision_probes = intervals = distance_queries = hull_distance_queries = max_depth = 0.0;
    return counters;
  }
};

/// One search of Listing 1 over the live pairs: its query, pairs, and the queue its workers share.
/// Helpers hold it by shared_ptr, since one may start after the search is over (it then finds the
/// queue closed and touches nothing else).
struct TolerancedMotion::Search
{
  Search(const JointMotion &motion, const Query &query, std::vector<BodyPair> pcl, std::vector<Subinterval> roots,
         const SearchRules &rules)
    : motion(motion), query(query), pcl(std::move(pcl)), queue(std::move(roots), rules)
  {
  }
  const JointMotion &motion;
  const Query query;
  /// The pairs left by the culling; Subinterval::pair indexes them.
  const std::vector<BodyPair> pcl;
  SubintervalQueue queue;
};

namespace
{
/// FCL's mesh traversal may stop once its distance is within this factor of the true one: far from
/// contact the deflated bound still excludes, at a fraction of an exact query's work.
constexpr double kDistanceRelErr = 0.25;
/// Mode::FirstContact's whole-robot probes: at k/16, k = 0..16.
constexpr int kFirstContactProbes = 16;
/// Mode::Decide's whole-robot probes ([Zhang2007] Sec. 8's early exit).
constexpr double kDecideProbes[] = {0.5, 0.25, 0.75};

}  // namespace

TolerancedMotion::TolerancedMotion(CollisionWorldPtr world, const TolerancedMotionOptions &options)
  : world_(std::move(world)), options_(options)
{
  OMPL_CCD_THROW_UNLESS(world_ != nullptr, "TolerancedMotion: the collision world is null; pass a CollisionWorld.");
  OMPL_CCD_THROW_UNLESS(options_.max_depth >= 1 && options_.max_depth <= 60, "TolerancedMotion: max_depth ",
                        options_.max_depth, " is outside [1, 60]; pass e.g. 30.");
  OMPL_CCD_THROW_UNLESS(options_.max_intervals >= 1, "TolerancedMotion: max_intervals must be >= 1 (",
                        options_.max_intervals, "); pass e.g. 4096.");
  OMPL_CCD_THROW_UNLESS(options_.threads >= 1 && options_.threads <= TolerancedMotionOptions::kMaxThreads,
                        "TolerancedMotion: threads must be in [1, ", TolerancedMotionOptions::kMaxThreads, "] (",
                        options_.threads, "); pass 1 or up to the number of cores.");
  const RobotModel &robot = world_->robot();
  double extent = 0.0;
  for (const BodyRef &ref : collisionBodies(*world_))
  {
    const LinkGeometry &geometry = robot.links()[ref.link].geometries[ref.geometry];
    // Mass distribution of the body (Sec. 2) from the vertices of the shape or of the polyhedron
    // circumscribing a primitive, in the link frame.
    const std::vector<Eigen::Vector3d> vertices = triangulateShape(geometry.shape, geometry.X_LG).vertices;
    Body body{ref, AffineMetric::fromVertices(vertices, options_.mass_distribution), 1.0, StandIns(geometry.shape)};
    double rho_sq = 1.0;
    for (const Eigen::Vector3d &p : vertices)
    {
      rho_sq = std::max(rho_sq, body.metric.distortionSquared(p));
      extent = std::max(extent, p.norm());
    }
    body.rho_max = std::sqrt(rho_sq) * (1.0 + numeric::kPadRel);
    bodies_.push_back(std::move(body));
    body_boxes_.push_back(localBox(geometry));
  }
  for (const ompl_ccd::Obstacle &placed : world_->scene().obstacles())
  {
    Obstacle obstacle{StandIns(placed.shape), nullptr, nullptr};
    obstacle.hull = makeCollisionObject(obstacle.stand_ins.hull->fclGeometry());
    obstacle.hull->setTransform(placed.X_WG);
    if (obstacle.stand_ins.surface)
    {
      obstacle.surface = makeCollisionObject(obstacle.stand_ins.surface->triangles);
      obstacle.surface->setTransform(placed.X_WG);
    }
    obstacles_.push_back(std::move(obstacle));
  }
  std::vector<BodyRef> refs;
  for (const Body &body : bodies_)
    refs.push_back(body.ref);
  self_pairs_ = selfBodyPairs(*world_, refs);
  // Poses are rounded at ~1e-16 of the coordinates; kPadRel of the extent (plus the joint offsets)
  // leaves a wide margin.
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

const AffineMetric &TolerancedMotion::bodyMetric(int body) const { return bodies_.at(body).metric; }

std::unique_ptr<CertifierWorkspace> TolerancedMotion::makeWorkspace() const
{
  return std::make_unique<Worker>(*world_, bodies_);
}

double TolerancedMotion::reach(Worker &worker, const JointMotion &motion, int b, int frame, double t0,
                               double t1) const
{
  const Body &body = bodies_[b];
  const int link = body.ref.link;
  const std::vector<Eigen::Isometry3d> &X_WL = worker.collision.kinematics.X_WL;
  // The ball B_R(g) about the pose at the midpoint covers the sub-motion (Sec. 5); every point x
  // of the body stays within R ϱ(x) of g(x) (Eq. 4).
  const Eigen::Isometry3d g = frame < 0 ? X_WL[link] : Eigen::Isometry3d(X_WL[frame].inverse() * X_WL[link]);
  const double R = enclosingRadius(body.metric, linkTaylorPose(motion, TaylorDomain(t0, t1), link, frame), g);
  return (R * (1.0 + numeric::kPadRel) + margin_) * body.rho_max;
}

TolerancedMotion::PairObjects TolerancedMotion::posePair(Worker &worker, const BodyPair &pair) const
{
  const RobotModel &robot = world_->robot();
  const auto place = [&](int b) {
    const BodyRef &ref = bodies_[b].ref;
    const Eigen::Isometry3d X_WG =
        worker.collision.kinematics.X_WL[ref.link] * robot.links()[ref.link].geometries[ref.geometry].X_LG;
    fcl::CollisionObjectd *body = worker.collision.objects[ref.link][ref.geometry].get();
    body->setTransform(X_WG);
    worker.hulls[b]->setTransform(X_WG);
    if (worker.surfaces[b])
      worker.surfaces[b]->setTransform(X_WG);
    return body;
  };
  PairObjects objects;
  const Body &A = bodies_[pair.a];
  objects.a = place(pair.a);
  objects.hull_a = worker.hulls[pair.a].get();
  objects.exact_a = worker.surfaces[pair.a] ? worker.surfaces[pair.a].get() : objects.a;
  const StandIns *other = nullptr;
  if (pair.b >= 0)
  {
    objects.other = place(pair.b);
    objects.hull_other = worker.hulls[pair.b].get();
    objects.exact_other = worker.surfaces[pair.b] ? worker.surfaces[pair.b].get() : objects.other;
    other = &bodies_[pair.b].stand_ins;
  }
  else
  {
    const Obstacle &obstacle = obstacles_[pair.obstacle];
    objects.other = &world_->scene().object(pair.obstacle);
    objects.hull_other = obstacle.hull.get();
    objects.exact_other = obstacle.surface ? obstacle.surface.get() : objects.other;
    other = &obstacle.stand_ins;
  }
  objects.hull_gap = A.stand_ins.hull->gap() + other->hull->gap();
  objects.surface_gap = A.stand_ins.surfaceGap() + other->surfaceGap();
  return objects;
}

std::optional<Violation> TolerancedMotion::contact(Worker &worker, const BodyPair &pair, const PairObjects &objects,
                                                   double t, const Query &query) const
{
  // FCL's exact distance is an upper bound (its points are real points of the bodies, or within
  // the surface gap of them): a contact only within clearance + contact_distance (certifier.h),
  // the witness of a Collision.
  NearestPoints nearest;
  const double d = pairDistanceUpperBound(*objects.exact_a, *objects.exact_other, &nearest) + objects.surface_gap;
  worker.distance_queries += 1;
  if (!(d - query.clearance <= query.contact_distance))
    return std::nullopt;
  const RobotModel &robot = world_->robot();
  const auto urdfLink = [&](int b) {
    return robot.links()[bodies_[b].ref.link].geometries[bodies_[b].ref.geometry].urdf_link;
  };
  Violation found;
  found.time = t;
  Contact &contact = found.contact;
  contact.time = t;
  contact.link = urdfLink(pair.a);
  contact.other = pair.b >= 0 ? urdfLink(pair.b) : world_->scene().obstacles()[pair.obstacle].name;
  contact.distance = d;
  contact.point_a = nearest.p_WA;
  contact.point_b = nearest.p_WB;
  if (nearest.p_WB != nearest.p_WA)
    contact.normal = (nearest.p_WB - nearest.p_WA).normalized();
  return found;
}

std::optional<Violation> TolerancedMotion::solidsOverlap(const BodyPair &pair, const PairObjects &objects,
                                                         double t) const
{
  fcl::CollisionRequestd request(1, true);
  fcl::CollisionResultd result;
  if (fcl::collide(objects.a, objects.other, request, result) == 0)
    return std::nullopt;
  Violation found;
  found.time = found.contact.time = t;
  const RobotModel &robot = world_->robot();
  const BodyRef &a = bodies_[pair.a].ref;
  found.contact.link = robot.links()[a.link].geometries[a.geometry].urdf_link;
  found.contact.other = pair.b >= 0 ? robot.links()[bodies_[pair.b].ref.link].geometries[bodies_[pair.b].ref.geometry].urdf_link
                                    : world_->scene().obstacles()[pair.obstacle].name;
  const fcl::Contactd &touch = result.getContact(0);
  found.contact.point_a = found.contact.point_b = touch.pos;
  found.contact.normal = touch.normal;
  return found;
}

std::optional<Violation> TolerancedMotion::probe(Worker &worker, const JointMotion &motion, double t) const
{
  worker.collision_probes += 1;
  motion.stateAt(t, worker.q);
  Violation found;
  if (!isInCollision(*world_, worker.collision, worker.q, &found.contact))
    return std::nullopt;
  found.time = found.contact.time = t;
  return found;
}

std::optional<Violation> TolerancedMotion::firstContactProbes(Worker &worker, const JointMotion &motion,
                                                              double width) const
{
  for (int k = 0; k <= kFirstContactProbes; ++k)
  {
    const double t = static_cast<double>(k) / kFirstContactProbes;
    std::optional<Violation> hit = probe(worker, motion, t);
    if (!hit)
      continue;
    // bisect against the free probe before it: only a guess of the first contact (a sample), which
    // the search then brackets
    for (double free = t - 1.0 / kFirstContactProbes; k > 0 && hit->time - free > width;)
    {
      const double m = 0.5 * (free + hit->time);
      if (std::optional<Violation> nearer = probe(worker, motion, m))
        hit = std::move(nearer);
      else
        free = m;
    }
    return hit;
  }
  return std::nullopt;
}

std::vector<BodyPair> TolerancedMotion::culledPairs(Worker &worker, const JointMotion &motion, double t_end,
                                                    double inflation) const
{
  // [Zhang2007] Sec. 5.2: each body's box over [0, t_end] from its link's Taylor pose.
  linkTaylorPoses(motion, TaylorDomain(0.0, t_end), worker.taylor);
  std::vector<Eigen::AlignedBox3d> aabbs;
  const double pad = inflation + margin_;
  for (std::size_t b = 0; b < bodies_.size(); ++b)
  {
    Eigen::AlignedBox3d box = dynamicAabb(worker.taylor[bodies_[b].ref.link], body_boxes_[b]);
    box.min().array() -= pad;
    box.max().array() += pad;
    aabbs.push_back(box);
  }
  std::vector<BodyPair> pcl;
  cullPairs(*world_, aabbs, self_pairs_, pcl);
  return pcl;
}

std::optional<Subinterval> TolerancedMotion::examine(Worker &worker, Search &search, Subinterval &sub) const
{
  // [SchroeckerWeber] Listing 1, one step, for one pair.
  worker.intervals += 1;
  worker.max_depth = std::max(worker.max_depth, static_cast<double>(sub.depth));
  const RobotModel &robot = world_->robot();
  const BodyPair &pair = search.pcl[sub.pair];
  const Query &query = search.query;
  const double tm = 0.5 * (sub.t0 + sub.t1);
  search.motion.stateAt(tm, worker.q);
  forwardKinematics(robot, worker.collision.kinematics, worker.q);
  // Orbits of the pair's bodies: a self pair's in their common ancestor's frame.
  const int frame = pair.b >= 0 ? pair.ancestor : -1;
  double r = reach(worker, search.motion, pair.a, frame, sub.t0, sub.t1);
  if (pair.b >= 0)
    r += reach(worker, search.motion, pair.b, frame, sub.t0, sub.t1);
  const PairObjects objects = posePair(worker, pair);
  // The orbit misses when the bodies at the centre g are farther apart than its reach: every
  // point moved by at most R ϱ ≤ reach. Their hulls first (a cheap lower bound), then the bodies
  // (a primitive on its surface triangles, whose distance less their gap bounds the solid's: the
  // bodies were apart at the span's start, and no body gets inside a solid without crossing its
  // surface); far apart, a deflated distance suffices.
  const double needed = query.clearance + r;
  worker.hull_distance_queries += 1;
  if (pairDistanceLowerBound(*objects.hull_a, *objects.hull_other) - objects.hull_gap > needed)
    return std::nullopt;
  double d = pairDistanceLowerBound(*objects.exact_a, *objects.exact_other, nullptr, kDistanceRelErr);
  worker.distance_queries += 1;
  if (!(d - objects.surface_gap > needed) && d * (1.0 + kDistanceRelErr) - objects.surface_gap > needed)
  {
    d = pairDistanceLowerBound(*objects.exact_a, *objects.exact_other);
    worker.distance_queries += 1;
  }
  d -= objects.surface_gap;
  if (d > needed)
    return std::nullopt;
  if (!(d - query.clearance > query.contact_distance))
    if (std::optional<Violation> found = contact(worker, pair, objects, tm, query))
      search.queue.addViolation(std::move(*found));
  Subinterval first{sub.t0, tm, sub.depth + 1, sub.pair};
  if (sub.depth >= options_.max_depth)
  {
    // the depth cap, unless a contact at tm (or a stop) makes [t0, tm] useless
    if (search.queue.wanted(first.t0))
      search.queue.addGivenUp({sub.t0, sub.t1});
    else
      search.queue.drop(first);
    return std::nullopt;
  }
  search.queue.add({tm, sub.t1, sub.depth + 1, sub.pair});
  return first;
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
      worker = std::make_unique<Worker>(*world_, bodies_);
    work(*worker, search);
  }
  catch (...)
  {
    search.queue.fail(std::current_exception());
  }
  search.queue.leave(worker ? worker->takeCounters() : Stats{});
}

SearchOutcome TolerancedMotion::run(Worker &owner, const std::shared_ptr<Search> &search) const
{
  if (pool_)
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

Report TolerancedMotion::certify(CertifierWorkspace &ws, const JointMotion &motion, const Query &query) const
{
  OMPL_CCD_THROW_UNLESS(std::isfinite(query.tolerance) && query.tolerance > 0.0, "TolerancedMotion::certify: tolerance (",
                        query.tolerance, ") must be > 0; pass e.g. 1e-3.");
  OMPL_CCD_THROW_UNLESS(std::isfinite(query.contact_distance) && query.contact_distance > 0.0,
                        "TolerancedMotion::certify: contact_distance (", query.contact_distance,
                        ") must be > 0; pass e.g. 1e-6.");
  OMPL_CCD_THROW_UNLESS(std::isfinite(query.clearance) && query.clearance >= 0.0, "TolerancedMotion::certify: clearance (",
                        query.clearance, ") must be >= 0; pass e.g. 0.");
  auto &worker = dynamic_cast<Worker &>(ws);
  Report report;
  const auto finish = [&](Verdict verdict, double lo, double hi, std::optional<Violation> hit) {
    mergeCounters(report.stats, worker.takeCounters());
    report.verdict = verdict;
    report.toc_lower = lo;
    report.toc_upper = hi;
    if (hit)
      report.witness = std::move(hit->contact);
    return report;
  };
  // Whole-robot probes first: a colliding motion is mostly found by one of them.
  std::optional<Violation> hit;
  if (query.mode == Mode::Decide)
  {
    for (const double t : kDecideProbes)
      if ((hit = probe(worker, motion, t)))
        return finish(Verdict::Collision, 0.0, t, std::move(hit));
  }
  else
    hit = firstContactProbes(worker, motion, query.tolerance / kFirstContactProbes);
  // Then the ball coverings of the pairs that the culling leaves over [0, t_end]: in FirstContact
  // mode only as far as the bracket needs.
  const double t_end = hit ? hit->time : 1.0;
  std::vector<BodyPair> pcl = culledPairs(worker, motion, t_end, query.clearance + query.contact_distance);
  report.stats["pairs"] = static_cast<double>(pcl.size());
  // A primitive's surface triangles stand in for it while no body is inside it: the solids are
  // checked where the spans start (then a body gets in only across the surface, where it is found).
  motion.stateAt(0.0, worker.q);
  forwardKinematics(world_->robot(), worker.collision.kinematics, worker.q);
  for (const BodyPair &pair : pcl)
  {
    const PairObjects objects = posePair(worker, pair);
    if (objects.exact_a != objects.a || objects.exact_other != objects.other)
      if (std::optional<Violation> inside = solidsOverlap(pair, objects, 0.0))
        return finish(Verdict::Collision, 0.0, 0.0, std::move(inside));
  }
  std::vector<Subinterval> roots;
  for (std::size_t i = 0; i < pcl.size(); ++i)
    roots.push_back({0.0, t_end, 0, static_cast<int>(i)});
  SearchRules rules;
  rules.end = t_end;
  rules.stop_at_contact = query.mode == Mode::Decide;
  rules.bracket = query.mode == Mode::FirstContact ? query.tolerance : 0.0;
  rules.max_subintervals = static_cast<std::size_t>(options_.max_intervals);
  const auto search = std::make_shared<Search>(motion, query, std::move(pcl), std::move(roots), rules);
  if (hit)
    search->queue.addViolation(std::move(*hit));
  SearchOutcome outcome = run(worker, search);
  mergeCounters(report.stats, outcome.stats);
  const bool capped = !outcome.given_up.empty() || outcome.out_of_subintervals;
  if (!outcome.given_up.empty())
    report.stats["cap_max_depth"] = 1.0;
  if (outcome.out_of_subintervals)
    report.stats["cap_max_intervals"] = 1.0;
  if (outcome.violation && (query.mode == Mode::Decide || !capped))
  {
    const double toc = outcome.violation->time;
    return finish(Verdict::Collision, std::min(outcome.excluded_until, toc), toc, std::move(outcome.violation));
  }
  if (capped)
    return finish(Verdict::Undecided, outcome.excluded_until, 1.0, std::nullopt);
  return finish(Verdict::Free, 1.0, 1.0, std::nullopt);
}
}  // namespace ompl_ccd
