#include "certify/interval/swept_sphere_culling.h"

#include <memory>

#include <Eigen/Geometry>
#include <fcl/geometry/shape/capsule.h>

#include "ompl_ccd/error.h"
#include "ompl_ccd/geometry/pair_distance.h"

namespace ompl_ccd
{
namespace
{
/// An FCL capsule object for \a lss (FCL's capsule: axis z, centred at the origin).
fcl::CollisionObjectd capsuleObject(const LineSweptSphere &lss)
{
  const Eigen::Vector3d d = lss.b - lss.a;
  const double length = d.norm();
  fcl::Transform3d X = fcl::Transform3d::Identity();
  X.translation() = 0.5 * (lss.a + lss.b);
  if (length > 0.0)
    X.linear() = Eigen::Quaterniond::FromTwoVectors(Eigen::Vector3d::UnitZ(), d / length).toRotationMatrix();
  return fcl::CollisionObjectd(std::make_shared<fcl::Capsuled>(lss.radius, length), X);
}
}  // namespace

SweptSphereCulling::SweptSphereCulling(CollisionWorldPtr world, std::vector<int> body_links,
                                       const std::vector<std::vector<Eigen::Vector3d>> &vertices, int steps)
  : world_(std::move(world)), body_links_(std::move(body_links)), steps_(steps)
{
  for (const std::vector<Eigen::Vector3d> &v : vertices)
    lss_L_.push_back(fitLineSweptSphere(v));  // [Redon2004] Sec. 4.2.1: one LSS per link
}

void SweptSphereCulling::sweep(const JointMotion &motion, double t0, double t1, Sweep &sweep) const
{
  sweep.capsules.resize(static_cast<std::size_t>(steps_));
  for (int k = 0; k < steps_; ++k)
  {
    const double s0 = t0 + (t1 - t0) * k / steps_, s1 = k + 1 == steps_ ? t1 : t0 + (t1 - t0) * (k + 1) / steps_;
    linkIntervalPoses(motion, s0, s1, sweep.X_WL);
    sweep.capsules[k].resize(lss_L_.size());
    for (std::size_t b = 0; b < lss_L_.size(); ++b)
      sweep.capsules[k][b] = sweptLineSweptSphere(lss_L_[b], sweep.X_WL[body_links_[b]]);
  }
}

bool SweptSphereCulling::apart(const Sweep &sweep, const BodyPair &pair, double margin) const
{
  for (const std::vector<LineSweptSphere> &capsules : sweep.capsules)
  {
    const fcl::CollisionObjectd a = capsuleObject(capsules[pair.a]);
    const double d = pair.b >= 0 ? pairDistanceLowerBound(a, capsuleObject(capsules[pair.b]))
                                 : pairDistanceLowerBound(a, world_->scene().object(pair.obstacle));
    if (!(d > margin))
      return false;
  }
  return true;
}
}  // namespace ompl_ccd
