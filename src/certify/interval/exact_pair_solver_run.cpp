// One call of the pair service on one pair: the pair's sides bound to the thread's workspace, the
// front-to-back loop over sub-intervals ([Redon2004] Sec. 5: OBB culling, then the elementary
// contact solver) and FCL's confirmation of the solver's contacts. The OBB culling is in
// exact_obb_culling.cpp, the advance on the exact shapes in exact_approach_steps.cpp.
#include "certify/interval/exact_pair_solver_run.h"

#include <algorithm>
#include <set>

#include "ompl_ccd/geometry/pair_distance.h"
#include "ompl_ccd/numeric.h"

namespace ompl_ccd
{
namespace
{
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

PairContactSolver::Run::Run(const PairContactSolver &solver, PairWorkspace &ws, const JointMotion &motion,
                            const BodyPair &pair, const PairContactRequest &request)
  : solver_(solver), ws_(ws), motion_(motion), pair_(pair), request_(request), frame_(pair.b >= 0 ? pair.ancestor : -1),
    margin_(numeric::padUp(request.clearance))
{
  ws.poses.reset(motion, frame_);
  bindSides();
  surface_gap_ = ws.sides[0].features->surface_gap + ws.sides[1].features->surface_gap;
  const BodyRef &a = solver.bodies_[pair.a];
  object_a_ = ws.collision.objects[a.link][a.geometry].get();
  object_b_ = pair.b >= 0 ? ws.collision.objects[solver.bodies_[pair.b].link][solver.bodies_[pair.b].geometry].get()
                          : &solver.world_->scene().object(pair.obstacle);
  result_.toc_lower = result_.toc_upper = request.t1;
  bindHulls();
}

void PairContactSolver::Run::bindSides()
{
  ws_.body_motions.resize(solver_.bodies_.size());
  ws_.body_obbs.resize(solver_.bodies_.size());
  ws_.body_obb_stamps.resize(solver_.bodies_.size());
  ws_.obstacle_obbs.resize(solver_.obstacle_features_.size());
  ws_.obstacle_obb_stamps.resize(solver_.obstacle_features_.size());
  const auto body = [&](PairSide &side, int b) {
    side.features = &solver_.body_features_[b];
    side.tree = &solver_.body_trees_[b];
    side.triangle_edges = &solver_.body_triangle_edges_[b];
    side.link = solver_.bodies_[b].link;
    side.box_L = solver_.body_boxes_L_[b];
    // The features in the link frame, moved by the link's interval pose in F (Sec. 4.1).
    if (!ws_.body_motions[b])
      ws_.body_motions[b] = std::make_unique<RigidVertexMotion>(
          std::make_shared<CachedLinkPose>(ws_.poses, side.link),
          std::shared_ptr<const std::vector<Eigen::Vector3d>>(&side.features->vertices, [](const auto *) {}));
    side.motion = ws_.body_motions[b].get();
    side.obbs = &ws_.body_obbs[b];
    side.obb_stamps = &ws_.body_obb_stamps[b];
  };
  body(ws_.sides[0], pair_.a);
  if (pair_.b >= 0)
    body(ws_.sides[1], pair_.b);
  else
  {
    PairSide &side = ws_.sides[1];
    side.features = &solver_.obstacle_features_[pair_.obstacle];
    side.tree = &solver_.obstacle_trees_[pair_.obstacle];
    side.triangle_edges = &solver_.obstacle_triangle_edges_[pair_.obstacle];
    side.link = -1;
    side.motion = solver_.obstacle_motions_[pair_.obstacle].get();
    side.obbs = &ws_.obstacle_obbs[pair_.obstacle];
    side.obb_stamps = &ws_.obstacle_obb_stamps[pair_.obstacle];
  }
  for (PairSide &side : ws_.sides)
  {
    side.cached_lo = side.cached_hi = -1.0;
    side.stamp = side.link < 0 ? 0 : -1;
    if (side.obbs->size() != side.tree->nodes().size())
    {
      side.obbs->resize(side.tree->nodes().size());
      side.obb_stamps->assign(side.tree->nodes().size(), -1);
    }
  }
}

void PairContactSolver::Run::bindHulls()
{
  // The hulls' objects (made on first use; an obstacle's placed once, as it stands still).
  ws_.body_hull_objects.resize(solver_.bodies_.size());
  ws_.obstacle_hull_objects.resize(solver_.obstacle_features_.size());
  const auto hullOf = [&](int b) {
    if (!ws_.body_hull_objects[b])
      ws_.body_hull_objects[b] = makeCollisionObject(solver_.body_hulls_[b]->fclGeometry());
    return ws_.body_hull_objects[b].get();
  };
  hull_a_ = hullOf(pair_.a);
  hulls_[0] = solver_.body_hulls_[pair_.a].get();
  if (pair_.b >= 0)
  {
    hull_b_ = hullOf(pair_.b);
    hulls_[1] = solver_.body_hulls_[pair_.b].get();
  }
  else
  {
    std::unique_ptr<fcl::CollisionObjectd> &object = ws_.obstacle_hull_objects[pair_.obstacle];
    if (!object)
    {
      object = makeCollisionObject(solver_.obstacle_hulls_[pair_.obstacle]->fclGeometry());
      object->setTransform(solver_.world_->scene().obstacles()[pair_.obstacle].X_WG);
    }
    hull_b_ = object.get();
    hulls_[1] = solver_.obstacle_hulls_[pair_.obstacle].get();
  }
  const auto isMeshBody = [&](int b) {
    const BodyRef &ref = solver_.bodies_[b];
    return solver_.world_->robot().links()[ref.link].geometries[ref.geometry].shape.kind == CollisionShape::Kind::Mesh;
  };
  far_hulls_ = isMeshBody(pair_.a) || (pair_.b >= 0 ? isMeshBody(pair_.b)
                                                  : solver_.world_->scene().obstacles()[pair_.obstacle].shape.kind ==
                                                        CollisionShape::Kind::Mesh);
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
  const Eigen::Vector3d fcl_normal = contact.normal;  // from a towards b; zero where FCL gives none
  contact.normal = X_WF.linear() * (first_on_a ? solved.witness.normal : Eigen::Vector3d(-solved.witness.normal));
  // The solver's normal is a feature's (the face's, or the edges' cross product) turned along the gap
  // between its points, which has no direction at contact: its sign is then a guess. Contact::normal
  // points from link towards other (contact.h): turn it along FCL's normal at t, or where FCL gives
  // none, along the nearest points at the latest earlier time the pair is apart.
  Eigen::Vector3d reference = fcl_normal;
  bool moved = false;
  for (const double back : {1e-6, 1e-4, 1e-2, 1.0})
  {
    if (reference.squaredNorm() > 0.0 || !(t > request_.t0))
      break;
    NearestPoints before;
    moved = true;
    if (distanceAt(std::max(request_.t0, t - back), &before) > numeric::kMinDirectionLength)
      reference = before.p_WB - before.p_WA;
  }
  if (moved)
    placeAt(t);
  if (contact.normal.dot(reference) < 0.0)
    contact.normal = -contact.normal;
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

PairContactResult PairContactSolver::Run::answerCollision(double lower, const Contact &contact)
{
  result_.verdict = Verdict::Collision;
  result_.toc_lower = lower;
  result_.toc_upper = contact.time;
  result_.witness = contact;
  return result_;
}

PairContactResult PairContactSolver::Run::answerFree()
{
  result_.verdict = Verdict::Free;
  result_.toc_lower = result_.toc_upper = request_.t1;
  return result_;
}

PairContactResult PairContactSolver::Run::answerUndecided(double lower, const std::string &budget)
{
  result_.verdict = Verdict::Undecided;
  result_.toc_lower = lower;
  result_.toc_upper = request_.t1;
  result_.budget = budget;
  return result_;
}

std::optional<PairContactResult> PairContactSolver::Run::advancePastTriangles(double start, double after, double &from)
{
  const Advance advance = advanceOnShapes(start, after);
  switch (advance.status)
  {
    case Advance::Status::Contact:
      return answerCollision(advance.lower, advance.contact);
    case Advance::Status::Passed:
      return answerFree();  // apart before the bracket by the solver, after it by the advance
    case Advance::Status::Capped:
      return answerUndecided(advance.time, advance.budget);
    case Advance::Status::Apart:
      from = advance.time;
      break;
  }
  return std::nullopt;
}

std::optional<PairContactResult> PairContactSolver::Run::checkStart(double &from)
{
  const double t0 = request_.t0;
  NearestPoints nearest;
  const double d = distanceAt(t0, &nearest);
  if (request_.check_start && !(d - request_.clearance > request_.contact_distance))
    return answerCollision(t0, contactAt(t0, d, nearest));
  // A cylinder's or sphere's circumscribed triangles may already cross the other side's at t0,
  // where no vertex–face or edge–edge equation has a root left: the exact shapes first, until the
  // triangles are apart.
  if (surface_gap_ > 0.0 && !(d - request_.clearance > surface_gap_))
    return advancePastTriangles(t0, t0, from);
  return std::nullopt;
}

ElementaryContactOptions PairContactSolver::Run::solverOptions() const
{
  ElementaryContactOptions options;
  options.time_tolerance = request_.tolerance;
  options.distance = request_.clearance;
  // Half the contact distance for the triangles: FCL then confirms exact triangles despite rounding.
  options.contact_distance = 0.5 * request_.contact_distance;
  options.max_boxes = solver_.options_.solver_max_boxes;
  options.max_depth = solver_.options_.solver_max_depth;
  return options;
}

PairContactResult PairContactSolver::Run::decideFirstContact()
{
  const double t0 = request_.t0, t1 = request_.t1;
  PairContactStats &stats = result_.stats;
  // the pair is proved apart before `from`
  double from = t0;
  if (request_.check_start || surface_gap_ > 0.0)
    if (std::optional<PairContactResult> out = checkStart(from))
      return *out;
  double growth[2];
  displacements(t0, t1, growth);
  for (int s = 0; s < 2; ++s)
    ws_.sides[s].level = refinementLevel(s, growth[s]);
  const int level = std::max(ws_.sides[0].level, ws_.sides[1].level);
  const int n = 1 << level;
  const ElementaryContactOptions options = solverOptions();
  const std::vector<const VertexMotion *> motions{ws_.sides[0].motion, ws_.sides[1].motion};

  // Sub-intervals front to back: a stack with the earliest on top.
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
      return answerUndecided(solved.toc_lower, solved.budget);
    if (std::optional<Contact> contact = confirm(solved))
      return answerCollision(solved.toc_lower, *contact);
    // The triangles touch but not the shapes (a circumscribed cylinder or sphere, or rounding):
    // go on with the exact shapes from the bracket's start.
    ++stats.unconfirmed;
    if (std::optional<PairContactResult> out = advancePastTriangles(solved.toc_lower, solved.witness.time, from))
      return *out;
    if (from < piece.s1)
      stack.push_back({from, piece.s1, piece.index, piece.splits, true, piece.candidates});
  }
  return answerFree();
}
}  // namespace ompl_ccd
