// The pair service's front-to-back loop ([Redon2004] Sec. 5) and the FCL confirmation of the
// solver's contacts; the OBB culling is in exact_obb_culling.cpp, the advance on the exact shapes in
// exact_approach_steps.cpp.
#include "certify/interval/exact_pair_solver.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include <fcl/narrowphase/collision.h>

#include "certify/interval/interval_link_pose.h"
#include "certify/pipeline/potentially_colliding_pairs.h"
#include "certify/interval/exact_rigid_vertex_motion.h"
#include "ompl_ccd/error.h"
#include "ompl_ccd/geometry/convex_hull.h"
#include "ompl_ccd/geometry/collision_queries.h"
#include "ompl_ccd/geometry/pair_distance.h"
#include "ompl_ccd/model/kinematics.h"
#include "ompl_ccd/numeric.h"
#include "exact_pair_solver_run.h"

namespace ompl_ccd
{
namespace
{
/// Each triangle's three edges, as indices into f.edges.
std::vector<Eigen::Vector3i> triangleEdges(const TriangleFeatures &f)
{
  std::map<std::pair<int, int>, int> index;
  for (std::size_t e = 0; e < f.edges.size(); ++e)
    index[{f.edges[e][0], f.edges[e][1]}] = static_cast<int>(e);
  std::vector<Eigen::Vector3i> out;
  for (const Eigen::Vector3i &t : f.triangles)
  {
    Eigen::Vector3i edges;
    for (int k = 0; k < 3; ++k)
      edges[k] = index.at(std::minmax(t[k], t[(k + 1) % 3]));
    out.push_back(edges);
  }
  return out;
}

/// The feature of equation vertices [first, first + count) on its shape: a vertex, an edge, or a
/// face (found among the shape's triangles).
ContactFeature featureOf(const FeaturePair &equation, int first, int count, const TriangleFeatures &f,
                         const std::string &shape)
{
  ContactFeature feature;
  feature.shape = shape;
  for (int k = first; k < first + count; ++k)
    feature.vertices.push_back(equation.vertices[k].vertex);
  if (count == 3)
  {
    std::set<int> face(feature.vertices.begin(), feature.vertices.end());
    for (std::size_t t = 0; t < f.triangles.size() && feature.triangle < 0; ++t)
      if (std::set<int>{f.triangles[t][0], f.triangles[t][1], f.triangles[t][2]} == face)
        feature.triangle = static_cast<int>(t);
  }
  return feature;
}
}  // namespace

void PairContactStats::add(const PairContactStats &o)
{
  sub_intervals += o.sub_intervals;
  node_tests += o.node_tests;
  node_culled += o.node_culled;
  triangle_pairs += o.triangle_pairs;
  feature_pairs += o.feature_pairs;
  solver_boxes += o.solver_boxes;
  shape_steps += o.shape_steps;
  unconfirmed += o.unconfirmed;
}

PairContactSolver::PairContactSolver(CollisionWorldPtr world, const PairContactOptions &options)
  : world_(std::move(world)), options_(options)
{
  bodies_ = collisionBodies(*world_);
  const RobotModel &robot = world_->robot();
  for (const BodyRef &body : bodies_)
  {
    const LinkGeometry &g = robot.links()[body.link].geometries[body.geometry];
    body_features_.push_back(triangleFeatures(g.shape, g.X_LG));
    body_trees_.emplace_back(body_features_.back());
    body_triangle_edges_.push_back(triangleEdges(body_features_.back()));
    Eigen::AlignedBox3d box;
    for (const Eigen::Vector3d &v : body_features_.back().vertices)
      box.extend(v);
    body_boxes_L_.push_back(box);
    body_hulls_.push_back(std::make_shared<const ConvexHull>(g.shape, kHullMaxGap));
  }
  for (const Obstacle &obstacle : world_->scene().obstacles())
  {
    obstacle_features_.push_back(triangleFeatures(obstacle.shape, obstacle.X_WG));
    obstacle_trees_.emplace_back(obstacle_features_.back());
    obstacle_triangle_edges_.push_back(triangleEdges(obstacle_features_.back()));
    const std::vector<Eigen::Vector3d> &v = obstacle_features_.back().vertices;
    obstacle_motions_.push_back(std::make_shared<LinearVertexMotion>(v, v));
    obstacle_hulls_.push_back(std::make_shared<const ConvexHull>(obstacle.shape, kHullMaxGap));
  }
}

PairContactSolver::~PairContactSolver() = default;

std::unique_ptr<PairContactWorkspace> PairContactSolver::makeWorkspace() const
{
  return std::make_unique<PairWorkspace>(*world_);
}

PairContactResult PairContactSolver::decide(PairContactWorkspace &ws, const JointMotion &motion, const BodyPair &pair,
                                            const PairContactRequest &request) const
{
  OMPL_CCD_THROW_UNLESS(0.0 <= request.t0 && request.t0 <= request.t1 && request.t1 <= 1.0,
                        "PairContactSolver::decide: interval [", request.t0, ", ", request.t1,
                        "] is not inside [0, 1]; give 0 <= t0 <= t1 <= 1.");
  OMPL_CCD_THROW_UNLESS(std::isfinite(request.tolerance) && request.tolerance > 0.0 &&
                            std::isfinite(request.contact_distance) && request.contact_distance > 0.0 &&
                            std::isfinite(request.clearance) && request.clearance >= 0.0 && request.approach_steps >= 0,
                        "PairContactSolver::decide: tolerance (", request.tolerance, ") and contact_distance (",
                        request.contact_distance, ") must be > 0, clearance (", request.clearance,
                        ") and approach_steps (", request.approach_steps, ") >= 0.");
  const int bodies = static_cast<int>(bodies_.size());
  const int obstacles = static_cast<int>(obstacle_features_.size());
  OMPL_CCD_THROW_UNLESS(pair.a >= 0 && pair.a < bodies &&
                            (pair.b >= 0 ? pair.b < bodies && pair.b != pair.a && pair.ancestor >= 0 &&
                                               pair.ancestor < static_cast<int>(world_->robot().links().size())
                                         : pair.obstacle >= 0 && pair.obstacle < obstacles),
                        "PairContactSolver::decide: pair (a ", pair.a, ", b ", pair.b, ", obstacle ", pair.obstacle,
                        ", ancestor ", pair.ancestor, ") does not name ", bodies, " bodies and ", obstacles,
                        " obstacles; take pairs of collisionBodies() and selfBodyPairs().");
  auto &run_ws = static_cast<PairWorkspace &>(ws);
  if (request.approach_steps == 0)
    return Run(*this, run_ws, motion, pair, request).decide();
  const PairContactResult approached = Run(*this, run_ws, motion, pair, request).approach();
  if (approached.verdict == Verdict::Collision)
  {
    // The touching features are the solver's: the pipeline on the last half tolerance before the
    // witness, where the steps proved the pair apart; the steps' witness if it finds none there.
    PairContactRequest window = request;
    window.t0 = std::max(request.t0, std::min(approached.toc_lower, approached.toc_upper - 0.5 * request.tolerance));
    window.t1 = approached.toc_upper;
    window.check_start = false;
    window.approach_steps = 0;
    PairContactResult out = Run(*this, run_ws, motion, pair, window).decide();
    out.stats.add(approached.stats);
    if (out.verdict == Verdict::Collision)
      return out;
    PairContactResult fallback = approached;
    fallback.stats = out.stats;
    return fallback;
  }
  if (approached.verdict != Verdict::Undecided)
    return approached;
  // Proved apart on [t0, toc_lower): the pipeline on the rest, its start checked.
  PairContactRequest rest = request;
  rest.t0 = approached.toc_lower;
  rest.check_start = true;
  rest.approach_steps = 0;
  PairContactResult out = Run(*this, run_ws, motion, pair, rest).decide();
  out.stats.add(approached.stats);
  return out;
}

PairContactSolver::Run::Run(const PairContactSolver &solver, PairWorkspace &ws, const JointMotion &motion,
                            const BodyPair &pair, const PairContactRequest &request)
  : solver_(solver), ws_(ws), motion_(motion), pair_(pair), request_(request), frame_(pair.b >= 0 ? pair.ancestor : -1),
    margin_(numeric::padUp(request.clearance))
{
  ws.poses.reset(motion, frame_);
  ws.body_motions.resize(solver.bodies_.size());
  ws.body_obbs.resize(solver.bodies_.size());
  ws.body_obb_stamps.resize(solver.bodies_.size());
  ws.obstacle_obbs.resize(solver.obstacle_features_.size());
  ws.obstacle_obb_stamps.resize(solver.obstacle_features_.size());
  const auto body = [&](PairSide &side, int b) {
    side.features = &solver.body_features_[b];
    side.tree = &solver.body_trees_[b];
    side.triangle_edges = &solver.body_triangle_edges_[b];
    side.link = solver.bodies_[b].link;
    side.box_L = solver.body_boxes_L_[b];
    // The features in the link frame, moved by the link's interval pose in F (Sec. 4.1).
    if (!ws.body_motions[b])
      ws.body_motions[b] = std::make_unique<RigidVertexMotion>(
          std::make_shared<CachedLinkPose>(ws.poses, side.link),
          std::shared_ptr<const std::vector<Eigen::Vector3d>>(&side.features->vertices, [](const auto *) {}));
    side.motion = ws.body_motions[b].get();
    side.obbs = &ws.body_obbs[b];
    side.obb_stamps = &ws.body_obb_stamps[b];
  };
  body(ws.sides[0], pair.a);
  if (pair.b >= 0)
    body(ws.sides[1], pair.b);
  else
  {
    PairSide &side = ws.sides[1];
    side.features = &solver.obstacle_features_[pair.obstacle];
    side.tree = &solver.obstacle_trees_[pair.obstacle];
    side.triangle_edges = &solver.obstacle_triangle_edges_[pair.obstacle];
    side.link = -1;
    side.motion = solver.obstacle_motions_[pair.obstacle].get();
    side.obbs = &ws.obstacle_obbs[pair.obstacle];
    side.obb_stamps = &ws.obstacle_obb_stamps[pair.obstacle];
  }
  for (PairSide &side : ws.sides)
  {
    side.cached_lo = side.cached_hi = -1.0;
    side.stamp = side.link < 0 ? 0 : -1;
    if (side.obbs->size() != side.tree->nodes().size())
    {
      side.obbs->resize(side.tree->nodes().size());
      side.obb_stamps->assign(side.tree->nodes().size(), -1);
    }
  }
  surface_gap_ = ws.sides[0].features->surface_gap + ws.sides[1].features->surface_gap;
  const BodyRef &a = solver.bodies_[pair.a];
  object_a_ = ws.collision.objects[a.link][a.geometry].get();
  object_b_ = pair.b >= 0 ? ws.collision.objects[solver.bodies_[pair.b].link][solver.bodies_[pair.b].geometry].get()
                          : &solver.world_->scene().object(pair.obstacle);
  result_.toc_lower = result_.toc_upper = request.t1;
  // The hulls' objects (made on first use; an obstacle's placed once, as it stands still).
  ws.body_hull_objects.resize(solver.bodies_.size());
  ws.obstacle_hull_objects.resize(solver.obstacle_features_.size());
  const auto hullOf = [&](int b) {
    if (!ws.body_hull_objects[b])
      ws.body_hull_objects[b] = makeCollisionObject(solver.body_hulls_[b]->fclGeometry());
    return ws.body_hull_objects[b].get();
  };
  hull_a_ = hullOf(pair.a);
  hulls_[0] = solver.body_hulls_[pair.a].get();
  if (pair.b >= 0)
  {
    hull_b_ = hullOf(pair.b);
    hulls_[1] = solver.body_hulls_[pair.b].get();
  }
  else
  {
    std::unique_ptr<fcl::CollisionObjectd> &object = ws.obstacle_hull_objects[pair.obstacle];
    if (!object)
    {
      object = makeCollisionObject(solver.obstacle_hulls_[pair.obstacle]->fclGeometry());
      object->setTransform(solver.world_->scene().obstacles()[pair.obstacle].X_WG);
    }
    hull_b_ = object.get();
    hulls_[1] = solver.obstacle_hulls_[pair.obstacle].get();
  }
  const auto isMeshBody = [&](int b) {
    const BodyRef &ref = solver.bodies_[b];
    return solver.world_->robot().links()[ref.link].geometries[ref.geometry].shape.kind == CollisionShape::Kind::Mesh;
  };
  far_hulls_ = isMeshBody(pair.a) || (pair.b >= 0 ? isMeshBody(pair.b)
                                                  : solver.world_->scene().obstacles()[pair.obstacle].shape.kind ==
                                                        CollisionShape::Kind::Mesh);
}

std::pair<const fcl::CollisionObjectd *, const fcl::CollisionObjectd *>
PairContactSolver::placePair(PairContactWorkspace &base, const JointMotion &motion, const BodyPair &pair, double t) const
{
  CollisionWorkspace &collision = static_cast<PairWorkspace &>(base).collision;
  forwardKinematics(world_->robot(), collision.kinematics, motion.stateAt(t));
  const auto place = [&](int b) {
    const BodyRef &body = bodies_[b];
    const LinkGeometry &g = world_->robot().links()[body.link].geometries[body.geometry];
    fcl::CollisionObjectd &object = *collision.objects[body.link][body.geometry];
    object.setTransform(collision.kinematics.X_WL[body.link] * g.X_LG);
    return &object;
  };
  const fcl::CollisionObjectd *a = place(pair.a);
  return {a, pair.b >= 0 ? place(pair.b) : &world_->scene().object(pair.obstacle)};
}

Contact PairContactSolver::pairContact(const BodyPair &pair, const fcl::CollisionObjectd &a,
                                       const fcl::CollisionObjectd &b, double t, double distance,
                                       const NearestPoints &nearest) const
{
  const RobotModel &robot = world_->robot();
  const auto urdfLink = [&](int body) {
    return robot.links()[bodies_[body].link].geometries[bodies_[body].geometry].urdf_link;
  };
  Contact contact;
  contact.time = t;
  contact.distance = distance;
  contact.link = urdfLink(pair.a);
  contact.other = pair.b >= 0 ? urdfLink(pair.b) : world_->scene().obstacles()[pair.obstacle].name;
  contact.point_a = nearest.p_WA;
  contact.point_b = nearest.p_WB;
  if (distance > numeric::kMinDirectionLength)
  {
    contact.normal = (nearest.p_WB - nearest.p_WA).normalized();
    return contact;
  }
  // Touching or penetrating: FCL's distance has no direction, its contact has (from a to b).
  fcl::CollisionRequestd request(1, true);
  fcl::CollisionResultd overlap;
  // libccd's MPR at most, never its asserting GJK (collision_queries.h)
  if (fcl::collide(&a, &b, request, overlap) > 0)
  {
    const fcl::Contactd &c = overlap.getContact(0);
    const bool a_first = c.o1 == a.collisionGeometry().get();
    contact.point_a = contact.point_b = c.pos;
    contact.normal = a_first ? c.normal : Eigen::Vector3d(-c.normal);
  }
  return contact;
}

std::optional<Contact> PairContactSolver::probe(PairContactWorkspace &ws, const JointMotion &motion,
                                                const BodyPair &pair, double t) const
{
  const auto [a, b] = placePair(ws, motion, pair, t);
  fcl::CollisionRequestd request(1, true);
  fcl::CollisionResultd result;
  // libccd's MPR at most, never its asserting GJK (collision_queries.h)
  const bool hit = pair.b >= 0 ? fcl::collide(a, b, request, result) > 0
                               : obstacleCollides(world_->scene(), pair.obstacle, *a, request, result);
  if (!hit)
    return std::nullopt;
  return pairContact(pair, *a, *b, t, 0.0, NearestPoints{});
}

void PairContactSolver::Run::placeAt(double t) { solver_.placePair(ws_, motion_, pair_, t); }

double PairContactSolver::Run::distanceAt(double t, NearestPoints *nearest)
{
  placeAt(t);
  return pairDistanceUpperBound(*object_a_, *object_b_, nearest);
}

Contact PairContactSolver::Run::contactAt(double t, double distance, const NearestPoints &nearest) const
{
  return solver_.pairContact(pair_, *object_a_, *object_b_, t, distance, nearest);
}

std::optional<Contact> PairContactSolver::Run::confirm(const ElementaryContactResult &solved)
{
  const double t = solved.witness.time;
  NearestPoints nearest;
  const double d = distanceAt(t, &nearest);
  if (d - request_.clearance > request_.contact_distance)
    return std::nullopt;
  // The solver's points and normal are in the pair's frame F; its first feature is on side 0
  // unless the equation's first vertex is on side 1.
  const FeaturePair &equation = ws_.equations[solved.pair];
  const bool first_on_a = equation.vertices[0].motion == 0;
  const Eigen::Isometry3d X_WF =
      frame_ >= 0 ? ws_.collision.kinematics.X_WL[frame_] : Eigen::Isometry3d::Identity();
  if (!(d > 0.0))  // touching or penetrating: FCL's nearest points are not defined, the solver's are
  {
    nearest.p_WA = X_WF * (first_on_a ? solved.witness.point_a : solved.witness.point_b);
    nearest.p_WB = X_WF * (first_on_a ? solved.witness.point_b : solved.witness.point_a);
  }
  Contact contact = contactAt(t, d, nearest);
  contact.normal = X_WF.linear() * (first_on_a ? solved.witness.normal : Eigen::Vector3d(-solved.witness.normal));
  // The triangles' features are the shapes' own only where the triangles are exact (surface_gap 0).
  const bool vf = equation.kind == FeaturePairKind::VertexFace;
  const int first_count = vf ? 1 : 2;
  const auto shapeName = [&](int s) {
    const RobotModel &robot = solver_.world_->robot();
    if (s == 1 && pair_.b < 0)
      return solver_.world_->scene().obstacles()[pair_.obstacle].shape.describe();
    const BodyRef &body = solver_.bodies_[s == 0 ? pair_.a : pair_.b];
    return robot.links()[body.link].geometries[body.geometry].shape.describe();
  };
  const int first_side = first_on_a ? 0 : 1;
  ContactFeature first = featureOf(equation, 0, first_count, *ws_.sides[first_side].features, shapeName(first_side));
  ContactFeature second =
      featureOf(equation, first_count, 4 - first_count, *ws_.sides[1 - first_side].features, shapeName(1 - first_side));
  if (!first_on_a)
    std::swap(first, second);
  if (ws_.sides[0].features->surface_gap == 0.0)
    contact.feature_a = std::move(first);
  if (ws_.sides[1].features->surface_gap == 0.0)
    contact.feature_b = std::move(second);
  return contact;
}

PairContactResult PairContactSolver::Run::decide()
{
  const double t0 = request_.t0, t1 = request_.t1;
  PairContactStats &stats = result_.stats;
  const auto collision = [&](double lower, const Contact &contact) {
    result_.verdict = Verdict::Collision;
    result_.toc_lower = lower;
    result_.toc_upper = contact.time;
    result_.witness = contact;
    return result_;
  };
  const auto free = [&] {
    result_.verdict = Verdict::Free;
    result_.toc_lower = result_.toc_upper = t1;
    return result_;
  };
  const auto undecided = [&](double lower, const std::string &budget) {
    result_.verdict = Verdict::Undecided;
    result_.toc_lower = lower;
    result_.toc_upper = t1;
    result_.budget = budget;
    return result_;
  };
  // An advance on the exact shapes after triangles touch that the shapes do not: its outcome, or
  // nullopt with `from` moved past it (the pair proved apart before `from`).
  double from = t0;
  const auto advance = [&](double start, double after) -> std::optional<PairContactResult> {
    const Advance advance = advanceOnShapes(start, after);
    switch (advance.status)
    {
      case Advance::Status::Contact:
        return collision(advance.lower, advance.contact);
      case Advance::Status::Passed:
        return free();  // apart before the bracket by the solver, after it by the advance
      case Advance::Status::Capped:
        return undecided(advance.time, advance.budget);
      case Advance::Status::Apart:
        from = advance.time;
        break;
    }
    return std::nullopt;
  };
  if (request_.check_start || surface_gap_ > 0.0)
  {
    NearestPoints nearest;
    const double d = distanceAt(t0, &nearest);
    if (request_.check_start && !(d - request_.clearance > request_.contact_distance))
      return collision(t0, contactAt(t0, d, nearest));
    // A cylinder's or sphere's circumscribed triangles may already cross the other side's at t0,
    // where no vertex–face or edge–edge equation has a root left: the exact shapes first, until the
    // triangles are apart.
    if (surface_gap_ > 0.0 && !(d - request_.clearance > surface_gap_))
      if (std::optional<PairContactResult> out = advance(t0, t0))
        return *out;
  }
  double growth[2];
  displacements(t0, t1, growth);
  for (int s = 0; s < 2; ++s)
    ws_.sides[s].level = refinementLevel(s, growth[s]);
  const int level = std::max(ws_.sides[0].level, ws_.sides[1].level);
  const int n = 1 << level;
  ElementaryContactOptions options;
  options.time_tolerance = request_.tolerance;
  options.distance = request_.clearance;
  // Half the contact distance for the triangles: FCL then confirms exact triangles despite rounding.
  options.contact_distance = 0.5 * request_.contact_distance;
  options.max_boxes = solver_.options_.solver_max_boxes;
  options.max_depth = solver_.options_.solver_max_depth;
  const std::vector<const VertexMotion *> motions{ws_.sides[0].motion, ws_.sides[1].motion};

  // Sub-intervals front to back: a stack with the earliest on top. `exact`: moved over the
  // sub-interval itself (after a halving or a restart) rather than over the sides' level cells.
  struct Piece
  {
    double s0, s1;
    int index, splits;
    bool exact;
    /** \brief After a halving: the leaf pairs of the halved sub-interval, the only candidates. */
    std::shared_ptr<const std::vector<std::pair<int, int>>> candidates;
  };
  std::vector<Piece> stack;
  for (int k = n - 1; k >= 0; --k)
    stack.push_back({t0 + (t1 - t0) * k / n, k + 1 == n ? t1 : t0 + (t1 - t0) * (k + 1) / n, k, 0, false, nullptr});
  while (!stack.empty())  // the pair is proved apart before `from`
  {
    Piece piece = stack.back();
    stack.pop_back();
    if (from > t0 && piece.s1 <= from)
      continue;
    if (piece.s0 < from)
    {
      piece.s0 = from;
      piece.exact = true;
    }
    ++stats.sub_intervals;
    const bool may_split = piece.splits < solver_.options_.max_splits;
    const bool collected =
        collectEquations(piece.s0, piece.s1, piece.index, level, piece.exact, may_split, piece.candidates.get());
    if (collected && ws_.equations.empty())
      continue;
    if (!collected || (may_split && static_cast<int>(ws_.equations.size()) > solver_.options_.split_pairs))
    {
      // Shorter sub-intervals have tighter boxes: the halves usually leave far fewer pairs, and only
      // leaf pairs left here can overlap on them.
      const double mid = 0.5 * (piece.s0 + piece.s1);
      const auto candidates = solver_.options_.obb_trees
                                  ? std::make_shared<const std::vector<std::pair<int, int>>>(ws_.leaf_pairs)
                                  : nullptr;
      stack.push_back({mid, piece.s1, piece.index, piece.splits + 1, true, candidates});
      stack.push_back({piece.s0, mid, piece.index, piece.splits + 1, true, candidates});
      continue;
    }
    stats.feature_pairs += static_cast<double>(ws_.equations.size());
    // All equations of the sub-interval at once, [Redon2004] Sec. 5.2.2.
    const ElementaryContactResult solved = solveElementaryContacts(motions, ws_.equations, piece.s0, piece.s1, options);
    stats.solver_boxes += solved.boxes;
    if (solved.verdict == Verdict::Free)
      continue;
    if (solved.verdict == Verdict::Undecided)
      return undecided(solved.toc_lower, solved.budget);
    if (std::optional<Contact> contact = confirm(solved))
      return collision(solved.toc_lower, *contact);
    // The triangles touch but not the shapes (a circumscribed cylinder or sphere, or rounding):
    // go on with the exact shapes from the bracket's start.
    ++stats.unconfirmed;
    if (std::optional<PairContactResult> out = advance(solved.toc_lower, solved.witness.time))
      return *out;
    if (from < piece.s1)
      stack.push_back({from, piece.s1, piece.index, piece.splits, true, piece.candidates});
  }
  return free();
}
}  // namespace ompl_ccd
