#pragma once
/// \file state_space.h
/// The OMPL state space of a RobotModel and the conversion between OMPL states and state vectors.

#include <Eigen/Core>
#include <ompl/base/StateSpace.h>

#include "ompl_ccd/model/robot_model.h"

namespace ompl_ccd
{
/** \brief State space in RobotModel state order, bounds from the joint limits:
    - only revolute/prismatic joints: one RealVectorStateSpace of dimension nq;
    - otherwise a CompoundStateSpace (weights 1) of, in order: SE3 for a floating root, an SO2 per
      continuous joint, one RealVectorStateSpace per run of consecutive bounded joints.
    Its interpolate() is the motion JointMotion reproduces.
    \throws Error for a robot without moving joint or collision geometry (RobotModel::checkCertifiable). */
ompl::base::StateSpacePtr makeStateSpace(const RobotModel &model);

/** \brief Copies an OMPL state of makeStateSpace(model) into \a q (resized to model.nq()). */
void stateToVector(const RobotModel &model, const ompl::base::State *state, Eigen::VectorXd &q);
/** \brief Copies \a q (size model.nq()) into an OMPL state of makeStateSpace(model). */
void vectorToState(const RobotModel &model, const Eigen::VectorXd &q, ompl::base::State *state);
}  // namespace ompl_ccd
