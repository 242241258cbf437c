#pragma once
/// \file potentially_colliding_pairs.h
/// Spatial culling of [Zhang2007] Sec. 4–5: the link geometries' dynamic AABBs over the whole
/// motion, gathered under one robot box, are tested against the scene's broadphase; every
/// non-excluded pair of link geometries is tested box against box. What survives is the list of
/// potentially colliding pairs (PCLs) that conservative advancement must decide.
///
/// References: [Zhang2007] in README.md (section References).

#include <Eigen/Geometry>
#include <cstddef>
#include <vector>

#include "ompl_ccd/geometry/body_pair.h"
#include "ompl_ccd/geometry/collision_world.h"

namespace ompl_ccd
{
/** \brief Every body of \a world's robot that has collision geometry (the links of
    CollisionWorld::collidingLinks(), each geometry once). */
std::vector<BodyRef> collisionBodies(const CollisionWorld &world);

/** \brief Every self pair of bodies: the geometries of each link pair in CollisionWorld::selfPairs(),
    with their common ancestor.
    \param bodies from collisionBodies(). */
std::vector<BodyPair> selfBodyPairs(const CollisionWorld &world, const std::vector<BodyRef> &bodies);

/** \brief Spatial culling ([Zhang2007] Sec. 5.2): appends to \a pcl every scene pair whose body box
    overlaps an obstacle's box (among those the robot-wide box overlaps in the scene broadphase), and every
    self pair of \a self_pairs whose two boxes overlap.
    \param aabbs dynamic AABB of each body over the motion, already inflated by the distance that
           counts as contact. */
void cullPairs(const CollisionWorld &world, const std::vector<Eigen::AlignedBox3d> &aabbs,
               const std::vector<BodyPair> &self_pairs, std::vector<BodyPair> &pcl);
}  // namespace ompl_ccd
