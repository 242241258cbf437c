#pragma once
/// \file collision_world.h
/// A robot with its FCL collision geometry in a static scene: everything a collision query
/// needs that does not change. Immutable; shared by every thread.

#include <memory>
#include <utility>
#include <vector>

#include "ompl_ccd/geometry/fcl_geometry.h"
#include "ompl_ccd/geometry/scene.h"
#include "ompl_ccd/model/robot_model.h"

namespace ompl_ccd
{
/** \brief Robot + scene + the link pairs that are checked. */
class CollisionWorld
{
public:
  /** \brief Builds FCL geometry for every link geometry and the list of self pairs.
      \throws Error when an obstacle's Obstacle::frame is a link of the robot other than its fixed
      root link (links()[0].name): its pose would be relative to a link that moves or sits at an
      offset, not the world. */
  CollisionWorld(RobotModelPtr robot, ScenePtr scene);

  const RobotModel &robot() const { return *robot_; }
  const RobotModelPtr &robotPtr() const { return robot_; }
  const Scene &scene() const { return *scene_; }
  const ScenePtr &scenePtr() const { return scene_; }
  /** \brief FCL geometry of robot().links()[link].geometries[g]. */
  const FclGeometryPtr &linkGeometry(int link, int g) const { return link_geometries_[link][g]; }
  /** \brief Link pairs (a < b) checked for self-collision: both have geometry and the pair is not
      in the allowed-collision matrix. */
  const std::vector<std::pair<int, int>> &selfPairs() const { return self_pairs_; }
  /** \brief Links that have collision geometry (checked against the scene). */
  const std::vector<int> &collidingLinks() const { return colliding_links_; }

private:
  RobotModelPtr robot_;
  ScenePtr scene_;
  std::vector<std::vector<FclGeometryPtr>> link_geometries_;
  std::vector<std::pair<int, int>> self_pairs_;
  std::vector<int> colliding_links_;
};

using CollisionWorldPtr = std::shared_ptr<const CollisionWorld>;
}  // namespace ompl_ccd
