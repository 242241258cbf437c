#include "ompl_ccd/certify/interval_arithmetic.h"

#include <cmath>
#include <map>
#include <numeric>
#include <tuple>
#include <utility>

#include "ompl_ccd/bound/taylor_pose.h"
#include "ompl_ccd/certify/interval_link_pose.h"
#include "ompl_ccd/error.h"
#include "ompl_ccd/geometry/collision_queries.h"
#include "ompl_ccd/geometry/pair_distance.h"

namespace ompl_ccd
{
namespace
{
/// Whether the boxes come within \a margin of each other (margin already padded for rounding).
bool near(const Eigen::AlignedBox3d &a, const Eigen::AlignedBox3d &b, double margin)
{
  return (a.min().array() <= b.max().array() + margin).all() && (b.min().array() <= a.max().array() + margin).all();
}

/// World box of a link-frame box under an interval pose: R·box + p in interval arithmetic, the
/// dynamic AABB of [Redon2004] Sec. 4.1.
Eigen::AlignedBox3d worldBox(const IntervalPose &X_WL, const Eigen::AlignedBox3d &box_L)
{
  Eigen::AlignedBox3d box;
  for (int i = 0; i < 3; ++i)
  {
    Interval c = X_WL.p[i];
    for (int k = 0; k < 3; ++k)
      c += X_WL.R[3 * i + k] * Interval(box_L.min()[k], box_L.max()[k]);
    box.min()[i] = c.lo();
    box.max()[i] = c.hi();
  }
  return box;
}

/// Rounding pad of the clearance in box tests (metres): the margin sums are rounded to nearest,
/// off by far less than this for metre-scale coordinates.
constexpr double kMarginPad = 1e-12;
}  // namespace

/// One thread's buffers: FCL objects for the start check and the confirmations, the world poses
/// and body boxes of the current piece, the solver's motions with their vertex boxes over the
/// piece, and the piece's feature pairs.
struct IntervalArithmetic::Workspace : CertifierWorkspace
{
  explicit Workspace(const CollisionWorld &world) : collision(world) {}
  CollisionWorkspace collision;
  std::vector<IntervalPose> X_WL;
  std::vector<Eigen::AlignedBox3d> body_boxes;
  const JointMotion *motion = nullptr;
  Interval piece;
  int piece_index = -1;
  /** \brief Solver input: the obstacles' motions, then one per (body, frame) in use. */
  std::vector<const VertexMotion *> motions;
  /** \brief Owners of motions past the obstacles, their (body, frame), and index by (body, frame). */
  std::vector<std::shared_ptr<const VertexMotion>> owned;
  std::vector<std::pair<int, int>> body_frame;
  std::map<std::pair<int, int>, int> motion_of;
  /** \brief Per motion past the obstacles: feature boxes and the piece they are for. */
  std::vector<FeatureSetBoxes> boxes;
  std::vector<IntervalVector3> vertex_boxes;
  std::vector<int> boxes_piece;
  std::vector<FeaturePair> pairs;
  /** \brief Per feature pair: its body pair. */
  std::vector<int> owner;
  /** \brief Stage 2's capsules over the current piece. */
  SweptSphereCulling::Sweep sweep;
  /** \brief Counts of the current motion: body pairs tested, culled by stage 1 and 2, left. */
  double pair_pieces = 0, box_culled = 0, sphere_culled = 0, body_pairs = 0;
};

IntervalArithmetic::IntervalArithmetic(CollisionWorldPtr world, const IntervalArithmeticOptions &options)
  : world_(std::move(world)), options_(options)
{
  OMPL_CCD_THROW_UNLESS(options.time_pieces >= 1, "IntervalArithmetic: time_pieces is ", options.time_pieces,
                        "; give at least 1.");
  OMPL_CCD_THROW_UNLESS(options.split_pairs >= 1 && options.max_splits >= 0, "IntervalArithmetic: split_pairs (",
                        options.split_pairs, ") must be at least 1, max_splits (", options.max_splits, ") at least 0.");
  OMPL_CCD_THROW_UNLESS(options.swept_sphere_steps >= 1, "IntervalArithmetic: swept_sphere_steps is ",
                        options.swept_sphere_steps, "; give at least 1.");
  OMPL_CCD_THROW_UNLESS(options.max_boxes >= 1 && options.max_depth >= 1 && options.max_restarts >= 0,
                        "IntervalArithmetic: max_boxes (", options.max_boxes, ") and max_depth (", options.max_depth,
                        ") must be at least 1, max_restarts (", options.max_restarts, ") at least 0.");
  bodies_ = collisionBodies(*world_);
  const RobotModel &robot = world_->robot();
  for (const BodyRef &body : bodies_)
  {
    const LinkGeometry &g = robot.links()[body.link].geometries[body.geometry];
    body_features_.push_back(triangleFeatures(g.shape, g.X_LG));
    Eigen::AlignedBox3d box;
    for (const Eigen::Vector3d &v : body_features_.back().vertices)
      box.extend(v);
    body_boxes_L_.push_back(box);
  }
  const auto &obstacles = world_->scene().obstacles();
  for (std::size_t o = 0; o < obstacles.size(); ++o)
  {
    obstacle_features_.push_back(triangleFeatures(obstacles[o].shape, obstacles[o].X_WG));
    const std::vector<Eigen::Vector3d> &v = obstacle_features_.back().vertices;
    obstacle_motions_.push_back(std::make_shared<LinearVertexMotion>(v, v));
    std::vector<IntervalVector3> points;
    for (const Eigen::Vector3d &p : v)
      points.push_back(pointBox(p));
    obstacle_feature_boxes_.emplace_back();
    featureBoxes(obstacle_features_.back(), points, obstacle_feature_boxes_.back());
    obstacle_boxes_.push_back(obstacle_feature_boxes_.back().all);
    for (std::size_t a = 0; a < bodies_.size(); ++a)
      pairs_.push_back({static_cast<int>(a), -1, static_cast<int>(o), -1});
  }
  for (const BodyPair &pair : selfBodyPairs(*world_, bodies_))
    pairs_.push_back(pair);
  std::vector<int> links;
  std::vector<std::vector<Eigen::Vector3d>> vertices;
  for (std::size_t b = 0; b < bodies_.size(); ++b)
  {
    links.push_back(bodies_[b].link);
    vertices.push_back(body_features_[b].vertices);
  }
  swept_spheres_ = std::make_shared<SweptSphereCulling>(world_, links, vertices, options.swept_sphere_steps);
}

std::unique_ptr<CertifierWorkspace> IntervalArithmetic::makeWorkspace() const
{
  return std::make_unique<Workspace>(*world_);
}

int IntervalArithmetic::motionIndex(Workspace &ws, int body, int frame) const
{
  const auto [it, added] = ws.motion_of.try_emplace({body, frame}, static_cast<int>(ws.motions.size()));
  if (added)
  {
    ws.owned.push_back(std::make_shared<RigidVertexMotion>(
        std::make_shared<IntervalLinkPose>(*ws.motion, bodies_[body].link, frame), body_features_[body].vertices));
    ws.body_frame.emplace_back(body, frame);
    ws.motions.push_back(ws.owned.back().get());
    ws.boxes.emplace_back();
    ws.boxes_piece.push_back(-1);
  }
  return it->second;
}

const FeatureSetBoxes &IntervalArithmetic::featureBoxesOf(Workspace &ws, int m) const
{
  const int obstacles = static_cast<int>(obstacle_motions_.size());
  if (m < obstacles)
    return obstacle_feature_boxes_[m];
  const int k = m - obstacles;
  if (ws.boxes_piece[k] != ws.piece_index)
  {
    std::vector<int> all(static_cast<std::size_t>(ws.motions[m]->size()));
    std::iota(all.begin(), all.end(), 0);
    ws.motions[m]->enclose(ws.piece, all, ws.vertex_boxes, nullptr);
    featureBoxes(body_features_[ws.body_frame[k].first], ws.vertex_boxes, ws.boxes[k]);
    ws.boxes_piece[k] = ws.piece_index;
  }
  return ws.boxes[k];
}

void IntervalArithmetic::collectFeaturePairs(Workspace &ws, double margin) const
{
  ws.pairs.clear();
  ws.owner.clear();
  for (std::size_t i = 0; i < pairs_.size(); ++i)
  {
    const BodyPair &pair = pairs_[i];
    ++ws.pair_pieces;
    const Eigen::AlignedBox3d &other = pair.b >= 0 ? ws.body_boxes[pair.b] : obstacle_boxes_[pair.obstacle];
    if (options_.box_culling && !near(ws.body_boxes[pair.a], other, margin))
    {
      ++ws.box_culled;
      continue;
    }
    if (options_.swept_sphere_culling && swept_spheres_->apart(ws.sweep, pair, margin))
    {
      ++ws.sphere_culled;
      continue;
    }
    ++ws.body_pairs;
    // A self pair in its common ancestor's frame, a scene pair in the world.
    const int frame = pair.b >= 0 ? pair.ancestor : -1;
    FeatureSide a{&body_features_[pair.a], motionIndex(ws, pair.a, frame), nullptr};
    FeatureSide b = pair.b >= 0 ? FeatureSide{&body_features_[pair.b], motionIndex(ws, pair.b, frame), nullptr}
                                : FeatureSide{&obstacle_features_[pair.obstacle], pair.obstacle, nullptr};
    a.boxes = &featureBoxesOf(ws, a.motion);
    b.boxes = &featureBoxesOf(ws, b.motion);
    appendFeaturePairs(a, b, margin, ws.pairs);
    ws.owner.resize(ws.pairs.size(), static_cast<int>(i));
  }
}

std::optional<Contact> IntervalArithmetic::confirm(Workspace &ws, const ElementaryContactResult &result,
                                                   double within) const
{
  const BodyPair &pair = pairs_[ws.owner[result.pair]];
  const double t = result.witness.time;
  updatePoses(*world_, ws.collision, ws.motion->stateAt(t));
  const BodyRef &a = bodies_[pair.a];
  const fcl::CollisionObjectd &object_a = *ws.collision.objects[a.link][a.geometry];
  const fcl::CollisionObjectd &object_b =
      pair.b >= 0 ? *ws.collision.objects[bodies_[pair.b].link][bodies_[pair.b].geometry]
                  : world_->scene().object(pair.obstacle);
  const double distance = pairDistanceUpperBound(object_a, object_b);
  if (!(distance <= within))
    return std::nullopt;
  // The solver's points and normal are in the pair's frame F (world, or the self pair's ancestor).
  const RobotModel &robot = world_->robot();
  const Eigen::Isometry3d X_WF = pair.b >= 0 ? ws.collision.kinematics.X_WL[pair.ancestor]
                                             : Eigen::Isometry3d::Identity();
  Contact contact;
  contact.time = t;
  contact.link = robot.links()[a.link].geometries[a.geometry].urdf_link;
  contact.other = pair.b >= 0 ? robot.links()[bodies_[pair.b].link].geometries[bodies_[pair.b].geometry].urdf_link
                              : world_->scene().obstacles()[pair.obstacle].name;
  contact.point_a = X_WF * result.witness.point_a;
  contact.point_b = X_WF * result.witness.point_b;
  contact.normal = X_WF.linear() * result.witness.normal;
  contact.distance = distance;
  // The solver's first feature is on body a unless the equation starts with the other side's vertex.
  const int first = ws.pairs[result.pair].vertices[0].motion;
  const bool on_a = first >= static_cast<int>(obstacle_motions_.size()) &&
                    ws.body_frame[first - static_cast<int>(obstacle_motions_.size())].first == pair.a;
  if (!on_a)
  {
    std::swap(contact.point_a, contact.point_b);
    contact.normal = -contact.normal;
  }
  return contact;
}

Report IntervalArithmetic::certify(CertifierWorkspace &base, const JointMotion &motion, const Query &query) const
{
  OMPL_CCD_THROW_UNLESS(std::isfinite(query.tolerance) && query.tolerance > 0.0, "IntervalArithmetic::certify: tolerance ",
                        query.tolerance, " is not positive; give a tolerance > 0.");
  OMPL_CCD_THROW_UNLESS(std::isfinite(query.clearance) && query.clearance >= 0.0,
                        "IntervalArithmetic::certify: clearance ", query.clearance, " is negative; give a clearance ≥ 0.");
  Report report;
  auto &ws = static_cast<Workspace &>(base);
  ws.pair_pieces = ws.box_culled = ws.sphere_culled = ws.body_pairs = 0;
  double pieces = 0, feature_pairs = 0, solver_boxes = 0, unconfirmed = 0;
  const auto finish = [&](Verdict verdict, double toc_lower, double toc_upper, const std::string &budget) {
    report.verdict = verdict;
    report.toc_lower = toc_lower;
    report.toc_upper = toc_upper;
    if (query.statistics)
    {
      report.stats = {{"pieces", pieces},
                      {"pair_pieces", ws.pair_pieces},
                      {"box_culled", ws.box_culled},
                      {"sphere_culled", ws.sphere_culled},
                      {"body_pairs", ws.body_pairs},
                      {"feature_pairs", feature_pairs},
                      {"solver_boxes", solver_boxes},
                      {"unconfirmed", unconfirmed},
                      {"cap_max_boxes", 0.0},
                      {"cap_max_depth", 0.0},
                      {"cap_max_restarts", 0.0}};
      if (!budget.empty())
        report.stats["cap_" + budget] = 1.0;
    }
    return report;
  };

  // Whether the robot at q is within clearance of contact (FCL, whole robot).
  const auto inContact = [&](double t, Contact &contact) {
    const Eigen::VectorXd q = motion.stateAt(t);
    const bool hit = query.clearance > 0.0 ? minimumDistance(*world_, ws.collision, q, &contact) < query.clearance
                                           : isInCollision(*world_, ws.collision, q, &contact);
    contact.time = t;
    return hit;
  };
  // A surface misses a body wholly inside a solid: the start state is checked whole.
  if (Contact start; inContact(0.0, start))
  {
    report.witness = start;
    return finish(Verdict::Collision, 0.0, 0.0, "");
  }
  // Decide: whole-robot probes settle most colliding motions at once (as [Zhang2007] Sec. 8); a
  // probe in contact is the witness, and nothing is claimed before it (toc_lower = 0).
  if (query.mode == Mode::Decide)
    for (const double t : {0.5, 0.25, 0.75})
      if (Contact probe; inContact(t, probe))
      {
        report.witness = probe;
        return finish(Verdict::Collision, 0.0, t, "");
      }

  ws.motion = &motion;
  ws.motions.assign(obstacle_motions_.size(), nullptr);
  for (std::size_t o = 0; o < obstacle_motions_.size(); ++o)
    ws.motions[o] = obstacle_motions_[o].get();
  ws.owned.clear();
  ws.body_frame.clear();
  ws.motion_of.clear();
  ws.boxes.clear();
  ws.boxes_piece.clear();
  ws.body_boxes.resize(bodies_.size());

  ElementaryContactOptions solver;
  solver.time_tolerance = query.tolerance;
  solver.distance = query.clearance;
  // A triangle contact within kIntervalContactDistance stays within tolerance of shapes whose
  // triangles lie within a third of it (meshes, boxes, cylinders for tolerances ≥ 3 kCylinderPrismGap).
  solver.contact_distance = std::min(kIntervalContactDistance, 0.5 * query.tolerance);
  solver.max_boxes = options_.max_boxes;
  solver.max_depth = options_.max_depth;
  const double margin = query.clearance + kMarginPad;
  const double within = query.clearance + query.tolerance;
  double passed_over = 1.0;  // toc_lower of the first unconfirmed contact (1: none)
  int restarts = 0;
  // Pieces in time order: a stack of (t0, t1, halvings) with the earliest on top.
  std::vector<std::tuple<double, double, int>> stack;
  const int n = options_.time_pieces;
  for (int k = n - 1; k >= 0; --k)
    stack.emplace_back(static_cast<double>(k) / n, static_cast<double>(k + 1) / n, 0);
  ws.piece_index = -1;
  while (!stack.empty())
  {
    const auto [t0, t1, splits] = stack.back();
    stack.pop_back();
    ws.piece = Interval(t0, t1);
    ++ws.piece_index;
    ++pieces;
    // Dynamic AABBs of every body over the piece, [Redon2004] Sec. 4.1; capsules, Sec. 4.2.
    if (options_.box_culling)
    {
      linkIntervalPoses(motion, t0, t1, ws.X_WL);
      for (std::size_t b = 0; b < bodies_.size(); ++b)
        ws.body_boxes[b] = worldBox(ws.X_WL[bodies_[b].link], body_boxes_L_[b]);
    }
    if (options_.swept_sphere_culling)
      swept_spheres_->sweep(motion, t0, t1, ws.sweep);
    collectFeaturePairs(ws, margin);
    if (ws.pairs.empty())
      continue;
    if (static_cast<int>(ws.pairs.size()) > options_.split_pairs && splits < options_.max_splits)
    {
      const double mid = 0.5 * (t0 + t1);
      stack.emplace_back(mid, t1, splits + 1);
      stack.emplace_back(t0, mid, splits + 1);
      continue;
    }
    feature_pairs += static_cast<double>(ws.pairs.size());
    for (double from = t0; from < t1;)
    {
      // All equations of the piece at once, [Redon2004] Sec. 5.2.2.
      const ElementaryContactResult result = solveElementaryContacts(ws.motions, ws.pairs, from, t1, solver);
      solver_boxes += result.boxes;
      if (result.verdict == Verdict::Free)
        break;
      if (result.verdict == Verdict::Undecided)
        return finish(Verdict::Undecided, std::min(passed_over, result.toc_lower), 1.0, result.budget);
      if (std::optional<Contact> contact = confirm(ws, result, within))
      {
        report.witness = std::move(contact);
        return finish(Verdict::Collision, std::min(passed_over, result.toc_lower), result.toc_upper, "");
      }
      ++unconfirmed;
      passed_over = std::min(passed_over, result.toc_lower);
      if (++restarts > options_.max_restarts)
        return finish(Verdict::Undecided, passed_over, 1.0, "max_restarts");
      from = result.toc_upper;
    }
  }
  // A passed-over bracket may hide a real contact shorter than it: no proof of freedom then.
  if (passed_over < 1.0)
    return finish(Verdict::Undecided, passed_over, 1.0, "max_restarts");
  return finish(Verdict::Free, 1.0, 1.0, "");
}
}  // namespace ompl_ccd
