#include "ompl_ccd/certify/toleranced/toleranced_motion.h"

#include "certify/toleranced/toleranced_model.h"

#include "certify/pipeline/option_ranges.h"
#include "certify/pipeline/pipeline.h"

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <boost/asio/post.hpp>
#include <boost/asio/thread_pool.hpp>
#include <cmath>
#include <fcl/geometry/shape/convex.h>
#include <fcl/narrowphase/collision.h>
#include <optional>
#include <utility>

#include "certify/toleranced/bounding_ball.h"
#include "ompl_ccd/bound/motion_bound.h"
#include "ompl_ccd/bound/taylor_pose.h"
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
/// lower bound) and, for a box or cylinder, the triangles around it (exact distances between
/// triangles, where a cylinder's own distances come from GJK, verified but looser near contact).
struct toleranced::Model::StandIns
{
  explicit StandIns(const CollisionShape &shape)
    : hull(std::make_shared<const ConvexHull>(shape, kHullMaxGap))
    , surface(makePrimitiveSurface(shape))
    , concavity(shape.kind == CollisionShape::Kind::Mesh ? concavityOf(*hull, shape.mesh->vertices) : 0.0)
  {
  }
  /// Reduced hulls: at most this far (metres) inside the full ones (as ca's default hull_max_gap).
  static constexpr double kHullMaxGap = 1e-4;
  std::shared_ptr<const ConvexHull> hull;
  std::optional<PrimitiveSurface> surface;
  /// How deep the shape's vertices lie below its hull's surface, at most (an estimate): the body's
  /// distance to anything exceeds its hull's by about that much at most, so a body query cannot
  /// exclude where the hull's distance plus both concavities does not.
  double concavity = 0.0;
  /// How far the shape lies beyond its surface triangles (0 without).
  double surfaceGap() const { return surface ? surface->gap : 0.0; }

  /// max over \a vertices of their depth below the faces of \a hull (a convex mesh: 0).
  static double concavityOf(const ConvexHull &hull, const std::vector<Eigen::Vector3d> &vertices)
  {
    const auto *convex = dynamic_cast<const fcl::Convexd *>(hull.fclGeometry().get());
    if (convex == nullptr)
      return 0.0;
    // faces as [count, i₁ … i_count]*; their outward planes n·x ≤ h
    const std::vector<Eigen::Vector3d> &corners = convex->getVertices();
    Eigen::Vector3d inside = Eigen::Vector3d::Zero();
    for (const Eigen::Vector3d &c : corners)
      inside += c / static_cast<double>(corners.size());
    std::vector<std::pair<Eigen::Vector3d, double>> planes;
    const std::vector<int> &faces = convex->getFaces();
    for (std::size_t f = 0; f < faces.size(); f += faces[f] + 1)
    {
      const Eigen::Vector3d &p0 = corners[faces[f + 1]];
      Eigen::Vector3d n = (corners[faces[f + 2]] - p0).cross(corners[faces[f + 3]] - p0);
      if (n.norm() == 0.0)
        continue;
      n.normalize();
      if (n.dot(p0 - inside) < 0.0)
        n = -n;
      planes.emplace_back(n, n.dot(p0));
    }
    double deepest = 0.0;
    for (const Eigen::Vector3d &v : vertices)
    {
      double depth = numeric::kInfinity;
      for (const auto &[n, h] : planes)
        depth = std::min(depth, h - n.dot(v));
      deepest = std::max(deepest, depth);
    }
    return planes.empty() ? 0.0 : deepest;
  }
};

/// One collision geometry of a link with its metric (in the link frame) and max ϱ over it.
struct toleranced::Model::Body
{
  BodyRef ref;
  AffineMetric metric;
  /// max ϱ over the body, [SchroeckerWeber] Eq. (11): ϱ² is convex, so attained at a vertex of the
  /// body's (or its circumscribed polyhedron's) hull.
  double rho_max = 1.0;
  StandIns stand_ins;
};

