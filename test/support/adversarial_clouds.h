#pragma once
/// \file adversarial_clouds.h
/// Point clouds that stress a cloud index, each around the bundled arm's workspace: a one-point-thick
/// shell a motion crosses between samples (a plane of points 3 cm apart), points on voxel corners and
/// faces, some points three times, points 10³ m out, the bundled cloud in a turned and shifted frame,
/// and a cloud of one point.

#include <string>
#include <vector>

#include "ompl_ccd/geometry/collision_world.h"

namespace ompl_ccd::test
{
/** \brief A cloud in its frame C, the radius of its balls and the frame's pose in the world. */
struct AdversarialCloud
{
  std::string name;
  std::vector<Eigen::Vector3d> p_CP;
  double radius = 0.005;
  Eigen::Isometry3d X_WC = Eigen::Isometry3d::Identity();
};

/** \brief The clouds of the file's doc, in that order. */
std::vector<AdversarialCloud> adversarialClouds();

/** \brief The bundled arm among \a cloud alone: one obstacle with its index (pointCloudObstacle)
    when \a indexed, else one sphere obstacle per point (pointObstacles), the oracle's scene. */
CollisionWorldPtr armAmongCloud(const AdversarialCloud &cloud, bool indexed);
}  // namespace ompl_ccd::test
