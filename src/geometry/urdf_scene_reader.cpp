#include "urdf_scene_reader.h"

#include <map>

#include "ompl_ccd/error.h"
#include "ompl_ccd/geometry/scene_bound.h"
#include "ompl_ccd/model/kinematics.h"
#include "ompl_ccd/model/robot_model.h"

namespace ompl_ccd::scene_io
{
namespace
{
/** \brief "a, b, c" of the joints that take a state value. */
std::string settableJoints(const RobotModel &model)
{
  std::string out;
  for (const Joint &joint : model.joints())
    if (joint.nq() == 1)
      out += (out.empty() ? "" : ", ") + joint.name;
  return out.empty() ? "none" : out;
}

/** \brief State vector: zero, with each named joint set. */
Eigen::VectorXd sceneState(const RobotModel &model, const std::string &urdf_path,
                           const std::vector<std::pair<std::string, double>> &joints, const std::string &where)
{
  Eigen::VectorXd q = Eigen::VectorXd::Zero(model.nq());
  for (const auto &[name, value] : joints)
  {
    const int j = model.jointIndex(name);
    OMPL_CCD_THROW_UNLESS(j >= 0, where, ": `joints` names '", name, "', which is not a moving joint of '",
                          urdf_path, "' (its joints: ", settableJoints(model), "); fix `joints`.");
    const Joint &joint = model.joints()[j];
    OMPL_CCD_THROW_UNLESS(joint.nq() == 1, where, ": `joints` sets '", name,
                          "', which takes no value of its own (mimic joint); set the joint it follows instead.");
    if (joint.type != JointType::Continuous)
      OMPL_CCD_THROW_UNLESS(joint.lower <= value && value <= joint.upper, where, ": `joints` gives '", name, "' ",
                            value, ", outside its limits [", joint.lower, ", ", joint.upper,
                            "]; give a value within the limits.");
    q[joint.q_index] = value;
  }
  return q;
}
}  // namespace

std::vector<Obstacle> urdfObstacles(const std::string &urdf_path, const std::vector<std::string> &package_paths,
                                    const std::string &prefix,
                                    const std::vector<std::pair<std::string, double>> &joints,
                                    const Eigen::Isometry3d &X_WR, const std::string &where)
{
  RobotModelOptions options;
  options.package_paths = package_paths;
  const RobotModel model = [&] {
    try
    {
      return RobotModel::fromUrdfFile(urdf_path, options);
    }
    catch (const Error &e)
    {
      throw Error(concat(where, ": ", e.what()));  // the scene file and item too, not only the URDF
    }
  }();
  KinematicsWorkspace kinematics(model);
  forwardKinematics(model, kinematics, sceneState(model, urdf_path, joints, where));

  std::map<std::string, int> collisions_per_link;
  for (const Link &link : model.links())
    for (const LinkGeometry &geometry : link.geometries)
      ++collisions_per_link[geometry.urdf_link];

  std::vector<Obstacle> obstacles;
  std::map<std::string, int> seen;
  for (std::size_t l = 0; l < model.links().size(); ++l)
    for (const LinkGeometry &geometry : model.links()[l].geometries)
    {
      Obstacle obstacle;
      obstacle.name = prefix.empty() ? geometry.urdf_link : prefix + "/" + geometry.urdf_link;
      if (collisions_per_link[geometry.urdf_link] > 1)
        obstacle.name += "/" + std::to_string(seen[geometry.urdf_link]++);
      obstacle.shape = geometry.shape;
      obstacle.X_WG = X_WR * kinematics.X_WL[l] * geometry.X_LG;
      requireShapeInBounds(obstacle.shape, obstacle.X_WG, concat(where, ": link '", geometry.urdf_link, "'"));
      obstacles.push_back(std::move(obstacle));
    }
  OMPL_CCD_THROW_UNLESS(!obstacles.empty(), where, ": URDF '", urdf_path,
                        "' has no <collision> element, so it adds no obstacle; add <collision> geometry (a <visual> "
                        "is not used for collision checking) or remove the item.");
  return obstacles;
}
}  // namespace ompl_ccd::scene_io
