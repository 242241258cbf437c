// The Decide early exit of the CA certifier ([Zhang2007] Sec. 8: a planner needs only whether a
// motion collides): the whole robot probed at the first times of the bisection order before any
// bound, then each pair in turn (hull bound τ̌, probes past it, CA from τ̌ to 1), stopping at the
// first contact or probe in collision.
#include <algorithm>

#include "ca_collision_probes.h"
#include "ca_workspace.h"

namespace ompl_ccd
{
std::optional<Report> ConservativeAdvancement::earlyProbes(Workspace &ws, const JointMotion &motion) const
{
  // the whole robot checked at the first states of the bisection order 1/2, 1/4, 3/4, ...
  for (int k = 0; k < options_.early_probes; ++k)
    if (const std::optional<ProbeHit> hit = front_end_.probeWholeRobot(ws, motion, ca::bisectionTime(k)))
    {
      Report report;
      report.verdict = Verdict::Collision;
      report.toc_lower = 0.0;  // nothing was bounded
      report.toc_upper = hit->t;
      report.witness = witness(hit->pair, probeAdvance(*hit));
      return report;
    }
  return std::nullopt;
}

Report ConservativeAdvancement::decide(Workspace &ws, const JointMotion &motion, const Query &query) const
{
  // Each pair in turn: its hull bound τ̌, a few probes for a configuration in collision in
  // [τ̌, 1], then CA from τ̌ to 1; the first contact (or probe in collision) decides Collision
  // (upper TOC bound < 1) without bounding the remaining pairs, so toc_lower is then only the
  // smallest τ̌ met (0 if a pair was left unvisited).
  Report report;
  double capped_lower = numeric::kInfinity;
  std::size_t visited = 0;
  for (std::size_t i = 0; i < ws.pcl.size(); ++i)
  {
    const Advance hull = hullPass(ws, motion, i, query);
    const double lower = hull.status == Advance::Status::Passed ? numeric::kInfinity : hull.t;
    if (lower > 1.0 && !hull.in_collision)
      continue;
    ++visited;
    // a configuration found in collision decides at once, before CA creeps up to the contact
    const std::optional<Advance> hit = hull.in_collision ? hull : probeCollision(ws, motion, i, lower);
    const Advance result =
        hit ? *hit
            : advance(ws, motion, i,
                      {Geometry::Exact, lower, 1.0, options_.max_steps_per_pair, query.contact_distance}, query);
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
  report.verdict = capped_lower < numeric::kInfinity ? Verdict::Undecided : Verdict::Free;
  report.toc_lower = capped_lower < numeric::kInfinity ? capped_lower : 1.0;
  report.toc_upper = 1.0;
  return report;
}
}  // namespace ompl_ccd
