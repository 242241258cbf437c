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

#include "ompl_ccd/geometry/collision_world.h"

namespace ompl_ccd
{
/** \brief One collision geometry of a robot link ("body"): the unit conservative advancement moves. */
struct BodyRef
{
  /** \brief Link index in RobotModel::links(). */
  int link = -1;
  /** \brief Index in that link's geometries. */
  int geometry = -1;
};

/** \brief A pair to decide: body \e a against obstacle \e obstacle (scene pair) or against body
    \e b (self pair, b ≥ 0). Bodies index the list given to the culling functions. */
struct BodyPair
{
  int a = -1;
  /** \brief Other body, or -1 for a scene pair. */
  int b = -1;
  /** \brief Obstacle index in Scene::obstacles() for a scene pair, else -1. */
  int obstacle = -1;
  /** \brief Self pair: the deepest common ancestor link of the two bodies' links (the joints above
      it move both rigidly, so their distance changes only by the joints below it); else -1. */
  int ancestor = -1;
};

/** \brief Every body of \a world's robot that has collision geometry (the links of
    CollisionWorld::collidingLinks(), each geometry once). */
std::vector<BodyRef> collisionBodies(const CollisionWorld &world);

/** \brief Every self pair of bodies: the geometries of each link pair in CollisionWorld::selfPairs(),
    with their common ancestor.
    \param bodies from collisionBodies(). */
std::vector<BodyPair> selfBodyPairs(const CollisionWorld &world, const std::vector<BodyRef> &bodies);

/** \brief The obstacles whose broadphase boxes overlap \a box (touching counts), into \a obstacles:
    the top level of a two-level box hierarchy, whose candidates the robot's own boxes are then
    tested against one by one (obstacleOverlaps). */
void overlappingObstacles(const Scene &scene, const Eigen::AlignedBox3d &box, std::vector<int> &obstacles);

/** \brief Whether \a box overlaps (or touches) the broadphase box of obstacle \a obstacle. */
bool obstacleOverlaps(const Scene &scene, int obstacle, const Eigen::AlignedBox3d &box);

/** \brief Spatial culling ([Zhang2007] Sec. 5.2): appends to \a pcl every scene pair whose body box
    overlaps an obstacle's box (among those the robot-wide box overlaps in the scene broadphase), and every
    self pair of \a self_pairs whose two boxes overlap.
    \param aabbs dynamic AABB of each body over the motion, already inflated by the distance that
           counts as contact. */
void cullPairs(const CollisionWorld &world, const std::vector<Eigen::AlignedBox3d> &aabbs,
               const std::vector<BodyPair> &self_pairs, std::vector<BodyPair> &pcl);
}  // namespace ompl_ccd
