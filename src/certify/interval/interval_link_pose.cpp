#include "certify/interval/interval_link_pose.h"

#include <vector>

#include "ompl_ccd/bound/taylor_pose.h"
#include "ompl_ccd/error.h"

namespace ompl_ccd
{
IntervalLinkPose::IntervalLinkPose(const JointMotion &motion, int link, int frame)
  : motion_(&motion), link_(link), frame_(frame)
{
  const int links = static_cast<int>(motion.model().links().size());
  OMPL_CCD_THROW_UNLESS(link >= 0 && link < links && frame >= -1 && frame < links, "IntervalLinkPose: link ", link,
                        " or frame ", frame, " is not in [0, ", links, "); give indices of the motion's model.");
}

void IntervalLinkPose::enclose(const Interval &T, IntervalPose &X_FL) const
{
  // The whole chain is composed (links are ordered parents first); [Redon2004] Sec. 4.1.
  std::vector<IntervalPose> poses;
  linkIntervalPoses(*motion_, T.lo(), T.hi(), poses, frame_);
  X_FL = poses[link_];
}
}  // namespace ompl_ccd
