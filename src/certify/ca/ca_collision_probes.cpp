// Collision probes of the CA certifier (Mode::Decide): a pair at a few times past its hull bound τ̌,
// and the creep probes' single checks (the whole-robot probes are the front end's,
// culling_probes.cpp). Probes certify nothing: one in collision is a witness.
#include <fcl/narrowphase/collision.h>

#include "certify/ca/ca_workspace.h"
#include "ompl_ccd/geometry/collision_queries.h"

namespace ompl_ccd
{
std::optional<ca::Model::Advance> ca::Model::collideAt(Workspace &ws,
                                                                                 const JointMotion &motion,
                                                                                 std::size_t i, double t) const
{
  if (!(ws.nextLiveTime(i, t) <= t))  // the pair's boxes are apart then
    return std::nullopt;
  const BodyPair &pair = ws.pcl[i];
  front_end_.poseAt(ws, motion, t);
  placePair(ws, pair);
  fcl::CollisionRequestd request(1, true);
  fcl::CollisionResultd result;
  ws.counters.collision_probes += 1;
  if (!collides(ws, pair, request, result))
    return std::nullopt;
  return probeHit(result, t);
}

bool ca::Model::collides(Workspace &ws, const BodyPair &pair, const fcl::CollisionRequestd &request,
                                       fcl::CollisionResultd &result) const
{
  if (pair.b < 0)
    return obstacleCollides(world_->scene(), pair.obstacle, *ws.mesh_objects[pair.a], request, result);
  // libccd's MPR at most, never its asserting GJK (collision_queries.h)
  return fcl::collide(ws.mesh_objects[pair.a].get(), ws.mesh_objects[pair.b].get(), request, result) > 0;
}

ca::Model::Advance ca::Model::probeHit(const fcl::CollisionResultd &result, double t)
{
  const fcl::Contactd &touch = result.getContact(0);
  Advance hit;
  hit.status = Advance::Status::Contact;
  hit.in_collision = true;
  hit.t = t;
  hit.p_WA = hit.p_WB = touch.pos;
  // FCL's normal points from its first object (the pair's body a) to the second
  hit.normal = touch.normal.norm() > 0.0 ? Eigen::Vector3d(touch.normal.normalized()) : Eigen::Vector3d::Zero();
  return hit;
}

std::optional<ca::Model::Advance> ca::Model::probeCollision(Workspace &ws,
                                                                                     const JointMotion &motion,
                                                                                     std::size_t i,
                                                                                     double t_from) const
{
  const int samples = options_.collision_probes;
  for (int k = 1; k <= samples; ++k)
    if (auto hit = collideAt(ws, motion, i, k == samples ? 1.0 : t_from + (1.0 - t_from) * k / samples))
      return hit;
  return std::nullopt;
}

}  // namespace ompl_ccd
