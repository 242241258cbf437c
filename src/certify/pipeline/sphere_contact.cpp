#include "certify/pipeline/sphere_contact.h"

#include <algorithm>
#include <cmath>
#include <fcl/narrowphase/collision.h>

#include "ompl_ccd/numeric.h"

namespace ompl_ccd
{
namespace
{
using spheres::Solid;
using spheres::SphereModel;

/// The point of a primitive \a shape posed at \a X_WG nearest \a p (p itself inside it).
Eigen::Vector3d closestOnPrimitive(const CollisionShape &shape, const Eigen::Isometry3d &X_WG, const Eigen::Vector3d &p)
{
  Eigen::Vector3d l = X_WG.linear().transpose() * (p - X_WG.translation());
  switch (shape.kind)
  {
    case CollisionShape::Kind::Box:
      l = l.cwiseMax(-0.5 * shape.box_size).cwiseMin(0.5 * shape.box_size);
      break;
    case CollisionShape::Kind::Cylinder:
    {
      const double radial = std::hypot(l.x(), l.y());
      if (radial > shape.radius)
        l.head<2>() *= shape.radius / radial;
      l.z() = std::clamp(l.z(), -0.5 * shape.length, 0.5 * shape.length);
      break;
    }
    case CollisionShape::Kind::Sphere:
      if (l.norm() > shape.radius)
        l *= shape.radius / l.norm();
      break;
    case CollisionShape::Kind::Mesh:
      break;
  }
  return X_WG * l;
}

/// The largest distance from \a p of a point of a primitive \a shape posed at \a X_WG, rounded down.
double farthestFrom(const CollisionShape &shape, const Eigen::Isometry3d &X_WG, const Eigen::Vector3d &p)
{
  double farthest = 0.0;
  switch (shape.kind)
  {
    case CollisionShape::Kind::Box:
      for (int corner = 0; corner < 8; ++corner)
      {
        const Eigen::Vector3d s((corner & 1) ? 0.5 : -0.5, (corner & 2) ? 0.5 : -0.5, (corner & 4) ? 0.5 : -0.5);
        farthest = std::max(farthest, (X_WG * Eigen::Vector3d(s.cwiseProduct(shape.box_size)) - p).norm());
      }
      break;
    case CollisionShape::Kind::Cylinder:
      // a rim circle's farthest point from p: √((|c_⊥| + ρ)² + (c·w)²), c = rim centre − p
      for (double z : {-0.5 * shape.length, 0.5 * shape.length})
      {
        const Eigen::Vector3d c = X_WG * Eigen::Vector3d(0.0, 0.0, z) - p, w = X_WG.linear().col(2);
        const double along = c.dot(w);
        farthest = std::max(farthest, std::hypot((c - along * w).norm() + shape.radius, along));
      }
      break;
    case CollisionShape::Kind::Sphere:
      farthest = (X_WG.translation() - p).norm() + shape.radius;
      break;
    case CollisionShape::Kind::Mesh:
      break;
  }
  return farthest * (1.0 - numeric::kPadRel) - numeric::kPadAbs;
}

/// One side of the pair: its shape posed, its solid and bounding ball, its name.
struct Side
{
  const CollisionShape *shape = nullptr;
  Eigen::Isometry3d X_WG = Eigen::Isometry3d::Identity();
  Solid solid = Solid::None;
  Sphere bound;
  std::string name;
  int link = -1, geometry = -1, obstacle = -1;
};

Side bodySide(const SphereModel &model, const KinematicsWorkspace &kinematics, int b)
{
  const spheres::LaneBody &body = model.bodies()[b];
  const LinkGeometry &geometry = model.world().robot().links()[body.link].geometries[body.ref.geometry];
  const Eigen::Isometry3d &X_WL = kinematics.X_WL[body.link];
  return {&geometry.shape, X_WL * geometry.X_LG, body.solid, {X_WL * body.bound_L.centre, body.bound_L.radius},
          geometry.urdf_link, body.link, body.ref.geometry, -1};
}

Side obstacleSide(const SphereModel &model, int o)
{
  const spheres::LaneObstacle &lane = model.obstacles()[o];
  const Obstacle &obstacle = model.world().scene().obstacles()[lane.scene_index];
  return {&obstacle.shape, obstacle.X_WG, lane.solid, lane.obstacle_bound_W, obstacle.name, -1, -1, lane.scene_index};
}

/// Balls [first, first + count) of \a balls, in the world (fixed in \a X_WF's frame).
std::vector<Sphere> placedBalls(const spheres::BallArrays &balls, int first, int count, const Eigen::Isometry3d &X_WF)
{
  std::vector<Sphere> placed;
  for (int i = first; i < first + count; ++i)
    placed.push_back({X_WF * Eigen::Vector3d(balls.x[i], balls.y[i], balls.z[i]), static_cast<double>(balls.r[i])});
  return placed;
}

/// A point inside an inner ball of a and inside the other (a primitive, or one of its balls), and
/// that ball's centre; nothing when no overlap holds in double precision.
std::optional<std::pair<Eigen::Vector3d, Eigen::Vector3d>> overlapPoint(const std::vector<Sphere> &inner_a,
                                                                         const Side &other,
                                                                         const std::vector<Sphere> &inner_other)
{
  for (const Sphere &a : inner_a)
  {
    if (other.solid == Solid::Primitive && inner_other.empty())
    {
      const Eigen::Vector3d q = closestOnPrimitive(*other.shape, other.X_WG, a.centre);
      if ((q - a.centre).norm() < a.radius - numeric::kPadAbs)
        return std::make_pair(q, a.centre);
      continue;
    }
    for (const Sphere &b : inner_other)
    {
      const Eigen::Vector3d gap = b.centre - a.centre;
      const double overlap = a.radius + b.radius - gap.norm();
      if (overlap > numeric::kPadAbs)  // the point on the segment between them, inside both
        return std::make_pair(Eigen::Vector3d(a.centre + gap.normalized() * (a.radius - 0.5 * overlap)), a.centre);
    }
  }
  return std::nullopt;
}

/// Whether the two shapes' exact collision query says they touch; FCL's contact into \a contact.
bool fclTouch(const SphereModel &model, CollisionWorkspace &collision, const Side &a, const Side &b, Contact &contact)
{
  fcl::CollisionObjectd &object_a = *collision.objects[a.link][a.geometry];
  object_a.setTransform(a.X_WG);
  object_a.computeAABB();
  const fcl::CollisionRequestd request(1, true);
  fcl::CollisionResultd result;
  bool touch = false;
  if (b.obstacle >= 0)
    touch = obstacleCollides(model.world().scene(), b.obstacle, object_a, request, result);
  else
  {
    fcl::CollisionObjectd &object_b = *collision.objects[b.link][b.geometry];
    object_b.setTransform(b.X_WG);
    object_b.computeAABB();
    touch = fcl::collide(&object_a, &object_b, request, result) > 0;
  }
  if (touch && result.numContacts() > 0)
  {
    const fcl::Contactd &c = result.getContact(0);
    contact.point_a = contact.point_b = c.pos;
    contact.normal = c.normal.norm() > 0.0 ? Eigen::Vector3d(c.normal.normalized()) : Eigen::Vector3d::Zero();
  }
  return touch;
}
}  // namespace

std::optional<Contact> confirmInnerHit(const SphereModel &model, CollisionWorkspace &collision,
                                       const JointMotion &motion, const spheres::InnerHit &hit)
{
  Eigen::VectorXd q = motion.stateAt(hit.t);
  forwardKinematics(motion.model(), collision.kinematics, q);
  const spheres::SweepPair &pair = hit.pair;
  const spheres::LaneBody &body = model.bodies()[pair.a];
  const Side a = bodySide(model, collision.kinematics, pair.a);
  const Side other = pair.other >= 0 ? bodySide(model, collision.kinematics, pair.other) : obstacleSide(model, pair.obstacle);
  std::vector<Sphere> inner_other;
  if (pair.other >= 0)
  {
    const spheres::LaneBody &b = model.bodies()[pair.other];
    inner_other = placedBalls(model.inner(), b.inner_first, b.inner_count, collision.kinematics.X_WL[b.link]);
  }
  else if (model.obstacles()[pair.obstacle].shape == spheres::ObstacleShape::Balls)
  {
    const spheres::LaneObstacle &o = model.obstacles()[pair.obstacle];
    inner_other = placedBalls(model.obstacleInner(), o.inner_first, o.inner_count, Eigen::Isometry3d::Identity());
  }
  const auto overlap = overlapPoint(
      placedBalls(model.inner(), body.inner_first, body.inner_count, collision.kinematics.X_WL[body.link]), other,
      inner_other);
  if (!overlap)
    return std::nullopt;
  Contact contact;
  contact.time = hit.t;
  contact.link = a.name;
  contact.other = other.name;
  contact.point_a = contact.point_b = overlap->first;
  const Eigen::Vector3d towards = overlap->first - overlap->second;
  contact.normal = towards.norm() > numeric::kMinDirectionLength ? Eigen::Vector3d(towards.normalized())
                                                                 : Eigen::Vector3d::Zero();
  // the contact rule: two solids; or a closed mesh and a primitive reaching outside its ball
  const bool proved =
      (a.solid == Solid::Primitive && other.solid == Solid::Primitive) ||
      (a.solid == Solid::ClosedMesh && other.solid == Solid::Primitive &&
       farthestFrom(*other.shape, other.X_WG, a.bound.centre) > a.bound.radius) ||
      (a.solid == Solid::Primitive && other.solid == Solid::ClosedMesh &&
       farthestFrom(*a.shape, a.X_WG, other.bound.centre) > other.bound.radius);
  if (!proved && !fclTouch(model, collision, a, other, contact))
    return std::nullopt;
  return contact;
}
}  // namespace ompl_ccd
