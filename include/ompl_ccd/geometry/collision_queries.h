#pragma once
/// \file collision_queries.h
/// Discrete (single-configuration) collision and distance queries of a robot in its scene, with FCL.
///
/// FCL treats a mesh as its surface: a link (or obstacle) entirely inside a closed mesh does not
/// touch it, so it is neither "in collision" nor at distance 0. Primitives (box, cylinder, sphere)
/// are solids. Every function is thread-safe given one CollisionWorkspace per thread (the
/// CollisionWorld and its Scene are only read).
///
/// No query reaches libccd's GJK, whose assertions (kept in Debian's libfcl) end the process on
/// degenerate simplices. Distances go through pair_distance.h, which never calls it. fcl::collide
/// — here and at every call in the certifiers — decides a pair of primitives that FCL has no
/// closed form for (box–cylinder, cylinder–cylinder, a box or cylinder against a mesh triangle,
/// convex hulls) with GJKSolver_libccd::shapeIntersect, whose GJKCollide calls libccd's MPR
/// (ccdMPRIntersect, or ccdMPRPenetration for a contact: gjk_libccd-inl.h) in libccd.so, a library
/// built without assertions (it imports no __assert_fail); the asserting GJK copied into FCL
/// (libccd_extension::__ccdGJK, extractClosestPoints, the EPA) is reached only through
/// GJKDistance and GJKSignedDistance, i.e. fcl::distance on primitives. Box–box, sphere pairs and
/// triangle–triangle tests are FCL's closed forms. pair_distance_test runs every distance and
/// collision query on degenerate shapes and poses in a child process that must exit normally.

#include <fcl/narrowphase/collision_object.h>
#include <fcl/narrowphase/collision_request.h>
#include <fcl/narrowphase/collision_result.h>
#include <memory>
#include <vector>

#include "ompl_ccd/geometry/cloud_queries.h"
#include "ompl_ccd/geometry/collision_world.h"
#include "ompl_ccd/geometry/contact.h"
#include "ompl_ccd/model/kinematics.h"

namespace ompl_ccd
{
/** \brief Per-thread mutable state of the queries: link poses and posed FCL objects. */
struct CollisionWorkspace
{
  explicit CollisionWorkspace(const CollisionWorld &world);
  KinematicsWorkspace kinematics;
  /** \brief objects[link][g]: FCL object of robot link geometry g, posed by updatePoses(). */
  std::vector<std::vector<std::unique_ptr<fcl::CollisionObjectd>>> objects;
  /** \brief clouds[k]: the probe of world.scene().clouds()[k] (cloud_queries.h). */
  std::vector<CloudProbe> clouds;
};

/** \brief Runs forward kinematics for \a q and poses every link object (X_WG = X_WL · X_LG).
    \pre q is a valid state of world.robot(). */
void updatePoses(const CollisionWorld &world, CollisionWorkspace &ws, const Eigen::VectorXd &q);

/** \brief True iff the robot at \a q touches the scene (its obstacles and the balls of its clouds,
    cloud_queries.h) or itself (non-excluded pairs). On true and \a witness non-null, fills it with
    one contact (time left 0; a cloud's ball named "<cloud>/<point index>"). */
bool isInCollision(const CollisionWorld &world, CollisionWorkspace &ws, const Eigen::VectorXd &q,
                   Contact *witness = nullptr);

/** \brief Whether the posed \a object touches obstacle \a obstacle of \a scene, with one contact in
    \a result: FCL's narrow phase with \a request, except a mesh against a box, which
    meshBoxContact tests (the same answer, triangles tested by separating axes instead of GJK). */
bool obstacleCollides(const Scene &scene, int obstacle, const fcl::CollisionObjectd &object,
                      const fcl::CollisionRequestd &request, fcl::CollisionResultd &result);

/** \brief The first scene obstacle that the posed \a object touches (the scene's broadphase, then
    obstacleCollides, whose result goes to \a result): its index, or -1.
    \pre object's AABB holds it at its transform (CollisionObject::computeAABB after setTransform,
         or a tighter box: BoxedCollisionObject). */
int firstObstacleHit(const Scene &scene, fcl::CollisionObjectd &object, const fcl::CollisionRequestd &request,
                     fcl::CollisionResultd &result);

/** \brief Minimum distance from the robot at \a q to the scene and between non-excluded link
    pairs: the least pairDistanceUpperBound, the distance of two real points (exact but for
    rounding between meshes, boxes, spheres and capsules; GJK's, an upper bound, with a cylinder);
    0 when in collision; +inf when nothing is checked. On non-null \a nearest, fills the nearest
    pair. */
double minimumDistance(const CollisionWorld &world, CollisionWorkspace &ws, const Eigen::VectorXd &q,
                       Contact *nearest = nullptr);
}  // namespace ompl_ccd
