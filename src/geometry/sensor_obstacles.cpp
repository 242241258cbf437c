#include "ompl_ccd/geometry/sensor_obstacles.h"

#include <cmath>
#include <unordered_map>

#include "ompl_ccd/error.h"
#include "ompl_ccd/geometry/scene_bound.h"
#include "ompl_ccd/model/magnitude_bound.h"
#include "ompl_ccd/numeric.h"

namespace ompl_ccd
{
namespace
{
/** \brief Integer voxel coordinates packed into one key (21 bits each: ±10⁶ voxels per axis). A
    voxel index is reduced modulo 2²¹ before it is made an integer (exactly: fmod does not round),
    so that no index is too large to convert; one that is not finite (a voxel side so small that
    the quotient overflows) is taken as 0. */
std::int64_t voxelKey(const Eigen::Vector3d &p, double voxel)
{
  constexpr double kWrap = 2097152.0;  // 2²¹
  constexpr std::int64_t kHalf = std::int64_t(1) << 20, kMask = (std::int64_t(1) << 21) - 1;
  std::int64_t key = 0;
  for (int k = 0; k < 3; ++k)
  {
    const double index = std::floor(p[k] / voxel);
    const double wrapped = std::isfinite(index) ? std::fmod(index, kWrap) : 0.0;
    key = (key << 21) | ((static_cast<std::int64_t>(wrapped) + kHalf) & kMask);
  }
  return key;
}

Obstacle sphereObstacle(const std::string &name, const Eigen::Vector3d &center, double radius)
{
  Obstacle obstacle;
  obstacle.name = name;
  obstacle.shape.kind = CollisionShape::Kind::Sphere;
  obstacle.shape.radius = radius;
  obstacle.X_WG.translation() = center;
  return obstacle;
}
}  // namespace

std::vector<Ball> voxelCover(const std::vector<Eigen::Vector3d> &p_WP, double radius, double voxel)
{
  // Two voxels whose keys wrap onto one another (2²¹ voxels apart) merge: still a cover, only looser.
  std::unordered_map<std::int64_t, std::size_t> index;
  std::vector<Eigen::AlignedBox3d> boxes;
  std::vector<std::size_t> voxel_of(p_WP.size());
  for (std::size_t i = 0; i < p_WP.size(); ++i)
  {
    const auto [it, added] = index.emplace(voxelKey(p_WP[i], voxel), boxes.size());
    if (added)
      boxes.emplace_back(p_WP[i], p_WP[i]);
    else
      boxes[it->second].extend(p_WP[i]);
    voxel_of[i] = it->second;
  }
  std::vector<Ball> balls(boxes.size());
  std::vector<double> reach(boxes.size(), 0.0);
  for (std::size_t v = 0; v < boxes.size(); ++v)
    balls[v].center = boxes[v].center();
  for (std::size_t i = 0; i < p_WP.size(); ++i)
    reach[voxel_of[i]] = std::max(reach[voxel_of[i]], (p_WP[i] - balls[voxel_of[i]].center).norm());
  // ‖x − c‖ ≤ ‖x − p‖ + ‖p − c‖ ≤ radius + reach for x in p's ball; the sum and norm round by a
  // few ulps, covered by the fine pads.
  for (std::size_t v = 0; v < boxes.size(); ++v)
    balls[v].radius = (radius + reach[v]) * (1.0 + numeric::kFinePadRel) + numeric::kFinePadAbs;
  return balls;
}

namespace
{
/** \brief The points of \a p_CP placed in the world by \a X_WC, after pointObstacles' checks of
    the radius, the voxel side and every placed point. */
std::vector<Eigen::Vector3d> placedPoints(const std::vector<Eigen::Vector3d> &p_CP, double radius, double voxel,
                                          const Eigen::Isometry3d &X_WC, const std::string &where)
{
  OMPL_CCD_THROW_UNLESS(radius > 0 && radius <= kMaxMagnitude, where, ": `radius` is ", radius,
                        "; give each point's ball a finite radius > 0, at most ", kMaxMagnitude, " (metres).");
  OMPL_CCD_THROW_UNLESS(voxel >= 0 && voxel <= kMaxMagnitude, where, ": `voxel` is ", voxel,
                        "; give a finite voxel side >= 0, at most ", kMaxMagnitude, " (metres; 0 keeps every point).");
  std::vector<Eigen::Vector3d> p_WP;
  p_WP.reserve(p_CP.size());
  for (std::size_t i = 0; i < p_CP.size(); ++i)
  {
    const Eigen::Vector3d &p = p_WP.emplace_back(X_WC * p_CP[i]);
    OMPL_CCD_THROW_UNLESS(withinMagnitudeBound(p), where, ": point ", i, " lies at (", p.x(), ", ", p.y(), ", ", p.z(),
                          ") in the world once placed, beyond ±", kMaxMagnitude,
                          " m of its origin; keep the cloud and its pose in metres, within the bound.");
  }
  return p_WP;
}

/** \brief Refuses a ball that reaches beyond the scene's bound (requireShapeInBounds), naming it. */
void requireBallsInBounds(const std::vector<Obstacle> &balls, const std::string &what, const std::string &where)
{
  for (std::size_t i = 0; i < balls.size(); ++i)
    requireShapeInBounds(balls[i].shape, balls[i].X_WG, concat(where, ": ", what, i));
}
}  // namespace

std::vector<Obstacle> pointObstacles(const std::vector<Eigen::Vector3d> &p_CP, double radius, double voxel,
                                     const std::string &name, const Eigen::Isometry3d &X_WC, const std::string &where)
{
  const std::vector<Eigen::Vector3d> p_WP = placedPoints(p_CP, radius, voxel, X_WC, where);
  if (voxel == 0)
  {
    std::vector<Obstacle> obstacles = ballObstacles(p_WP, radius, name);
    requireBallsInBounds(obstacles, "point ", where);
    return obstacles;
  }
  const std::vector<Ball> balls = voxelCover(p_WP, radius, voxel);
  std::vector<Obstacle> obstacles;
  obstacles.reserve(balls.size());
  for (std::size_t i = 0; i < balls.size(); ++i)
    obstacles.push_back(sphereObstacle(name + "/" + std::to_string(i), balls[i].center, balls[i].radius));
  requireBallsInBounds(obstacles, "voxel ball ", where);
  return obstacles;
}

std::vector<Obstacle> ballObstacles(const std::vector<Eigen::Vector3d> &p_WP, double radius, const std::string &name)
{
  std::vector<Obstacle> obstacles;
  obstacles.reserve(p_WP.size());
  for (std::size_t i = 0; i < p_WP.size(); ++i)
    obstacles.push_back(sphereObstacle(name + "/" + std::to_string(i), p_WP[i], radius));
  return obstacles;
}

Obstacle pointCloudObstacle(const std::vector<Eigen::Vector3d> &p_CP, double radius, const std::string &name,
                            const Eigen::Isometry3d &X_WC, const std::string &where)
{
  std::vector<Eigen::Vector3d> p_WP = placedPoints(p_CP, radius, 0.0, X_WC, where);
  CollisionShape ball;
  ball.kind = CollisionShape::Kind::Sphere;
  ball.radius = radius;
  for (std::size_t i = 0; i < p_WP.size(); ++i)
    requireShapeInBounds(ball, Eigen::Isometry3d(Eigen::Translation3d(p_WP[i])), concat(where, ": point ", i));
  Obstacle obstacle;
  obstacle.name = name;
  obstacle.cloud = std::make_shared<const PointCloudIndex>(std::move(p_WP), radius);
  return obstacle;
}

std::vector<Obstacle> cellObstacles(const std::vector<OccupiedCell> &cells, const std::string &name,
                                    const Eigen::Isometry3d &X_WM, const std::string &where)
{
  std::vector<Obstacle> obstacles;
  obstacles.reserve(cells.size());
  for (std::size_t i = 0; i < cells.size(); ++i)
  {
    Obstacle obstacle;
    obstacle.name = name + "/" + std::to_string(i);
    obstacle.shape.kind = CollisionShape::Kind::Box;
    // The centre is within half an ulp of the cell's (one rounding, octomap_file.h): the side grows
    // by twice a larger margin, so the box holds the whole cell.
    const double margin = numeric::kUlpPadRel * cells[i].center.cwiseAbs().maxCoeff();
    obstacle.shape.box_size = Eigen::Vector3d::Constant(cells[i].size + 2.0 * margin);
    obstacle.X_WG = X_WM * Eigen::Translation3d(cells[i].center);
    requireShapeInBounds(obstacle.shape, obstacle.X_WG, concat(where, ": cell ", i));
    obstacles.push_back(std::move(obstacle));
  }
  return obstacles;
}
}  // namespace ompl_ccd
