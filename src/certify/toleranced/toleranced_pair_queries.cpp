// The toleranced certifier's queries on one pair posed at the worker's link poses: how far its
// bodies' points can get over a sub-interval (motion bound, balls of [SchroeckerWeber] Sec. 5),
// whether it is in contact, whether its solids overlap.

#include <fcl/narrowphase/collision.h>

#include "certify/toleranced/bounding_ball.h"
#include "certify/toleranced/toleranced_worker.h"
#include "ompl_ccd/bound/motion_bound.h"
#include "ompl_ccd/bound/taylor_pose.h"
#include "ompl_ccd/geometry/pair_distance.h"
#include "ompl_ccd/numeric.h"

namespace ompl_ccd
{
double toleranced::Model::motionReach(const JointMotion &motion, int b, int frame, double t0, double t1) const
{
  // every point's speed is at most μ over [t0, t1], [Zhang2007] Eq. (10)
  const CullingBody &body = front_end_->bodies()[b];
  return motionBound(motion, body.ref.link, body.reach, t0, t1, frame) * (0.5 * (t1 - t0)) * (1.0 + numeric::kPadRel) +
         margin_;
}

double toleranced::Model::ballReach(Worker &worker, const JointMotion &motion, int b, int frame, double t0,
                                   double t1) const
{
  const Body &body = bodies_[b];
  const int link = body.ref.link;
  const std::vector<Eigen::Isometry3d> &X_WL = worker.culling.kinematics.X_WL;
  // The ball B_R(g) about the pose at the midpoint covers the sub-motion (Sec. 5); every point x
  // of the body stays within R ϱ(x) of g(x) (Eq. 4).
  const Eigen::Isometry3d g = frame < 0 ? X_WL[link] : Eigen::Isometry3d(X_WL[frame].inverse() * X_WL[link]);
  const double R = enclosingRadius(body.metric, linkTaylorPose(motion, TaylorDomain(t0, t1), link, frame), g);
  return (R * (1.0 + numeric::kPadRel) + margin_) * body.rho_max;
}

toleranced::Model::PairObjects toleranced::Model::posePair(Worker &worker, const BodyPair &pair) const
{
  const RobotModel &robot = world_->robot();
  const auto place = [&](int b) {
    const BodyRef &ref = bodies_[b].ref;
    const Eigen::Isometry3d X_WG =
        worker.culling.kinematics.X_WL[ref.link] * robot.links()[ref.link].geometries[ref.geometry].X_LG;
    fcl::CollisionObjectd *body = worker.culling.mesh_objects[b].get();
    body->setTransform(X_WG);
    worker.hulls[b]->setTransform(X_WG);
    if (worker.surfaces[b])
      worker.surfaces[b]->setTransform(X_WG);
    return body;
  };
  PairObjects objects;
  const Body &A = bodies_[pair.a];
  objects.a = place(pair.a);
  objects.hull_a = worker.hulls[pair.a].get();
  objects.exact_a = worker.surfaces[pair.a] ? worker.surfaces[pair.a].get() : objects.a;
  const StandIns *other = nullptr;
  if (pair.b >= 0)
  {
    objects.other = place(pair.b);
    objects.hull_other = worker.hulls[pair.b].get();
    objects.exact_other = worker.surfaces[pair.b] ? worker.surfaces[pair.b].get() : objects.other;
    other = &bodies_[pair.b].stand_ins;
  }
  else
  {
    const Obstacle &obstacle = obstacles_[pair.obstacle];
    objects.other = &world_->scene().object(pair.obstacle);
    objects.hull_other = obstacle.hull.get();
    objects.exact_other = obstacle.surface ? obstacle.surface.get() : objects.other;
    other = &obstacle.stand_ins;
  }
  objects.hull_gap = A.stand_ins.hull->gap() + other->hull->gap();
  objects.surface_gap = A.stand_ins.surfaceGap() + other->surfaceGap();
  objects.concavity = A.stand_ins.concavity + other->concavity;
  return objects;
}

Contact toleranced::Model::contactOf(const BodyPair &pair, double t) const
{
  const RobotModel &robot = world_->robot();
  const auto urdfLink = [&](int b) {
    return robot.links()[bodies_[b].ref.link].geometries[bodies_[b].ref.geometry].urdf_link;
  };
  Contact contact;
  contact.time = t;
  contact.link = urdfLink(pair.a);
  contact.other = pair.b >= 0 ? urdfLink(pair.b) : world_->scene().obstacles()[pair.obstacle].name;
  return contact;
}

std::optional<Violation> toleranced::Model::contact(Worker &worker, const BodyPair &pair, const PairObjects &objects,
                                                   double t, const Query &query) const
{
  // FCL's exact distance is an upper bound (its points are real points of the bodies, or within
  // the surface gap of them): a contact only within clearance + contact_distance (certifier.h),
  // the witness of a Collision.
  NearestPoints nearest;
  const double d = pairDistanceUpperBound(*objects.exact_a, *objects.exact_other, &nearest) + objects.surface_gap;
  worker.distance_queries += 1;
  if (!(d - query.clearance <= query.contact_distance))
    return std::nullopt;
  Violation found{t, contactOf(pair, t)};
  Contact &contact = found.contact;
  contact.distance = d;
  contact.point_a = nearest.p_WA;
  contact.point_b = nearest.p_WB;
  if (nearest.p_WB != nearest.p_WA)
    contact.normal = (nearest.p_WB - nearest.p_WA).normalized();
  return found;
}

std::optional<Violation> toleranced::Model::solidsOverlap(const BodyPair &pair, const PairObjects &objects,
                                                         double t) const
{
  fcl::CollisionRequestd request(1, true);
  fcl::CollisionResultd result;
  // libccd's MPR at most, never its asserting GJK (collision_queries.h)
  if (fcl::collide(objects.a, objects.other, request, result) == 0)
    return std::nullopt;
  Violation found{t, contactOf(pair, t)};
  const fcl::Contactd &touch = result.getContact(0);
  found.contact.point_a = found.contact.point_b = touch.pos;
  found.contact.normal = touch.normal;
  return found;
}

std::optional<Contact> toleranced::Model::probeLivePairs(Worker &worker, const JointMotion &motion, double t) const
{
  // a pair in collision at t is live at t (a dead piece keeps it apart): the others need no check
  CullingWorkspace &culling = worker.culling;
  culling.counters.collision_probes += 1;
  front_end_->poseAt(culling, motion, t);
  for (std::size_t i = 0; i < culling.pcl.size(); ++i)
    if (culling.nextLiveTime(i, t) <= t)
      if (std::optional<Violation> hit = solidsOverlap(culling.pcl[i], posePair(worker, culling.pcl[i]), t))
        return hit->contact;
  return std::nullopt;
}
}  // namespace ompl_ccd
