// Temporal culling of the CA certifier, [Zhang2007] Alg. 1 (Mode::FirstContact): a lower bound τ̌
// on each pair's time of contact from CA on its convex hulls (Sec. 7.2: the hulls' distance is at
// most the bodies'), the pairs taken by increasing τ̌, each advanced on its exact geometry up to
// the earliest contact t_min found so far; a pair whose τ̌ ≥ t_min cannot touch first.
#include <algorithm>

#include "ca_advance.h"
#include "ca_workspace.h"

namespace ompl_ccd
{
/// Mode::FirstContact: what Alg. 1 has found so far.
struct ConservativeAdvancement::FirstContactSearch
{
  /** \brief The earliest contact found (Alg. 1's t_min; 1 while none). */
  double t_min = 1.0;
  /** \brief The contact at t_min, once one was found. */
  std::optional<Contact> witness;
  /** \brief Certified-until time of the pairs that hit the step cap (∞: none). */
  double capped_lower = numeric::kInfinity;
};

ConservativeAdvancement::Advance ConservativeAdvancement::hullPass(Workspace &ws, const JointMotion &motion,
                                                                   std::size_t i, const Query &query) const
{
  // the time the hull pass stopped at is τ̌ (t = 0 without temporal culling); Passed: τ̌ > 1
  if (!options_.temporal_culling)
    return Advance{Advance::Status::Capped, 0.0};
  return advance(ws, motion, i, {Geometry::Hulls, 0.0, 1.0, options_.max_hull_steps, ca::kHullPassStopDistance},
                 query);
}

void ConservativeAdvancement::firstContactOfPair(Workspace &ws, const JointMotion &motion, std::size_t i,
                                                 double lower, const Query &query, FirstContactSearch &search) const
{
  // the exact pass goes on from τ̌ to contact (d ≤ clearance + contact_distance) or t_min
  const Advance result =
      advance(ws, motion, i, {Geometry::Exact, lower, search.t_min, options_.max_steps_per_pair, query.contact_distance},
              query);
  if (result.status == Advance::Status::Contact)
  {
    search.t_min = result.t;  // Alg. 1, line 21
    search.witness = witness(ws.pcl[i], result);
  }
  else if (result.status == Advance::Status::Capped)
  {
    search.capped_lower = std::min(search.capped_lower, result.t);
    ws.stats.undecided_cap_hits += 1;
  }
}

Report ConservativeAdvancement::firstContact(Workspace &ws, const JointMotion &motion, const Query &query) const
{
  // every τ̌ first, sorted (Alg. 1, lines 1–4)
  std::vector<std::pair<double, std::size_t>> order;
  for (std::size_t i = 0; i < ws.pcl.size(); ++i)
  {
    const Advance hull = hullPass(ws, motion, i, query);
    order.emplace_back(hull.status == Advance::Status::Passed ? numeric::kInfinity : hull.t, i);
  }
  std::sort(order.begin(), order.end());
  // Alg. 1 lines 5–24: t_min only decreases; a pair whose τ̌ ≥ t_min cannot contact first; a
  // pair's CA is abandoned as soon as it passes t_min.
  FirstContactSearch search;
  std::size_t visited = 0;
  for (const auto &[lower, i] : order)
  {
    if (lower >= search.t_min)  // Case 1: τ_i ≥ τ̌_i ≥ t_min, and so for every later pair (Alg. 1, line 7)
      break;
    ++visited;
    firstContactOfPair(ws, motion, i, lower, query, search);
  }
  ws.stats.pcl_after_temporal_culling = static_cast<double>(visited);
  return firstContactReport(search);
}

Report ConservativeAdvancement::firstContactReport(const FirstContactSearch &search)
{
  Report report;
  if (search.witness)
  {
    // CA certified every pair up to its contact or t_min: toc_lower = toc_upper unless a pair
    // was capped earlier
    report.verdict = Verdict::Collision;
    report.toc_upper = search.t_min;
    report.toc_lower = std::min(search.t_min, search.capped_lower);
    report.witness = search.witness;
  }
  else if (search.capped_lower < numeric::kInfinity)
  {
    report.verdict = Verdict::Undecided;
    report.toc_lower = search.capped_lower;
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
