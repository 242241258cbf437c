// Whole-robot probes of the culling front end ([Zhang2007] Sec. 8's early exit on a configuration
// in collision): the robot at one time, as one state of OMPL's DiscreteMotionValidator. See
// culling_front_end.h.
#include <fcl/narrowphase/collision.h>

#include "certify/pipeline/culling_front_end.h"
#include "ompl_ccd/geometry/collision_queries.h"
#include "ompl_ccd/geometry/scene_box_queries.h"

namespace ompl_ccd
{
namespace
{
/** \brief The probe's answer from FCL's collision \a result (one contact). */
ProbeHit hitOf(const BodyPair &pair, double t, const fcl::CollisionResultd &result)
{
  const fcl::Contactd &touch = result.getContact(0);
  ProbeHit hit;
  hit.pair = pair;
  hit.t = t;
  hit.point = touch.pos;
  // FCL's normal points from its first object (the pair's body a) to the second
  hit.normal = touch.normal.norm() > 0.0 ? Eigen::Vector3d(touch.normal.normalized()) : Eigen::Vector3d::Zero();
  return hit;
}
}  // namespace

const fcl::CollisionObjectd &CullingFrontEnd::placedForProbe(CullingWorkspace &ws, int b) const
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

std::optional<ProbeHit> CullingFrontEnd::probeWholeRobot(CullingWorkspace &ws, const JointMotion &motion,
                                                         double t) const
{
  poseAt(ws, motion, t);
  // each body's box turned (tighter than FCL's computeAABB); a body is placed only once a narrow
  // phase needs it
  ws.probe_boxes.resize(bodies_.size());
  ws.probe_placed.assign(bodies_.size(), 0);
  for (std::size_t b = 0; b < bodies_.size(); ++b)
    ws.probe_boxes[b] = worldAabb(ws.kinematics.X_WL[bodies_[b].ref.link], bodies_[b].box);
  ws.counters.collision_probes += 1;
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
        return hitOf(BodyPair{static_cast<int>(b), -1, obstacle, -1}, t, result);
  for (const BodyPair &pair : self_pairs_)
  {
    if (!ws.probe_boxes[pair.a].intersects(ws.probe_boxes[pair.b]))
      continue;
    // the pair's certificate bounds its distance at t above zero: no collision to look for
    const JointSpaceCertificate *bound = certificate(pair);
    if (bound && bound->lowerBoundAt(motion, t) > 0.0)
      continue;
    // libccd's MPR at most, never its asserting GJK (collision_queries.h)
    if (fcl::collide(&placedForProbe(ws, pair.a), &placedForProbe(ws, pair.b), request, result) > 0)
      return hitOf(pair, t, result);
  }
  return std::nullopt;
}
}  // namespace ompl_ccd
