#pragma once
/// \file joint.h
/// A moving joint of the RobotModel (fixed URDF joints are merged away).

#include <Eigen/Geometry>
#include <string>

namespace ompl_ccd
{
/** \brief Joint types a RobotModel keeps (URDF fixed joints are merged into their parent link). */
enum class JointType
{
  Revolute,    ///< bounded rotation about \e axis; one real state value (RealVector)
  Continuous,  ///< unbounded rotation about \e axis; one SO2 state value in [-π, π]
  Prismatic,   ///< translation along \e axis; one real state value (RealVector)
  Floating     ///< free rigid motion of the root; seven state values x y z qx qy qz qw (SE3)
};

/** \brief "revolute", "continuous", "prismatic", "floating". */
const char *toString(JointType type);

/** \brief A moving joint between a parent and a child link.
    Pose of the child: X_WC = X_WP * X_PJ * M(q), with M(q) the joint motion about/along \e axis
    expressed in the joint frame J (URDF: the child frame is the joint frame). */
struct Joint
{
  /** \brief URDF joint name (for a floating root added by option: "floating_root"). */
  std::string name;
  JointType type = JointType::Revolute;
  /** \brief Index of the parent link in RobotModel::links(); -1 for a floating root. */
  int parent_link = -1;
  /** \brief Index of the child link in RobotModel::links(). */
  int child_link = -1;
  /** \brief Joint frame J in the parent link frame P, fixed-joint offsets folded in. */
  Eigen::Isometry3d X_PJ = Eigen::Isometry3d::Identity();
  /** \brief Unit axis in J (revolute, continuous, prismatic). */
  Eigen::Vector3d axis = Eigen::Vector3d::UnitZ();
  /** \brief Position limits (rad or m); ±π for continuous; for floating, the position box. */
  double lower = 0.0, upper = 0.0;
  /** \brief Floating root only: bounds of x, y, z in metres. */
  Eigen::Vector3d position_lower = Eigen::Vector3d::Zero(), position_upper = Eigen::Vector3d::Zero();
  /** \brief Velocity limit from URDF (informative; 0 when absent). */
  double velocity = 0.0;
  /** \brief First index of this joint's values in the state vector; -1 for a mimic joint. */
  int q_index = -1;
  /** \brief For a mimic joint: index (in RobotModel::joints()) of the joint it follows, else -1.
      Its value is multiplier * value(source) + offset. */
  int mimic_source = -1;
  double mimic_multiplier = 1.0;
  double mimic_offset = 0.0;

  /** \brief Number of state values: 0 for mimic, 7 for floating, else 1. */
  int nq() const
  {
    if (mimic_source >= 0)
      return 0;
    return type == JointType::Floating ? 7 : 1;
  }
};

/** \brief Constants of a joint's motion, for forward kinematics: R_PJ · R(axis, v) = A + sin v · B
    − cos v · C (Rodrigues' formula R = I + sin v K + (1 − cos v) K², K = [axis]×, premultiplied by
    R_PJ): A = R_PJ (I + K²), B = R_PJ K, C = R_PJ K²; and the axis in the parent frame,
    u_P = R_PJ axis (a prismatic joint slides along it). Computed once per model (RobotModel::jointTerms())
    so that forward kinematics only combines them. */
struct JointTerms
{
  Eigen::Matrix3d A, B, C;
  Eigen::Vector3d u_P;
};

/** \brief The JointTerms of \a joint, from its X_PJ and axis. */
JointTerms jointTerms(const Joint &joint);
}  // namespace ompl_ccd
