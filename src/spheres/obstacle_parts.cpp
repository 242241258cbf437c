// The sphere model's scene half: each obstacle as a float primitive, or a mesh as groups of its
// triangles and its inner balls in the world frame, with the float pads of its tests
// (lane_rounding.h).
#include <algorithm>
#include <cmath>

#include "ompl_ccd/numeric.h"

#include "ompl_ccd/spheres/inner_spheres.h"
#include "spheres/sphere_model.h"

namespace ompl_ccd::spheres
{
namespace
{
/// The float error of a world-frame ball converted to float: its centre moves by at most u|c|.
double ballRounding(const Sphere &ball) { return 2.0 * kFloatRoundoff * (ball.centre.norm() + ball.radius); }

/// The obstacle's primitive fields: its frame (axes as rows: local = axes · (p − centre)) and sizes.
void placePrimitive(const Obstacle &obstacle, LaneObstacle &lane)
{
  const Eigen::Matrix3d R_WG = obstacle.X_WG.linear();
  for (int i = 0; i < 3; ++i)
  {
    lane.centre[i] = static_cast<float>(obstacle.X_WG.translation()[i]);
    for (int k = 0; k < 3; ++k)
      lane.axes[3 * i + k] = static_cast<float>(R_WG(k, i));
  }
  const CollisionShape &shape = obstacle.shape;
  switch (shape.kind)
  {
    case CollisionShape::Kind::Box:
      lane.shape = ObstacleShape::Box;
      for (int i = 0; i < 3; ++i)
        lane.half[i] = static_cast<float>(0.5 * shape.box_size[i]);
      break;
    case CollisionShape::Kind::Cylinder:
      lane.shape = ObstacleShape::Cylinder;
      lane.half[0] = static_cast<float>(shape.radius);
      lane.half[1] = static_cast<float>(0.5 * shape.length);
      break;
    case CollisionShape::Kind::Sphere:
      lane.shape = ObstacleShape::Sphere;
      lane.half[0] = static_cast<float>(shape.radius);
      break;
    case CollisionShape::Kind::Mesh:
      break;
  }
}
}  // namespace

/// A ball about \a balls (world frame), rounded up.
Sphere ballAbout(const std::vector<Sphere> &balls)
{
  Eigen::AlignedBox3d box;
  for (const Sphere &ball : balls)
    box.extend(ball.centre);
  Sphere about{box.center(), 0.0};
  for (const Sphere &ball : balls)
    about.radius = std::max(about.radius, (ball.centre - about.centre).norm() + ball.radius);
  about.radius = numeric::padUp(about.radius);
  return about;
}

void SphereModel::addObstacle(LaneObstacle lane, const Sphere &bound)
{
  lane.bound_W = bound;
  for (int i = 0; i < 3; ++i)
    lane.bound_centre[i] = static_cast<float>(bound.centre[i]);
  lane.bound_radius = floatUp(bound.radius + ballRounding(bound));
  lane.pad = floatUp(distanceRounding(reach_, bound.centre.norm(), 2.0 * bound.radius));
  parts_[lane.scene_index].push_back(static_cast<int>(obstacles_.size()));
  obstacles_.push_back(lane);
}

void SphereModel::buildObstacles(const SphereOptions &options)
{
  const std::vector<Obstacle> &scene = world_->scene().obstacles();
  parts_.resize(scene.size());
  for (std::size_t o = 0; o < scene.size(); ++o)
  {
    const Obstacle &obstacle = scene[o];
    LaneObstacle lane;
    lane.scene_index = static_cast<int>(o);
    if (obstacle.shape.kind != CollisionShape::Kind::Mesh)
    {
      // the ball alone: no leaves (a 1 km floor's would be billions)
      const Sphere bound = outerBound(obstacle.shape, obstacle.X_WG);
      lane.obstacle_bound_W = bound;
      placePrimitive(obstacle, lane);
      lane.solid = Solid::Primitive;
      addObstacle(lane, bound);
      continue;
    }
    std::vector<Sphere> vertices;
    for (const Eigen::Vector3d &p_MV : obstacle.shape.mesh->vertices)
      vertices.push_back({obstacle.X_WG * p_MV, 0.0});
    lane.obstacle_bound_W = ballAbout(vertices);
    // the inner balls first: whether the mesh is a closed solid is every part's to know
    const std::vector<Sphere> inner = innerSpheres(obstacle.shape, obstacle.X_WG, options.inner_per_body);
    lane.solid = inner.empty() ? Solid::None : Solid::ClosedMesh;
    lane.shape = ObstacleShape::Triangles;
    addTriangleGroups(lane, obstacle, options.triangles_per_group);
    if (inner.empty())
      continue;
    LaneObstacle part = lane;
    part.shape = ObstacleShape::Balls;
    part.inner_first = obstacle_inner_.size();
    for (const Sphere &ball : inner)
      if (ball.radius > ballRounding(ball))
        obstacle_inner_.push(ball.centre, floatDown(ball.radius - ballRounding(ball)));
    part.inner_count = obstacle_inner_.size() - part.inner_first;
    addObstacle(part, ballAbout(inner));
  }
}
}  // namespace ompl_ccd::spheres
