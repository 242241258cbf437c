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
}  // namespace ompl_ccd
