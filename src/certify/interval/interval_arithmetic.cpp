#include "ompl_ccd/certify/interval/interval_arithmetic.h"

#include "certify/interval/interval_model.h"

#include "certify/pipeline/option_ranges.h"
#include "certify/pipeline/pipeline.h"

#include <algorithm>
#include <chrono>
#include <cmath>

#include "ompl_ccd/bound/taylor_pose.h"
#include "certify/interval/exact_triangle_features.h"
#include "ompl_ccd/error.h"
#include "ompl_ccd/geometry/clouds_as_spheres.h"
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

/// One thread's buffers: the front end's (probes, live pieces), FCL objects for the start check,
/// stage 1's boxes and stage 2's capsules per time piece (computed once per motion and piece, for
/// every pair), the live runs, and stage 3's workspace.
struct interval::Model::Workspace : CertifierWorkspace
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
  /** \brief The front end's live runs, earliest first, the next one stages 1 and 2 have not cut
      into spans yet, and the spans they leave. */
  std::vector<pipeline::PairRun> runs, spans;
  std::size_t next_run = 0;
  std::unique_ptr<PairContactWorkspace> exact;
  /** \brief Counts of the current motion: (pair, piece) tests, culled by stage 1 and 2, left, span
      probes; the microseconds of stage 2 and stage 3; stage 3's own counters. */
  double pair_pieces = 0, box_culled = 0, sphere_culled = 0, body_pairs = 0, span_probes = 0, swept_us = 0,
         exact_us = 0;
  PairContactStats exact_stats;
  bool timed = false;

  /** \brief Forgets the last motion: counters, buffers of \a time_pieces pieces. */
  void startMotion(int time_pieces)
  {
    pair_pieces = box_culled = sphere_culled = body_pairs = span_probes = swept_us = exact_us = 0;
    exact_stats = {};
    culling.counters = {};
    culling.posed_motion = nullptr;  // a new motion may sit where the last one did
    culling.pcl.clear();
    runs.clear();
    spans.clear();
    next_run = 0;
    boxed.assign(static_cast<std::size_t>(time_pieces), kUnboxed);
    swept.assign(static_cast<std::size_t>(time_pieces), 0);
    body_boxes.resize(static_cast<std::size_t>(time_pieces));
    sweeps.resize(static_cast<std::size_t>(time_pieces));
  }
};

IntervalArithmetic::IntervalArithmetic(CollisionWorldPtr world, const IntervalArithmeticOptions &options,
                                       const CullingOptions &culling)
  : model_((pipeline::checkOptionRanges(options, culling, "IntervalArithmetic"),  // before anything is built
             std::make_shared<const interval::Model>(std::move(world), options, culling)))
{
}

IntervalArithmetic::~IntervalArithmetic() = default;

const CollisionWorld &IntervalArithmetic::world() const { return model_->world(); }

const IntervalArithmeticOptions &IntervalArithmetic::options() const { return model_->options(); }

const CullingOptions &IntervalArithmetic::culling() const { return model_->frontEnd().options(); }

std::unique_ptr<CertifierWorkspace> IntervalArithmetic::makeWorkspace() const
{
  return pipeline::madeFor(model_->makeWorkspace(), *this);
}

Report IntervalArithmetic::certify(CertifierWorkspace &ws, const JointMotion &motion, const Query &query) const
{
  auto &own = pipeline::ownWorkspace<interval::Model::Workspace>(ws, *this, "IntervalArithmetic::certify");
  checkQuery(query, "IntervalArithmetic::certify");
  return model_->certify(own, motion, query);
}

