#include "ompl_ccd/certify/interval_arithmetic.h"

#include <algorithm>
#include <chrono>
#include <cmath>

#include "ompl_ccd/bound/taylor_pose.h"
#include "ompl_ccd/certify/potentially_colliding_pairs.h"
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

/// One thread's buffers: FCL objects for the start check and the probes, the world poses and body
/// boxes of the current piece, stage 2's capsules, the pairs left, and stage 3's workspace.
struct IntervalArithmetic::Workspace : CertifierWorkspace
{
  Workspace(const CollisionWorld &world, const PairContactSolver &exact)
    : collision(world), exact(exact.makeWorkspace())
  {
  }
  CollisionWorkspace collision;
  std::vector<IntervalPose> X_WL;
  std::vector<Eigen::AlignedBox3d> body_boxes;
  SweptSphereCulling::Sweep sweep;
  /** \brief Indices in pairs_ of the pairs left on the current piece. */
  std::vector<int> live;
  std::unique_ptr<PairContactWorkspace> exact;
  /** \brief Counts of the current motion: body pairs tested, culled by stage 1 and 2, left; the
      microseconds of stage 2 (swept spheres). */
  double pair_pieces = 0, box_culled = 0, sphere_culled = 0, body_pairs = 0, swept_us = 0;
  bool timed = false;
};

IntervalArithmetic::IntervalArithmetic(CollisionWorldPtr world, const IntervalArithmeticOptions &options)
  : world_(std::move(world)), options_(options)
{
  OMPL_CCD_THROW_UNLESS(options.time_pieces >= 1, "IntervalArithmetic: time_pieces is ", options.time_pieces,
                        "; give at least 1.");
  OMPL_CCD_THROW_UNLESS(options.swept_sphere_steps >= 1, "IntervalArithmetic: swept_sphere_steps is ",
                        options.swept_sphere_steps, "; give at least 1.");
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
  const auto &obstacles = world_->scene().obstacles();
  for (std::size_t o = 0; o < obstacles.size(); ++o)
  {
    Eigen::AlignedBox3d box;
    for (const Eigen::Vector3d &p : exact_->obstacleFeatures(static_cast<int>(o)).vertices)
      box.extend(p);
    obstacle_boxes_.push_back(box);
    for (std::size_t a = 0; a < bodies.size(); ++a)
      pairs_.push_back({static_cast<int>(a), -1, static_cast<int>(o), -1});
  }
  for (const BodyPair &pair : selfBodyPairs(*world_, bodies))
    pairs_.push_back(pair);
  swept_spheres_ = std::make_shared<SweptSphereCulling>(world_, links, vertices, options.swept_sphere_steps);
}

std::unique_ptr<CertifierWorkspace> IntervalArithmetic::makeWorkspace() const
{
  return std::make_unique<Workspace>(*world_, *exact_);
}

void IntervalArithmetic::cullPairs(Workspace &ws, double margin) const
{
  ws.live.clear();
  for (std::size_t i = 0; i < pairs_.size(); ++i)
  {
    const BodyPair &pair = pairs_[i];
    ++ws.pair_pieces;
    const Eigen::AlignedBox3d &other = pair.b >= 0 ? ws.body_boxes[pair.b] : obstacle_boxes_[pair.obstacle];
    if (options_.box_culling && !boxesWithin(ws.body_boxes[pair.a], other, margin))
    {
      ++ws.box_culled;
      continue;
    }
    if (options_.swept_sphere_culling)
    {
      const Clock::time_point start = ws.timed ? Clock::now() : Clock::time_point();
      const bool apart = swept_spheres_->apart(ws.sweep, pair, margin);
      if (ws.timed)
        addElapsed(ws.swept_us, start);
      if (apart)
      {
        ++ws.sphere_culled;
        continue;
      }
    }
    ++ws.body_pairs;
    ws.live.push_back(static_cast<int>(i));
  }
}

