#pragma once
/// \file state_spec.h
/// A start or goal as a user writes it (plan YAML, ROS parameters): joint values, or the name of
/// an SRDF group_state; resolveState() turns it into a checked state vector.

#include <Eigen/Core>
#include <string>
#include <variant>
#include <vector>

#include "ompl_ccd/model/robot_model.h"

namespace ompl_ccd
{
/** \brief Explicit joint values (state order) or the name of an SRDF named state. */
using StateSpec = std::variant<std::vector<double>, std::string>;

/** \brief The state vector \a spec names for \a model, checked and normalised with RobotModel::acceptState.
    \param context says where the spec was written, for messages ("plan: f.yaml: start",
           "ompl_ccd_plan_node: parameter '~goal'").
    \throws Error for an unknown named state (listing the known ones) or a bad state. */
Eigen::VectorXd resolveState(const StateSpec &spec, const RobotModel &model, const std::string &context);
}  // namespace ompl_ccd
