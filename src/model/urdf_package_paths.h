#pragma once
/// \file urdf_package_paths.h
/// Private: where a URDF's `package://NAME/...` mesh paths point: the folder of package NAME among
/// the package search roots (RobotModelOptions::package_paths, then ROS_PACKAGE_PATH).

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "ompl_ccd/model/robot_model.h"

namespace ompl_ccd
{
/** \brief Folder of package \a name: a sub-folder \a name of a search root, or a folder (the root
    or one of its sub-folders) whose package.xml names it. */
std::optional<std::filesystem::path> findPackage(const std::string &name, const std::vector<std::string> &roots);

/** \brief Package search roots: RobotModelOptions::package_paths (`--package-path`, `package_paths`),
    then ROS_PACKAGE_PATH. */
std::vector<std::string> packageRoots(const RobotModelOptions &options);

/** \brief "'a', 'b'" of the package search roots, "none" when there is none. */
std::string describeRoots(const std::vector<std::string> &roots);
}  // namespace ompl_ccd
