#include "ompl_ccd/model/joint.h"

namespace ompl_ccd
{
const char *toString(JointType type)
{
  switch (type)
  {
    case JointType::Revolute:
      return "revolute";
    case JointType::Continuous:
      return "continuous";
    case JointType::Prismatic:
      return "prismatic";
    case JointType::Floating:
      return "floating";
  }
  return "unknown";
}

JointTerms jointTerms(const Joint &joint)
{
  const Eigen::Matrix3d R_PJ = joint.X_PJ.linear();
  const Eigen::Vector3d &a = joint.axis;
  Eigen::Matrix3d K;  // [a]×
  K << 0.0, -a.z(), a.y(), a.z(), 0.0, -a.x(), -a.y(), a.x(), 0.0;
  JointTerms terms;
  terms.C = R_PJ * K * K;
  terms.A = R_PJ + terms.C;
  terms.B = R_PJ * K;
  terms.u_P = R_PJ * a;
  return terms;
}
}  // namespace ompl_ccd
