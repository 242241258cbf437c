// The pair service's per-thread cache of interval link poses (exact_pair_solver_run.h).
#include "certify/interval/exact_pair_solver_run.h"

namespace ompl_ccd
{
void PoseCache::reset(const JointMotion &motion, int frame)
{
  motion_ = &motion;
  frame_ = frame;
  for (Entry &entry : entries_)
  {
    entry.lo = 0.0;
    entry.hi = -1.0;  // empty: matches no interval
  }
}

const std::vector<IntervalPose> &PoseCache::over(double lo, double hi)
{
  for (const Entry &entry : entries_)
    if (entry.lo == lo && entry.hi == hi)
      return entry.poses;
  Entry &entry = entries_[next_];
  next_ = (next_ + 1) % static_cast<int>(entries_.size());
  entry.lo = lo;
  entry.hi = hi;
  linkIntervalPoses(*motion_, lo, hi, entry.poses, frame_);  // [Redon2004] Sec. 4.1
  return entry.poses;
}
}  // namespace ompl_ccd
