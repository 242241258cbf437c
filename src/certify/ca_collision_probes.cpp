// Collision probes of the CA certifier (Mode::Decide): the whole robot at the first times of the
// bisection order before any bound is computed, a pair at a few times past its hull bound τ̌, and
// the creep probes' single checks. See ca_collision_probes.h.
#include "ca_collision_probes.h"

#include <fcl/narrowphase/collision.h>

#include "ca_workspace.h"
#include "ompl_ccd/geometry/collision_queries.h"
#include "ompl_ccd/geometry/scene_box_queries.h"

namespace ompl_ccd
{
double ca::bisectionTime(int k)
{
  int level = 1;  // largest power of two ≤ k + 1
  while (2 * level <= k + 1)
    level *= 2;
  return (2.0 * (k + 1 - level) + 1.0) / (2.0 * level);
}

std::optional<ConservativeAdvancement::Advance> ConservativeAdvancement::collideAt(Workspace &ws,
                                                                                 const JointMotion &motion,
                                                                                 std::size_t i, double t) const
{
  if (!(nextLiveTime(ws, i, t) <= t))  // the pair's boxes are apart then
    return std::nullopt;
  const BodyPair &pair = ws.pcl[i];
  poseAt(ws, motion, t);
  placePair(ws, pair);
  fcl::CollisionRequestd request(1, true);
  fcl::CollisionResultd result;
  ws.stats.collision_probes += 1;
  if (!collides(ws, pair, request, result))
    return std::nullopt;
  return probeHit(result, t);
}

bool ConservativeAdvancement::collides(Workspace &ws, const BodyPair &pair, const fcl::CollisionRequestd &request,
                                       fcl::CollisionResultd &result) const
{
  if (pair.b < 0)
    return obstacleCollides(world_->scene(), pair.obstacle, *ws.mesh_objects[pair.a], request, result);
  return fcl::collide(ws.mesh_objects[pair.a].get(), ws.mesh_objects[pair.b].get(), request, result) > 0;
}

ConservativeAdvancement::Advance ConservativeAdvancement::probeHit(const fcl::CollisionResultd &result, double t)
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

std::optional<ConservativeAdvancement::Advance> ConservativeAdvancement::probeCollision(Workspace &ws,
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

const fcl::CollisionObjectd &ConservativeAdvancement::placedForProbe(Workspace &ws, int b) const
{
  if (!ws.probe_placed[b])
  {
    const BodyRef &ref = bodies_[b].ref;
    const Eigen::Isometry3d &X_LG = world_->robot().links()[ref.link].geometries[ref.geometry].X_LG;
    ws.mesh_objects[b]->setTransform(ws.kinematics.X_WL[ref.link] * X_LG);
    ws.mesh_objects[b]->setAabb(ws.probe_boxes[b]);
    ws.probe_placed[b] = 1;
  }
  return *ws.mesh_objects[b];
}

std::optional<std::pair<BodyPair, ConservativeAdvancement::Advance>>
ConservativeAdvancement::probeWholeRobot(Workspace &ws, const JointMotion &motion, double t) const
{
  poseAt(ws, motion, t);
  // each body's box turned (tighter than FCL's computeAABB); a body is placed only once a narrow
  // phase needs it
  ws.probe_boxes.resize(bodies_.size());
  ws.probe_placed.assign(bodies_.size(), 0);
  for (std::size_t b = 0; b < bodies_.size(); ++b)
    ws.probe_boxes[b] = worldAabb(ws.kinematics.X_WL[bodies_[b].ref.link], bodies_[b].box);
  ws.stats.collision_probes += 1;
  fcl::CollisionRequestd request(1, true);  // FCL's contact point is the witness
  fcl::CollisionResultd result;
  // the robot's box against the scene's broadphase, then each body's box against what that overlaps
  Eigen::AlignedBox3d robot_box;
  for (const Eigen::AlignedBox3d &box : ws.probe_boxes)
    robot_box.extend(box);
  overlappingObstacles(world_->scene(), robot_box, ws.probe_obstacles);
  for (std::size_t b = 0; b < bodies_.size(); ++b)
    for (const int obstacle : ws.probe_obstacles)
      if (obstacleOverlaps(world_->scene(), obstacle, ws.probe_boxes[b]) &&
          obstacleCollides(world_->scene(), obstacle, placedForProbe(ws, static_cast<int>(b)), request, result))
        return std::make_pair(BodyPair{static_cast<int>(b), -1, obstacle, -1}, probeHit(result, t));
  for (const BodyPair &pair : self_pairs_)
  {
    if (!ws.probe_boxes[pair.a].intersects(ws.probe_boxes[pair.b]))
      continue;
    // the pair's certificate bounds its distance at t above zero: no collision to look for
    const auto &certificate = certificates_[pair.a * bodies_.size() + pair.b];
    if (certificate && certificate->lowerBoundAt(motion, t) > 0.0)
      continue;
    if (fcl::collide(&placedForProbe(ws, pair.a), &placedForProbe(ws, pair.b), request, result) > 0)
      return std::make_pair(pair, probeHit(result, t));
  }
  return std::nullopt;
}
}  // namespace ompl_ccd
