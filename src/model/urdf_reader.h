#pragma once
/// \file urdf_reader.h
/// Private: builds a RobotModel from URDF text (urdfdom), merging fixed joints, resolving mimic
/// joints, mesh paths, the allowed-collision matrix and SRDF named states.

#include <string>

#include "ompl_ccd/model/robot_model.h"
#include "ompl_ccd/model/srdf.h"

namespace ompl_ccd
{
/** \brief Builds RobotModel objects from URDF text; the only writer of RobotModel's fields. */
class UrdfReader
{
public:
  /** \brief Parses \a urdf_xml; relative mesh paths resolve against \a base_dir; messages name
      \a source_name. \throws Error naming the file, element and fix on any problem. */
  static RobotModel read(const std::string &urdf_xml, const std::string &base_dir, const std::string &source_name,
                         const RobotModelOptions &options);

private:
  /** \brief The allowed-collision matrix of \a model, its joints final: bodies joined by a moving
      joint, the SRDF's disabled pairs (refused for an SRDF of another robot) and the configured
      ones. \throws Error naming a link that is not the robot's. */
  static void allowCollisions(RobotModel &model, const RobotModelOptions &options, const std::string &source_name);
  /** \brief The SRDF's named states: mid-limits (0 clamped into them, a floating root at the
      identity) overridden by the state's joint values, each checked.
      \throws Error naming the state and the joint that is not a moving, one-value joint. */
  static void addNamedStates(RobotModel &model, const Srdf &srdf, const std::string &source_name);
};
}  // namespace ompl_ccd
