#pragma once
/// \file pipeline.h
/// The shell every certifier runs around its own stage (docs/design.md, "One pipeline"), written
/// once as free functions a certifier's certify() calls in the order of its paper's steps:
///   1. ownWorkspace and checkQuery: the workspace is this certifier's, the query answerable;
///   2. startInContact (a certifier whose surfaces miss a body wholly inside a solid);
///   3. decideProbes: Mode::Decide's whole-robot probes, [Zhang2007] Sec. 8's early exit;
///   4. the front end's live-piece culling (culling_front_end.h), then liveRuns: each pair's runs of
///      live pieces, the only stretches a certifier's stage examines;
///   5. firstContactProbes: Mode::FirstContact's probes of the live pairs and the bisection of the
///      first in contact, after which the stage need certify only up to t_hit − tolerance;
///   6. the certifier's own stage, reporting into a TocBracket (the earliest contact, how far every
///      pair is certified, what a budget left undecided), whose report() is the Report.
/// Free functions rather than a template method: the stages differ in what they need between these
/// steps (interval boxes its spans before probing them, ca sorts its pairs by a hull bound, toleranced
/// searches every run at once on several threads), so each certifier keeps its order and the shell
/// keeps the steps.
///
/// References: [Zhang2007] in README.md (section References).

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "certify/pipeline/culling_front_end.h"
#include "ompl_ccd/certify/certifier.h"
#include "ompl_ccd/error.h"
#include "ompl_ccd/geometry/collision_queries.h"