interval::Model::Model(CollisionWorldPtr world, const IntervalArithmeticOptions &options, const CullingOptions &culling)
  : world_(withCloudsAsSpheres(std::move(world))), options_(options), front_end_(world_, culling)
{
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

std::unique_ptr<interval::Model::Workspace> interval::Model::makeWorkspace() const
{
  return std::make_unique<Workspace>(*world_, front_end_, *exact_);
}

void interval::Model::boxPiece(Workspace &ws, const JointMotion &motion, int k, char poses) const
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

bool interval::Model::culledOnPiece(Workspace &ws, const JointMotion &motion, const BodyPair &pair, int k,
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

void interval::Model::addSpans(Workspace &ws, const JointMotion &motion, const pipeline::PairRun &run, double limit,
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

Report interval::Model::certify(Workspace &ws, const JointMotion &motion, const Query &query) const
{
  ws.startMotion(options_.time_pieces);
  ws.timed = query.statistics;
  const Clock::time_point start = ws.timed ? Clock::now() : Clock::time_point();
  pipeline::TocBracket bracket;
  // the sphere stage first: most edges end here, free or with a contact
  const SphereStageResult spheres = pipeline::sphereStage(front_end_, ws.culling, motion, query);
  if (spheres.outcome == SphereStageResult::Outcome::Collision)
    bracket.addContact(*spheres.contact, 0.0);
  else if (spheres.outcome == SphereStageResult::Outcome::Open)
  {
    // A surface misses a body wholly inside a solid: the start state is checked whole. Decide:
    // whole-robot probes settle most colliding motions at once ([Zhang2007] Sec. 8; nothing claimed
    // before).
    std::optional<Contact> probe = pipeline::wholeRobotContact(front_end_, ws.culling, ws.collision, motion, 0.0, query);
    if (!probe && query.mode == Mode::Decide)
      probe = pipeline::decideProbes(front_end_, ws.culling, ws.collision, motion, query);
    if (probe)
      bracket.addContact(*probe, 0.0);
    else
    {
      // The shared front end ([Zhang2007] Sec. 5): the potentially colliding pairs and, for each,
      // the runs of pieces during which it may come within clearance + contact_distance, earliest
      // first.
      front_end_.cullLivePieces(ws.culling, motion, query.clearance + query.contact_distance, 1.0, spheres.open);
      ws.runs = pipeline::liveRuns(ws.culling);
      std::stable_sort(ws.runs.begin(), ws.runs.end(), [](const auto &a, const auto &b) { return a.t0 < b.t0; });
      if (!(query.mode == Mode::Decide && probeSpans(ws, motion, query, bracket)))
        exactStage(ws, motion, query, bracket);  // [Redon2004] Sec. 5
    }
  }
  Report report = bracket.report();
  if (query.statistics)
  {
    report.stats = statistics(ws, start, bracket.budget());
    pipeline::addSphereStats(front_end_, spheres, report.stats);
  }
  return report;
}

bool interval::Model::probeSpans(Workspace &ws, const JointMotion &motion, const Query &query,
                                    pipeline::TocBracket &bracket) const
{
  // Stages 1 and 2 on every run, then `span_probes` FCL checks of the pair across each span left,
  // earliest first, before any exact stage: a check in collision decides at once. Before the
  // earliest span no pair comes within the margin.
  const double margin = numeric::padUp(query.clearance + query.contact_distance);
  for (; ws.next_run < ws.runs.size(); ++ws.next_run)
    addSpans(ws, motion, ws.runs[ws.next_run], 1.0, margin);
  std::stable_sort(ws.spans.begin(), ws.spans.end(), [](const auto &a, const auto &b) { return a.t0 < b.t0; });
  for (const pipeline::PairRun &span : ws.spans)
    for (int j = 1; j <= options_.span_probes; ++j)
    {
      ++ws.span_probes;
      const double t = span.t0 + (span.t1 - span.t0) * j / (options_.span_probes + 1);
      if (std::optional<Contact> hit = exact_->probe(*ws.exact, motion, ws.culling.pcl[span.pair], t))
      {
        bracket.addContact(*hit, ws.spans.front().t0);
        return true;
      }
    }
  return false;
}

void interval::Model::exactStage(Workspace &ws, const JointMotion &motion, const Query &query,
                                    pipeline::TocBracket &bracket) const
{
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
  // Stage 3 ([Redon2004] Sec. 5) on the spans, earliest first, each only up to the earliest contact
  // found so far (or the first time a budget left undecided); in FirstContact the spans of a run
  // are made (stages 1 and 2) when its turn comes, so nothing past the first contact is boxed.
  for (std::size_t s = 0;;)
  {
    if (s == ws.spans.size())
    {
      if (ws.next_run == ws.runs.size() || !(ws.runs[ws.next_run].t0 < bracket.limit()))
        break;  // runs are sorted: the rest start later
      addSpans(ws, motion, ws.runs[ws.next_run++], bracket.limit(), margin);
      continue;
    }
    const pipeline::PairRun span = ws.spans[s++];
    if (!(span.t0 < bracket.limit()))
      continue;
    request.t0 = span.t0;
    request.t1 = std::min(span.t1, bracket.limit());
    // The start was checked whole for collision, but a pair may start within contact_distance; a
    // span after t = 0 starts after a culled piece (or the front end's).
    request.check_start = span.t0 == 0.0;
    const Clock::time_point exact_start = ws.timed ? Clock::now() : Clock::time_point();
    const PairContactResult r = exact_->decide(*ws.exact, motion, ws.culling.pcl[span.pair], request);
    if (ws.timed)
      addElapsed(ws.exact_us, exact_start);
    ws.exact_stats.add(r.stats);
    if (r.verdict == Verdict::Undecided)
      bracket.addUndecided(r.toc_lower, r.budget);
    else if (r.verdict == Verdict::Collision)
    {
      bracket.addContact(r.witness, r.toc_lower);
      if (query.mode == Mode::Decide)  // spans starting after this one's start were not examined
      {
        bracket.lowerTo(span.t0);
        break;
      }
    }
  }
}

Stats interval::Model::statistics(const Workspace &ws, std::chrono::steady_clock::time_point start,
                                     const std::string &budget) const
{
  const double total_us = std::chrono::duration<double, std::micro>(Clock::now() - start).count();
  const PairContactStats &exact = ws.exact_stats;
  Stats stats = {{"collision_probes", ws.culling.counters.collision_probes},
                 {"pcl", static_cast<double>(ws.culling.pcl.size())},
                 {"span_probes", ws.span_probes},
                 {"live_runs", static_cast<double>(ws.runs.size())},
                 {"pieces", static_cast<double>(ws.boxed.size() - std::count(ws.boxed.begin(), ws.boxed.end(), kUnboxed))},
                 {"pair_pieces", ws.pair_pieces},
                 {"box_culled", ws.box_culled},
                 {"sphere_culled", ws.sphere_culled},
                 {"body_pairs", ws.body_pairs},
                 {"sub_intervals", exact.sub_intervals},
                 {"node_tests", exact.node_tests},
                 {"node_culled", exact.node_culled},
                 {"triangle_pairs", exact.triangle_pairs},
                 {"feature_pairs", exact.feature_pairs},
                 {"solver_boxes", exact.solver_boxes},
                 {"shape_steps", exact.shape_steps},
                 {"unconfirmed", exact.unconfirmed},
                 {"time_culling_us", total_us - ws.exact_us},
                 {"time_swept_us", ws.swept_us},
                 {"time_exact_us", ws.exact_us},
                 {"cap_max_boxes", 0.0},
                 {"cap_max_depth", 0.0},
                 {"cap_max_shape_steps", 0.0},
                 {"cap_shape_stall", 0.0}};
  if (!budget.empty())
    stats["cap_" + budget] = 1.0;
  return stats;
}
}  // namespace ompl_ccd
