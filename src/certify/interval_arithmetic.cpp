#include "ompl_ccd/certify/interval_arithmetic.h"

#include <algorithm>
#include <chrono>
#include <cmath>

#include "ompl_ccd/bound/taylor_pose.h"
#include "ompl_ccd/certify/triangle_features.h"
#include "ompl_ccd/error.h"
#include "ompl_ccd/geometry/collision_queries.h"
#include "ompl_ccd/numeric.h"

namespace ompl_ccd
{
namespace
{
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

using Clock = std::chrono::steady_clock;

/// Microseconds since \a start, added to \a total.
void addElapsed(double &total, Clock::time_point start)
{
  total += std::chrono::duration<double, std::micro>(Clock::now() - start).count();
}
}  // namespace

/// A stretch [t0, t1] of the motion during which one potentially colliding pair (index in the
/// front end's pcl) may come into contact: a run of the front end's live pieces, or a span of the
/// time pieces that stages 1 and 2 leave in it.
struct IntervalArithmetic::PairSpan
{
  double t0, t1;
  std::size_t pair;
};

/// One thread's buffers: the front end's (probes, live pieces), FCL objects for the start check,
/// stage 1's boxes and stage 2's capsules per time piece (computed once per motion and piece, for
/// every pair), the live runs, and stage 3's workspace.
struct IntervalArithmetic::Workspace : CertifierWorkspace
{
  Workspace(const CollisionWorld &world, const CullingFrontEnd &front_end, const PairContactSolver &exact)
    : culling(front_end), collision(world), exact(exact.makeWorkspace())
  {
  }
  CullingWorkspace culling;
  CollisionWorkspace collision;
  std::vector<IntervalPose> X_WL;
  /** \brief Per time piece k: every body's box (stage 1) and capsules (stage 2) over it, valid when
      its flag is set for this motion. */
  std::vector<std::vector<Eigen::AlignedBox3d>> body_boxes;
  std::vector<SweptSphereCulling::Sweep> sweeps;
  /** \brief boxed[k]: kUnboxed, or which link poses body_boxes[k] come from. */
  std::vector<char> boxed, swept;
  /** \brief The front end's live runs, earliest first, and the spans stages 1 and 2 leave. */
  std::vector<PairSpan> runs, spans;
  std::unique_ptr<PairContactWorkspace> exact;
  /** \brief Counts of the current motion: (pair, piece) tests, culled by stage 1 and 2, left; the
      microseconds of stage 2. */
  double pair_pieces = 0, box_culled = 0, sphere_culled = 0, body_pairs = 0, swept_us = 0;
  bool timed = false;
};

IntervalArithmetic::IntervalArithmetic(CollisionWorldPtr world, const IntervalArithmeticOptions &options)
  : world_(std::move(world)), options_(options), front_end_(world_, options.culling)
{
  OMPL_CCD_THROW_UNLESS(options.time_pieces >= 1, "IntervalArithmetic: time_pieces is ", options.time_pieces,
                        "; give at least 1.");
  OMPL_CCD_THROW_UNLESS(options.swept_sphere_steps >= 1 && options.span_probes >= 0,
                        "IntervalArithmetic: swept_sphere_steps (", options.swept_sphere_steps,
                        ") must be at least 1, span_probes (", options.span_probes, ") at least 0.");
  exact_ = std::make_shared<PairContactSolver>(world_, options.pair);
  const std::vector<BodyRef> &bodies = exact_->bodies();
  std::vector<int> links;
  std::vector<std::vector<Eigen::Vector3d>> vertices;
  for (std::size_t b = 0; b < bodies.size(); ++b)
  {
    const std::vector<Eigen::Vector3d> &v = exact_->bodyFeatures(static_cast<int>(b)).vertices;
    Eigen::AlignedBox3d box;
    for (const Eigen::Vector3d &p : v)
      box.extend(p);
    body_boxes_L_.push_back(box);
    links.push_back(bodies[b].link);
    vertices.push_back(v);
  }
  for (std::size_t o = 0; o < world_->scene().obstacles().size(); ++o)
  {
    Eigen::AlignedBox3d box;
    for (const Eigen::Vector3d &p : exact_->obstacleFeatures(static_cast<int>(o)).vertices)
      box.extend(p);
    obstacle_boxes_.push_back(box);
  }
  swept_spheres_ = std::make_shared<SweptSphereCulling>(world_, links, vertices, options.swept_sphere_steps);
}

std::unique_ptr<CertifierWorkspace> IntervalArithmetic::makeWorkspace() const
{
  return std::make_unique<Workspace>(*world_, front_end_, *exact_);
}

void IntervalArithmetic::boxPiece(Workspace &ws, const JointMotion &motion, int k, char poses) const
{
  const int n = options_.time_pieces;
  const double t0 = static_cast<double>(k) / n, t1 = k + 1 == n ? 1.0 : static_cast<double>(k + 1) / n;
  if (poses == kPlainBoxes)
    plainLinkIntervalPoses(motion, t0, t1, ws.X_WL);
  else
    linkIntervalPoses(motion, t0, t1, ws.X_WL);
  ws.body_boxes[k].resize(body_boxes_L_.size());
  for (std::size_t b = 0; b < body_boxes_L_.size(); ++b)
    ws.body_boxes[k][b] = worldBox(ws.X_WL[exact_->bodies()[b].link], body_boxes_L_[b]);
  ws.boxed[k] = poses;
}

bool IntervalArithmetic::culledOnPiece(Workspace &ws, const JointMotion &motion, const BodyPair &pair, int k,
                                       double margin) const
{
  const int n = options_.time_pieces;
  const double t0 = static_cast<double>(k) / n, t1 = k + 1 == n ? 1.0 : static_cast<double>(k + 1) / n;
  ++ws.pair_pieces;
  if (options_.box_culling)
  {
    // Dynamic AABBs of every body over the piece, [Redon2004] Sec. 4.1, once per motion and piece:
    // from the plain interval products first, and where those leave the pair, from the narrowed
    // ones (linkIntervalPoses), which cost about as much again and matter on long chains.
    const auto culled = [&] {
      const std::vector<Eigen::AlignedBox3d> &boxes = ws.body_boxes[k];
      return !boxesWithin(boxes[pair.a], pair.b >= 0 ? boxes[pair.b] : obstacle_boxes_[pair.obstacle], margin);
    };
    if (ws.boxed[k] == kUnboxed)
      boxPiece(ws, motion, k, kPlainBoxes);
    if (!culled() && ws.boxed[k] == kPlainBoxes)
      boxPiece(ws, motion, k, kNarrowedBoxes);
    if (culled())
    {
      ++ws.box_culled;
      return true;
    }
  }
  if (options_.swept_sphere_culling)
  {
    // Line-swept spheres swept over the piece, Sec. 4.2.
    const Clock::time_point start = ws.timed ? Clock::now() : Clock::time_point();
    if (!ws.swept[k])
    {
      swept_spheres_->sweep(motion, t0, t1, ws.sweeps[k]);
      ws.swept[k] = 1;
    }
    const bool apart = swept_spheres_->apart(ws.sweeps[k], pair, margin);
    if (ws.timed)
      addElapsed(ws.swept_us, start);
    if (apart)
    {
      ++ws.sphere_culled;
      return true;
    }
  }
  ++ws.body_pairs;
  return false;
}

void IntervalArithmetic::addSpans(Workspace &ws, const JointMotion &motion, const PairSpan &run, double limit,
                                  double margin) const
{
  const int n = options_.time_pieces;
  const int first = std::min(n - 1, static_cast<int>(run.t0 * n)), last = std::min(n - 1, static_cast<int>(run.t1 * n));
  double span = -1.0;  // start of the current span of pieces left, −1: none
  for (int k = first; k <= last + 1; ++k)
  {
    const double piece0 = std::max(run.t0, static_cast<double>(k) / n);
    const bool kept =
        k <= last && piece0 < std::min(run.t1, limit) && !culledOnPiece(ws, motion, ws.culling.pcl[run.pair], k, margin);
    if (kept && span < 0.0)
      span = piece0;
    if (kept || span < 0.0)
      continue;
    // The span [span, piece0] of pieces left ends here.
    const double end = std::min({piece0, run.t1, limit});
    if (span <= end)
      ws.spans.push_back({span, end, run.pair});
    span = -1.0;
  }
}

Contact IntervalArithmetic::probeContact(const ProbeHit &hit) const
{
  const RobotModel &robot = world_->robot();
  const auto urdfLink = [&](int b) {
    const BodyRef &body = exact_->bodies()[b];
    return robot.links()[body.link].geometries[body.geometry].urdf_link;
  };
  Contact contact;
  contact.time = hit.t;
  contact.link = urdfLink(hit.pair.a);
  contact.other = hit.pair.b >= 0 ? urdfLink(hit.pair.b) : world_->scene().obstacles()[hit.pair.obstacle].name;
  contact.point_a = contact.point_b = hit.point;
  contact.normal = hit.normal;
  return contact;
}

Report IntervalArithmetic::certify(CertifierWorkspace &base, const JointMotion &motion, const Query &query) const
{
  checkQuery(query, "IntervalArithmetic::certify");
  Report report;
  auto &ws = static_cast<Workspace &>(base);
  ws.pair_pieces = ws.box_culled = ws.sphere_culled = ws.body_pairs = ws.swept_us = 0;
  ws.timed = query.statistics;
  ws.culling.counters = {};
  ws.culling.posed_motion = nullptr;  // a new motion may sit where the last one did
  ws.culling.pcl.clear();
  double exact_us = 0, span_probes = 0;
  PairContactStats exact_stats;
  const Clock::time_point start = ws.timed ? Clock::now() : Clock::time_point();
  const auto finish = [&](Verdict verdict, double toc_lower, double toc_upper, const std::string &budget) {
    report.verdict = verdict;
    report.toc_lower = toc_lower;
    report.toc_upper = toc_upper;
    if (query.statistics)
    {
      const double total_us = std::chrono::duration<double, std::micro>(Clock::now() - start).count();
      report.stats = {{"collision_probes", ws.culling.counters.collision_probes},
                      {"pcl", static_cast<double>(ws.culling.pcl.size())},
                      {"span_probes", span_probes},
                      {"live_runs", static_cast<double>(ws.runs.size())},
                      {"pieces", static_cast<double>(ws.boxed.size() - std::count(ws.boxed.begin(), ws.boxed.end(), kUnboxed))},
                      {"pair_pieces", ws.pair_pieces},
                      {"box_culled", ws.box_culled},
                      {"sphere_culled", ws.sphere_culled},
                      {"body_pairs", ws.body_pairs},
                      {"sub_intervals", exact_stats.sub_intervals},
                      {"node_tests", exact_stats.node_tests},
                      {"node_culled", exact_stats.node_culled},
                      {"triangle_pairs", exact_stats.triangle_pairs},
                      {"feature_pairs", exact_stats.feature_pairs},
                      {"solver_boxes", exact_stats.solver_boxes},
                      {"shape_steps", exact_stats.shape_steps},
                      {"unconfirmed", exact_stats.unconfirmed},
                      {"time_culling_us", total_us - exact_us},
                      {"time_swept_us", ws.swept_us},
                      {"time_exact_us", exact_us},
                      {"cap_max_boxes", 0.0},
                      {"cap_max_depth", 0.0},
                      {"cap_max_shape_steps", 0.0},
                      {"cap_shape_stall", 0.0}};
      if (!budget.empty())
        report.stats["cap_" + budget] = 1.0;
    }
    return report;
  };
  ws.runs.clear();
  ws.boxed.assign(static_cast<std::size_t>(options_.time_pieces), kUnboxed);
  ws.swept.assign(static_cast<std::size_t>(options_.time_pieces), 0);
  ws.body_boxes.resize(static_cast<std::size_t>(options_.time_pieces));
  ws.sweeps.resize(static_cast<std::size_t>(options_.time_pieces));

  // Whether the robot at t is in contact: in collision (the front end's probe), or within clearance
  // + contact_distance when a clearance is asked (FCL, whole robot).
  const auto inContact = [&](double t) -> std::optional<Contact> {
    if (query.clearance > 0.0)
    {
      Contact contact;
      if (!(minimumDistance(*world_, ws.collision, motion.stateAt(t), &contact) <= query.clearance + query.contact_distance))
        return std::nullopt;
      contact.time = t;
      return contact;
    }
    if (const std::optional<ProbeHit> hit = front_end_.probeWholeRobot(ws.culling, motion, t))
      return probeContact(*hit);
    return std::nullopt;
  };
  // A surface misses a body wholly inside a solid: the start state is checked whole.
  if (std::optional<Contact> contact = inContact(0.0))
  {
    report.witness = contact;
    return finish(Verdict::Collision, 0.0, 0.0, "");
  }
  // Decide: whole-robot probes settle most colliding motions at once (as [Zhang2007] Sec. 8); a
  // probe in contact is the witness, and nothing is claimed before it (toc_lower = 0).
  if (query.mode == Mode::Decide)
    for (const double t : {0.5, 0.25, 0.75})
      if (std::optional<Contact> probe = inContact(t))
      {
        report.witness = probe;
        return finish(Verdict::Collision, 0.0, t, "");
      }

  // The shared front end ([Zhang2007] Sec. 5): the potentially colliding pairs and, for each, the
  // pieces during which it may come within clearance + contact_distance; consecutive live pieces
  // make a run, taken earliest first.
  front_end_.cullLivePieces(ws.culling, motion, query.clearance + query.contact_distance);
  const int samples = ws.culling.samples;
  for (std::size_t i = 0; i < ws.culling.pcl.size(); ++i)
    for (int k = 0; k < samples;)
    {
      if (!ws.culling.live(i, k))
      {
        ++k;
        continue;
      }
      int end = k + 1;
      while (end < samples && ws.culling.live(i, end))
        ++end;
      ws.runs.push_back({static_cast<double>(k) / samples, end == samples ? 1.0 : static_cast<double>(end) / samples, i});
      k = end;
    }
  std::stable_sort(ws.runs.begin(), ws.runs.end(), [](const PairSpan &a, const PairSpan &b) { return a.t0 < b.t0; });

  // Stages 1 and 2 cull what stays farther than clearance + contact_distance (as the front end), so
  // a span after a culled piece starts with its pair out of contact.
  const double margin = numeric::padUp(query.clearance + query.contact_distance);
  PairContactRequest request;
  request.clearance = query.clearance;
  request.contact_distance = query.contact_distance;
  request.tolerance = query.tolerance;
  // Conservative steps on the exact shapes first: they close in on a contact, where the OBB tests
  // would not cull, and prove apart a pair that stays near without touching, where the OBB trees
  // would descend to thousands of leaf pairs.
  request.approach_steps = kApproachSteps;
  // Spans are decided only up to the earliest contact found so far (or the first time a budget
  // left undecided): limit.
  double limit = 1.0, lower = 1.0, undecided_at = 1.0;
  std::string budget;
  std::optional<Contact> witness;
  ws.spans.clear();
  std::size_t next_run = 0;
  if (query.mode == Mode::Decide)
  {
    // Stages 1 and 2 on every run, then `span_probes` FCL checks of the pair across each span left,
    // earliest first, before any exact stage: a check in collision decides at once. Before the
    // earliest span no pair comes within the margin.
    for (; next_run < ws.runs.size(); ++next_run)
      addSpans(ws, motion, ws.runs[next_run], 1.0, margin);
    std::stable_sort(ws.spans.begin(), ws.spans.end(), [](const PairSpan &a, const PairSpan &b) { return a.t0 < b.t0; });
    for (const PairSpan &span : ws.spans)
      for (int j = 1; j <= options_.span_probes; ++j)
      {
        ++span_probes;
        const double t = span.t0 + (span.t1 - span.t0) * j / (options_.span_probes + 1);
        if (std::optional<Contact> hit = exact_->probe(*ws.exact, motion, ws.culling.pcl[span.pair], t))
        {
          report.witness = hit;
          return finish(Verdict::Collision, ws.spans.front().t0, t, "");
        }
      }
  }
  // Stage 3 ([Redon2004] Sec. 5) on the spans, earliest first; in FirstContact the spans of a run
  // are made (stages 1 and 2) when its turn comes, so nothing past the first contact is boxed.
  for (std::size_t s = 0;;)
  {
    if (s == ws.spans.size())
    {
      if (next_run == ws.runs.size() || !(ws.runs[next_run].t0 < limit))
        break;  // runs are sorted: the rest start later
      addSpans(ws, motion, ws.runs[next_run++], limit, margin);
      continue;
    }
    const PairSpan span = ws.spans[s++];
    if (!(span.t0 < limit))
      continue;
    const BodyPair &pair = ws.culling.pcl[span.pair];
    request.t0 = span.t0;
    request.t1 = std::min(span.t1, limit);
    // The start was checked whole for collision, but a pair may start within contact_distance; a
    // span after t = 0 starts after a culled piece (or the front end's).
    request.check_start = span.t0 == 0.0;
    const Clock::time_point exact_start = ws.timed ? Clock::now() : Clock::time_point();
    const PairContactResult r = exact_->decide(*ws.exact, motion, pair, request);
    if (ws.timed)
      addElapsed(exact_us, exact_start);
    exact_stats.add(r.stats);
    if (r.verdict == Verdict::Undecided)
    {
      undecided_at = std::min(undecided_at, r.toc_lower);
      budget = r.budget;
    }
    else if (r.verdict == Verdict::Collision)
    {
      lower = std::min(lower, r.toc_lower);
      if (!witness || r.toc_upper < witness->time)
        witness = r.witness;
      if (query.mode == Mode::Decide)  // spans starting after this one's start were not examined
      {
        lower = std::min(lower, span.t0);
        break;
      }
    }
    limit = std::min({limit, undecided_at, witness ? witness->time : 1.0});
  }
  if (witness && witness->time <= undecided_at)
  {
    report.witness = witness;
    return finish(Verdict::Collision, lower, witness->time, "");
  }
  if (!budget.empty())
    return finish(Verdict::Undecided, std::min(lower, undecided_at), 1.0, budget);
  return finish(Verdict::Free, 1.0, 1.0, "");
}
}  // namespace ompl_ccd