namespace ompl_ccd::pipeline
{
/** \brief \a ws as the workspace type \a owner's makeWorkspace() made (madeFor set it).
    \throws Error naming \a caller when \a ws was made by another certifier. */
template <typename Workspace>
Workspace &ownWorkspace(CertifierWorkspace &ws, const Certifier &owner, const char *caller)
{
  OMPL_CCD_THROW_UNLESS(ws.owner == &owner, caller, ": the workspace was made by another certifier",
                        ws.owner ? " ('" + ws.owner->name() + "')" : std::string(),
                        "; pass one from this certifier's makeWorkspace().");
  return static_cast<Workspace &>(ws);
}

/** \brief \a ws, marked as made by \a owner (for ownWorkspace). */
template <typename Workspace>
std::unique_ptr<CertifierWorkspace> madeFor(std::unique_ptr<Workspace> ws, const Certifier &owner)
{
  ws->owner = &owner;
  return ws;
}

/** \brief The (k+1)-th time of the bisection order 1/2, 1/4, 3/4, 1/8, 3/8, ... (the order of
    OMPL's DiscreteMotionValidator's states), in (0, 1). \pre k ≥ 0. */
double bisectionTime(int k);

/** \brief The Contact of a front-end probe's \a hit: its pair's names, FCL's contact point (as both
    points) and normal, at its time. */
Contact probeContact(const CullingFrontEnd &front_end, const ProbeHit &hit);

/** \brief Whether the robot at time \a t of \a motion is in contact: in collision (the front end's
    whole-robot probe) or, when query.clearance > 0, within clearance + contact_distance by FCL's
    exact distance over every pair. The configuration's Contact, or nothing. */
std::optional<Contact> wholeRobotContact(const CullingFrontEnd &front_end, CullingWorkspace &ws,
                                         CollisionWorkspace &collision, const JointMotion &motion, double t,
                                         const Query &query);

/** \brief Mode::Decide's whole-robot probes ([Zhang2007] Sec. 8): the robot at the first
    CullingOptions::early_probes times (of the front end's options) of the bisection order
    (wholeRobotContact); the first in contact. */
std::optional<Contact> decideProbes(const CullingFrontEnd &front_end, CullingWorkspace &ws,
                                    CollisionWorkspace &collision, const JointMotion &motion, const Query &query);

/** \brief A stretch [t0, t1] of live pieces of PCL pair \a pair. */
struct PairRun
{
  double t0 = 0.0, t1 = 1.0;
  std::size_t pair = 0;
};

/** \brief Every maximal run of live pieces [k₀/N, k₁/N] of every PCL pair of ws (after the front
    end's cullLivePieces), cut at \a t_end (runs starting at or after it dropped); pair by pair, each
    pair's in time order. */
std::vector<PairRun> liveRuns(const CullingWorkspace &ws, double t_end = 1.0);

/** \brief A certifier's collision check of the PCL pairs live at time \a t: the Contact of the
    first found in collision, or nothing. */
using LivePairsProbe = std::function<std::optional<Contact>(double t)>;

/** \brief Mode::FirstContact's probes: the live pairs checked (\a probe) at k/\a count, k = 0, 1,
    ... in time order (\a count is CullingOptions::first_contact_probes; 0: none); the first time
    with a pair in collision is bisected against the free probe before it until the two are at most
    \a width apart (or adjacent doubles). That contact, or nothing. It certifies nothing: it bounds
    the first contact from above, so that the stage need certify the pairs only up to
    certifyUntil(its time, tolerance). */
std::optional<Contact> firstContactProbes(const LivePairsProbe &probe, int count, double width);

/** \brief The time every pair must be certified up to when a contact is known at \a t_hit: the
    latest time at least \a tolerance before it (so the bracket [it, t_hit] fits the tolerance
    despite rounding), 0 at the earliest. */
double certifyUntil(double t_hit, double tolerance);

/** \brief What a certifier's stage has found of the first contact: the earliest contact, how far
    every pair is certified free, and the earliest time a work budget left undecided. */
class TocBracket
{
public:
  /** \brief A contact found at \a contact.time (the earliest one is kept, ties broken by the link
      and other names, so the order contacts come in does not matter); nothing is certified past
      \a certified_from (the lower bound its finder gives: its own time for an exact contact, less
      for a probe's). */
  void addContact(const Contact &contact, double certified_from);
  /** \brief A budget ran out at \a t (its pair is certified up to t); the last budget named is kept. */
  void addUndecided(double t, const std::string &budget);
  /** \brief The budget that left something undecided last ("" when none). */
  const std::string &budget() const { return budget_; }
  /** \brief Nothing is certified before \a t (Mode::Decide leaving pairs unvisited: 0). */
  void lowerTo(double t) { certified_until_ = std::min(certified_until_, t); }
  /** \brief How far every pair is to be certified: 1, or the least lower bound a contact came with
      (its own time, or t_hit − tolerance for a probe's). */
  double certifiedUntil() const { return certified_until_; }
  /** \brief The time past which nothing need be examined: the earliest contact or undecided time. */
  double limit() const;
  const std::optional<Contact> &contact() const { return contact_; }
  /** \brief The report: Collision when a contact was found (its witness at toc_upper; toc_lower
      the least of every lower bound and undecided time), else Undecided when a budget ran out
      (toc_lower its time), else Free. Stats are left to the certifier. */
  Report report() const;

private:
  std::optional<Contact> contact_;
  double certified_until_ = 1.0;
  double undecided_at_ = 1.0;
  bool undecided_ = false;
  std::string budget_;
};

/** \brief The sphere stage on \a motion (CullingOptions::sphere_front_end): Free, a confirmed
    Collision (Mode::Decide), or Open with the pairs it leaves for cullLivePieces (every pair, open
    null, without the stage or where it does not run). */
SphereStageResult sphereStage(const CullingFrontEnd &front_end, CullingWorkspace &ws, const JointMotion &motion,
                              const Query &query);

/** \brief The sphere stage's counters in \a stats (sphere_batches, sphere_open_spans, and which
    way it went: sphere_free, sphere_collision). Nothing without the stage. */
void addSphereStats(const CullingFrontEnd &front_end, const SphereStageResult &result, Stats &stats);

/** \brief The front end's counters of the last motion in \a stats (collision_probes, box_pieces,
    taylor_pieces, pcl_before_culling, pcl_after_spatial_culling). */
void addFrontEndStats(const CullingFrontEnd &front_end, const CullingWorkspace &ws, Stats &stats);
}  // namespace ompl_ccd::pipeline
