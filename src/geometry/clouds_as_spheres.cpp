#include "ompl_ccd/geometry/clouds_as_spheres.h"

#include "ompl_ccd/geometry/sensor_obstacles.h"

namespace ompl_ccd
{
CollisionWorldPtr withCloudsAsSpheres(CollisionWorldPtr world)
{
  if (!world || world->scene().clouds().empty())
    return world;
  std::vector<Obstacle> obstacles = world->scene().obstacles();
  for (const Obstacle &cloud : world->scene().clouds())
    for (Obstacle &ball : ballObstacles(cloud.cloud->points(), cloud.cloud->radius(), cloud.name))
    {
      ball.frame = cloud.frame;
      obstacles.push_back(std::move(ball));
    }
  return std::make_shared<const CollisionWorld>(world->robotPtr(), std::make_shared<const Scene>(std::move(obstacles)));
}
}  // namespace ompl_ccd
