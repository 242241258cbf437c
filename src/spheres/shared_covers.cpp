#include "spheres/shared_covers.h"

#include <map>
#include <mutex>
#include <tuple>

namespace ompl_ccd::spheres
{
std::shared_ptr<const OuterCover> sharedCover(const RobotModelPtr &robot, const BodyRef &body, const CoverOptions &options)
{
  // per robot object (weak keys: a robot built later at the same address is another robot)
  using Key = std::tuple<int, int, double, int, int, double>;
  static std::mutex mutex;
  static std::map<std::weak_ptr<const RobotModel>, std::map<Key, std::shared_ptr<const OuterCover>>, std::owner_less<>>
      covers;
  const Key key{body.link, body.geometry, options.leaf_radius, options.max_leaves, options.max_children,
                options.excess_goal};
  const std::lock_guard<std::mutex> lock(mutex);
  for (auto it = covers.begin(); it != covers.end();)
    it = it->first.expired() ? covers.erase(it) : std::next(it);
  std::shared_ptr<const OuterCover> &cover = covers[robot][key];
  if (!cover)
  {
    const LinkGeometry &geometry = robot->links()[body.link].geometries[body.geometry];
    cover = std::make_shared<const OuterCover>(outerCover(geometry.shape, geometry.X_LG, options));
  }
  return cover;
}
}  // namespace ompl_ccd::spheres
