#include "ompl_ccd/model/robot_model.h"

#include <cmath>
#include <limits>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "format_vector.h"
#include "ompl_ccd/error.h"
#include "ompl_ccd/input_file.h"
#include "ompl_ccd/model/joint_value_bound.h"
#include "urdf_reader.h"

namespace ompl_ccd
{
namespace
{
/** \brief Accepted deviation of a floating quaternion's norm from 1. */
constexpr double kQuaternionNormTolerance = 1e-6;
const char *const kFloatingValueNames[] = {"x", "y", "z", "qx", "qy", "qz", "qw"};
}  // namespace

RobotModel RobotModel::fromUrdfFile(const std::string &urdf_path, const RobotModelOptions &options)
{
  requireInputFile(urdf_path, "RobotModel::fromUrdfFile", "URDF file",
                   "check the path (relative paths start at the working directory)");
  std::ifstream file(urdf_path);
  std::ostringstream text;
  text << file.rdbuf();
  const std::filesystem::path folder = std::filesystem::path(urdf_path).parent_path();
  return UrdfReader::read(text.str(), folder.empty() ? std::string(".") : folder.string(), urdf_path, options);
}

RobotModel RobotModel::fromUrdfString(const std::string &urdf_xml, const std::string &base_dir,
                                      const std::string &source_name, const RobotModelOptions &options)
{
  return UrdfReader::read(urdf_xml, base_dir, source_name, options);
}

int RobotModel::linkIndex(const std::string &urdf_link_name) const
{
  const auto it = link_index_.find(urdf_link_name);
  return it == link_index_.end() ? -1 : it->second;
}

int RobotModel::jointIndex(const std::string &joint_name) const
{
  for (std::size_t j = 0; j < joints_.size(); ++j)
    if (joints_[j].name == joint_name)
      return static_cast<int>(j);
  return -1;
}

std::string RobotModel::stateName(int i) const
{
  for (const Joint &joint : joints_)
  {
    if (joint.q_index < 0 || i < joint.q_index || i >= joint.q_index + joint.nq())
      continue;
    return joint.type == JointType::Floating ? joint.name + "/" + kFloatingValueNames[i - joint.q_index] : joint.name;
  }
  OMPL_CCD_THROW_UNLESS(false, "RobotModel::stateName: index ", i, " is outside the state of robot '", name_,
                        "' (nq ", nq_, "); use an index in [0, nq).");
  return {};
}

void RobotModel::checkState(const Eigen::VectorXd &q, const std::string &context) const
{
  OMPL_CCD_THROW_UNLESS(q.size() == nq_, context, ": state has ", q.size(), " values but robot '", name_,
                        "' has ", nq_, "; give one value per joint in state order (see `ompl_ccd info`).");
  for (int i = 0; i < nq_; ++i)
    OMPL_CCD_THROW_UNLESS(std::isfinite(q[i]), context, ": state value ", i, " ('", stateName(i), "') is ", q[i],
                          "; give a finite number.");
  for (const Joint &joint : joints_)
  {
    if (joint.q_index < 0)
      continue;
    if (joint.type == JointType::Floating)
    {
      const Eigen::Vector3d p = q.segment<3>(joint.q_index);
      const bool inside = ((p - joint.position_lower).array() >= -kJointLimitTolerance).all() &&
                          ((joint.position_upper - p).array() >= -kJointLimitTolerance).all();
      OMPL_CCD_THROW_UNLESS(inside, context, ": floating joint '", joint.name, "' position [", formatVector(p),
                            "] is outside its bounds [", formatVector(joint.position_lower), "] .. [",
                            formatVector(joint.position_upper), "]; move it inside or widen the floating bounds.");
      const double norm = q.segment<4>(joint.q_index + 3).norm();
      OMPL_CCD_THROW_UNLESS(std::abs(norm - 1.0) <= kQuaternionNormTolerance, context, ": floating joint '",
                            joint.name, "' quaternion (qx qy qz qw) = [", formatVector(q.segment<4>(joint.q_index + 3)),
                            "] has norm ", norm, ", not 1; normalise it.");
      continue;
    }
    const double value = q[joint.q_index];
    const double slack = joint.type == JointType::Continuous ? 0.0 : kJointLimitTolerance;
    OMPL_CCD_THROW_UNLESS(value >= joint.lower - slack && value <= joint.upper + slack, context, ": ",
                          toString(joint.type), " joint '", joint.name, "' value ", value, " is outside [",
                          joint.lower, ", ", joint.upper, "]; move it inside",
                          joint.type == JointType::Continuous ? " (wrap the angle)" : " its <limit>", ".");
  }
}

Eigen::VectorXd RobotModel::acceptState(const Eigen::VectorXd &q, const std::string &context) const
{
  checkState(q, context);
  Eigen::VectorXd accepted = q;
  for (const Joint &joint : joints_)
  {
    if (joint.type != JointType::Floating || joint.q_index < 0)
      continue;
    // kept bit for bit when unit to rounding (OMPL's SO3StateSpace::norm takes it as exactly 1)
    auto rotation = accepted.segment<4>(joint.q_index + 3);
    if (std::fabs(rotation.squaredNorm() - 1.0) > std::numeric_limits<double>::epsilon())
      rotation.normalize();
  }
  return accepted;
}

void RobotModel::checkCertifiable(const std::string &context) const
{
  OMPL_CCD_THROW_UNLESS(nq_ > 0, context, ": robot '", name_,
                        "' has no moving joint (only fixed joints), so it has no motion to plan or certify; give a "
                        "URDF with a revolute, continuous, prismatic or floating joint, or a floating root.");
  bool has_geometry = false;
  for (const Link &link : links_)
    has_geometry = has_geometry || !link.geometries.empty();
  OMPL_CCD_THROW_UNLESS(has_geometry, context, ": robot '", name_,
                        "' has no <collision> element in any link, so every motion would be certified free; add "
                        "<collision> geometry (a <visual> is not used for collision checking).");
}
}  // namespace ompl_ccd
