#include "live_scene.h"

#include <algorithm>

#include "ompl_ccd/error.h"

namespace ompl_ccd::ros_node
{
std::shared_ptr<const EdgeChecker> SceneSnapshot::checker(const std::string &validator) const
{
  {
    std::lock_guard<std::mutex> lock(mutex_);
    const auto it = checkers_.find(validator);
    if (it != checkers_.end())
      return it->second;
  }
  // Built outside the lock (seconds for ca without a certificate cache); two threads asking for a
  // new validator at once both build it, and the first one stored is kept.
  auto made = std::make_shared<const EdgeChecker>(world_, validator, options_);
  std::lock_guard<std::mutex> lock(mutex_);
  return checkers_.emplace(validator, std::move(made)).first->second;
}

LiveScene::LiveScene(RobotModelPtr robot, std::vector<Obstacle> file_obstacles, ValidatorOptions options)
  : robot_(std::move(robot)), options_(options), file_(std::move(file_obstacles))
{
  std::lock_guard<std::mutex> lock(mutex_);
  rebuild();
}

std::shared_ptr<const SceneSnapshot> LiveScene::snapshot() const
{
  std::lock_guard<std::mutex> lock(mutex_);
  return snapshot_;
}

void LiveScene::setCloud(std::vector<Obstacle> obstacles, const ros::Time &stamp)
{
  std::lock_guard<std::mutex> lock(mutex_);
  ros::Time previous = stamp;
  std::swap(cloud_, obstacles);
  std::swap(cloud_stamp_, previous);
  try
  {
    rebuild();
  }
  catch (const Error &)
  {
    std::swap(cloud_, obstacles);  // keep the scene as it was
    std::swap(cloud_stamp_, previous);
    throw;
  }
}

std::size_t LiveScene::update(std::vector<Obstacle> added, const std::vector<std::string> &remove)
{
  std::lock_guard<std::mutex> lock(mutex_);
  std::vector<Obstacle> next = added_;
  for (Obstacle &obstacle : added)
    next.push_back(std::move(obstacle));
  for (const std::string &name : remove)
  {
    const auto named = [&](const Obstacle &o) { return o.name == name || o.name.rfind(name + "/", 0) == 0; };
    const auto end = std::remove_if(next.begin(), next.end(), named);
    OMPL_CCD_THROW_UNLESS(end != next.end(), "update_obstacles: remove '", name,
                          "' names no obstacle added through update_obstacles; give an added obstacle's name.");
    next.erase(end, next.end());
  }
  std::swap(added_, next);
  try
  {
    rebuild();
  }
  catch (const Error &)
  {
    std::swap(added_, next);  // a duplicate name: keep the scene as it was
    throw;
  }
  return snapshot_->world()->scene().obstacles().size();
}

void LiveScene::rebuild()
{
  std::vector<Obstacle> all = file_;
  all.insert(all.end(), added_.begin(), added_.end());
  all.insert(all.end(), cloud_.begin(), cloud_.end());
  auto world = std::make_shared<const CollisionWorld>(robot_, std::make_shared<const Scene>(std::move(all)));
  snapshot_ = std::make_shared<const SceneSnapshot>(std::move(world), options_, cloud_stamp_);
}
}  // namespace ompl_ccd::ros_node
