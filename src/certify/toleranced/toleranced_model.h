#pragma once
/// \file toleranced_model.h
/// Private to the toleranced certifier: its model (TolerancedMotion::model()), immutable once built
/// and shared by every thread: the bodies with their metrics and stand-ins (hulls, primitive
/// surfaces), the obstacles', the front end and the helper threads; the steps of [SchroeckerWeber]
/// Listing 1 over a per-thread Worker (toleranced_worker.h). The bodies' and obstacles' data are in
/// toleranced_bodies.h; the pair queries in toleranced_pair_queries.cpp, the search in
/// toleranced_search.cpp.
///
/// References: [SchroeckerWeber], [Zhang2007] in README.md (section References).

#include <cstddef>
#include <memory>
#include <optional>
#include <vector>

#include "certify/pipeline/culling_front_end.h"
#include "certify/toleranced/affine_metric.h"
#include "certify/toleranced/subinterval_queue.h"
#include "ompl_ccd/certify/toleranced/toleranced_motion.h"
#include "ompl_ccd/geometry/body_pair.h"

namespace boost::asio
{
class thread_pool;
}

namespace ompl_ccd
{
namespace pipeline
{
class TocBracket;  // certify/pipeline/pipeline.h
}  // namespace pipeline

namespace toleranced
{
/** \brief The toleranced certifier's model: see the file comment. */
class Model
{
public:
  Model(CollisionWorldPtr world, const TolerancedMotionOptions &options, const CullingOptions &culling);
  ~Model();

  struct Worker;
  /** \brief [SchroeckerWeber] on \a motion after the pipeline's probes and culling.
      \pre checkQuery(query) passed. */
  Report certify(Worker &worker, const JointMotion &motion, const Query &query) const;
  /** \brief A worker for one thread. */
  std::unique_ptr<Worker> makeWorker() const;

  const TolerancedMotionOptions &options() const { return options_; }
  const CullingFrontEnd &frontEnd() const { return *front_end_; }

private:
  struct StandIns;
  struct Body;
  struct Obstacle;
  struct PairObjects;
  struct Search;

  /** \brief The reach R·max ϱ of body \a b's orbit over [t0, t1] in frame \a frame (−1: world),
      R about its pose at the midpoint, whose link poses are in the worker's kinematics. */
  double ballReach(Worker &worker, const JointMotion &motion, int b, int frame, double t0, double t1) const;
  /** \brief How far any point of body \a b gets from its place at the midpoint of [t0, t1] in frame
      \a frame by the motion bound μ (motion_bound.h): μ (t1 − t0)/2. */
  double motionReach(const JointMotion &motion, int b, int frame, double t0, double t1) const;
  /** \brief One step of Listing 1 on \a sub: excluded, a contact at its midpoint, given up at the
      depth cap, or split: the second half to the queue, the first returned. */
  std::optional<Subinterval> examine(Worker &worker, Search &search, Subinterval &sub) const;
  /** \brief The objects of \a pair posed at the worker's link poses. */
  PairObjects posePair(Worker &worker, const BodyPair &pair) const;
  /** \brief Whether \a pair, posed at time \a t, is within query.clearance + query.contact_distance:
      the contact, with its witness. */
  std::optional<Violation> contact(Worker &worker, const BodyPair &pair, const PairObjects &objects, double t,
                                   const Query &query) const;
  /** \brief Whether the solids of \a pair, posed at time \a t, overlap (FCL): the contact. */
  std::optional<Violation> solidsOverlap(const BodyPair &pair, const PairObjects &objects, double t) const;
  /** \brief The first pair of the front end's PCL live at \a t whose solids FCL finds in collision
      there (after cullLivePieces): the contact. */
  std::optional<Contact> probeLivePairs(Worker &worker, const JointMotion &motion, double t) const;
  /** \brief After the front end's culling: [SchroeckerWeber] Listing 1 over every run of live
      pieces up to where the bracket needs (before \a hit, a probe's contact, by the tolerance), the
      solids checked at the runs' starts first; into \a bracket, the counters into \a stats. */
  void search(Worker &worker, const JointMotion &motion, const Query &query, std::optional<Contact> hit,
              pipeline::TocBracket &bracket, Stats &stats) const;
  /** \brief A contact of \a pair at time \a t with its names only. */
  Contact contactOf(const BodyPair &pair, double t) const;
  /** \brief Examines sub-intervals of \a search until it is over. */
  void work(Worker &worker, Search &search) const;
  /** \brief A pool thread joining \a search with its own worker. */
  void help(Search &search) const;
  /** \brief Runs \a search with \a owner and the pool's threads. */
  SearchOutcome run(Worker &owner, const std::shared_ptr<Search> &search) const;

  CollisionWorldPtr world_;
  TolerancedMotionOptions options_;
  /** \brief Every body (as the front end's), with its metric and reach data. */
  std::vector<Body> bodies_;
  /** \brief Each obstacle's stand-ins, placed. */
  std::vector<Obstacle> obstacles_;
  /** \brief Probes, spatial culling, certificates (shared with the other certifiers). */
  std::unique_ptr<const CullingFrontEnd> front_end_;
  /** \brief Absolute padding (metres) of every orbit for the rounding of poses. */
  double margin_ = 0.0;
  /** \brief The threads − 1 helpers of the calling thread (none for one thread). */
  std::unique_ptr<boost::asio::thread_pool> pool_;
};
}  // namespace toleranced
}  // namespace ompl_ccd
