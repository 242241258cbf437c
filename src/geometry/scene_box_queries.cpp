#include "ompl_ccd/geometry/scene_box_queries.h"

#include <cstdint>
#include <fcl/geometry/shape/box.h>

#include "ompl_ccd/geometry/fcl_geometry.h"

namespace ompl_ccd
{
namespace
{
/// Obstacle indices whose broadphase boxes overlap a query box.
struct OverlapQuery
{
  const fcl::CollisionObjectd *query = nullptr;
  std::vector<int> *obstacles = nullptr;
};

bool collectOverlap(fcl::CollisionObjectd *o1, fcl::CollisionObjectd *o2, void *data)
{
  auto *overlap = static_cast<OverlapQuery *>(data);
  const fcl::CollisionObjectd *obstacle = (o1 == overlap->query) ? o2 : o1;
  overlap->obstacles->push_back(static_cast<int>(reinterpret_cast<std::intptr_t>(obstacle->getUserData())));
  return false;  // keep going: every overlapping leaf is wanted
}
}  // namespace

void overlappingObstacles(const Scene &scene, const Eigen::AlignedBox3d &box, std::vector<int> &obstacles)
{
  // one query object per thread, given each box as its AABB: no geometry built per query
  thread_local BoxedCollisionObject query(std::make_shared<fcl::Boxd>(1.0, 1.0, 1.0));
  query.setAabb(box);
  obstacles.clear();
  OverlapQuery overlap{&query, &obstacles};
  scene.broadphase().collide(&query, &overlap, collectOverlap);
}

bool obstacleOverlaps(const Scene &scene, int obstacle, const Eigen::AlignedBox3d &box)
{
  const fcl::AABBd &aabb = scene.object(obstacle).getAABB();
  return (box.min().array() <= aabb.max_.array()).all() && (aabb.min_.array() <= box.max().array()).all();
}
}  // namespace ompl_ccd
