#include "ompl_ccd/geometry/scene.h"

#include <cstdint>
#include <map>

#include "ompl_ccd/error.h"
#include "ompl_ccd/geometry/scene_bound.h"

namespace ompl_ccd
{
Scene::Scene(std::vector<Obstacle> obstacles)
{
  std::map<std::string, int> first_index;
  for (int i = 0; i < static_cast<int>(obstacles.size()); ++i)
  {
    const auto [it, inserted] = first_index.emplace(obstacles[i].name, i);
    OMPL_CCD_THROW_UNLESS(inserted, "Scene: obstacles ", it->second, " and ", i, " are both named '",
                          obstacles[i].name, "'; give every obstacle a unique name.");
  }
  for (Obstacle &obstacle : obstacles)
    (obstacle.cloud ? clouds_ : obstacles_).push_back(std::move(obstacle));

  // FCL's dynamic AABB tree breaks on boxes whose squared diagonals overflow: no such value may reach it.
  for (int i = 0; i < static_cast<int>(obstacles_.size()); ++i)
    requireShapeInBounds(obstacles_[i].shape, obstacles_[i].X_WG,
                         concat("Scene: obstacle ", i, " ('", obstacles_[i].name, "')"));

  std::vector<fcl::CollisionObjectd *> registered;
  for (int i = 0; i < static_cast<int>(obstacles_.size()); ++i)
  {
    geometries_.push_back(makeFclGeometry(obstacles_[i].shape));
    auto object = std::make_unique<fcl::CollisionObjectd>(geometries_[i], obstacles_[i].X_WG);
    // The user data is the obstacle index itself (not a pointer), so it stays valid whatever
    // happens to the vectors' storage.
    object->setUserData(reinterpret_cast<void *>(static_cast<std::intptr_t>(i)));
    object->computeAABB();
    registered.push_back(object.get());
    objects_.push_back(std::move(object));
  }
  broadphase_ = std::make_unique<fcl::DynamicAABBTreeCollisionManagerd>();
  broadphase_->registerObjects(registered);
  broadphase_->setup();
}

std::vector<Obstacle> Scene::allObstacles() const
{
  std::vector<Obstacle> all = obstacles_;
  all.insert(all.end(), clouds_.begin(), clouds_.end());
  return all;
}
}  // namespace ompl_ccd
