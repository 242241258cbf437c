#pragma once
/// \file kinematics.h
/// Forward kinematics into a per-thread workspace (Model/Data split).

#include <Eigen/Geometry>
#include <vector>

#include "ompl_ccd/model/joint_motion.h"
#include "ompl_ccd/model/robot_model.h"

namespace ompl_ccd
{
/** \brief Mutable results of forward kinematics for one RobotModel; one per thread. Only mutable
    data: the model's constants (RobotModel::jointTerms()) stay in the model. */
struct KinematicsWorkspace
{
  explicit KinematicsWorkspace(const RobotModel &model);
  /** \brief Value of every joint of RobotModel::joints() (mimic joints resolved); unused for floating. */
  std::vector<double> joint_values;
  /** \brief Pose of every link in the world (robot base = world origin). */
  std::vector<Eigen::Isometry3d> X_WL;
  /** \brief Scratch state of forwardKinematicsAlong. */
  Eigen::VectorXd q;
};

/** \brief Computes ws.X_WL for state \a q (size model.nq(), state order).
    \pre q is a valid state (RobotModel::checkState); ws was built for \a model. */
void forwardKinematics(const RobotModel &model, KinematicsWorkspace &ws, const Eigen::VectorXd &q);

/** \brief Forward kinematics along \a motion at the times t = k/N, k = 0..N (N = \a samples): the
    pose of link l at t = k/N goes to poses[k · links + l] (\a poses is resized to (N + 1) · links).
    A revolute or continuous joint's value is linear in t, so its sine and cosine are carried from
    one time to the next by the angle-addition formulas instead of recomputed: the poses differ
    from forwardKinematics' by a few ulps per step (about 1e-14 m at N = 32 for metre-sized
    robots). ws.X_WL is left as it was. \pre samples ≥ 1; ws was built for motion.model(). */
void forwardKinematicsAlong(const JointMotion &motion, int samples, KinematicsWorkspace &ws,
                            std::vector<Eigen::Isometry3d> &poses);
}  // namespace ompl_ccd
