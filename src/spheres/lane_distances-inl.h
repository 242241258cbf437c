// The distances the sphere front end's kernel measures (block_kernel.cpp), per Highway target:
// from lane points to a primitive and to a ball's centre (a mesh triangle's lower bound is the
// kernel's own squared test). Included once per target by foreach_target.
#if defined(OMPL_CCD_SPHERES_LANE_DISTANCES_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef OMPL_CCD_SPHERES_LANE_DISTANCES_INL_H_
#undef OMPL_CCD_SPHERES_LANE_DISTANCES_INL_H_
#else
#define OMPL_CCD_SPHERES_LANE_DISTANCES_INL_H_
#endif

#include <hwy/highway.h>

#include "spheres/sphere_model.h"

HWY_BEFORE_NAMESPACE();
namespace ompl_ccd::spheres::HWY_NAMESPACE
{
namespace hn = hwy::HWY_NAMESPACE;
using D = hn::CappedTag<float, kLanes>;
using V = hn::Vec<D>;
using M = hn::Mask<D>;

HWY_INLINE V norm3(V x, V y, V z) { return hn::Sqrt(hn::MulAdd(x, x, hn::MulAdd(y, y, hn::Mul(z, z)))); }

/// Squared distance from the points (x, y, z) to a box or cylinder obstacle (0 inside it).
HWY_INLINE V squaredBoxOrCylinderDistance(D d, const LaneObstacle &o, V x, V y, V z)
{
  const V dx = hn::Sub(x, hn::Set(d, o.centre[0])), dy = hn::Sub(y, hn::Set(d, o.centre[1])),
          dz = hn::Sub(z, hn::Set(d, o.centre[2]));
  const V zero = hn::Zero(d);
  V l[3];
  for (int i = 0; i < 3; ++i)
    l[i] = hn::MulAdd(hn::Set(d, o.axes[3 * i]), dx,
                      hn::MulAdd(hn::Set(d, o.axes[3 * i + 1]), dy, hn::Mul(hn::Set(d, o.axes[3 * i + 2]), dz)));
  if (o.shape == ObstacleShape::Box)
  {
    V e[3];
    for (int i = 0; i < 3; ++i)
      e[i] = hn::Max(hn::Sub(hn::Abs(l[i]), hn::Set(d, o.half[i])), zero);
    return hn::MulAdd(e[0], e[0], hn::MulAdd(e[1], e[1], hn::Mul(e[2], e[2])));
  }
  // cylinder about local z: radius half[0], half length half[1]
  const V radial = hn::Max(hn::Sub(hn::Sqrt(hn::MulAdd(l[0], l[0], hn::Mul(l[1], l[1]))), hn::Set(d, o.half[0])), zero);
  const V axial = hn::Max(hn::Sub(hn::Abs(l[2]), hn::Set(d, o.half[1])), zero);
  return hn::MulAdd(radial, radial, hn::Mul(axial, axial));
}

/// Distance from the points (x, y, z) to a primitive obstacle (0 inside it).
HWY_INLINE V primitiveDistance(D d, const LaneObstacle &o, V x, V y, V z)
{
  if (o.shape != ObstacleShape::Sphere)
    return hn::Sqrt(squaredBoxOrCylinderDistance(d, o, x, y, z));
  const V dx = hn::Sub(x, hn::Set(d, o.centre[0])), dy = hn::Sub(y, hn::Set(d, o.centre[1])),
          dz = hn::Sub(z, hn::Set(d, o.centre[2]));
  return hn::Max(hn::Sub(norm3(dx, dy, dz), hn::Set(d, o.half[0])), hn::Zero(d));
}

/// Distance between the points (x, y, z) and ball \a i of \a balls, centre to centre.
HWY_INLINE V centreDistance(D d, const BallArrays &balls, int i, V x, V y, V z)
{
  return norm3(hn::Sub(x, hn::Set(d, balls.x[i])), hn::Sub(y, hn::Set(d, balls.y[i])), hn::Sub(z, hn::Set(d, balls.z[i])));
}
}  // namespace ompl_ccd::spheres::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#endif
