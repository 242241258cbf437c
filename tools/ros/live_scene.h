#pragma once
/// \file live_scene.h
/// The scene of `ompl_ccd_certify_node`: the obstacles of ~scene, those added on request and the
/// latest point cloud, and the validators over the robot in it. Every change builds a new
/// immutable world (Scene and CollisionWorld are immutable once built) and swaps it in under a
/// mutex: a certification holds the world it started with until it answers.

#include <ros/time.h>

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "ompl_ccd/geometry/collision_world.h"
#include "ompl_ccd/ompl/edge_checker.h"
#include "ompl_ccd/ompl/validator_options.h"

namespace ompl_ccd::ros_node
{
/** \brief One state of the scene: the world and its validators, made on first use. Thread-safe. */
class SceneSnapshot
{
public:
  /** \brief The snapshot of \a world, whose cloud is stamped \a cloud_stamp (zero: it has none). */
  SceneSnapshot(CollisionWorldPtr world, ValidatorOptions options, ros::Time cloud_stamp)
    : world_(std::move(world)), options_(options), cloud_stamp_(cloud_stamp)
  {
  }

  const CollisionWorldPtr &world() const { return world_; }
  /** \brief The stamp of the cloud in world(); zero while no cloud has been taken. */
  const ros::Time &cloudStamp() const { return cloud_stamp_; }

  /** \brief The EdgeChecker of \a validator over world(), made on the first call (ca's
      certificates come from the certificate cache after the first start).
      \throws Error for an unknown validator name (the command line's message). */
  std::shared_ptr<const EdgeChecker> checker(const std::string &validator) const;

private:
  CollisionWorldPtr world_;
  ValidatorOptions options_;
  ros::Time cloud_stamp_;
  mutable std::mutex mutex_;
  mutable std::map<std::string, std::shared_ptr<const EdgeChecker>> checkers_;
};

/** \brief The node's scene sources and the current snapshot. Every method is thread-safe. */
class LiveScene
{
public:
  /** \brief \a robot among \a file_obstacles (read from ~scene); validators with \a options. */
  LiveScene(RobotModelPtr robot, std::vector<Obstacle> file_obstacles, ValidatorOptions options);

  /** \brief The current world and validators. */
  std::shared_ptr<const SceneSnapshot> snapshot() const;

  /** \brief Replaces the cloud: \a obstacles (world frame, named "cloud/<i>") of the cloud stamped
      \a stamp. \throws Error when the scene cannot be built (a duplicate name, an obstacle
      beyond the scene's bound); the scene then stays as it was. */
  void setCloud(std::vector<Obstacle> obstacles, const ros::Time &stamp);

  /** \brief Adds \a added, then removes every added obstacle named in \a remove (or "NAME/..." of
      one). \throws Error naming a name that is already in the scene, or one in \a remove that
      names no added obstacle; nothing changes then. \returns the obstacles in the scene now. */
  std::size_t update(std::vector<Obstacle> added, const std::vector<std::string> &remove);

private:
  /** \brief A new snapshot of the sources. \pre mutex_ held. */
  void rebuild();

  RobotModelPtr robot_;
  ValidatorOptions options_;
  mutable std::mutex mutex_;
  std::vector<Obstacle> file_, added_, cloud_;
  ros::Time cloud_stamp_;
  std::shared_ptr<const SceneSnapshot> snapshot_;
};
}  // namespace ompl_ccd::ros_node
