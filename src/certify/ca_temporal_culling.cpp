// Temporal culling of the CA certifier, [Zhang2007] Alg. 1 (Mode::FirstContact): a lower bound τ̌
// on each pair's time of contact from CA on its convex hulls (Sec. 7.2: the hulls' distance is at
// most the bodies'), the pairs taken by increasing τ̌, each advanced on its exact geometry up to
// the earliest contact t_min found so far; a pair whose τ̌ ≥ t_min cannot touch first. Before
// Alg. 1, probes of the pairs the spatial culling leaves look for a configuration in collision:
// with one at t_hit, the TOC bracket [t_hit − tolerance, t_hit] needs each pair certified only up
// to t_hit − tolerance, so only that stretch stays live and CA does not creep up to the contact.
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
  /** \brief Every pair is certified up to here: t_min, or t_min − tolerance while t_min is a
      probe's configuration in collision. */
  double certify_until = 1.0;
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

std::optional<std::pair<std::size_t, ConservativeAdvancement::Advance>>
ConservativeAdvancement::probeLivePairs(Workspace &ws, const JointMotion &motion, double t) const
{
  // a pair in collision at t is live at t (a dead piece keeps it apart): the others need no check
  for (std::size_t i = 0; i < ws.pcl.size(); ++i)
    if (std::optional<Advance> hit = collideAt(ws, motion, i, t))
      return std::make_pair(i, *hit);
  return std::nullopt;
}

void ConservativeAdvancement::probeFirstCollision(Workspace &ws, const JointMotion &motion, const Query &query,
                                                  FirstContactSearch &search) const
{
  double free_t = 0.0;  // the last probe found free
  for (int k = 0; k <= ca::kFirstContactProbes; ++k)  // the start state first: a contact there is TOC 0
  {
    const double t = static_cast<double>(k) / ca::kFirstContactProbes;
    auto hit = probeLivePairs(ws, motion, t);
    if (!hit)
    {
      free_t = t;
      continue;
    }
    // bisect towards the first collision of this stretch: a tighter toc_upper
    while (hit->second.t - free_t > query.tolerance * ca::kFirstContactBisection)
    {
      const double mid = 0.5 * (free_t + hit->second.t);
      if (!(mid > free_t && mid < hit->second.t))  // the two times are adjacent doubles
        break;
      if (auto closer = probeLivePairs(ws, motion, mid))
        hit = closer;
      else
        free_t = mid;
    }
    search.t_min = hit->second.t;
    search.certify_until = std::max(0.0, search.t_min - query.tolerance);
    search.witness = witness(ws.pcl[hit->first], hit->second);
    return;
  }
}

void ConservativeAdvancement::firstContactOfPair(Workspace &ws, const JointMotion &motion, std::size_t i,
                                                 double lower, const Query &query, FirstContactSearch &search) const
{
  // the exact pass goes on from τ̌ to contact (d ≤ clearance + contact_distance) or certify_until
  const Advance result = advance(
      ws, motion, i, {Geometry::Exact, lower, search.certify_until, options_.max_steps_per_pair, query.contact_distance},
      query);
  if (result.status == Advance::Status::Contact)
  {
    search.t_min = search.certify_until = result.t;  // Alg. 1, line 21
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
  // Spatial culling, [Zhang2007] Sec. 5; probes of the pairs left for a configuration in
  // collision; then only the stretch that needs certifying, [0, certify_until], is kept.
  front_end_.cullLivePieces(ws, motion, query.clearance + query.contact_distance);
  FirstContactSearch search;
  if (!ws.pcl.empty())
    probeFirstCollision(ws, motion, query, search);
  if (search.certify_until < 1.0)
    front_end_.restrictLivePieces(ws, search.certify_until);
  // every τ̌ first, sorted (Alg. 1, lines 1–4)
  std::vector<std::pair<double, std::size_t>> order;
  for (std::size_t i = 0; i < ws.pcl.size(); ++i)
  {
    const Advance hull = hullPass(ws, motion, i, query);
    order.emplace_back(hull.status == Advance::Status::Passed ? numeric::kInfinity : hull.t, i);
  }
  std::sort(order.begin(), order.end());
  // Alg. 1 lines 5–24: t_min only decreases; a pair whose τ̌ ≥ t_min cannot contact first; a
  // pair's CA is abandoned as soon as it passes t_min (certify_until, after a probe's hit).
  std::size_t visited = 0;
  for (const auto &[lower, i] : order)
  {
    if (lower >= search.certify_until)  // Case 1: τ_i ≥ τ̌_i ≥ t_min, so for every later pair (Alg. 1, line 7)
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
    // CA certified every pair up to certify_until (t_min itself after a contact of CA, t_min −
    // tolerance after a probe's) unless a pair was capped earlier
    report.verdict = Verdict::Collision;
    report.toc_upper = search.t_min;
    report.toc_lower = std::min(search.certify_until, search.capped_lower);
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
