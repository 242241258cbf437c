#include "ompl_ccd/geometry/cloud_queries.h"

#include <algorithm>
#include <cmath>
#include <fcl/narrowphase/collision.h>
#include <fcl/geometry/shape/sphere.h>

#include "ompl_ccd/geometry/fcl_geometry.h"
#include "ompl_ccd/geometry/pair_distance.h"
#include "ompl_ccd/numeric.h"

namespace ompl_ccd
{
namespace
{
/** \brief The centre and half diagonal (rounded up) of an FCL box. */
std::pair<Eigen::Vector3d, double> boundingBall(const fcl::AABBd &box)
{
  const double half = 0.5 * (box.max_ - box.min_).norm();
  return {box.center(), half * (1.0 + numeric::kFinePadRel) + numeric::kFinePadAbs};
}

/** \brief The probe's ball placed at point \a i of \a cloud. */
const fcl::CollisionObjectd &placeBall(const PointCloudIndex &cloud, CloudProbe &probe, std::uint32_t i)
{
  probe.ball->setTranslation(cloud.points()[i]);
  probe.ball->computeAABB();
  return *probe.ball;
}
}  // namespace

CloudProbe::CloudProbe(const PointCloudIndex &cloud)
  : ball(makeCollisionObject(FclGeometryPtr(std::make_shared<fcl::Sphered>(cloud.radius()))))
{
}

int firstCloudPointHit(const PointCloudIndex &cloud, CloudProbe &probe, const fcl::CollisionObjectd &object,
                       const fcl::CollisionRequestd &request, fcl::CollisionResultd &result)
{
  const fcl::AABBd &box = object.getAABB();
  const Eigen::AlignedBox3d &balls = cloud.ballBounds();
  if (!box.overlap(fcl::AABBd(balls.min(), balls.max())))
    return -1;
  // the balls whose box overlaps the object's: centres in its box grown by r, in the tree's order
  // (which depends on the cloud only: the witness is the same on every run)
  // r padded for the rounding of the grown box's corners (half an ulp of their magnitude)
  const double magnitude = std::max(box.min_.cwiseAbs().maxCoeff(), box.max_.cwiseAbs().maxCoeff());
  const double r = cloud.radius() * (1.0 + numeric::kFinePadRel) + numeric::kFinePadAbs + numeric::kFinePadRel * magnitude;
  cloud.pointsInBox(box.min_ - Eigen::Vector3d::Constant(r), box.max_ + Eigen::Vector3d::Constant(r),
                    probe.candidates);
  for (const std::uint32_t i : probe.candidates)
  {
    result.clear();
    // a sphere against any shape: FCL's closed forms or libccd's MPR, never its asserting GJK
    // (collision_queries.h)
    if (fcl::collide(&object, &placeBall(cloud, probe, i), request, result) > 0)
      return static_cast<int>(i);
  }
  return -1;
}

double cloudDistanceBelow(const PointCloudIndex &cloud, CloudProbe &probe, const fcl::CollisionObjectd &object,
                          double best, int &point, NearestPoints &nearest)
{
  point = -1;
  const auto [center, half] = boundingBall(object.getAABB());
  // nearest centres first, the count growing ×4 until the next centre is out of reach of the best
  std::size_t visited = 0;
  for (std::size_t k = 8;; k *= 4)
  {
    const std::size_t found = cloud.nearest(center, k, probe.candidates, probe.squared_distances);
    for (std::size_t j = visited; j < found; ++j)
    {
      // every point of the object lies within `half` of the centre: d ≥ ‖p − c‖ − half − r
      if (std::sqrt(probe.squared_distances[j]) - half - cloud.radius() >= best)
        return best;
      NearestPoints points;
      const double d = pairDistanceUpperBound(object, placeBall(cloud, probe, probe.candidates[j]), &points);
      if (d < best)
      {
        best = d;
        point = static_cast<int>(probe.candidates[j]);
        nearest = points;
      }
    }
    if (found < k)
      return best;
    visited = found;
  }
}
}  // namespace ompl_ccd
