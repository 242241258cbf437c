#pragma once
/// \file cloud_queries.h
/// Collision and distance of a posed FCL object (a link geometry) against a point cloud that is one
/// obstacle (point_cloud_index.h): the index finds the few points within reach of the object's box,
/// and each of their balls is tested as a sphere obstacle of the scene would be (collision_queries.h:
/// FCL's narrow phase for contact, pairDistanceUpperBound for distance, whose sphere–mesh distance is
/// sphere_triangle_distance.h on each triangle). The answers are those of the same balls written as
/// sphere obstacles; only the points the index shows out of reach are skipped.

#include <cstdint>
#include <fcl/narrowphase/collision_object.h>
#include <fcl/narrowphase/collision_request.h>
#include <fcl/narrowphase/collision_result.h>
#include <memory>
#include <vector>

#include "ompl_ccd/geometry/distance_bounds.h"
#include "ompl_ccd/geometry/point_cloud_index.h"

namespace ompl_ccd
{
/** \brief Per-thread state of the queries against one cloud: an FCL ball of the cloud's radius,
    placed at each point tested, and the buffers of the index's searches. */
struct CloudProbe
{
  explicit CloudProbe(const PointCloudIndex &cloud);
  std::unique_ptr<fcl::CollisionObjectd> ball;
  std::vector<std::uint32_t> candidates;
  std::vector<double> squared_distances;
};

/** \brief The index of a point whose ball touches the posed \a object (fcl::collide with
    \a request, its contact in \a result), or -1: only the points whose ball's box overlaps the
    object's AABB are tested (those the scene's broadphase would give), in the k-d tree's order (the
    same point on every run).
    @pre object's AABB holds it at its transform (computeAABB after setTransform). */
int firstCloudPointHit(const PointCloudIndex &cloud, CloudProbe &probe, const fcl::CollisionObjectd &object,
                       const fcl::CollisionRequestd &request, fcl::CollisionResultd &result);

/** \brief The least pairDistanceUpperBound (the distance of two real points, exact but for
    rounding, closed forms and triangle distances; collision_queries.h) from the posed \a object to
    a ball of the cloud, when below \a best: that distance, the point's index in \a point and the
    points in \a nearest (p_WA on the object). Otherwise \a best, \a point set to -1. Points are
    visited nearest to the AABB's centre first, until their centre's distance less the box's half
    diagonal and the radius is at least the best found.
    @pre as firstCloudPointHit. */
double cloudDistanceBelow(const PointCloudIndex &cloud, CloudProbe &probe, const fcl::CollisionObjectd &object,
                          double best, int &point, NearestPoints &nearest);
}  // namespace ompl_ccd
