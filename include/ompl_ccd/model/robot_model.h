#pragma once
/// \file robot_model.h
/// The kinematic tree, joint limits, collision shapes and allowed-collision matrix of a robot,
/// read from URDF (and optionally SRDF). Immutable after construction; shared by all threads.

#include <Eigen/Core>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "ompl_ccd/model/allowed_collision_matrix.h"
#include "ompl_ccd/model/joint.h"
#include "ompl_ccd/model/link.h"
#include "ompl_ccd/model/srdf.h"

namespace ompl_ccd
{
/** \brief How to read a URDF into a RobotModel. */
struct RobotModelOptions
{
  /** \brief Folders searched for package://NAME/... (NAME is a sub-folder, or a folder with a
      package.xml whose <name> is NAME); ROS_PACKAGE_PATH is searched after these. */
  std::vector<std::string> package_paths;
  /** \brief SRDF read after the URDF (its disabled pairs and named states); unset = none. */
  std::optional<Srdf> srdf;
  /** \brief Extra link pairs never checked for self-collision (from config). */
  std::vector<std::pair<std::string, std::string>> disabled_pairs;
  /** \brief Add a free-floating (SE3) joint above the root link. */
  bool floating_root = false;
  /** \brief Position bounds of the floating root, metres. */
  Eigen::Vector3d floating_lower = Eigen::Vector3d::Constant(-1.0);
  Eigen::Vector3d floating_upper = Eigen::Vector3d::Constant(1.0);
};

/** \brief A robot: links (rigid bodies after merging fixed joints), moving joints in state order,
    limits, collision shapes and the allowed-collision matrix.

    State order: joints depth-first from the root, children in URDF document order; mimic joints
    take no state value. A floating root comes first with x y z qx qy qz qw. The same order is used
    by the OMPL state space, the CLI edge files and `ompl_ccd info`. */
class RobotModel
{
public:
  /** \brief Reads \a urdf_path. Relative mesh paths resolve against the URDF's folder.
      The robot is read whole or refused: every <collision> is loaded (a malformed one that
      urdfdom would drop is refused), sizes are finite and > 0, mesh scales finite and non-zero,
      lengths, angles and limits within ±1e6, and the joints form a tree (one parent joint per
      link, no loop, every link below the one root).
      \throws Error naming the file, element and fix on any problem. */
  static RobotModel fromUrdfFile(const std::string &urdf_path, const RobotModelOptions &options = {});
  /** \brief Parses URDF text; relative mesh paths resolve against \a base_dir.
      \param source_name name used in messages (e.g. "robot_description"). */
  static RobotModel fromUrdfString(const std::string &urdf_xml, const std::string &base_dir,
                                   const std::string &source_name, const RobotModelOptions &options = {});

  /** \brief URDF <robot name>. */
  const std::string &name() const { return name_; }
  /** \brief Links; index 0 is the root; a parent always precedes its children. */
  const std::vector<Link> &links() const { return links_; }
  /** \brief Moving joints in state order (mimic joints included where they occur in the tree). */
  const std::vector<Joint> &joints() const { return joints_; }
  /** \brief jointTerms() of every joint, in the order of joints(): constants of forward kinematics. */
  const std::vector<JointTerms> &jointTerms() const { return joint_terms_; }
  /** \brief State dimension (sum of Joint::nq()). */
  int nq() const { return nq_; }
  /** \brief Index of the link with this URDF name (merged links map to their body); -1 if none. */
  int linkIndex(const std::string &urdf_link_name) const;
  /** \brief Index of the joint with this name; -1 if none (fixed joints have none). */
  int jointIndex(const std::string &joint_name) const;
  /** \brief Self-collision exclusions: adjacent links, SRDF pairs, configured pairs. */
  const AllowedCollisionMatrix &allowedCollisions() const { return acm_; }
  /** \brief Named states from the SRDF as full state vectors (joints a state omits are 0,
      clamped into their limits; a floating root is at the identity). */
  const std::map<std::string, Eigen::VectorXd> &namedStates() const { return named_states_; }
  /** \brief Name of state value i ("joint_2", "floating_root/qx", ...). */
  std::string stateName(int i) const;

  /** \brief Refuses a state that is not a valid configuration.
      \throws Error naming \a context, the joint and the value when the size is not nq(), a value
      is NaN/inf, a bounded joint is outside its limits (by more than 1e-9), a continuous joint is
      outside [-π, π], or a floating quaternion is not unit (|‖q‖−1| > 1e-6). */
  void checkState(const Eigen::VectorXd &q, const std::string &context) const;

  /** \brief The state a user gives (\a q, refused as checkState does) as it is certified and handed
      to OMPL: the floating root's quaternion divided by its norm (kept as it is when unit to
      rounding, |‖q‖² − 1| ≤ ε, as OMPL's SO3StateSpace::norm counts it). Every entry point (state, edge
      and path files, plan and benchmark configs, SRDF named states, Python arrays, ROS parameters)
      takes states through it, so a quaternion typed to a few digits is the unit rotation nearest
      it everywhere — in the certifiers' motion model, in OMPL's interpolation (which asserts norms
      within 1e-9) and in forward kinematics — never one rotation here and another there. */
  Eigen::VectorXd acceptState(const Eigen::VectorXd &q, const std::string &context) const;

  /** \brief Refuses a robot that leaves nothing to certify: no moving joint (nq() = 0, no motion
      to plan or check) or no collision geometry in any link (every motion would be free). Called
      where a motion is needed (state space, `validate`, `plan`); `info` and scene items do not.
      \throws Error naming \a context, the robot and the fix. */
  void checkCertifiable(const std::string &context) const;

private:
  RobotModel() = default;
  friend class UrdfReader;

  std::string name_;
  std::vector<Link> links_;
  std::vector<Joint> joints_;
  std::vector<JointTerms> joint_terms_;
  int nq_ = 0;
  std::map<std::string, int> link_index_;
  AllowedCollisionMatrix acm_;
  std::map<std::string, Eigen::VectorXd> named_states_;
};

using RobotModelPtr = std::shared_ptr<const RobotModel>;
}  // namespace ompl_ccd
