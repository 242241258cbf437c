// The sphere front end's lanes (lane_batch.h), compiled once per instruction set by Highway's
// foreach_target and dispatched at run time.
#include "spheres/lane_batch.h"

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "spheres/lane_batch.cpp"
#include <hwy/foreach_target.h>  // IWYU pragma: keep
#include <hwy/highway.h>
#include <hwy/contrib/math/math-inl.h>

#include "spheres/lane_kinematics-inl.h"

HWY_BEFORE_NAMESPACE();
namespace ompl_ccd::spheres::HWY_NAMESPACE
{
void LanePosesImpl(const SphereModel &model, const EdgeLanes &edge, const float *times, float *poses)
{
  const D d;
  for (std::size_t lane = 0; lane < kLanes; lane += hn::Lanes(d))
    posesAt(d, model, edge, hn::LoadU(d, times + lane), poses, lane);
}

void LaneCentresImpl(const float *poses, int link, const BallArrays &balls, int first, int count, float *centres)
{
  const D d;
  for (std::size_t lane = 0; lane < kLanes; lane += hn::Lanes(d))
    centresAt(d, poses, link, balls, first, count, centres, lane);
}

void LaneSinCosImpl(float angle, float &sine, float &cosine)
{
  const hn::CappedTag<float, 1> d1;
  sine = hn::GetLane(hn::Sin(d1, hn::Set(d1, angle)));
  cosine = hn::GetLane(hn::Cos(d1, hn::Set(d1, angle)));
}

const char *LaneTargetImpl() { return hwy::TargetName(HWY_TARGET); }
}  // namespace ompl_ccd::spheres::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace ompl_ccd::spheres
{
HWY_EXPORT(LanePosesImpl);
HWY_EXPORT(LaneCentresImpl);
HWY_EXPORT(LaneTargetImpl);
HWY_EXPORT(LaneSinCosImpl);

void lanePoses(const SphereModel &model, const EdgeLanes &edge, const float *times, float *poses)
{
  HWY_DYNAMIC_DISPATCH(LanePosesImpl)(model, edge, times, poses);
}

void laneCentres(const float *poses, int link, const BallArrays &balls, int first, int count, float *centres)
{
  HWY_DYNAMIC_DISPATCH(LaneCentresImpl)(poses, link, balls, first, count, centres);
}

void laneSinCos(float angle, float &sine, float &cosine)
{
  HWY_DYNAMIC_DISPATCH(LaneSinCosImpl)(angle, sine, cosine);
}

const char *laneTarget() { return HWY_DYNAMIC_DISPATCH(LaneTargetImpl)(); }
}  // namespace ompl_ccd::spheres
#endif