Report IntervalArithmetic::certify(CertifierWorkspace &base, const JointMotion &motion, const Query &query) const
{
  checkQuery(query, "IntervalArithmetic::certify");
  Report report;
  auto &ws = static_cast<Workspace &>(base);
  ws.pair_pieces = ws.box_culled = ws.sphere_culled = ws.body_pairs = ws.swept_us = 0;
  ws.timed = query.statistics;
  double pieces = 0, exact_us = 0;
  PairContactStats exact_stats;
  const Clock::time_point start = ws.timed ? Clock::now() : Clock::time_point();
  const auto finish = [&](Verdict verdict, double toc_lower, double toc_upper, const std::string &budget) {
    report.verdict = verdict;
    report.toc_lower = toc_lower;
    report.toc_upper = toc_upper;
    if (query.statistics)
    {
      const double total_us = std::chrono::duration<double, std::micro>(Clock::now() - start).count();
      report.stats = {{"pieces", pieces},
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

  // Whether the robot at t is in contact: within clearance + contact_distance (FCL, whole robot).
  const auto inContact = [&](double t, Contact &contact) {
    const Eigen::VectorXd q = motion.stateAt(t);
    const bool hit =
        query.clearance > 0.0
            ? minimumDistance(*world_, ws.collision, q, &contact) <= query.clearance + query.contact_distance
            : isInCollision(*world_, ws.collision, q, &contact);
    contact.time = t;
    return hit;
  };
  // A surface misses a body wholly inside a solid: the start state is checked whole.
  if (Contact contact; inContact(0.0, contact))
  {
    report.witness = contact;
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

  ws.body_boxes.resize(exact_->bodies().size());
  const double margin = numeric::padUp(query.clearance);
  PairContactRequest request;
  request.clearance = query.clearance;
  request.contact_distance = query.contact_distance;
  request.tolerance = query.tolerance;
  request.check_start = false;  // the start was checked whole; later contacts start on the surfaces
  const int n = options_.time_pieces;
  for (int k = 0; k < n; ++k)
  {
    const double t0 = static_cast<double>(k) / n, t1 = k + 1 == n ? 1.0 : static_cast<double>(k + 1) / n;
    ++pieces;
    // Dynamic AABBs of every body over the piece, [Redon2004] Sec. 4.1; capsules, Sec. 4.2.
    if (options_.box_culling)
    {
      linkIntervalPoses(motion, t0, t1, ws.X_WL);
      for (std::size_t b = 0; b < ws.body_boxes.size(); ++b)
        ws.body_boxes[b] = worldBox(ws.X_WL[exact_->bodies()[b].link], body_boxes_L_[b]);
    }
    if (options_.swept_sphere_culling)
    {
      const Clock::time_point swept = ws.timed ? Clock::now() : Clock::time_point();
      swept_spheres_->sweep(motion, t0, t1, ws.sweep);
      if (ws.timed)
        addElapsed(ws.swept_us, swept);
    }
    cullPairs(ws, margin);
    // Stage 3 on the pairs left: the earliest contact of the piece. Each pair is decided only up
    // to the earliest contact found so far (or the first time a budget left undecided).
    double limit = t1, lower = 1.0, undecided_at = 1.0;
    std::string budget;
    std::optional<Contact> witness;
    const Clock::time_point exact_start = ws.timed ? Clock::now() : Clock::time_point();
    for (const int i : ws.live)
    {
      request.t0 = t0;
      request.t1 = limit;
      const PairContactResult r = exact_->decide(*ws.exact, motion, pairs_[i], request);
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
        if (query.mode == Mode::Decide)  // the other pairs of the piece were not examined before it
        {
          lower = t0;
          break;
        }
      }
      limit = std::min({limit, undecided_at, witness ? witness->time : 1.0});
    }
    if (ws.timed)
      addElapsed(exact_us, exact_start);
    if (witness && witness->time <= undecided_at)
    {
      report.witness = witness;
      return finish(Verdict::Collision, lower, witness->time, "");
    }
    if (!budget.empty())
      return finish(Verdict::Undecided, std::min(lower, undecided_at), 1.0, budget);
  }
  return finish(Verdict::Free, 1.0, 1.0, "");
}
}  // namespace ompl_ccd