/// An obstacle's stand-ins, placed (read-only, shared by the workers).
struct toleranced::Model::Obstacle
{
  StandIns stand_ins;
  std::unique_ptr<fcl::CollisionObjectd> hull, surface;
};

/// The FCL objects of one pair, posed: what they are measured on.
struct toleranced::Model::PairObjects
{
  /// The bodies themselves (meshes, solid primitives) and their convex hulls.
  const fcl::CollisionObjectd *a = nullptr, *other = nullptr, *hull_a = nullptr, *hull_other = nullptr;
  /// What exact distances are measured on: a primitive's surface triangles, else the body.
  const fcl::CollisionObjectd *exact_a = nullptr, *exact_other = nullptr;
  /// Both hulls' gaps, both surfaces' gaps, both concavities (metres).
  double hull_gap = 0.0, surface_gap = 0.0, concavity = 0.0;
};

/// Everything a thread needs to work on a search: the caller's workspace, and each pool thread's.
struct toleranced::Model::Worker : CertifierWorkspace
{
  Worker(const CullingFrontEnd &front_end, const std::vector<Body> &bodies)
    : culling(front_end), collision(front_end.world())
  {
    for (const Body &body : bodies)
    {
      hulls.push_back(makeCollisionObject(body.stand_ins.hull->fclGeometry()));
      surfaces.push_back(body.stand_ins.surface ? makeCollisionObject(body.stand_ins.surface->triangles) : nullptr);
    }
  }
  /// The front end's state: link poses (at the midpoint of the sub-interval being examined), the
  /// bodies' FCL objects, and the potentially colliding pairs with their live pieces.
  CullingWorkspace culling;
  /// Whole-robot distance queries (the probes' contact with a clearance).
  CollisionWorkspace collision;
  /// Each body's hull and surface triangles (or null), posed with the body.
  std::vector<std::unique_ptr<fcl::CollisionObjectd>> hulls, surfaces;
  /// The search whose link poses are in culling.kinematics (0: none).
  std::uint64_t search = 0;
  /// Starts on search \a serial: forgets the poses of another (its motion may sit at the same address).
  void join(std::uint64_t serial)
  {
    if (serial == search)
      return;
    search = serial;
    culling.posed_motion = nullptr;
  }
  /// Counters of the sub-interval loop (added to stats by takeCounters()).
  double intervals = 0.0, distance_queries = 0.0, hull_distance_queries = 0.0, max_depth = 0.0;
  /// The counters since the last call; restarts them from zero.
  Stats takeCounters()
  {
    Stats counters = {{"intervals", intervals},
                      {"distance_queries", distance_queries},
                      {"hull_distance_queries", hull_distance_queries},
                      {"max_depth", max_depth}};
    intervals = distance_queries = hull_distance_queries = max_depth = 0.0;
    return counters;
  }
};

/// One search of Listing 1 over the live pairs: its query, pairs, and the queue its workers share.
/// Helpers hold it by shared_ptr, since one may start after the search is over (it then finds the
/// queue closed and touches nothing else).
struct toleranced::Model::Search
{
  Search(const JointMotion &motion, const Query &query, std::vector<BodyPair> pcl, std::vector<Subinterval> roots,
         const SearchRules &rules)
    : motion(motion), query(query), pcl(std::move(pcl)), queue(std::move(roots), rules)
  {
  }
  const JointMotion &motion;
  const Query query;
  /// Tells the searches apart (a worker's posed link poses belong to one; a motion's address may recur).
  const std::uint64_t serial = nextSerial();
  /// The pairs left by the culling; Subinterval::pair indexes them.
  const std::vector<BodyPair> pcl;
  SubintervalQueue queue;

  static std::uint64_t nextSerial()
  {
    static std::atomic<std::uint64_t> count{0};
    return ++count;
  }
};

