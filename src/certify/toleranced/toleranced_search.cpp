// [SchroeckerWeber] Sec. 6, Listing 1: the sub-intervals of every live run halved until the
// orbits of the bodies miss (or a contact, or a cap), on the calling thread and the pool's.

#include <algorithm>
#include <boost/asio/post.hpp>
#include <boost/asio/thread_pool.hpp>
#include <optional>

#include "certify/pipeline/pipeline.h"
#include "certify/toleranced/toleranced_worker.h"
#include "ompl_ccd/geometry/pair_distance.h"

namespace ompl_ccd
{
namespace
{
/// FCL's mesh traversal may stop once its distance is within this factor of the true one: far from
/// contact the deflated bound still excludes, at a fraction of an exact query's work.
constexpr double kDistanceRelErr = 0.25;
/// Balls in the bodies' metrics (a Taylor chain each) are computed only where the motion bound's
/// reach r is below this multiple of the distance to beat (the hulls' distance plus the bodies'
/// concavity): farther off, a ball rarely excludes what the motion bound does not, and halving the
/// sub-interval is the cheaper step.
constexpr double kMaxReachRatioForBalls = 1.0;
}  // namespace

void toleranced::Model::search(Worker &worker, const JointMotion &motion, const Query &query, std::optional<Contact> hit,
                              pipeline::TocBracket &bracket, Stats &stats) const
{
  CullingWorkspace &culling = worker.culling;
  const double t_end = hit ? pipeline::certifyUntil(hit->time, query.tolerance) : 1.0;
  std::vector<Subinterval> roots;
  for (const pipeline::PairRun &run : pipeline::liveRuns(culling, t_end))
    roots.push_back({run.t0, run.t1, 0, static_cast<int>(run.pair)});
  // A primitive's surface triangles stand in for it while no body is inside it: the solids are
  // checked where the spans start (then a body gets in only across the surface, where it is found).
  for (const Subinterval &root : roots)
  {
    const BodyPair &pair = culling.pcl[root.pair];
    front_end_->poseAt(culling, motion, root.t0);
    const PairObjects objects = posePair(worker, pair);
    if (objects.exact_a != objects.a || objects.exact_other != objects.other)
      if (std::optional<Violation> inside = solidsOverlap(pair, objects, root.t0))
        if (!hit || inside->time < hit->time)
          hit = std::move(inside->contact);
  }
  if (hit && query.mode == Mode::Decide)
  {
    bracket.addContact(*hit, 0.0);
    return;
  }
  // [SchroeckerWeber] Listing 1 over the live spans, on every thread of the pool.
  SearchRules rules;
  rules.end = t_end;
  rules.stop_at_contact = query.mode == Mode::Decide;
  rules.bracket = query.mode == Mode::FirstContact ? query.tolerance : 0.0;
  rules.max_subintervals = static_cast<std::size_t>(options_.max_intervals);
  const auto shared = std::make_shared<Search>(motion, query, culling.pcl, std::move(roots), rules);
  if (hit)
    shared->queue.addViolation(Violation{hit->time, *hit});
  SearchOutcome outcome = run(worker, shared);
  mergeCounters(stats, outcome.stats);
  if (outcome.violation)
    bracket.addContact(outcome.violation->contact, std::min(outcome.excluded_until, outcome.violation->time));
  if (!outcome.given_up.empty())
  {
    stats["cap_max_depth"] = 1.0;
    bracket.addUndecided(outcome.excluded_until, "max_depth");
  }
  if (outcome.out_of_subintervals)
  {
    stats["cap_max_intervals"] = 1.0;
    bracket.addUndecided(outcome.excluded_until, "max_intervals");
  }
}

std::optional<Subinterval> toleranced::Model::examine(Worker &worker, Search &search, Subinterval &sub) const
{
  // [SchroeckerWeber] Listing 1, one step, for one pair.
  worker.intervals += 1;
  worker.max_depth = std::max(worker.max_depth, static_cast<double>(sub.depth));
  const BodyPair &pair = search.pcl[sub.pair];
  const Query &query = search.query;
  const double tm = 0.5 * (sub.t0 + sub.t1);
  front_end_->poseAt(worker.culling, search.motion, tm);
  const PairObjects objects = posePair(worker, pair);
  // How far apart the bodies are at the centre g, at least: their hulls' distance less their gaps
  // (a cheap lower bound; the bodies lie within their concavity of their hulls).
  worker.hull_distance_queries += 1;
  const DistanceBounds hulls = pairDistanceBounds(*objects.hull_a, *objects.hull_other);
  const double apart = hulls.lower - objects.hull_gap - query.clearance;
  // The reach of the orbits (a self pair's in the bodies' common ancestor's frame): how far any
  // point of the bodies gets from its place at g. The motion bound first (cheap), then the balls
  // in the bodies' metrics where they may beat it by the distance to beat (Eq. 4, 11).
  const int frame = pair.b >= 0 ? pair.ancestor : -1;
  double r = motionReach(search.motion, pair.a, frame, sub.t0, sub.t1);
  if (pair.b >= 0)
    r += motionReach(search.motion, pair.b, frame, sub.t0, sub.t1);
  if (apart > r)
    return std::nullopt;
  if (r < kMaxReachRatioForBalls * (apart + objects.concavity))
  {
    double ball = ballReach(worker, search.motion, pair.a, frame, sub.t0, sub.t1);
    if (pair.b >= 0)
      ball += ballReach(worker, search.motion, pair.b, frame, sub.t0, sub.t1);
    r = std::min(r, ball);
    if (apart > r)
      return std::nullopt;
  }
  // Then the bodies themselves, where their distance may exclude (concave bodies) or be a contact
  // (a primitive on its surface triangles, whose distance less their gap bounds the solid's: the
  // bodies were apart at the span's start, and no body gets inside a solid without crossing its
  // surface); far apart, a deflated distance suffices. The hulls are at most hulls.upper apart (the
  // distance of two of their points), the bodies at most their concavity farther.
  const bool may_exclude = hulls.upper + objects.concavity - query.clearance > r;
  if (may_exclude || !(apart > query.contact_distance))
  {
    const double needed = query.clearance + r;
    double d = pairDistanceLowerBound(*objects.exact_a, *objects.exact_other, nullptr, kDistanceRelErr);
    worker.distance_queries += 1;
    if (!(d - objects.surface_gap > needed) && d * (1.0 + kDistanceRelErr) - objects.surface_gap > needed)
    {
      d = pairDistanceLowerBound(*objects.exact_a, *objects.exact_other);
      worker.distance_queries += 1;
    }
    d -= objects.surface_gap;
    if (d > needed)
      return std::nullopt;
    if (!(d - query.clearance > query.contact_distance))
      if (std::optional<Violation> found = contact(worker, pair, objects, tm, query))
        search.queue.addViolation(std::move(*found));
  }
  Subinterval first{sub.t0, tm, sub.depth + 1, sub.pair};
  if (sub.depth >= options_.max_depth)
  {
    // the depth cap, unless a contact at tm (or a stop) makes [t0, tm] useless
    if (search.queue.wanted(first.t0))
      search.queue.addGivenUp({sub.t0, sub.t1});
    else
      search.queue.drop(first);
    return std::nullopt;
  }
  search.queue.add({tm, sub.t1, sub.depth + 1, sub.pair});
  return first;
}

void toleranced::Model::work(Worker &worker, Search &search) const
{
  worker.join(search.serial);
  while (std::optional<Subinterval> sub = search.queue.take())
  {
    // Depth first into the first halves; the second ones go to the queue.
    do
      sub = examine(worker, search, *sub);
    while (sub && search.queue.keep(*sub));
    search.queue.done();
  }
}

void toleranced::Model::help(Search &search) const
{
  if (!search.queue.join())
    return;
  // The pool's threads serve this certifier only, so each keeps one worker for all its searches,
  // built on its first and freed when the thread ends (~TolerancedMotion joins the pool).
  thread_local std::unique_ptr<Worker> worker;
  // An exception must not leave a pool thread (it would end the process): it goes to the caller.
  try
  {
    if (!worker)
      worker = std::make_unique<Worker>(*front_end_, bodies_);
    work(*worker, search);
  }
  catch (...)
  {
    search.queue.fail(std::current_exception());
  }
  search.queue.leave(worker ? worker->takeCounters() : Stats{});
}

SearchOutcome toleranced::Model::run(Worker &owner, const std::shared_ptr<Search> &search) const
{
  if (pool_)
    for (int i = 1; i < options_.threads; ++i)
      boost::asio::post(*pool_, [this, search] { help(*search); });
  // the helpers use the caller's motion: they must have left before an exception leaves here
  try
  {
    work(owner, *search);
  }
  catch (...)
  {
    search->queue.fail(std::current_exception());
  }
  return search->queue.finish();
}
}  // namespace ompl_ccd
