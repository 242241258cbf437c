// The shell every certifier runs around its own stage (pipeline.h).
#include "certify/pipeline/pipeline.h"

#include <algorithm>
#include <cmath>
#include <tuple>

#include "ompl_ccd/geometry/collision_queries.h"

namespace ompl_ccd::pipeline
{
double bisectionTime(int k)
{
  int level = 1;  // largest power of two ≤ k + 1
  while (2 * level <= k + 1)
    level *= 2;
  return (2.0 * (k + 1 - level) + 1.0) / (2.0 * level);
}

Contact probeContact(const CullingFrontEnd &front_end, const ProbeHit &hit)
{
  const RobotModel &robot = front_end.world().robot();
  const auto urdfLink = [&](int b) {
    const BodyRef &body = front_end.bodies()[b].ref;
    return robot.links()[body.link].geometries[body.geometry].urdf_link;
  };
  Contact contact;
  contact.time = hit.t;
  contact.link = urdfLink(hit.pair.a);
  contact.other = hit.pair.b >= 0 ? urdfLink(hit.pair.b) : front_end.world().scene().obstacles()[hit.pair.obstacle].name;
  contact.point_a = contact.point_b = hit.point;
  contact.normal = hit.normal;
  return contact;
}

std::optional<Contact> wholeRobotContact(const CullingFrontEnd &front_end, CullingWorkspace &ws,
                                         CollisionWorkspace &collision, const JointMotion &motion, double t,
                                         const Query &query)
{
  if (query.clearance > 0.0)
  {
    // contact is distance ≤ clearance + contact_distance (certifier.h): FCL's exact distance
    Contact contact;
    if (!(minimumDistance(front_end.world(), collision, motion.stateAt(t), &contact) <=
          query.clearance + query.contact_distance))
      return std::nullopt;
    contact.time = t;
    return contact;
  }
  if (const std::optional<ProbeHit> hit = front_end.probeWholeRobot(ws, motion, t))
    return probeContact(front_end, *hit);
  return std::nullopt;
}

std::optional<Contact> decideProbes(const CullingFrontEnd &front_end, CullingWorkspace &ws,
                                    CollisionWorkspace &collision, const JointMotion &motion, const Query &query)
{
  for (int k = 0; k < front_end.options().early_probes; ++k)
    if (std::optional<Contact> hit = wholeRobotContact(front_end, ws, collision, motion, bisectionTime(k), query))
      return hit;
  return std::nullopt;
}

std::vector<PairRun> liveRuns(const CullingWorkspace &ws, double t_end)
{
  std::vector<PairRun> runs;
  const int n = ws.samples;
  for (std::size_t i = 0; i < ws.pcl.size(); ++i)
    for (int k = 0; k < n; ++k)
    {
      if (!ws.live(i, k))
        continue;
      const int first = k;
      while (k + 1 < n && ws.live(i, k + 1))
        ++k;
      const double t0 = static_cast<double>(first) / n, t1 = std::min(t_end, static_cast<double>(k + 1) / n);
      if (t0 < t1)
        runs.push_back({t0, t1, i});
    }
  return runs;
}

std::optional<Contact> firstContactProbes(const LivePairsProbe &probe, int count, double width)
{
  for (int k = 0; count > 0 && k <= count; ++k)
  {
    const double t = static_cast<double>(k) / count;
    std::optional<Contact> hit = probe(t);
    if (!hit)
      continue;
    // bisect against the free probe before it: a tighter upper bound on the first contact
    for (double free = static_cast<double>(k - 1) / count; k > 0 && hit->time - free > width;)
    {
      const double middle = 0.5 * (free + hit->time);
      if (!(middle > free && middle < hit->time))  // the two times are adjacent doubles
        break;
      if (std::optional<Contact> nearer = probe(middle))
        hit = std::move(nearer);
      else
        free = middle;
    }
    return hit;
  }
  return std::nullopt;
}

double certifyUntil(double t_hit, double tolerance)
{
  double until = std::max(0.0, t_hit - tolerance);
  while (t_hit - until > tolerance)  // rounding: the bracket must fit the tolerance
    until = std::nextafter(until, 1.0);
  return until;
}

void TocBracket::addContact(const Contact &contact, double certified_from)
{
  // the earliest; among contacts at the same time the first by names, whatever order the pairs
  // came in (a thread's earlier edges may change that order, the answer must not change)
  const auto key = [](const Contact &c) { return std::tie(c.time, c.link, c.other); };  // no copies
  if (!contact_ || key(contact) < key(*contact_))
    contact_ = contact;
  certified_until_ = std::min(certified_until_, certified_from);
}

void TocBracket::addUndecided(double t, const std::string &budget)
{
  undecided_ = true;
  undecided_at_ = std::min(undecided_at_, t);
  budget_ = budget;
}

double TocBracket::limit() const
{
  return std::min(undecided_ ? undecided_at_ : 1.0, contact_ ? contact_->time : 1.0);
}

Report TocBracket::report() const
{
  Report report;
  if (contact_)
  {
    report.verdict = Verdict::Collision;
    report.toc_lower = std::min(certified_until_, undecided_ ? undecided_at_ : 1.0);
    report.toc_upper = contact_->time;
    report.witness = contact_;
  }
  else if (undecided_)
  {
    report.verdict = Verdict::Undecided;
    report.toc_lower = std::min(certified_until_, undecided_at_);
    report.toc_upper = 1.0;
  }
  else
  {
    report.verdict = Verdict::Free;
    report.toc_lower = report.toc_upper = 1.0;
  }
  return report;
}

SphereStageResult sphereStage(const CullingFrontEnd &front_end, CullingWorkspace &ws, const JointMotion &motion,
                              const Query &query)
{
  const SphereStage *stage = front_end.sphereStage();
  if (!stage)
    return {};
  // a self pair's joint-space certificate leaves it only where its distance may fall to the inflation
  struct FrontEndCertificates : CertificateOf
  {
    explicit FrontEndCertificates(const CullingFrontEnd &front_end) : front_end(front_end) {}
    const JointSpaceCertificate *of(int a, int b) const override { return front_end.certificate({a, b}); }
    const CullingFrontEnd &front_end;
  };
  return stage->run(*ws.spheres, motion, query, FrontEndCertificates(front_end));
}

void addSphereStats(const CullingFrontEnd &front_end, const SphereStageResult &result, Stats &stats)
{
  if (!front_end.sphereStage())
    return;
  stats["sphere_batches"] = result.batches;
  stats["sphere_open_spans"] = result.open_spans;
  stats["sphere_free"] = result.outcome == SphereStageResult::Outcome::Free;
  stats["sphere_collision"] = result.outcome == SphereStageResult::Outcome::Collision;
}

void addFrontEndStats(const CullingFrontEnd &front_end, const CullingWorkspace &ws, Stats &stats)
{
  stats["collision_probes"] = ws.counters.collision_probes;
  stats["box_pieces"] = ws.counters.box_pieces;
  stats["taylor_pieces"] = ws.counters.taylor_pieces;
  stats["pcl_before_culling"] = static_cast<double>(front_end.pairCount());
  stats["pcl_after_spatial_culling"] = ws.counters.pcl_after_spatial_culling;
}
}  // namespace ompl_ccd::pipeline
