#pragma once
/// \file scene.h
/// Static obstacles in the world frame, with an FCL broadphase over them. Immutable once built.

#include <Eigen/Geometry>
#include <fcl/broadphase/broadphase_dynamic_AABB_tree.h>
#include <fcl/narrowphase/collision_object.h>
#include <memory>
#include <string>
#include <vector>

#include "ompl_ccd/geometry/fcl_geometry.h"
#include "ompl_ccd/geometry/point_cloud_index.h"
#include "ompl_ccd/model/collision_shape.h"

namespace ompl_ccd
{
/** \brief One static obstacle. */
struct Obstacle
{
  std::string name;
  CollisionShape shape;
  /** \brief Pose of the shape frame G in the world W. */
  Eigen::Isometry3d X_WG = Eigen::Isometry3d::Identity();
  /** \brief Frame the scene file gave the pose in (a MoveIt object's header.frame_id), taken as the
      world W; empty when the file names none. CollisionWorld refuses a frame that is a moving link
      of the robot. */
  std::string frame;
  /** \brief Set for a point cloud that is one obstacle (a `points` item with `cloud_index: true`):
      the balls of cloud->radius() about its points, in the world frame; \a shape and \a X_WG are
      then unused. The Scene keeps such an obstacle in clouds(), apart from obstacles(). */
  PointCloudIndexPtr cloud;
};

/** \brief The static environment. Built once; every query method is const and thread-safe. */
class Scene
{
public:
  /** \brief Builds FCL objects and the broadphase of every obstacle but the clouds (Obstacle::cloud
      set), which go to clouds() in their order. \throws Error on duplicate obstacle names, and for
      an obstacle beyond the scene's bound (requireShapeInBounds, scene_bound.h). */
  explicit Scene(std::vector<Obstacle> obstacles);
  Scene(const Scene &) = delete;
  Scene &operator=(const Scene &) = delete;

  /** \brief The obstacles that are shapes (Obstacle::cloud null), each an FCL object. */
  const std::vector<Obstacle> &obstacles() const { return obstacles_; }
  /** \brief The point clouds that are one obstacle each (Obstacle::cloud set): no FCL object, not
      in broadphase(); collision_queries.h checks them through their index. */
  const std::vector<Obstacle> &clouds() const { return clouds_; }
  /** \brief obstacles() then clouds(): what makes this scene again (Scene(allObstacles())), plus
      what a caller adds. */
  std::vector<Obstacle> allObstacles() const;
  /** \brief FCL object of obstacle i (pose set, AABB computed). Its user data is the index i. */
  const fcl::CollisionObjectd &object(int i) const { return *objects_[i]; }
  /** \brief FCL geometry of obstacle i (shared with object(i)). */
  const FclGeometryPtr &geometry(int i) const { return geometries_[i]; }
  /** \brief Dynamic-AABB-tree broadphase over every obstacle (only queried, never modified). */
  const fcl::BroadPhaseCollisionManagerd &broadphase() const { return *broadphase_; }

private:
  std::vector<Obstacle> obstacles_;
  std::vector<Obstacle> clouds_;
  std::vector<FclGeometryPtr> geometries_;
  std::vector<std::unique_ptr<fcl::CollisionObjectd>> objects_;
  std::unique_ptr<fcl::DynamicAABBTreeCollisionManagerd> broadphase_;
};

using ScenePtr = std::shared_ptr<const Scene>;
}  // namespace ompl_ccd
