#pragma once
/// \file link.h
/// A rigid body of the RobotModel: a URDF link plus every link fixed to it.

#include <Eigen/Geometry>
#include <string>
#include <vector>

#include "ompl_ccd/model/collision_shape.h"

namespace ompl_ccd
{
/** \brief One <collision> element, placed in its link. */
struct LinkGeometry
{
  /** \brief Name of the URDF link that declared it (differs from the Link's name after merging). */
  std::string urdf_link;
  /** \brief Pose of the shape frame G in the link frame L (<collision><origin>, fixed joints folded in). */
  Eigen::Isometry3d X_LG = Eigen::Isometry3d::Identity();
  CollisionShape shape;
};

/** \brief A rigid body: a URDF link and all links attached to it by fixed joints. */
struct Link
{
  /** \brief Name of the root-most URDF link of the body. */
  std::string name;
  /** \brief Index in RobotModel::joints() of the joint that moves this link; -1 for the root. */
  int parent_joint = -1;
  /** \brief Index of the parent link; -1 for the root. */
  int parent_link = -1;
  /** \brief Collision elements of this link and of every link merged into it. */
  std::vector<LinkGeometry> geometries;
  /** \brief Names of URDF links merged into this one by fixed joints (not including \e name). */
  std::vector<std::string> merged_links;
};
}  // namespace ompl_ccd