namespace
{
/// FCL's mesh traversal may stop once its distance is within this factor of the true one: far from
/// contact the deflated bound still excludes, at a fraction of an exact query's work.
constexpr double kDistanceRelErr = 0.25;
/// The balls in the bodies' metrics are computed where the motion bound's reach fails to exclude
/// by less than this multiple of the distance to beat (the hulls' distance plus the bodies'
/// concavity): a ball (a Taylor chain) costs more than the halvings it saves elsewhere. Callgrind,
/// instructions in certify() on 40 edges per world: FirstContact Panda/table 33.3M at 2, 22.2M at
/// 1.25, 16.3M at 1; the arm (concave shelf) 233M, 210M, 196M (327M without balls); Decide arm
/// 46.9M, 40.5M, 33.6M.
constexpr double kBallGain = 1.0;
/// Mode::FirstContact's whole-robot probes: at k/16, k = 0..16, the first in collision bisected
/// against the free one before it down to this fraction of the tolerance (the search then covers
/// only up to t_hit − tolerance, where the first contact is at least this much farther off).
constexpr int kFirstContactProbes = 16;
constexpr double kProbeBracket = 0.5;
/// Mode::Decide's whole-robot probes ([Zhang2007] Sec. 8's early exit) at the first of the
/// bisection order 1/2, 1/4, 3/4.
constexpr int kDecideProbes = 3;

}  // namespace

TolerancedMotion::TolerancedMotion(CollisionWorldPtr world, const TolerancedMotionOptions &options,
                                   const CullingOptions &culling)
  : model_((pipeline::checkOptionRanges(options, culling, "TolerancedMotion"),  // before anything is built
             std::make_shared<const toleranced::Model>(std::move(world), options, culling)))
{
}

TolerancedMotion::~TolerancedMotion() = default;

const TolerancedMotionOptions &TolerancedMotion::options() const { return model_->options(); }

const CullingOptions &TolerancedMotion::culling() const { return model_->frontEnd().options(); }

std::unique_ptr<CertifierWorkspace> TolerancedMotion::makeWorkspace() const
{
  return pipeline::madeFor(model_->makeWorker(), *this);
}

Report TolerancedMotion::certify(CertifierWorkspace &ws, const JointMotion &motion, const Query &query) const
{
  auto &worker = pipeline::ownWorkspace<toleranced::Model::Worker>(ws, *this, "TolerancedMotion::certify");
  checkQuery(query, "TolerancedMotion::certify");
  return model_->certify(worker, motion, query);
}

