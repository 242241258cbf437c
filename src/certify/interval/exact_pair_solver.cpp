// The pair service: its construction (each shape's triangle features, OBB tree and hull), a
// call's checks and its approach steps, solver and window around a contact, and FCL's placement,
// probes and witnesses of a pair; one call's own work is in exact_pair_solver_run.cpp.
#include "certify/interval/exact_pair_solver.h"

#include <algorithm>
#include <cmath>
#include <map>

#include <fcl/narrowphase/collision.h>

#include "certify/interval/interval_link_pose.h"
#include "certify/pipeline/potentially_colliding_pairs.h"
#include "certify/interval/exact_pair_solver_run.h"
#include "certify/interval/exact_rigid_vertex_motion.h"
#include "ompl_ccd/error.h"
#include "ompl_ccd/geometry/convex_hull.h"
#include "ompl_ccd/geometry/collision_queries.h"
#include "ompl_ccd/geometry/pair_distance.h"
#include "ompl_ccd/model/kinematics.h"
#include "ompl_ccd/numeric.h"

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
    return Run(*this, run_ws, motion, pair, request).decideFirstContact();
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
    PairContactResult out = Run(*this, run_ws, motion, pair, window).decideFirstContact();
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
  PairContactResult out = Run(*this, run_ws, motion, pair, rest).decideFirstContact();
  out.stats.add(approached.stats);
  return out;
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
}  // namespace ompl_ccd
