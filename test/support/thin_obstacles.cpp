#include "thin_obstacles.h"

#include <Eigen/Geometry>
#include <random>
#include <string>
#include <vector>

#include "adversarial_scenes.h"
#include "ompl_ccd/geometry/collision_queries.h"
#include "random_edges.h"

namespace ompl_ccd::test
{
namespace
{
/** \brief A uniformly random rotation taking z to a uniformly random direction. */
Eigen::Matrix3d randomOrientation(std::mt19937 &rng)
{
  std::normal_distribution<double> normal(0.0, 1.0);
  return Eigen::Quaterniond(normal(rng), normal(rng), normal(rng), normal(rng)).normalized().toRotationMatrix();
}
}  // namespace

CollisionWorldPtr thinObstacleWorld(const RobotModelPtr &robot, const ThinObstacleOptions &options)
{
  const CollisionWorld alone(robot, std::make_shared<Scene>(std::vector<Obstacle>{}));
  CollisionWorkspace ws(alone);
  std::mt19937 rng(options.seed);
  std::uniform_real_distribution<double> diameter(options.pole_min_diameter, options.pole_max_diameter);
  const int end_link = endLink(*robot);
  std::vector<Obstacle> obstacles;
  while (obstacles.size() < options.plates + options.poles)
  {
    const Eigen::VectorXd q = randomState(*robot, rng);
    if (isInCollision(alone, ws, q))
      continue;
    const Eigen::Vector3d p_W = linkCentroid(alone, ws, end_link, q);
    if (p_W.head<2>().norm() < options.min_axis_distance)
      continue;
    Obstacle obstacle;
    obstacle.X_WG.linear() = randomOrientation(rng);
    obstacle.X_WG.translation() = p_W;
    if (obstacles.size() < options.plates)
    {
      obstacle.name = "plate_" + std::to_string(obstacles.size());
      obstacle.shape.kind = CollisionShape::Kind::Box;
      obstacle.shape.box_size = Eigen::Vector3d(options.plate_side, options.plate_side, options.plate_thickness);
    }
    else
    {
      obstacle.name = "pole_" + std::to_string(obstacles.size() - options.plates);
      obstacle.shape.kind = CollisionShape::Kind::Cylinder;
      obstacle.shape.radius = 0.5 * diameter(rng);
      obstacle.shape.length = options.pole_length;
    }
    obstacles.push_back(std::move(obstacle));
  }
  return std::make_shared<CollisionWorld>(robot, std::make_shared<Scene>(std::move(obstacles)));
}
}  // namespace ompl_ccd::test
