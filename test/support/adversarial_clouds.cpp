#include "adversarial_clouds.h"

#include "ompl_ccd/geometry/point_cloud_file.h"
#include "ompl_ccd/geometry/sensor_obstacles.h"
#include "support/example_worlds.h"
#include "support/test_paths.h"

namespace ompl_ccd::test
{
namespace
{
/** \brief A plane x = 0.45 of points 3 cm apart, y ∈ [−0.39, 0.39], z ∈ [0.12, 0.9]: one point
    thick, balls of 3 mm. */
AdversarialCloud shell()
{
  AdversarialCloud cloud{"shell", {}, 0.003};
  for (int j = -13; j <= 13; ++j)
    for (int k = 4; k <= 30; ++k)
      cloud.p_CP.emplace_back(0.45, 0.03 * j, 0.03 * k);
  return cloud;
}

/** \brief The corners of 3 cm voxels over the table and the centres of their faces. */
AdversarialCloud voxelCornersAndFaces()
{
  AdversarialCloud cloud{"voxels", {}, 0.005};
  const double step = 0.03;
  for (int i = 0; i <= 10; ++i)
    for (int j = 0; j <= 10; ++j)
      for (int k = 0; k <= 4; ++k)
      {
        const Eigen::Vector3d corner(0.3 + step * i, -0.3 + step * j, 0.25 + step * k);
        cloud.p_CP.push_back(corner);
        if (i < 10 && j < 10)
          cloud.p_CP.push_back(corner + Eigen::Vector3d(0.5 * step, 0.5 * step, 0.0));
        if (i < 10 && k < 4)
          cloud.p_CP.push_back(corner + Eigen::Vector3d(0.5 * step, 0.0, 0.5 * step));
      }
  return cloud;
}

std::vector<Eigen::Vector3d> bundledCloud() { return readPointCloudFile(examplePath("sensors/scene_cloud.pcd")); }
}  // namespace

std::vector<AdversarialCloud> adversarialClouds()
{
  std::vector<AdversarialCloud> clouds = {shell(), voxelCornersAndFaces()};

  // the first 600 points of the bundled cloud, each three times
  AdversarialCloud duplicates{"duplicates", {}, 0.005};
  const std::vector<Eigen::Vector3d> bundled = bundledCloud();
  for (std::size_t i = 0; i < 600; ++i)
    duplicates.p_CP.insert(duplicates.p_CP.end(), 3, bundled[i]);
  clouds.push_back(std::move(duplicates));

  AdversarialCloud far{"far", bundledCloud(), 0.005};
  for (int k = 0; k < 100; ++k)
    far.p_CP.emplace_back(1e3 - k, -1e3, 1e3 + 0.5 * k);
  clouds.push_back(std::move(far));

  // the bundled cloud seen from a camera turned 0.3 rad about z and 2 cm up
  AdversarialCloud turned{"turned", {}, 0.005};
  turned.X_WC = Eigen::Translation3d(0.0, 0.0, 0.02) * Eigen::AngleAxisd(0.3, Eigen::Vector3d::UnitZ());
  for (const Eigen::Vector3d &p : bundledCloud())
    turned.p_CP.push_back(turned.X_WC.inverse() * p);
  clouds.push_back(std::move(turned));

  clouds.push_back({"one_point", {Eigen::Vector3d(0.45, 0.1, 0.45)}, 0.06});
  return clouds;
}

CollisionWorldPtr armAmongCloud(const AdversarialCloud &cloud, bool indexed)
{
  const CollisionWorldPtr arm = exampleWorld("arm/arm.urdf", "");
  std::vector<Obstacle> obstacles;
  if (indexed)
    obstacles.push_back(pointCloudObstacle(cloud.p_CP, cloud.radius, cloud.name, cloud.X_WC, "test"));
  else
    obstacles = pointObstacles(cloud.p_CP, cloud.radius, 0.0, cloud.name, cloud.X_WC, "test");
  return std::make_shared<const CollisionWorld>(arm->robotPtr(), std::make_shared<const Scene>(std::move(obstacles)));
}
}  // namespace ompl_ccd::test
