#pragma once
/// \file contact.h
/// A contact (or nearest-point) witness between a robot link and another link or obstacle.

#include <Eigen/Core>
#include <string>

namespace ompl_ccd
{
/** \brief Witness of a contact or of the nearest points, in the world frame W. */
struct Contact
{
  /** \brief Motion time t ∈ [0,1] of the witness configuration (0 for a single-state query). */
  double time = 0.0;
  /** \brief URDF link of the robot (the link that declared the touching geometry). */
  std::string link;
  /** \brief Other URDF link of the robot, or the scene obstacle's name. */
  std::string other;
  /** \brief p_WA on \e link and p_WB on \e other (equal or inside each other when penetrating). */
  Eigen::Vector3d point_a = Eigen::Vector3d::Zero(), point_b = Eigen::Vector3d::Zero();
  /** \brief Unit normal from \e link towards \e other (zero if FCL gives none). */
  Eigen::Vector3d normal = Eigen::Vector3d::Zero();
  /** \brief Distance between the two (0 when touching or penetrating). */
  double distance = 0.0;
};
}  // namespace ompl_ccd
