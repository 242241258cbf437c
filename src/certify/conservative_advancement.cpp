#include "ompl_ccd/certify/conservative_advancement.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <limits>
#include <fcl/narrowphase/collision.h>
#include <optional>

#include "ompl_ccd/bound/motion_bound.h"
#include "ompl_ccd/bound/taylor_pose.h"
#include "ompl_ccd/error.h"
#include "ompl_ccd/geometry/collision_queries.h"
#include "ompl_ccd/geometry/pair_distance.h"
#include "ompl_ccd/model/kinematics.h"

namespace ompl_ccd
{
namespace
{
constexpr double kInfinity = std::numeric_limits<double>::infinity();

/// Absolute slack (metres) on slab widths computed in floating point.
constexpr double kSlabSlack = 1e-10;

/// Σ of rotation rates along the path from the root to each link (radians per unit t), the
/// largest of which decides how finely the Taylor models cut the motion.
double largestChainRotation(const JointMotion &motion)
{
  const RobotModel &model = motion.model();
  std::vector<double> rotation(model.links().size(), 0.0);
  double largest = 0.0;
  for (std::size_t l = 0; l < model.links().size(); ++l)
  {
    const Link &link = model.links()[l];
    double own = 0.0;
    if (link.parent_joint >= 0)
    {
      const Joint &joint = model.joints()[link.parent_joint];
      if (joint.type == JointType::Revolute || joint.type == JointType::Continuous)
        own = std::fabs(motion.jointDelta(link.parent_joint));
      else if (joint.type == JointType::Floating)
        own = std::fabs(motion.rootRotationAngle());
    }
    rotation[l] = (link.parent_link >= 0 ? rotation[link.parent_link] : 0.0) + own;
    largest = std::max(largest, rotation[l]);
  }
  return largest;
}

/// The (k+1)-th time of the bisection order 1/2, 1/4, 3/4, 1/8, 3/8, ... (the order of OMPL's
/// DiscreteMotionValidator's states).
double bisectionTime(int k)
{
  int level = 1;  // largest power of two ≤ k + 1
  while (2 * level <= k + 1)
    level *= 2;
  return (2.0 * (k + 1 - level) + 1.0) / (2.0 * level);
}

/// FCL object for a body's geometry (pose set per query).
std::unique_ptr<fcl::CollisionObjectd> makeObject(const FclGeometryPtr &geometry)
{
  return std::make_unique<fcl::CollisionObjectd>(geometry);
}
}  // namespace

/// Per-thread state: link poses at the last posed time, FCL objects of every body, scratch lists.
struct ConservativeAdvancement::Workspace : CertifierWorkspace
{
  explicit Workspace(const ConservativeAdvancement &ca)
    : kinematics(ca.world().robot())
    , support_hints(2 * ca.bodies_.size(), 0)
    , obstacle_support_hints(ca.world().scene().obstacles().size(), 0)
  {
    for (const Body &body : ca.bodies_)
    {
      const FclGeometryPtr &geometry = ca.world().linkGeometry(body.ref.link, body.ref.geometry);
      mesh_objects.push_back(std::make_unique<BoxedCollisionObject>(geometry));
      surface_objects.push_back(body.surface ? makeObject(body.surface->triangles) : nullptr);
      hull_objects.push_back(makeObject(body.hull->fclGeometry()));
    }
  }
  KinematicsWorkspace kinematics;
  /** \brief Time of the poses in kinematics (NaN: none yet); objects are placed per pair. */
  double posed_time = std::numeric_limits<double>::quiet_NaN();
  const JointMotion *posed_motion = nullptr;
  Eigen::VectorXd q;
  /** \brief mesh_objects[b]: body b's geometry (its AABB set by the probes); surface_objects[b]:
      its primitive surface (exact distances), or null. */
  std::vector<std::unique_ptr<BoxedCollisionObject>> mesh_objects;
  std::vector<std::unique_ptr<fcl::CollisionObjectd>> hull_objects, surface_objects;
  /** \brief A probe's body boxes (world frame). */
  std::vector<Eigen::AlignedBox3d> probe_boxes;
  std::vector<int> probe_obstacles;  // the obstacles a probe's robot box overlaps
  std::vector<char> probe_placed;    // whether a probe has set body b's pose in mesh_objects[b]
  /** \brief Where each hull's support search starts (its last extreme vertex): body b's as the
      pair's first body at [2b], as its second at [2b + 1]; each obstacle's. */
  std::vector<int> support_hints, obstacle_support_hints;
  std::vector<TaylorPose> taylor;
  std::vector<Eigen::AlignedBox3d> aabbs, sample_boxes;
  /** \brief Union of body b's boxes at the samples k/N, not widened: inside every box enclosing its
      sweep, so two bodies whose sampled sweeps overlap keep overlapping boxes however tight. */
  std::vector<Eigen::AlignedBox3d> sampled_sweeps;
  /** \brief Link poses at the samples k/N, k = 0..N: link l's at [k · links + l]. */
  std::vector<Eigen::Isometry3d> sample_poses;
  /** \brief Motion-bound box of body b over piece k = [k/N, (k+1)/N] at [b · N + k], inflated. */
  std::vector<Eigen::AlignedBox3d> piece_boxes;
  /** \brief Pieces N of the motion-bound boxes of this motion (computeAabbs). */
  int samples = 0;
  /** \brief For PCL i, whether its boxes overlap during piece k, at [i · N + k]. */
  std::vector<char> live_pieces;
  /** \brief A certificate's open spans (scratch). */
  std::vector<std::pair<double, double>> open_spans;
  std::vector<BodyPair> pcl;
  /** \brief The report's statistics, counted in plain fields (the Stats map is built once). */
  struct Counters
  {
    double distance_queries = 0, hull_distance_queries = 0, ca_steps = 0, hull_ca_steps = 0, slab_steps = 0,
           collision_probes = 0, undecided_cap_hits = 0, box_pieces = 0, taylor_pieces = 0, pcl_before_culling = 0,
           pcl_after_spatial_culling = 0, pcl_after_temporal_culling = 0;
    Stats toStats() const
    {
      return Stats{{"distance_queries", distance_queries},
                   {"hull_distance_queries", hull_distance_queries},
                   {"ca_steps", ca_steps},
                   {"hull_ca_steps", hull_ca_steps},
                   {"slab_steps", slab_steps},
                   {"collision_probes", collision_probes},
                   {"undecided_cap_hits", undecided_cap_hits},
                   {"box_pieces", box_pieces},
                   {"taylor_pieces", taylor_pieces},
                   {"pcl_before_culling", pcl_before_culling},
                   {"pcl_after_spatial_culling", pcl_after_spatial_culling},
                   {"pcl_after_temporal_culling", pcl_after_temporal_culling}};
    }
  } stats;
};

/// Outcome of CA on one pair.
struct ConservativeAdvancement::Advance
{
  enum class Status
  {
    Contact,  ///< d < clearance + tolerance at t
    Passed,   ///< certified up to t_limit
    Capped    ///< step cap reached; certified up to t
  };
  Status status = Status::Passed;
  double t = 0.0;
  double distance = 0.0;
  Eigen::Vector3d p_WA = Eigen::Vector3d::Zero(), p_WB = Eigen::Vector3d::Zero();
  /** \brief Contact normal from A to B when the points coincide (a probe's collision); else zero. */
  Eigen::Vector3d normal = Eigen::Vector3d::Zero();
  /** \brief A collision probe found the pair in collision at t (Contact; nothing certified). */
  bool in_collision = false;
};

ConservativeAdvancement::ConservativeAdvancement(CollisionWorldPtr world, const ConservativeAdvancementOptions &options)
  : world_(std::move(world)), options_(options)
{
  OMPL_CCD_THROW_UNLESS(options.max_steps_per_pair >= 1, "ConservativeAdvancement: max_steps_per_pair (",
                        options.max_steps_per_pair, ") must be at least 1; raise it.");
  OMPL_CCD_THROW_UNLESS(options.max_hull_steps >= 1, "ConservativeAdvancement: max_hull_steps (",
                        options.max_hull_steps, ") must be at least 1; raise it.");
  OMPL_CCD_THROW_UNLESS(options.max_taylor_pieces >= 1, "ConservativeAdvancement: max_taylor_pieces (",
                        options.max_taylor_pieces, ") must be at least 1; raise it.");
  OMPL_CCD_THROW_UNLESS(options.distance_rel_err >= 0.0 && std::isfinite(options.distance_rel_err),
                        "ConservativeAdvancement: distance_rel_err (", options.distance_rel_err,
                        ") must be finite and non-negative; use 0.25, or 0 for exact distances.");
  OMPL_CCD_THROW_UNLESS(options.slab_reuse >= 0.0 && std::isfinite(options.slab_reuse),
                        "ConservativeAdvancement: slab_reuse (", options.slab_reuse,
                        ") must be finite and non-negative; use 0.5, or 1 for a distance query at every step.");
  OMPL_CCD_THROW_UNLESS(options.hull_max_gap >= 0.0 && std::isfinite(options.hull_max_gap),
                        "ConservativeAdvancement: hull_max_gap (", options.hull_max_gap,
                        ") must be finite and non-negative; use 1e-3, or 0 for full hulls.");
  OMPL_CCD_THROW_UNLESS(options.collision_probes >= 0, "ConservativeAdvancement: collision_probes (",
                        options.collision_probes, ") must be at least 0; use 8, or 0 for no probes.");
  OMPL_CCD_THROW_UNLESS(options.early_probes >= 0, "ConservativeAdvancement: early_probes (", options.early_probes,
                        ") must be at least 0; use 3, or 0 for none.");
  OMPL_CCD_THROW_UNLESS(options.refine_factor > 0.0 && options.refine_factor <= 1.0,
                        "ConservativeAdvancement: refine_factor (", options.refine_factor,
                        ") must be in (0, 1]; use 1e-3, or 1 for no refinement.");
  OMPL_CCD_THROW_UNLESS(options.refine_steps >= 0, "ConservativeAdvancement: refine_steps (", options.refine_steps,
                        ") must be at least 0; raise it.");
  OMPL_CCD_THROW_UNLESS(options.swept_box_samples >= 1, "ConservativeAdvancement: swept_box_samples (",
                        options.swept_box_samples, ") must be at least 1; raise it.");
  OMPL_CCD_THROW_UNLESS(options.swept_box_travel > 0.0 && std::isfinite(options.swept_box_travel),
                        "ConservativeAdvancement: swept_box_travel (", options.swept_box_travel,
                        ") must be positive and finite; use 0.5 (metres).");
  OMPL_CCD_THROW_UNLESS(options.certificate_max_dims >= 0 && options.certificate_max_dims <= 3,
                        "ConservativeAdvancement: certificate_max_dims (", options.certificate_max_dims,
                        ") must be in [0, 3]; use 2, or 0 for no certificates.");
  OMPL_CCD_THROW_UNLESS(options.certificate_max_cells >= 1, "ConservativeAdvancement: certificate_max_cells (",
                        options.certificate_max_cells, ") must be at least 1; use 8192.");
  const RobotModel &robot = world_->robot();
  for (const BodyRef &ref : collisionBodies(*world_))
  {
    const LinkGeometry &geometry = robot.links()[ref.link].geometries[ref.geometry];
    Body body;
    body.ref = ref;
    body.reach = bodyReach(robot, ref.link, geometry);
    body.box = localBox(geometry);
    body.hull = std::make_shared<const ConvexHull>(geometry.shape, options.hull_max_gap);
    body.surface = makePrimitiveSurface(geometry.shape);
    bodies_.push_back(std::move(body));
  }
  std::vector<BodyRef> refs;
  for (const Body &body : bodies_)
    refs.push_back(body.ref);
  self_pairs_ = selfBodyPairs(*world_, refs);
  certificates_.resize(bodies_.size() * bodies_.size());
  if (options.certificate_max_dims > 0)
  {
    JointSpaceCertificateOptions certificate_options;
    certificate_options.max_dims = options.certificate_max_dims;
    certificate_options.max_cells = options.certificate_max_cells;
    const std::vector<std::shared_ptr<const JointSpaceCertificate>> built =
        sharedCertificates(*world_, refs, self_pairs_, certificate_options);
    for (std::size_t i = 0; i < self_pairs_.size(); ++i)
      certificates_[self_pairs_[i].a * bodies_.size() + self_pairs_[i].b] = built[i];
  }
  const Scene &scene = world_->scene();
  for (const Obstacle &obstacle : scene.obstacles())
  {
    auto hull = std::make_shared<const ConvexHull>(obstacle.shape, options.hull_max_gap);
    auto object = makeObject(hull->fclGeometry());
    object->setTransform(obstacle.X_WG);
    obstacle_hulls_.push_back(std::move(hull));
    obstacle_hull_objects_.push_back(std::move(object));
    std::unique_ptr<fcl::CollisionObjectd> surface;
    const std::optional<PrimitiveSurface> primitive = makePrimitiveSurface(obstacle.shape);
    if (primitive)
    {
      surface = makeObject(primitive->triangles);
      surface->setTransform(obstacle.X_WG);
    }
    obstacle_surface_objects_.push_back(std::move(surface));
    obstacle_surface_gaps_.push_back(primitive ? primitive->gap : 0.0);
  }
}

std::unique_ptr<CertifierWorkspace> ConservativeAdvancement::makeWorkspace() const
{
  return std::make_unique<Workspace>(*this);
}

void ConservativeAdvancement::poseAt(Workspace &ws, const JointMotion &motion, double t) const
{
  if (ws.posed_motion == &motion && ws.posed_time == t)
    return;
  motion.stateAt(t, ws.q);
  forwardKinematics(world_->robot(), ws.kinematics, ws.q);
  ws.posed_motion = &motion;
  ws.posed_time = t;
}

void ConservativeAdvancement::placePair(Workspace &ws, const BodyPair &pair) const
{
  const RobotModel &robot = world_->robot();
  for (const int b : {pair.a, pair.b})
    if (b >= 0)
    {
      const BodyRef &ref = bodies_[b].ref;
      const Eigen::Isometry3d X_WG =
          ws.kinematics.X_WL[ref.link] * robot.links()[ref.link].geometries[ref.geometry].X_LG;
      ws.mesh_objects[b]->setTransform(X_WG);
      ws.hull_objects[b]->setTransform(X_WG);
      if (ws.surface_objects[b])
        ws.surface_objects[b]->setTransform(X_WG);
    }
}

void ConservativeAdvancement::computeAabbs(Workspace &ws, const JointMotion &motion, double inflation) const
{
  const std::size_t n = bodies_.size();
  // Motion-bound boxes: a body's boxes at k/N and (k+1)/N merged and widened by sweptBoxWidening
  // hold it over [k/N, (k+1)/N]: every point stays within μ/(2N) of its place at an end, and within
  // A/(8N²) of the chord between its two places, which lies in their box.
  std::vector<double> speed(n), widening(n);
  for (std::size_t b = 0; b < n; ++b)
    speed[b] = motionBound(motion, bodies_[b].ref.link, bodies_[b].reach, 0.0, 1.0);
  const double largest = n > 0 ? *std::max_element(speed.begin(), speed.end()) : 0.0;
  // as many pieces as keep the fastest body within swept_box_travel per piece, at most swept_box_samples
  const int samples = static_cast<int>(
      std::clamp(std::ceil(largest / options_.swept_box_travel), 1.0, static_cast<double>(options_.swept_box_samples)));
  ws.samples = samples;
  ws.stats.box_pieces = samples;
  for (std::size_t b = 0; b < n; ++b)
    widening[b] = sweptBoxWidening(
        speed[b], accelerationBound(motion, bodies_[b].ref.link, bodies_[b].reach, 0.0, 1.0), 1.0 / samples);
  ws.aabbs.assign(n, Eigen::AlignedBox3d());
  ws.sample_boxes.assign(n, Eigen::AlignedBox3d());
  ws.sampled_sweeps.assign(n, Eigen::AlignedBox3d());
  ws.piece_boxes.assign(n * samples, Eigen::AlignedBox3d());
  const std::size_t links = world_->robot().links().size();
  forwardKinematicsAlong(motion, samples, ws.kinematics, ws.sample_poses);
  for (int k = 0; k <= samples; ++k)
  {
    const Eigen::Isometry3d *X_WL = &ws.sample_poses[k * links];
    for (std::size_t b = 0; b < n; ++b)
    {
      const Eigen::AlignedBox3d box = worldAabb(X_WL[bodies_[b].ref.link], bodies_[b].box);
      Eigen::AlignedBox3d piece = box;
      if (k > 0)
        piece.extend(ws.sample_boxes[b]);
      ws.sample_boxes[b] = box;
      ws.sampled_sweeps[b].extend(box);
      if (k > 0)
      {
        const Eigen::Vector3d widen = Eigen::Vector3d::Constant(widening[b] * (1.0 + 1e-9) + 1e-9 + inflation);
        ws.piece_boxes[b * samples + k - 1] = Eigen::AlignedBox3d(piece.min() - widen, piece.max() + widen);
        ws.aabbs[b].extend(ws.piece_boxes[b * samples + k - 1]);
      }
    }
  }
}

void ConservativeAdvancement::cullPieces(Workspace &ws) const
{
  // A pair whose boxes are apart during piece k is farther apart than clearance + tolerance all
  // through it: CA skips the piece, and a pair with no live piece is culled.
  const int samples = ws.samples;
  ws.live_pieces.resize(ws.pcl.size() * samples);
  for (std::size_t i = 0; i < ws.pcl.size(); ++i)
  {
    const BodyPair &pair = ws.pcl[i];
    const Eigen::AlignedBox3d obstacle = pair.b >= 0 ? Eigen::AlignedBox3d() : obstacleBox(pair.obstacle);
    for (int k = 0; k < samples; ++k)
      ws.live_pieces[i * samples + k] = ws.piece_boxes[pair.a * samples + k].intersects(
          pair.b >= 0 ? ws.piece_boxes[pair.b * samples + k] : obstacle);
  }
  keepLivePairs(ws);
}

void ConservativeAdvancement::keepLivePairs(Workspace &ws) const
{
  const int samples = ws.samples;
  keepPairs(ws, [&](std::size_t i) {
    const auto live = ws.live_pieces.begin() + static_cast<std::ptrdiff_t>(i * samples);
    return std::find(live, live + samples, 1) != live + samples;
  });
}

void ConservativeAdvancement::cullSelfPieces(Workspace &ws, const JointMotion &motion, double inflation) const
{
  const int samples = ws.samples;
  for (std::size_t i = 0; i < ws.pcl.size(); ++i)
  {
    const BodyPair &pair = ws.pcl[i];
    if (pair.b < 0)
      continue;
    // the certificate first: a cheap traversal that often leaves no piece for the boxes in the
    // ancestor's frame (each piece must pass both)
    if (const auto &certificate = certificates_[pair.a * bodies_.size() + pair.b])
    {
      // a piece stays live only if it meets a span the certificate leaves open (asked over the
      // live pieces' range only)
      const auto live = ws.live_pieces.begin() + static_cast<std::ptrdiff_t>(i * samples);
      const auto first = std::find(live, live + samples, 1);
      if (first == live + samples)
        continue;
      const auto last = std::find(std::make_reverse_iterator(live + samples), std::make_reverse_iterator(live), 1);
      ws.open_spans.clear();
      certificate->openSpans(motion, static_cast<double>(first - live) / samples,
                             static_cast<double>(samples - (last - std::make_reverse_iterator(live + samples))) / samples,
                             inflation, ws.open_spans);
      for (int k = 0; k < samples; ++k)
      {
        const double t_a = static_cast<double>(k) / samples, t_b = static_cast<double>(k + 1) / samples;
        ws.live_pieces[i * samples + k] =
            ws.live_pieces[i * samples + k] &&
            std::any_of(ws.open_spans.begin(), ws.open_spans.end(),
                        [&](const std::pair<double, double> &span) { return span.first <= t_b && t_a <= span.second; });
      }
    }
    cullSelfPiecesRelative(ws, motion, i, inflation);
  }
  keepLivePairs(ws);
}

void ConservativeAdvancement::cullSelfPiecesRelative(Workspace &ws, const JointMotion &motion, std::size_t i,
                                                     double inflation) const
{
  // Two links move rigidly with their deepest common ancestor C: their distance is the one in C's
  // frame, where only the joints below C move them. Their boxes there, sampled and widened by the
  // motion bound relative to C (motion_bound.h), are apart during more pieces than the world
  // boxes whenever C itself moves.
  const RobotModel &robot = world_->robot();
  const BodyPair &pair = ws.pcl[i];
  const Body &A = bodies_[pair.a], &B = bodies_[pair.b];
  const int ancestor = pair.ancestor;
  const int samples = ws.samples;
  const auto live = ws.live_pieces.begin() + static_cast<std::ptrdiff_t>(i * samples);
  if (ancestor < 0 || robot.links()[ancestor].parent_joint < 0  // C is the fixed root: world boxes
      || std::find(live, live + samples, 1) == live + samples)
    return;
  const std::size_t links = robot.links().size();
  const auto widening = [&](const Body &body) {
    const double mu =
        motionBound(motion, body.ref.link, body.reach, 0.0, 1.0, ancestor);
    const double acceleration = accelerationBound(motion, body.ref.link, body.reach, 0.0, 1.0, ancestor);
    return sweptBoxWidening(mu, acceleration, 1.0 / samples) * (1.0 + 1e-9) + 1e-9 + inflation;
  };
  const double widen_a = widening(A), widen_b = widening(B);
  // the body's box in C's frame at sample k, widened (fixed when the body is on C itself)
  const auto boxInAncestor = [&](const Body &body, int k, double widen) {
    const Eigen::Isometry3d *X_WL = &ws.sample_poses[k * links];
    const Eigen::AlignedBox3d box =
        body.ref.link == ancestor ? worldAabb(Eigen::Isometry3d::Identity(), body.box)
                                  : worldAabb(X_WL[ancestor].inverse() * X_WL[body.ref.link], body.box);
    return Eigen::AlignedBox3d(box.min().array() - widen, box.max().array() + widen);
  };
  int sampled = -1;  // the sample whose boxes are in start_a, start_b
  Eigen::AlignedBox3d start_a, start_b;
  for (int k = 0; k < samples; ++k)
  {
    if (!ws.live_pieces[i * samples + k])
      continue;
    if (sampled != k)
    {
      start_a = boxInAncestor(A, k, widen_a);
      start_b = boxInAncestor(B, k, widen_b);
    }
    const Eigen::AlignedBox3d end_a = boxInAncestor(A, k + 1, widen_a), end_b = boxInAncestor(B, k + 1, widen_b);
    ws.live_pieces[i * samples + k] = start_a.merged(end_a).intersects(start_b.merged(end_b));
    start_a = end_a;
    start_b = end_b;
    sampled = k + 1;
  }
}

template <typename Keep>
void ConservativeAdvancement::keepPairs(Workspace &ws, const Keep &keep) const
{
  const std::size_t samples = static_cast<std::size_t>(ws.samples);
  std::size_t kept = 0;
  for (std::size_t i = 0; i < ws.pcl.size(); ++i)
    if (keep(i))
    {
      ws.pcl[kept] = ws.pcl[i];
      std::copy_n(ws.live_pieces.begin() + static_cast<std::ptrdiff_t>(i * samples), samples,
                  ws.live_pieces.begin() + static_cast<std::ptrdiff_t>(kept * samples));
      ++kept;
    }
  ws.pcl.resize(kept);
  ws.live_pieces.resize(kept * samples);
}

Eigen::AlignedBox3d ConservativeAdvancement::obstacleBox(int obstacle) const
{
  const fcl::AABBd &box = world_->scene().object(obstacle).getAABB();
  return Eigen::AlignedBox3d(box.min_, box.max_);
}

double ConservativeAdvancement::nextLiveTime(const Workspace &ws, std::size_t i, double t) const
{
  const int samples = ws.samples;
  // the piece holding t: its start k/N must not be past t whatever t·N rounded to
  int k = std::clamp(static_cast<int>(t * samples), 0, samples - 1);
  while (k > 0 && static_cast<double>(k) / samples > t)
    --k;
  for (; k < samples; ++k)
    if (ws.live_pieces[i * samples + k])
      return std::max(t, static_cast<double>(k) / samples);
  return kInfinity;
}

void ConservativeAdvancement::refineAabbs(Workspace &ws, const JointMotion &motion, double inflation) const
{
  // Taylor-model boxes ([Zhang2007] Sec. 5.2), intersected with the swept boxes (both enclose the sweep).
  const std::size_t n = bodies_.size();
  const Eigen::Vector3d widen = Eigen::Vector3d::Constant(inflation);
  // pieces short enough that no chain turns by much more than a radian in one
  const int pieces =
      std::clamp(static_cast<int>(std::ceil(largestChainRotation(motion))), 1, options_.max_taylor_pieces);
  // Only pairs that survived the swept boxes and whose sampled sweeps are apart can be culled by
  // any enclosing box (a Taylor box holds the sampled sweep): only their bodies are refined.
  std::vector<bool> in_play(n, false);
  bool any = false;
  for (const BodyPair &pair : ws.pcl)
    if (!ws.sampled_sweeps[pair.a].intersects(pair.b >= 0 ? ws.sampled_sweeps[pair.b] : obstacleBox(pair.obstacle)))
    {
      in_play[pair.a] = true;
      if (pair.b >= 0)
        in_play[pair.b] = true;
      any = true;
    }
  if (!any)
    return;
  std::vector<Eigen::AlignedBox3d> taylor_boxes(n);
  for (int k = 0; k < pieces; ++k)
  {
    linkTaylorPoses(motion, TaylorDomain(static_cast<double>(k) / pieces, static_cast<double>(k + 1) / pieces),
                    ws.taylor);
    for (std::size_t b = 0; b < n; ++b)
      if (in_play[b])
        taylor_boxes[b].extend(dynamicAabb(ws.taylor[bodies_[b].ref.link], bodies_[b].box));
  }
  for (std::size_t b = 0; b < n; ++b)
    if (in_play[b])
      ws.aabbs[b] = ws.aabbs[b].intersection(
          Eigen::AlignedBox3d(taylor_boxes[b].min() - widen, taylor_boxes[b].max() + widen));
  ws.stats.taylor_pieces = pieces;
}

ConservativeAdvancement::Separation ConservativeAdvancement::boxFaceSeparation(Workspace &ws,
                                                                             const BodyPair &pair) const
{
  // The face the body's centre lies farthest beyond: its normal is most often the widest slab's
  // (any direction gives a valid slab; only the first guess is made cheaply).
  const Obstacle &box = world_->scene().obstacles()[pair.obstacle];
  const BodyRef &ref = bodies_[pair.a].ref;
  const Eigen::Vector3d centre_W = ws.kinematics.X_WL[ref.link] * bodies_[pair.a].box.X_LB.translation();
  const Eigen::Vector3d centre_O = box.X_WG.inverse() * centre_W;
  int axis = 0;
  (centre_O.cwiseAbs() - 0.5 * box.shape.box_size).maxCoeff(&axis);
  Separation best;
  best.n = best.n_F = (centre_O[axis] < 0.0 ? 1.0 : -1.0) * box.X_WG.linear().col(axis);  // body → box
  best.width = slabWidth(ws, pair, best.n);  // a scene pair's frame is the world
  best.valid = true;
  return best;
}

Eigen::Matrix3d ConservativeAdvancement::pairFrameRotation(const Workspace &ws, const BodyPair &pair) const
{
  if (pair.ancestor < 0)
    return Eigen::Matrix3d::Identity();
  return ws.kinematics.X_WL[pair.ancestor].linear();
}

double ConservativeAdvancement::slabWidth(Workspace &ws, const BodyPair &pair, const Eigen::Vector3d &n) const
{
  // s = min_{x∈B} x·n − max_{x∈A} x·n = −h_B(−n) − h_A(n), h the support function of the hull; each
  // hull's search starts from its last extreme vertex (n turns little from step to step)
  const auto support = [&](int body, const Eigen::Vector3d &dir, int &hint) {
    const fcl::Transform3d &X_WG = ws.hull_objects[body]->getTransform();
    return bodies_[body].hull->support(X_WG.linear().transpose() * dir, &hint) + X_WG.translation().dot(dir);
  };
  const double h_A = support(pair.a, n, ws.support_hints[2 * pair.a]);
  double h_B;
  if (pair.b >= 0)
    h_B = support(pair.b, -n, ws.support_hints[2 * pair.b + 1]);
  else
  {
    const Eigen::Isometry3d &X_WG = world_->scene().obstacles()[pair.obstacle].X_WG;
    h_B = obstacle_hulls_[pair.obstacle]->support(X_WG.linear().transpose() * -n,
                                                  &ws.obstacle_support_hints[pair.obstacle]) +
          X_WG.translation().dot(-n);
  }
  return -h_B - h_A - kSlabSlack * (1.0 + std::fabs(h_A) + std::fabs(h_B));
}

double ConservativeAdvancement::stepLength(Workspace &ws, const JointMotion &motion, const BodyPair &pair, double t,
                                           double t_limit, double d, const Separation &separation,
                                           const Query &query) const
{
  const std::vector<Eigen::Isometry3d> &X_WL = ws.kinematics.X_WL;
  const Body &A = bodies_[pair.a];
  // Undirected: the distance shrinks at most at the relative speed, [Zhang2007] Eq. (4)
  // (a self pair's motions relative to its common ancestor)
  double mu = motionBound(motion, A.ref.link, A.reach, t, t_limit, pair.ancestor);
  if (pair.b >= 0)
    mu += motionBound(motion, bodies_[pair.b].ref.link, bodies_[pair.b].reach, t, t_limit, pair.ancestor);
  double dt = mu > 0.0 ? (d - query.clearance) / mu : kInfinity;
  // Directed: the slab between the hulls along n (fixed in the pair's frame) shrinks at most at
  // μ_A(n) + μ_B(n)
  if (separation.valid && separation.width > query.clearance)
  {
    const Eigen::Vector3d &n = separation.n;
    double mu_n = motionBoundAlong(motion, X_WL, A.ref.link, A.reach, t, t_limit, n, pair.ancestor);
    if (pair.b >= 0)
      mu_n += motionBoundAlong(motion, X_WL, bodies_[pair.b].ref.link, bodies_[pair.b].reach, t, t_limit, n,
                               pair.ancestor);
    dt = std::max(dt, mu_n > 0.0 ? (separation.width - query.clearance) / mu_n : kInfinity);
  }
  // division rounding; a NaN bound certifies nothing (the step cap then gives Undecided)
  return dt >= 0.0 ? dt * (1.0 - 1e-12) : 0.0;
}

ConservativeAdvancement::Advance ConservativeAdvancement::advance(Workspace &ws, const JointMotion &motion,
                                                                  std::size_t i, bool hulls, double t_start,
                                                                  double t_limit, int max_steps,
                                                                  double contact_distance, const Query &query) const
{
  const BodyPair &pair = ws.pcl[i];
  const auto objectOf = [&](int body) -> const fcl::CollisionObjectd & {
    return hulls ? *ws.hull_objects[body] : *ws.mesh_objects[body];
  };
  const fcl::CollisionObjectd &object_a = objectOf(pair.a);
  const fcl::CollisionObjectd &other =
      pair.b >= 0 ? objectOf(pair.b)
                  : (hulls ? *obstacle_hull_objects_[pair.obstacle] : world_->scene().object(pair.obstacle));
  // exact distances: a box or cylinder as triangles around it, within `gap` of it
  const fcl::CollisionObjectd *surface_a = ws.surface_objects[pair.a].get();
  const fcl::CollisionObjectd *surface_other =
      pair.b >= 0 ? ws.surface_objects[pair.b].get() : obstacle_surface_objects_[pair.obstacle].get();
  const auto gapOf = [&](int body) { return bodies_[body].surface ? bodies_[body].surface->gap : 0.0; };
  const double surface_gap = gapOf(pair.a) + (pair.b >= 0 ? gapOf(pair.b) : obstacle_surface_gaps_[pair.obstacle]);
  const fcl::CollisionObjectd &exact_a = surface_a ? *surface_a : object_a;
  const fcl::CollisionObjectd &exact_other = surface_other ? *surface_other : other;
  auto &stats = ws.stats;
  Advance result;
  Separation separation;
  double queried_distance = 0.0;  // distance at the last query
  double t = t_start;
  // creep probes: the previous step's time and distance bound, steps since the last probe
  const bool creep = hulls && query.mode == Mode::Decide && options_.creep_probes;
  double previous_t = -1.0, previous_d = 0.0;
  int since_probe = 0;
  for (int step = 0;; ++step)
  {
    t = nextLiveTime(ws, i, t);  // pieces where the pair's boxes are apart need no step
    if (!(t < t_limit))
    {
      result.status = Advance::Status::Passed;
      result.t = t_limit;
      return result;
    }
    poseAt(ws, motion, t);
    placePair(ws, pair);
    // The slab along the last query's direction n (fixed in the pair's frame) still separates the
    // hulls by s at t: s ≤ the distance, so it certifies a step without a distance query while it
    // stays wide.
    if (separation.valid)
    {
      separation.n = (pairFrameRotation(ws, pair) * separation.n_F).normalized();
      separation.width = slabWidth(ws, pair, separation.n);
    }
    // Against a box obstacle the slab along its best face normal often separates the hulls well
    // enough that GJK is not needed to pick a direction.
    if (hulls && !separation.valid && pair.b < 0 && world_->scene().obstacles()[pair.obstacle].shape.kind ==
                                                        CollisionShape::Kind::Box)
    {
      separation = boxFaceSeparation(ws, pair);
      queried_distance = separation.width;
    }
    double d = 0.0;
    if (separation.valid && separation.width - query.clearance >= contact_distance &&
        separation.width >= options_.slab_reuse * queried_distance)
    {
      d = separation.width;
      stats.slab_steps += 1;
    }
    else
    {
      NearestPoints nearest;
      bool apart = true;
      if (hulls)
      {
        apart = convexNearestPoints(object_a, other, nearest);
        stats.hull_distance_queries += 1;
      }
      else
      {
        // Far from contact a distance within the factor 1 + distance_rel_err is enough for a step;
        // contact is only ever decided on the exact distance.
        d = pairDistanceLowerBound(exact_a, exact_other, &nearest, options_.distance_rel_err);
        stats.distance_queries += 1;
        if (options_.distance_rel_err > 0.0 && !(d - query.clearance >= contact_distance))
        {
          d = pairDistanceLowerBound(exact_a, exact_other, &nearest);
          stats.distance_queries += 1;
        }
        // a body between a cylinder and its prism is up to surface_gap nearer the prism's
        // surface than the cylinder's: d − surface_gap bounds the distance in every case
        d = std::max(0.0, d - surface_gap);
        // a primitive's surface misses a body wholly inside it; no body gets inside without
        // crossing the surface, so the solids are checked once, at the run's start
        if (step == 0 && (surface_a || surface_other) && d > 0.0)
        {
          fcl::CollisionRequestd request(1, true);
          fcl::CollisionResultd overlap;
          if (collides(ws, pair, request, overlap))
          {
            d = 0.0;
            nearest.p_WA = nearest.p_WB = overlap.getContact(0).pos;
          }
        }
      }
      const Eigen::Vector3d gap = nearest.p_WB - nearest.p_WA;
      separation.valid = gap.norm() > 1e-9;
      if (separation.valid)
      {
        separation.n = gap.normalized();
        separation.n_F = pairFrameRotation(ws, pair).transpose() * separation.n;
        separation.width = slabWidth(ws, pair, separation.n);
      }
      // Hulls: GJK only picked the direction n; the slab along it (reduced hulls widened by their
      // gaps) is the certified distance bound, whatever GJK's error.
      if (hulls)
        d = apart && separation.valid ? std::max(0.0, separation.width) : 0.0;
      queried_distance = d;
      result.distance = d;
      result.p_WA = nearest.p_WA;
      result.p_WB = nearest.p_WB;
      // contact: d < clearance + tolerance ([Zhang2007] Alg. 1 line 20); NaN counts as contact
      bool touching = !(d - query.clearance >= contact_distance);
      // triangles around a primitive lie up to surface_gap off it (and d is the triangles'
      // distance lowered by surface_gap): the contact must be real
      if (touching && !hulls && surface_gap > 0.0 && !(d + 2.0 * surface_gap - query.clearance < contact_distance))
      {
        NearestPoints on_primitives;
        const double above = pairDistanceUpperBound(object_a, other, &on_primitives);
        stats.distance_queries += 1;
        touching = above - query.clearance < contact_distance;
        if (touching)
        {
          result.p_WA = on_primitives.p_WA;
          result.p_WB = on_primitives.p_WB;
        }
      }
      if (touching)
      {
        result.t = t;
        result.status = Advance::Status::Contact;
        return result;
      }
    }
    result.t = t;
    if (step >= max_steps)
    {
      result.status = Advance::Status::Capped;
      return result;
    }
    // Δt ≤ (d − clearance)/μ, [Zhang2007] Eq. (4); rounded down so [t, t + Δt] stays certified
    const double dt = stepLength(ws, motion, pair, t, t_limit, d, separation, query);
    (hulls ? stats.hull_ca_steps : stats.ca_steps) += 1;
    if (!(t + dt < t_limit))
    {
      result.status = Advance::Status::Passed;
      result.t = t_limit;
      return result;
    }
    if (creep)
    {
      // the bound shrinks: where would it reach zero at this rate? probe as far again past it
      if (++since_probe >= 2 && previous_t >= 0.0 && d < previous_d)
      {
        const double t_zero = t + d * (t - previous_t) / (previous_d - d);
        const double t_probe = std::min(2.0 * t_zero - t, 0.5 * (t_zero + t_limit));
        if (t_zero < t_limit && t_probe > t + dt)  // then t_probe < t_limit too
        {
          since_probe = 0;
          if (auto hit = collideAt(ws, motion, i, t_probe))
            return *hit;
        }
      }
      previous_t = t;
      previous_d = d;
    }
    t = Interval::down(t + dt);
  }
}

Contact ConservativeAdvancement::witness(const BodyPair &pair, const Advance &advance) const
{
  const RobotModel &robot = world_->robot();
  const BodyRef &a = bodies_[pair.a].ref;
  Contact contact;
  contact.time = advance.t;
  contact.link = robot.links()[a.link].geometries[a.geometry].urdf_link;
  if (pair.b >= 0)
  {
    const BodyRef &b = bodies_[pair.b].ref;
    contact.other = robot.links()[b.link].geometries[b.geometry].urdf_link;
  }
  else
    contact.other = world_->scene().obstacles()[pair.obstacle].name;
  contact.point_a = advance.p_WA;
  contact.point_b = advance.p_WB;
  const Eigen::Vector3d gap = advance.p_WB - advance.p_WA;
  contact.normal = gap.norm() > 0.0 ? Eigen::Vector3d(gap.normalized()) : advance.normal;
  contact.distance = advance.distance;
  return contact;
}

std::optional<ConservativeAdvancement::Advance> ConservativeAdvancement::collideAt(Workspace &ws,
                                                                                 const JointMotion &motion,
                                                                                 std::size_t i, double t) const
{
  if (!(nextLiveTime(ws, i, t) <= t))  // the pair's boxes are apart then
    return std::nullopt;
  const BodyPair &pair = ws.pcl[i];
  poseAt(ws, motion, t);
  placePair(ws, pair);
  fcl::CollisionRequestd request(1, true);
  fcl::CollisionResultd result;
  ws.stats.collision_probes += 1;
  if (!collides(ws, pair, request, result))
    return std::nullopt;
  return probeHit(result, t);
}

bool ConservativeAdvancement::collides(Workspace &ws, const BodyPair &pair, const fcl::CollisionRequestd &request,
                                       fcl::CollisionResultd &result) const
{
  if (pair.b < 0)
    return obstacleCollides(world_->scene(), pair.obstacle, *ws.mesh_objects[pair.a], request, result);
  return fcl::collide(ws.mesh_objects[pair.a].get(), ws.mesh_objects[pair.b].get(), request, result) > 0;
}

ConservativeAdvancement::Advance ConservativeAdvancement::probeHit(const fcl::CollisionResultd &result, double t)
{
  const fcl::Contactd &touch = result.getContact(0);
  Advance hit;
  hit.status = Advance::Status::Contact;
  hit.in_collision = true;
  hit.t = t;
  hit.p_WA = hit.p_WB = touch.pos;
  // FCL's normal points from its first object (the pair's body a) to the second
  hit.normal = touch.normal.norm() > 0.0 ? Eigen::Vector3d(touch.normal.normalized()) : Eigen::Vector3d::Zero();
  return hit;
}

std::optional<ConservativeAdvancement::Advance> ConservativeAdvancement::probeCollision(Workspace &ws,
                                                                                     const JointMotion &motion,
                                                                                     std::size_t i,
                                                                                     double t_from) const
{
  const int samples = options_.collision_probes;
  for (int k = 1; k <= samples; ++k)
    if (auto hit = collideAt(ws, motion, i, k == samples ? 1.0 : t_from + (1.0 - t_from) * k / samples))
      return hit;
  return std::nullopt;
}

std::optional<std::pair<BodyPair, ConservativeAdvancement::Advance>>
ConservativeAdvancement::probeWholeRobot(Workspace &ws, const JointMotion &motion, double t) const
{
  poseAt(ws, motion, t);
  const RobotModel &robot = world_->robot();
  // each body's box turned (tighter than FCL's computeAABB); a body is placed only once a narrow
  // phase needs it
  ws.probe_boxes.resize(bodies_.size());
  ws.probe_placed.assign(bodies_.size(), 0);
  for (std::size_t b = 0; b < bodies_.size(); ++b)
    ws.probe_boxes[b] = worldAabb(ws.kinematics.X_WL[bodies_[b].ref.link], bodies_[b].box);
  const auto placed = [&](int b) -> const fcl::CollisionObjectd & {
    if (!ws.probe_placed[b])
    {
      const BodyRef &ref = bodies_[b].ref;
      const Eigen::Isometry3d &X_LG = robot.links()[ref.link].geometries[ref.geometry].X_LG;
      ws.mesh_objects[b]->setTransform(ws.kinematics.X_WL[ref.link] * X_LG);
      ws.mesh_objects[b]->setAabb(ws.probe_boxes[b]);
      ws.probe_placed[b] = 1;
    }
    return *ws.mesh_objects[b];
  };
  ws.stats.collision_probes += 1;
  fcl::CollisionRequestd request(1, true);  // FCL's contact point is the witness
  fcl::CollisionResultd result;
  // the scene's broadphase against the robot's box, then each body against what that overlaps
  Eigen::AlignedBox3d robot_box;
  for (const Eigen::AlignedBox3d &box : ws.probe_boxes)
    robot_box.extend(box);
  overlappingObstacles(world_->scene(), robot_box, ws.probe_obstacles);
  for (std::size_t b = 0; b < bodies_.size(); ++b)
    for (const int obstacle : ws.probe_obstacles)
      if (obstacleOverlaps(world_->scene(), obstacle, ws.probe_boxes[b]) &&
          obstacleCollides(world_->scene(), obstacle, placed(static_cast<int>(b)), request, result))
        return std::make_pair(BodyPair{static_cast<int>(b), -1, obstacle, -1}, probeHit(result, t));
  for (const BodyPair &pair : self_pairs_)
  {
    if (!ws.probe_boxes[pair.a].intersects(ws.probe_boxes[pair.b]))
      continue;
    // the pair's certificate bounds its distance at t above zero: no collision to look for
    const auto &certificate = certificates_[pair.a * bodies_.size() + pair.b];
    if (certificate && certificate->lowerBoundAt(motion, t) > 0.0)
      continue;
    if (fcl::collide(&placed(pair.a), &placed(pair.b), request, result) > 0)
      return std::make_pair(pair, probeHit(result, t));
  }
  return std::nullopt;
}

template <typename HullPass>
Report ConservativeAdvancement::decide(Workspace &ws, const JointMotion &motion, const Query &query,
                                       const HullPass &hullPass) const
{
  // Early exit for planners ([Zhang2007] Sec. 8): each pair in turn, its hull bound τ̌, a few
  // probes for a configuration in collision in [τ̌, 1], then CA from τ̌ to 1; the first contact
  // (or probe in collision) decides Collision (upper TOC bound < 1) without bounding the
  // remaining pairs, so toc_lower is then only the smallest τ̌ met (0 if a pair was left unvisited).
  Report report;
  double capped_lower = kInfinity;
  std::size_t visited = 0;
  for (std::size_t i = 0; i < ws.pcl.size(); ++i)
  {
    const Advance hull = hullPass(i);
    const double lower = hull.status == Advance::Status::Passed ? kInfinity : hull.t;
    if (lower > 1.0 && !hull.in_collision)
      continue;
    ++visited;
    // a configuration found in collision decides at once, before CA creeps up to the contact
    const std::optional<Advance> hit = hull.in_collision ? hull : probeCollision(ws, motion, i, lower);
    const Advance result =
        hit ? *hit
            : advance(ws, motion, i, false, lower, 1.0, options_.max_steps_per_pair, query.tolerance, query);
    if (result.status == Advance::Status::Contact)
    {
      report.verdict = Verdict::Collision;
      report.toc_upper = result.t;
      // a probe certifies nothing of its pair beyond τ̌ (nor a creep probe beyond t = 0)
      report.toc_lower = i + 1 < ws.pcl.size() || hull.in_collision
                             ? 0.0
                             : std::min(hit ? lower : result.t, capped_lower);
      report.witness = witness(ws.pcl[i], result);
      ws.stats.pcl_after_temporal_culling = static_cast<double>(visited);
      return report;
    }
    if (result.status == Advance::Status::Capped)
    {
      capped_lower = std::min(capped_lower, result.t);
      ws.stats.undecided_cap_hits += 1;
    }
  }
  ws.stats.pcl_after_temporal_culling = static_cast<double>(visited);
  report.verdict = capped_lower < kInfinity ? Verdict::Undecided : Verdict::Free;
  report.toc_lower = capped_lower < kInfinity ? capped_lower : 1.0;
  report.toc_upper = 1.0;
  return report;
}

Report ConservativeAdvancement::certify(CertifierWorkspace &workspace, const JointMotion &motion,
                                        const Query &query) const
{
  OMPL_CCD_THROW_UNLESS(std::isfinite(query.tolerance) && query.tolerance > 0.0,
                        "ConservativeAdvancement::certify: tolerance (", query.tolerance,
                        ") must be positive and finite; set a tolerance such as 1e-3.");
  OMPL_CCD_THROW_UNLESS(std::isfinite(query.clearance) && query.clearance >= 0.0,
                        "ConservativeAdvancement::certify: clearance (", query.clearance,
                        ") must be non-negative and finite; set clearance to 0 or more.");
  assert(&motion.model() == &world_->robot() && "motion of another robot");
  auto &ws = static_cast<Workspace &>(workspace);
  ws.stats = {};
  ws.posed_motion = nullptr;
  Report report = run(ws, motion, query);
  if (query.statistics)
    report.stats = ws.stats.toStats();
  return report;
}

Report ConservativeAdvancement::run(Workspace &ws, const JointMotion &motion, const Query &query) const
{
  ws.stats.pcl_before_culling =  // every scene pair and non-excluded self pair
      static_cast<double>(bodies_.size() * world_->scene().obstacles().size() + self_pairs_.size());
  // Decide: a configuration in collision ends it before any bound is computed (Sec. 8's early
  // exit), the whole robot checked at the first states of the bisection order 1/2, 1/4, 3/4, ...
  if (query.mode == Mode::Decide)
    for (int k = 0; k < options_.early_probes; ++k)
      if (const auto hit = probeWholeRobot(ws, motion, bisectionTime(k)))
      {
        Report report;
        report.verdict = Verdict::Collision;
        report.toc_lower = 0.0;  // nothing was bounded
        report.toc_upper = hit->second.t;
        report.witness = witness(hit->first, hit->second);
        return report;
      }

  // Spatial culling, [Zhang2007] Sec. 5: dynamic AABBs over [0,1] against the scene and each other;
  // the cheap swept boxes first, then (option taylor_models) the Taylor-model boxes of pairs left.
  // Contact counts from distance < clearance + tolerance: boxes are widened by that much.
  const double inflation = query.clearance + query.tolerance;
  computeAabbs(ws, motion, inflation);
  ws.pcl.clear();
  cullPairs(*world_, ws.aabbs, self_pairs_, ws.pcl);
  cullPieces(ws);
  cullSelfPieces(ws, motion, inflation);
  ws.stats.pcl_after_spatial_culling = static_cast<double>(ws.pcl.size());
  // Then the Taylor-model boxes (option taylor_models).
  if (options_.taylor_models && !ws.pcl.empty())
  {
    refineAabbs(ws, motion, inflation);
    keepPairs(ws, [&](std::size_t i) {
      const BodyPair &pair = ws.pcl[i];
      return ws.aabbs[pair.a].intersects(pair.b >= 0 ? ws.aabbs[pair.b] : obstacleBox(pair.obstacle));
    });
  }
  ws.stats.pcl_after_spatial_culling = static_cast<double>(ws.pcl.size());

  // Lower bounds τ̌ from CA on convex hulls (Sec. 7.2; hull distance ≤ geometry distance): the
  // time the hull pass stopped at (t = 0 without temporal culling), ∞ if it passed t = 1.
  const auto hullPass = [&](std::size_t i) {
    if (!options_.temporal_culling)
      return Advance{Advance::Status::Capped, 0.0};
    return advance(ws, motion, i, true, 0.0, 1.0, options_.max_hull_steps, query.tolerance, query);
  };
  const auto hullLowerBound = [&](std::size_t i) {
    const Advance hull = hullPass(i);
    return hull.status == Advance::Status::Passed ? kInfinity : hull.t;
  };
  Report report;
  if (query.mode == Mode::Decide)
    return decide(ws, motion, query, hullPass);

  // Mode::FirstContact: every τ̌ first, sorted (Alg. 1, lines 1–4).
  std::vector<std::pair<double, std::size_t>> order;
  for (std::size_t i = 0; i < ws.pcl.size(); ++i)
    order.emplace_back(hullLowerBound(i), i);
  std::sort(order.begin(), order.end());

  // Temporal culling, Alg. 1 lines 5–24: t_min only decreases; a pair whose τ̌ ≥ t_min cannot
  // contact first; a pair's CA is abandoned as soon as it passes t_min.
  double t_min = 1.0;
  bool found = false;
  double capped_lower = kInfinity;   // certified-until time of pairs that hit the step cap
  std::size_t visited = 0;
  std::optional<Contact> graze;  // FirstContact: earliest configuration within tolerance of a pair that never touches
  for (std::size_t k = 0; k < order.size(); ++k)
  {
    const auto [lower, i] = order[k];
    if (lower >= t_min)  // Case 1: τ_i ≥ τ̌_i ≥ t_min, and so for every later pair (Alg. 1, line 7)
      break;
    ++visited;
    const Advance result =
        advance(ws, motion, i, false, lower, t_min, options_.max_steps_per_pair, query.tolerance, query);
    if (result.status == Advance::Status::Contact)
    {
      // Refine towards the real contact. A pair that never gets closer than tolerance × refine_factor
      // only grazes: its configuration within tolerance is kept as a fallback witness, and the
      // search for an earlier or real contact goes on (the pair is certified up to t_min).
      const Advance fine = advance(ws, motion, i, false, result.t, t_min, options_.refine_steps,
                                   query.tolerance * options_.refine_factor, query);
      if (fine.status == Advance::Status::Contact)
      {
        t_min = fine.t;  // Alg. 1, line 21
        found = true;
        report.witness = witness(ws.pcl[i], fine);
        continue;
      }
      if (fine.status == Advance::Status::Capped)
      {
        capped_lower = std::min(capped_lower, fine.t);
        ws.stats.undecided_cap_hits += 1;
      }
      if (!graze || result.t < graze->time)
        graze = witness(ws.pcl[i], result);
    }
    else if (result.status == Advance::Status::Capped)
    {
      capped_lower = std::min(capped_lower, result.t);
      ws.stats.undecided_cap_hits += 1;
    }
  }
  ws.stats.pcl_after_temporal_culling = static_cast<double>(visited);

  if (found)
  {
    report.verdict = Verdict::Collision;
    report.toc_upper = t_min;
    report.toc_lower = std::min(t_min, capped_lower);
  }
  else if (graze)
  {
    // only grazing configurations (within tolerance, never closer than tolerance × refine_factor)
    report.verdict = Verdict::Collision;
    report.toc_upper = graze->time;
    report.toc_lower = std::min(graze->time, capped_lower);
    report.witness = graze;
  }
  else if (capped_lower < kInfinity)
  {
    report.verdict = Verdict::Undecided;
    report.toc_lower = capped_lower;
    report.toc_upper = 1.0;
  }
  else
  {
    report.verdict = Verdict::Free;
    report.toc_lower = report.toc_upper = 1.0;
  }
  return report;
}
}  // namespace ompl_ccd
