#include "certify/pipeline/potentially_colliding_pairs.h"

#include "ompl_ccd/bound/motion_bound.h"
#include "ompl_ccd/geometry/scene_box_queries.h"

namespace ompl_ccd
{
std::vector<BodyRef> collisionBodies(const CollisionWorld &world)
{
  std::vector<BodyRef> bodies;
  for (int link : world.collidingLinks())
    for (std::size_t g = 0; g < world.robot().links()[link].geometries.size(); ++g)
      bodies.push_back({link, static_cast<int>(g)});
  return bodies;
}

std::vector<BodyPair> selfBodyPairs(const CollisionWorld &world, const std::vector<BodyRef> &bodies)
{
  std::vector<BodyPair> pairs;
  for (const auto &[link_a, link_b] : world.selfPairs())
    for (std::size_t a = 0; a < bodies.size(); ++a)
      for (std::size_t b = 0; b < bodies.size(); ++b)
        if (bodies[a].link == link_a && bodies[b].link == link_b)
          pairs.push_back({static_cast<int>(a), static_cast<int>(b), -1,
                           commonAncestor(world.robot(), link_a, link_b)});
  return pairs;
}

void cullPairs(const CollisionWorld &world, const std::vector<Eigen::AlignedBox3d> &aabbs,
               const std::vector<BodyPair> &self_pairs, std::vector<BodyPair> &pcl)
{
  // Scene: the robot-wide box against the broadphase first (root of the two-level dynamic
  // hierarchy), then each body's box against the obstacles it overlaps.
  if (!world.scene().obstacles().empty() && !aabbs.empty())
  {
    Eigen::AlignedBox3d robot_box;
    for (const Eigen::AlignedBox3d &box : aabbs)
      robot_box.extend(box);
    std::vector<int> obstacles;
    overlappingObstacles(world.scene(), robot_box, obstacles);
    for (std::size_t a = 0; a < aabbs.size(); ++a)
      for (int obstacle : obstacles)
        if (obstacleOverlaps(world.scene(), obstacle, aabbs[a]))
          pcl.push_back({static_cast<int>(a), -1, obstacle});
  }
  // Self: every non-excluded pair of leaves ([Zhang2007] Sec. 4).
  for (const BodyPair &pair : self_pairs)
    if (aabbs[pair.a].intersects(aabbs[pair.b]))
      pcl.push_back(pair);
}
}  // namespace ompl_ccd
