#pragma once
/// \file urdf_reader.h
/// Private: builds a RobotModel from URDF text (urdfdom), merging fixed joints, resolving mimic
/// joints, mesh paths, the allowed-collision matrix and SRDF named states.

#include <string>

#include "ompl_ccd/model/robot_model.h"

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
};
}  // namespace ompl_ccd