toleranced::Model::Model(CollisionWorldPtr world, const TolerancedMotionOptions &options, const CullingOptions &culling)
  : world_(std::move(world)), options_(options)
{
  OMPL_CCD_THROW_UNLESS(world_ != nullptr, "TolerancedMotion: the collision world is null; pass a CollisionWorld.");
  front_end_ = std::make_unique<CullingFrontEnd>(world_, culling);
  const RobotModel &robot = world_->robot();
  double extent = 0.0;
  for (const CullingBody &culled : front_end_->bodies())
  {
    const BodyRef &ref = culled.ref;
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
  // Poses are rounded at ~1e-16 of the coordinates; kPadRel of the extent (plus the joint offsets)
  // leaves a wide margin.
  for (const Joint &joint : robot.joints())
    extent += joint.X_PJ.translation().norm() + std::max(std::fabs(joint.lower), std::fabs(joint.upper));
  margin_ = numeric::kPadRel * (1.0 + extent);
  // The calling thread works too: threads − 1 helpers.
  if (options_.threads > 1)
    pool_ = std::make_unique<boost::asio::thread_pool>(options_.threads - 1);
}

toleranced::Model::~Model()
{
  if (pool_)
    pool_->join();
}

std::unique_ptr<toleranced::Model::Worker> toleranced::Model::makeWorker() const
{
  return std::make_unique<Worker>(*front_end_, bodies_);
}

double toleranced::Model::motionReach(const JointMotion &motion, int b, int frame, double t0, double t1) const
{
  // every point's speed is at most μ over [t0, t1], [Zhang2007] Eq. (10)
  const CullingBody &body = front_end_->bodies()[b];
  return motionBound(motion, body.ref.link, body.reach, t0, t1, frame) * (0.5 * (t1 - t0)) * (1.0 + numeric::kPadRel) +
         margin_;
}

double toleranced::Model::ballReach(Worker &worker, const JointMotion &motion, int b, int frame, double t0,
                                   double t1) const
{
  const Body &body = bodies_[b];
  const int link = body.ref.link;
  const std::vector<Eigen::Isometry3d> &X_WL = worker.culling.kinematics.X_WL;
  // The ball B_R(g) about the pose at the midpoint covers the sub-motion (Sec. 5); every point x
  // of the body stays within R ϱ(x) of g(x) (Eq. 4).
  const Eigen::Isometry3d g = frame < 0 ? X_WL[link] : Eigen::Isometry3d(X_WL[frame].inverse() * X_WL[link]);
  const double R = enclosingRadius(body.metric, linkTaylorPose(motion, TaylorDomain(t0, t1), link, frame), g);
  return (R * (1.0 + numeric::kPadRel) + margin_) * body.rho_max;
}

toleranced::Model::PairObjects toleranced::Model::posePair(Worker &worker, const BodyPair &pair) const
{
  const RobotModel &robot = world_->robot();
  const auto place = [&](int b) {
    const BodyRef &ref = bodies_[b].ref;
    const Eigen::Isometry3d X_WG =
        worker.culling.kinematics.X_WL[ref.link] * robot.links()[ref.link].geometries[ref.geometry].X_LG;
    fcl::CollisionObjectd *body = worker.culling.mesh_objects[b].get();
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
  objects.concavity = A.stand_ins.concavity + other->concavity;
  return objects;
}

Contact toleranced::Model::contactOf(const BodyPair &pair, double t) const
{
  const RobotModel &robot = world_->robot();
  const auto urdfLink = [&](int b) {
    return robot.links()[bodies_[b].ref.link].geometries[bodies_[b].ref.geometry].urdf_link;
  };
  Contact contact;
  contact.time = t;
  contact.link = urdfLink(pair.a);
  contact.other = pair.b >= 0 ? urdfLink(pair.b) : world_->scene().obstacles()[pair.obstacle].name;
  return contact;
}

std::optional<Violation> toleranced::Model::contact(Worker &worker, const BodyPair &pair, const PairObjects &objects,
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
  Violation found{t, contactOf(pair, t)};
  Contact &contact = found.contact;
  contact.distance = d;
  contact.point_a = nearest.p_WA;
  contact.point_b = nearest.p_WB;
  if (nearest.p_WB != nearest.p_WA)
    contact.normal = (nearest.p_WB - nearest.p_WA).normalized();
  return found;
}

std::optional<Violation> toleranced::Model::solidsOverlap(const BodyPair &pair, const PairObjects &objects,
                                                         double t) const
{
  fcl::CollisionRequestd request(1, true);
  fcl::CollisionResultd result;
  // libccd's MPR at most, never its asserting GJK (collision_queries.h)
  if (fcl::collide(objects.a, objects.other, request, result) == 0)
    return std::nullopt;
  Violation found{t, contactOf(pair, t)};
  const fcl::Contactd &touch = result.getContact(0);
  found.contact.point_a = found.contact.point_b = touch.pos;
  found.contact.normal = touch.normal;
  return found;
}

std::optional<Contact> toleranced::Model::probeLivePairs(Worker &worker, const JointMotion &motion, double t) const
{
  // a pair in collision at t is live at t (a dead piece keeps it apart): the others need no check
  CullingWorkspace &culling = worker.culling;
  culling.counters.collision_probes += 1;
  front_end_->poseAt(culling, motion, t);
  for (std::size_t i = 0; i < culling.pcl.size(); ++i)
    if (culling.nextLiveTime(i, t) <= t)
      if (std::optional<Violation> hit = solidsOverlap(culling.pcl[i], posePair(worker, culling.pcl[i]), t))
        return hit->contact;
  return std::nullopt;
}

std::optional<Subinterval> toleranced::Model::examine(Worker &worker, Search &search, Subinterval &sub) const
{
  // [SchroeckerWeber] Listing 1, one step, for one pair.
  worker.intervals += 1;
  worker.max_depth = std::max(worker.max_depth, static_cast<double>(sub.depth));
  const BodyPair &pair = search.pcl[sub.pair];
  const Query &query = search.query;
  const double tm = 0.5 * (sub.t0 + sub.t1);
  front_end_->poseAt(worker.culling, search.motion, tm);
  const PairObjects objects = posePair(worker, pair);
  // How far apart the bodies are at the centre g, at least: their hulls' distance less their gaps
  // (a cheap lower bound; the bodies lie within their concavity of their hulls).
  worker.hull_distance_queries += 1;
  const DistanceBounds hulls = pairDistanceBounds(*objects.hull_a, *objects.hull_other);
  const double apart = hulls.lower - objects.hull_gap - query.clearance;
  // The reach of the orbits (a self pair's in the bodies' common ancestor's frame): how far any
  // point of the bodies gets from its place at g. The motion bound first (cheap), then the balls
  // in the bodies' metrics where they may beat it by the distance to beat (Eq. 4, 11).
  const int frame = pair.b >= 0 ? pair.ancestor : -1;
  double r = motionReach(search.motion, pair.a, frame, sub.t0, sub.t1);
  if (pair.b >= 0)
    r += motionReach(search.motion, pair.b, frame, sub.t0, sub.t1);
  if (apart > r)
    return std::nullopt;
  if (r < kBallGain * (apart + objects.concavity))
  {
    double ball = ballReach(worker, search.motion, pair.a, frame, sub.t0, sub.t1);
    if (pair.b >= 0)
      ball += ballReach(worker, search.motion, pair.b, frame, sub.t0, sub.t1);
    r = std::min(r, ball);
    if (apart > r)
      return std::nullopt;
  }
  // Then the bodies themselves, where their distance may exclude (concave bodies) or be a contact
  // (a primitive on its surface triangles, whose distance less their gap bounds the solid's: the
  // bodies were apart at the span's start, and no body gets inside a solid without crossing its
  // surface); far apart, a deflated distance suffices. The hulls are at most hulls.upper apart (the
  // distance of two of their points), the bodies at most their concavity farther.
  const bool may_exclude = hulls.upper + objects.concavity - query.clearance > r;
  if (may_exclude || !(apart > query.contact_distance))
  {
    const double needed = query.clearance + r;
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
  }
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

void toleranced::Model::work(Worker &worker, Search &search) const
{
  worker.join(search.serial);
  while (std::optional<Subinterval> sub = search.queue.take())
  {
    // Depth first into the first halves; the second ones go to the queue.
    do
      sub = examine(worker, search, *sub);
    while (sub && search.queue.keep(*sub));
    search.queue.done();
  }
}

void toleranced::Model::help(Search &search) const
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
      worker = std::make_unique<Worker>(*front_end_, bodies_);
    work(*worker, search);
  }
  catch (...)
  {
    search.queue.fail(std::current_exception());
  }
  search.queue.leave(worker ? worker->takeCounters() : Stats{});
}

SearchOutcome toleranced::Model::run(Worker &owner, const std::shared_ptr<Search> &search) const
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

Report toleranced::Model::certify(Worker &worker, const JointMotion &motion, const Query &query) const
{
  CullingWorkspace &culling = worker.culling;
  culling.counters = {};
  culling.posed_motion = nullptr;  // another motion may sit at the same address
  pipeline::TocBracket bracket;
  Stats stats;
  // Whole-robot probes first: a colliding motion is mostly found by one of them.
  const std::optional<Contact> probe =
      query.mode == Mode::Decide
          ? pipeline::decideProbes(*front_end_, culling, worker.collision, motion, query, kDecideProbes)
          : std::nullopt;
  if (probe)
    bracket.addContact(*probe, 0.0);
  else
  {
    // The front end's culling: the pairs and pieces that may come within the inflation. In First-
    // Contact mode, probes of those (an edge with none left is Free without any), then the ball
    // coverings of the live spans only as far as the bracket needs, t_hit − tolerance.
    front_end_->cullLivePieces(culling, motion, query.clearance + query.contact_distance);
    std::optional<Contact> hit;
    if (query.mode == Mode::FirstContact && !culling.pcl.empty())
      hit = pipeline::firstContactProbes([&](double t) { return probeLivePairs(worker, motion, t); },
                                         kFirstContactProbes, kProbeBracket * query.tolerance);
    search(worker, motion, query, hit, bracket, stats);
  }
  Report report = bracket.report();
  mergeCounters(report.stats, worker.takeCounters());
  mergeCounters(report.stats, stats);
  report.stats["collision_probes"] = culling.counters.collision_probes;
  report.stats["box_pieces"] = culling.counters.box_pieces;
  report.stats["pcl_after_spatial_culling"] = culling.counters.pcl_after_spatial_culling;
  return report;
}

void toleranced::Model::search(Worker &worker, const JointMotion &motion, const Query &query, std::optional<Contact> hit,
                              pipeline::TocBracket &bracket, Stats &stats) const
{
  CullingWorkspace &culling = worker.culling;
  const double t_end = hit ? pipeline::certifyUntil(hit->time, query.tolerance) : 1.0;
  std::vector<Subinterval> roots;
  for (const pipeline::PairRun &run : pipeline::liveRuns(culling, t_end))
    roots.push_back({run.t0, run.t1, 0, static_cast<int>(run.pair)});
  // A primitive's surface triangles stand in for it while no body is inside it: the solids are
  // checked where the spans start (then a body gets in only across the surface, where it is found).
  for (const Subinterval &root : roots)
  {
    const BodyPair &pair = culling.pcl[root.pair];
    front_end_->poseAt(culling, motion, root.t0);
    const PairObjects objects = posePair(worker, pair);
    if (objects.exact_a != objects.a || objects.exact_other != objects.other)
      if (std::optional<Violation> inside = solidsOverlap(pair, objects, root.t0))
        if (!hit || inside->time < hit->time)
          hit = std::move(inside->contact);
  }
  if (hit && query.mode == Mode::Decide)
  {
    bracket.addContact(*hit, 0.0);
    return;
  }
  // [SchroeckerWeber] Listing 1 over the live spans, on every thread of the pool.
  SearchRules rules;
  rules.end = t_end;
  rules.stop_at_contact = query.mode == Mode::Decide;
  rules.bracket = query.mode == Mode::FirstContact ? query.tolerance : 0.0;
  rules.max_subintervals = static_cast<std::size_t>(options_.max_intervals);
  const auto shared = std::make_shared<Search>(motion, query, culling.pcl, std::move(roots), rules);
  if (hit)
    shared->queue.addViolation(Violation{hit->time, *hit});
  SearchOutcome outcome = run(worker, shared);
  mergeCounters(stats, outcome.stats);
  if (outcome.violation)
    bracket.addContact(outcome.violation->contact, std::min(outcome.excluded_until, outcome.violation->time));
  if (!outcome.given_up.empty())
  {
    stats["cap_max_depth"] = 1.0;
    bracket.addUndecided(outcome.excluded_until, "max_depth");
  }
  if (outcome.out_of_subintervals)
  {
    stats["cap_max_intervals"] = 1.0;
    bracket.addUndecided(outcome.excluded_until, "max_intervals");
  }
}
}  // namespace ompl_ccd
