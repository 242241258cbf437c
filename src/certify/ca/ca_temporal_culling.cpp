// Temporal culling of the CA certifier, [Zhang2007] Alg. 1 (Mode::FirstContact): a lower bound τ̌
// on each pair's time of contact from CA on its convex hulls (Sec. 7.2: the hulls' distance is at
// most the bodies'), the pairs taken by increasing τ̌, each advanced on its exact geometry up to
// the earliest contact t_min found so far; a pair whose τ̌ ≥ t_min cannot touch first. Before
// Alg. 1, probes of the pairs the spatial culling leaves look for a configuration in collision:
// with one at t_hit, the TOC bracket [t_hit − tolerance, t_hit] needs each pair certified only up
// to t_hit − tolerance, so only that stretch stays live and CA does not creep up to the contact.
#include <algorithm>

#include "certify/ca/ca_advance.h"
#include "certify/ca/ca_workspace.h"
#include "certify/pipeline/pipeline.h"

namespace ompl_ccd
{
ca::Model::Advance ca::Model::hullPass(Workspace &ws, const JointMotion &motion,
                                                                   std::size_t i, const Query &query) const
{
  // the time the hull pass stopped at is τ̌ (t = 0 without temporal culling); Passed: τ̌ > 1
  if (!options_.temporal_culling)
    return Advance{Advance::Status::Capped, 0.0};
  return advance(ws, motion, i, {Geometry::Hulls, 0.0, 1.0, options_.max_hull_steps, ca::kHullPassStopDistance},
                 query);
}

std::optional<Contact> ca::Model::probeLivePairs(Workspace &ws, const JointMotion &motion, double t) const
{
  // a pair in collision at t is live at t (a dead piece keeps it apart): the others need no check
  for (std::size_t i = 0; i < ws.pcl.size(); ++i)
    if (std::optional<Advance> hit = collideAt(ws, motion, i, t))
      return witness(ws.pcl[i], *hit);
  return std::nullopt;
}

void ca::Model::firstContactOfPair(Workspace &ws, const JointMotion &motion, std::size_t i,
                                                 double lower, const Query &query, pipeline::TocBracket &bracket) const
{
  // the exact pass goes on from τ̌ to contact (d ≤ clearance + contact_distance) or as far as every
  // pair must be certified
  const Advance result = advance(
      ws, motion, i,
      {Geometry::Exact, lower, bracket.certifiedUntil(), options_.max_steps_per_pair, query.contact_distance}, query);
  if (result.status == Advance::Status::Contact)
    bracket.addContact(witness(ws.pcl[i], result), result.t);  // Alg. 1, line 21
  else if (result.status == Advance::Status::Capped)
  {
    bracket.addUndecided(result.t, "max_steps_per_pair");
    ws.stats.undecided_cap_hits += 1;
  }
}

void ca::Model::firstContact(Workspace &ws, const JointMotion &motion, const Query &query,
                                           pipeline::TocBracket &bracket) const
{
  // Probes of the pairs the spatial culling left, for a configuration in collision: with one at
  // t_hit only [0, t_hit − tolerance] needs certifying, and CA does not creep up to the contact.
  const auto probe = [&](double t) { return probeLivePairs(ws, motion, t); };
  if (!ws.pcl.empty())
    if (const std::optional<Contact> hit =
            pipeline::firstContactProbes(probe, front_end_.options().first_contact_probes,
                                         query.tolerance * ca::kFirstContactBisection))
      bracket.addContact(*hit, pipeline::certifyUntil(hit->time, query.tolerance));
  if (bracket.certifiedUntil() < 1.0)
    front_end_.restrictLivePieces(ws, bracket.certifiedUntil());
  // every τ̌ first, sorted (Alg. 1, lines 1–4)
  std::vector<std::pair<double, std::size_t>> order;
  for (std::size_t i = 0; i < ws.pcl.size(); ++i)
  {
    const Advance hull = hullPass(ws, motion, i, query);
    order.emplace_back(hull.status == Advance::Status::Passed ? numeric::kInfinity : hull.t, i);
  }
  std::sort(order.begin(), order.end());
  // Alg. 1 lines 5–24: t_min only decreases; a pair whose τ̌ ≥ t_min cannot contact first; a
  // pair's CA is abandoned as soon as it passes t_min (less the tolerance after a probe's hit).
  std::size_t visited = 0;
  for (const auto &[lower, i] : order)
  {
    if (lower >= bracket.certifiedUntil())  // Case 1: τ_i ≥ τ̌_i ≥ t_min, so for every later pair (Alg. 1, line 7)
      break;
    ++visited;
    firstContactOfPair(ws, motion, i, lower, query, bracket);
  }
  ws.stats.pcl_after_temporal_culling = static_cast<double>(visited);
}
}  // namespace ompl_ccd
