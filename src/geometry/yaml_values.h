#pragma once
/// \file yaml_values.h
/// Private: typed reads of YAML scene values that throw Error naming the file, the element, the
/// line and the fix (used by the ompl_ccd and MoveIt scene readers).

#include <Eigen/Geometry>
#include <string>
#include <vector>
#include <yaml-cpp/yaml.h>

namespace ompl_ccd::scene_io
{
/** \brief "line N" of \a node in its file (1-based). */
std::string lineOf(const YAML::Node &node);

/** \brief Refuses a node that is not a map, or a key not in \a allowed.
    \param where message prefix naming the function, file and element. */
void checkKeys(const YAML::Node &node, const std::string &where, const std::vector<std::string> &allowed);

/** \brief The string value of \a node (`key` names it in messages). */
std::string readString(const YAML::Node &node, const std::string &where, const std::string &key);

/** \brief A finite number within ±kMaxMagnitude (magnitude_bound.h). */
double readNumber(const YAML::Node &node, const std::string &where, const std::string &key);

/** \brief A YAML boolean (true/false, yes/no, on/off). */
bool readBoolean(const YAML::Node &node, const std::string &where, const std::string &key);

/** \brief A finite number > 0. */
double readPositive(const YAML::Node &node, const std::string &where, const std::string &key);

/** \brief A list of exactly \a count finite numbers, each > 0 when \a positive. */
std::vector<double> readNumbers(const YAML::Node &node, const std::string &where, const std::string &key,
                                std::size_t count, bool positive);

/** \brief A unit quaternion [qx, qy, qz, qw] (normalised; refused if |‖q‖ − 1| > 1e-3). */
Eigen::Quaterniond readQuaternion(const YAML::Node &node, const std::string &where, const std::string &key);

/** \brief A pose map {position: [x,y,z], orientation: [qx,qy,qz,qw]}, both optional
    (zero, identity); any other key is refused. */
Eigen::Isometry3d readPose(const YAML::Node &node, const std::string &where, const std::string &key);

/** \brief The file named by \a node (key \a key of item \a where), relative to the scene file's
    folder unless absolute. \throws Error unless it is an existing file (not a folder). */
std::string resolveFile(const YAML::Node &node, const std::string &scene_path, const std::string &where,
                        const std::string &key);
}  // namespace ompl_ccd::scene_io
