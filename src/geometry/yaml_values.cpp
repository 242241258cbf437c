#include "yaml_values.h"

#include <algorithm>
#include <cmath>
#include <filesystem>

#include "ompl_ccd/error.h"
#include "ompl_ccd/nearest_name.h"
#include "ompl_ccd/model/magnitude_bound.h"

namespace ompl_ccd::scene_io
{
namespace
{
/** \brief The node's text for messages ("a map", "a list" or the scalar itself). */
std::string shown(const YAML::Node &node)
{
  if (node.IsMap())
    return "a map";
  if (node.IsSequence())
    return "a list";
  if (node.IsScalar())
    return "'" + node.Scalar() + "'";
  return "nothing";
}
}  // namespace

std::string lineOf(const YAML::Node &node)
{
  return concat("line ", node.Mark().line + 1);
}

void checkKeys(const YAML::Node &node, const std::string &where, const std::vector<std::string> &allowed)
{
  OMPL_CCD_THROW_UNLESS(node.IsMap(), where, ": expected a map of keys (", lineOf(node), ", got ", shown(node),
                        "); allowed keys: ", joinNames(allowed), ".");
  for (const auto &entry : node)
  {
    const std::string key = entry.first.Scalar();
    OMPL_CCD_THROW_UNLESS(std::find(allowed.begin(), allowed.end(), key) != allowed.end(), where,
                          ": unknown key '", key, "'", didYouMean(key, allowed), " (", lineOf(entry.first), "); allowed keys: ", joinNames(allowed),
                          ".");
  }
}

std::string readString(const YAML::Node &node, const std::string &where, const std::string &key)
{
  OMPL_CCD_THROW_UNLESS(node.IsScalar() && !node.Scalar().empty(), where, ": `", key,
                        "` must be a non-empty string (", lineOf(node), ", got ", shown(node), "); fix `", key,
                        "`.");
  return node.Scalar();
}

double readNumber(const YAML::Node &node, const std::string &where, const std::string &key)
{
  double value = 0.0;
  OMPL_CCD_THROW_UNLESS(node.IsScalar() && YAML::convert<double>::decode(node, value) && std::isfinite(value),
                        where, ": `", key, "` must be a finite number (", lineOf(node), ", got ", shown(node),
                        "); fix `", key, "`.");
  OMPL_CCD_THROW_UNLESS(withinMagnitudeBound(value), where, ": `", key, "` is ", value, ", beyond ±", kMaxMagnitude,
                        " (", lineOf(node), "); no scene is that large: give metres (radians for an angle), within "
                        "the bound.");
  return value;
}

bool readBoolean(const YAML::Node &node, const std::string &where, const std::string &key)
{
  bool value = false;
  OMPL_CCD_THROW_UNLESS(node.IsScalar() && YAML::convert<bool>::decode(node, value), where, ": `", key,
                        "` must be true or false (", lineOf(node), ", got ", shown(node), "); fix `", key, "`.");
  return value;
}

double readPositive(const YAML::Node &node, const std::string &where, const std::string &key)
{
  const double value = readNumber(node, where, key);
  OMPL_CCD_THROW_UNLESS(value > 0.0, where, ": `", key, "` must be positive (", lineOf(node), ", got ", value,
                        "); give a size > 0 in metres.");
  return value;
}

std::vector<double> readNumbers(const YAML::Node &node, const std::string &where, const std::string &key,
                                std::size_t count, bool positive)
{
  OMPL_CCD_THROW_UNLESS(node.IsSequence() && node.size() == count, where, ": `", key, "` must be a list of ",
                        count, positive ? " positive" : "", " numbers (", lineOf(node), ", got ", shown(node),
                        node.IsSequence() ? concat(" of ", node.size()) : std::string(), "); fix `", key, "`.");
  std::vector<double> values;
  for (const YAML::Node &element : node)
    values.push_back(positive ? readPositive(element, where, key) : readNumber(element, where, key));
  return values;
}

Eigen::Quaterniond readQuaternion(const YAML::Node &node, const std::string &where, const std::string &key)
{
  const std::vector<double> v = readNumbers(node, where, key, 4, false);
  Eigen::Quaterniond q(v[3], v[0], v[1], v[2]);  // Eigen takes w first; YAML is [qx, qy, qz, qw]
  OMPL_CCD_THROW_UNLESS(std::abs(q.norm() - 1.0) <= 1e-3, where, ": `", key, "` [qx, qy, qz, qw] has norm ",
                        q.norm(), " (", lineOf(node), "); give a unit quaternion (|q| within 1e-3 of 1).");
  return q.normalized();
}

Eigen::Isometry3d readPose(const YAML::Node &node, const std::string &where, const std::string &key)
{
  checkKeys(node, where + ": `" + key + "`", {"position", "orientation"});
  Eigen::Isometry3d X = Eigen::Isometry3d::Identity();
  if (const YAML::Node position = node["position"])
  {
    const std::vector<double> p = readNumbers(position, where, key + ".position", 3, false);
    X.translation() = Eigen::Vector3d(p[0], p[1], p[2]);
  }
  if (const YAML::Node orientation = node["orientation"])
    X.linear() = readQuaternion(orientation, where, key + ".orientation").toRotationMatrix();
  return X;
}

std::string resolveFile(const YAML::Node &node, const std::string &scene_path, const std::string &where,
                        const std::string &key)
{
  const std::filesystem::path file = readString(node, where, key);
  const std::filesystem::path resolved =
      file.is_absolute() ? file : std::filesystem::path(scene_path).parent_path() / file;
  std::error_code ec;
  OMPL_CCD_THROW_UNLESS(!std::filesystem::is_directory(resolved, ec), where, ": `", key, "` file '",
                        resolved.string(), "' is a folder, not a file (", lineOf(node), "); name the file itself.");
  OMPL_CCD_THROW_UNLESS(std::filesystem::is_regular_file(resolved, ec), where, ": `", key, "` file '", resolved.string(),
                        "' does not exist (", lineOf(node), "); fix the path (relative to the scene file).");
  return resolved.string();
}
}  // namespace ompl_ccd::scene_io
