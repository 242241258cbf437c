#include "spheres/shared_sphere_model.h"

#include <map>
#include <mutex>
#include <tuple>

namespace ompl_ccd::spheres
{
namespace
{
/// A model remembered with the world it was built for (a new world may reuse a dead one's address).
struct Entry
{
  std::weak_ptr<const CollisionWorld> world;
  std::weak_ptr<const SphereModel> model;
};

/// The key of a body list and its self pairs.
std::vector<int> listKey(const std::vector<BodyRef> &bodies, const std::vector<BodyPair> &self_pairs)
{
  std::vector<int> key;
  for (const BodyRef &body : bodies)
    key.insert(key.end(), {body.link, body.geometry});
  key.push_back(-1);
  for (const BodyPair &pair : self_pairs)
    key.insert(key.end(), {pair.a, pair.b, pair.ancestor});
  return key;
}
}  // namespace

std::shared_ptr<const SphereModel> sharedSphereModel(const CollisionWorldPtr &world, const std::vector<BodyRef> &bodies,
                                                     const std::vector<BodyPair> &self_pairs)
{
  static std::mutex mutex;
  static std::map<std::pair<const CollisionWorld *, std::vector<int>>, Entry> models;
  const auto key = std::make_pair(world.get(), listKey(bodies, self_pairs));
  std::lock_guard<std::mutex> lock(mutex);
  Entry &entry = models[key];
  if (auto model = entry.model.lock(); model && entry.world.lock() == world)
    return model;
  auto model = std::make_shared<const SphereModel>(*world, bodies, self_pairs);
  entry = {world, model};
  return model;
}
}  // namespace ompl_ccd::spheres
