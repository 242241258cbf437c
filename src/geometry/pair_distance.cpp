#include "ompl_ccd/geometry/pair_distance.h"

#include <algorithm>
#include <fcl/narrowphase/distance.h>

namespace ompl_ccd
{
namespace
{
bool isMesh(const fcl::CollisionObjectd &object) { return object.getObjectType() == fcl::OT_BVH; }
}  // namespace

double pairDistanceLowerBound(const fcl::CollisionObjectd &a, const fcl::CollisionObjectd &b, NearestPoints *nearest)
{
  fcl::DistanceRequestd request;
  request.enable_nearest_points = nearest != nullptr;
  request.rel_err = 0.0;  // exact traversal: no early stop (issue 3, requirement 2)
  request.abs_err = 0.0;
  fcl::DistanceResultd result;
  const double d = fcl::distance(&a, &b, request, result);
  if (nearest)
  {
    nearest->p_WA = result.nearest_points[0];
    nearest->p_WB = result.nearest_points[1];
  }
  if (!(d > 0.0))  // touching, overlapping (FCL returns −1 or 0) or NaN: no clearance is certified
    return 0.0;
  const double slack = (isMesh(a) && isMesh(b)) ? 1e-12 * (1.0 + d) : kGjkDistanceSlack;
  return std::max(0.0, d - slack);
}
}  // namespace ompl_ccd
