#pragma once
/// \file toleranced_worker.h
/// Private to the toleranced certifier: what one thread works with (its Worker: the front end's
/// workspace, posed stand-ins, counters) and one search of [SchroeckerWeber] Listing 1 that the
/// calling thread and the pool's threads share.
///
/// References: [SchroeckerWeber] in README.md (section References).

#include <atomic>
#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

#include "certify/pipeline/culling_front_end.h"
#include "certify/toleranced/subinterval_queue.h"
#include "certify/toleranced/toleranced_bodies.h"
#include "ompl_ccd/geometry/collision_queries.h"

namespace ompl_ccd
{
/// Everything a thread needs to work on a search: the caller's workspace, and each pool thread's.
struct toleranced::Model::Worker : CertifierWorkspace
{
  Worker(const CullingFrontEnd &front_end, const std::vector<Body> &bodies)
    : culling(front_end), collision(front_end.world())
  {
    for (const Body &body : bodies)
    {
      hulls.push_back(makeCollisionObject(body.stand_ins.hull->fclGeometry()));
      surfaces.push_back(body.stand_ins.surface ? makeCollisionObject(body.stand_ins.surface->triangles) : nullptr);
    }
  }
  /// The front end's state: link poses (at the midpoint of the sub-interval being examined), the
  /// bodies' FCL objects, and the potentially colliding pairs with their live pieces.
  CullingWorkspace culling;
  /// Whole-robot distance queries (the probes' contact with a clearance).
  CollisionWorkspace collision;
  /// Each body's hull and surface triangles (or null), posed with the body.
  std::vector<std::unique_ptr<fcl::CollisionObjectd>> hulls, surfaces;
  /// The search whose link poses are in culling.kinematics (0: none).
  std::uint64_t search = 0;
  /// Starts on search \a serial: forgets the poses of another (its motion may sit at the same address).
  void join(std::uint64_t serial)
  {
    if (serial == search)
      return;
    search = serial;
    culling.posed_motion = nullptr;
  }
  /// Counters of the sub-interval loop (added to stats by takeCounters()).
  double intervals = 0.0, distance_queries = 0.0, hull_distance_queries = 0.0, max_depth = 0.0;
  /// The counters since the last call; restarts them from zero.
  Stats takeCounters()
  {
    Stats counters = {{"intervals", intervals},
                      {"distance_queries", distance_queries},
                      {"hull_distance_queries", hull_distance_queries},
                      {"max_depth", max_depth}};
    intervals = distance_queries = hull_distance_queries = max_depth = 0.0;
    return counters;
  }
};

/// One search of Listing 1 over the live pairs: its query, pairs, and the queue its workers share.
/// Helpers hold it by shared_ptr, since one may start after the search is over (it then finds the
/// queue closed and touches nothing else).
struct toleranced::Model::Search
{
  Search(const JointMotion &motion, const Query &query, std::vector<BodyPair> pcl, std::vector<Subinterval> roots,
         const SearchRules &rules)
    : motion(motion), query(query), pcl(std::move(pcl)), queue(std::move(roots), rules)
  {
  }
  const JointMotion &motion;
  const Query query;
  /// Tells the searches apart (a worker's posed link poses belong to one; a motion's address may recur).
  const std::uint64_t serial = nextSerial();
  /// The pairs left by the culling; Subinterval::pair indexes them.
  const std::vector<BodyPair> pcl;
  SubintervalQueue queue;

  static std::uint64_t nextSerial()
  {
    static std::atomic<std::uint64_t> count{0};
    return ++count;
  }
};
}  // namespace ompl_ccd
