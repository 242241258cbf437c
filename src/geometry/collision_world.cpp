#include "ompl_ccd/geometry/collision_world.h"

#include <cassert>

#include "ompl_ccd/error.h"

namespace ompl_ccd
{
CollisionWorld::CollisionWorld(RobotModelPtr robot, ScenePtr scene) : robot_(std::move(robot)), scene_(std::move(scene))
{
  assert(robot_ && scene_ && "CollisionWorld needs a robot and a scene");
  // The world is the root link's frame, unless a floating joint moves the root.
  const Link &root = robot_->links().front();
  const bool fixed_root = root.parent_joint < 0;
  for (const Obstacle &obstacle : scene_->obstacles())
    OMPL_CCD_THROW_UNLESS(obstacle.frame.empty() || robot_->linkIndex(obstacle.frame) < 0 ||
                              (fixed_root && obstacle.frame == root.name),
                          "CollisionWorld: obstacle '", obstacle.name, "' is given in frame '", obstacle.frame,
                          "' (MoveIt header.frame_id), a link of robot '", robot_->name(), "' that ",
                          fixed_root ? "is not its root '" + root.name + "'" : std::string("moves (floating root)"),
                          "; a scene is placed in the world frame: express its poses in ",
                          fixed_root ? "'" + root.name + "' or " : "", "a frame that is not a robot link, e.g. 'world'.");
  const std::vector<Link> &links = robot_->links();
  link_geometries_.resize(links.size());
  for (int l = 0; l < static_cast<int>(links.size()); ++l)
  {
    for (const LinkGeometry &geometry : links[l].geometries)
      link_geometries_[l].push_back(makeFclGeometry(geometry.shape));
    if (!links[l].geometries.empty())
      colliding_links_.push_back(l);
  }

  const AllowedCollisionMatrix &acm = robot_->allowedCollisions();
  for (std::size_t i = 0; i < colliding_links_.size(); ++i)
    for (std::size_t j = i + 1; j < colliding_links_.size(); ++j)
      if (!acm.isAllowed(colliding_links_[i], colliding_links_[j]))
        self_pairs_.emplace_back(colliding_links_[i], colliding_links_[j]);
}
}  // namespace ompl_ccd
