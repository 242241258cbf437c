// The Decide early exit of the CA certifier ([Zhang2007] Sec. 8: a planner needs only whether a
// motion collides): after the pipeline's whole-robot probes, each pair in turn (hull bound τ̌,
// probes past it, CA from τ̌ to 1), stopping at the first contact or probe in collision.
#include <algorithm>

#include "certify/ca/ca_workspace.h"
#include "certify/pipeline/pipeline.h"

namespace ompl_ccd
{
void ca::Model::decide(Workspace &ws, const JointMotion &motion, const Query &query,
                                     pipeline::TocBracket &bracket) const
{
  // Each pair in turn: its hull bound τ̌, a few probes for a configuration in collision in
  // [τ̌, 1], then CA from τ̌ to 1; the first contact (or probe in collision) decides Collision
  // (upper TOC bound < 1) without bounding the remaining pairs, so toc_lower is then only the
  // smallest τ̌ met (0 if a pair was left unvisited).
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
      // a probe certifies nothing of its pair beyond τ̌ (nor a creep probe beyond t = 0)
      bracket.addContact(witness(ws.pcl[i], result), hit ? lower : result.t);
      if (i + 1 < ws.pcl.size() || hull.in_collision)
        bracket.lowerTo(0.0);
      break;
    }
    if (result.status == Advance::Status::Capped)
    {
      bracket.addUndecided(result.t, "max_steps_per_pair");
      ws.stats.undecided_cap_hits += 1;
    }
  }
  ws.stats.pcl_after_temporal_culling = static_cast<double>(visited);
}
}  // namespace ompl_ccd
