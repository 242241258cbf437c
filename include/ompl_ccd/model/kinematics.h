#pragma once
/// \file kinematics.h
/// Forward kinematics into a per-thread workspace (Model/Data split).

#include <Eigen/Geometry>
#include <vector>

#include "ompl_ccd/model/robot_model.h"

namespace ompl_ccd
{
/** \brief Mutable results of forward kinematics for one RobotModel; one per thread. */
struct KinematicsWorkspace
{
  explicit KinematicsWorkspace(const RobotModel &model);
  /** \brief Value of every joint of RobotModel::joints() (mimic joints resolved); unused for floating. */
  std::vector<double> joint_values;
  /** \brief Pose of every link in the world (robot base = world origin). */
  std::vector<Eigen::Isometry3d> X_WL;
};

/** \brief Pose of the joint motion M(value) in the joint frame J for a one-value joint. */
Eigen::Isometry3d jointMotion(const Joint &joint, double value);

/** \brief Computes ws.X_WL for state \a q (size model.nq(), state order).
    \pre q is a valid state (RobotModel::checkState); ws was built for \a model. */
void forwardKinematics(const RobotModel &model, KinematicsWorkspace &ws, const Eigen::VectorXd &q);
}  // namespace ompl_ccd
