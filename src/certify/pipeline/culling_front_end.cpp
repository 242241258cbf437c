// The culling front end's construction (bodies, self pairs, certificates), its per-thread
// workspace and the link poses at a time. Live-piece culling is in culling_live_pieces.cpp, the
// whole-robot probes in culling_probes.cpp. See culling_front_end.h.
#include "certify/pipeline/culling_front_end.h"

#include <cmath>

#include "certify/pipeline/potentially_colliding_pairs.h"
#include "certify/pipeline/shared_certificates.h"
#include "spheres/shared_sphere_model.h"
#include "ompl_ccd/error.h"

namespace ompl_ccd
{
CullingFrontEnd::CullingFrontEnd(CollisionWorldPtr world, const CullingOptions &options)
  : world_(std::move(world)), options_(options)
{
  const RobotModel &robot = world_->robot();
  std::vector<BodyRef> refs = collisionBodies(*world_);
  for (const BodyRef &ref : refs)
  {
    const LinkGeometry &geometry = robot.links()[ref.link].geometries[ref.geometry];
    bodies_.push_back({ref, bodyReach(robot, ref.link, geometry), localBox(geometry)});
  }
  self_pairs_ = selfBodyPairs(*world_, refs);
  certificates_.resize(bodies_.size() * bodies_.size());
  if (options_.certificate_max_dims > 0)
  {
    JointSpaceCertificateOptions certificate_options;
    certificate_options.max_dims = options_.certificate_max_dims;
    certificate_options.max_cells = options_.certificate_max_cells;
    const std::vector<std::shared_ptr<const JointSpaceCertificate>> built =
        sharedCertificates(*world_, refs, self_pairs_, certificate_options,
                           certificateCacheFolder(options_.certificate_cache));
    for (std::size_t i = 0; i < self_pairs_.size(); ++i)
      certificates_[self_pairs_[i].a * bodies_.size() + self_pairs_[i].b] = built[i];
  }
  if (options_.sphere_front_end)
    spheres_ = std::make_shared<const SphereStage>(spheres::sharedSphereModel(world_, refs, self_pairs_));
}

CullingWorkspace::CullingWorkspace(const CullingFrontEnd &front_end) : kinematics(front_end.world().robot())
{
  for (const CullingBody &body : front_end.bodies())
    mesh_objects.push_back(
        makeCollisionObject<BoxedCollisionObject>(front_end.world().linkGeometry(body.ref.link, body.ref.geometry)));
  if (const SphereStage *stage = front_end.sphereStage())
    spheres = stage->makeWorkspace();
}

void CullingFrontEnd::poseAt(CullingWorkspace &ws, const JointMotion &motion, double t) const
{
  if (ws.posed_motion == &motion && ws.posed_time == t)
    return;
  motion.stateAt(t, ws.q);
  forwardKinematics(world_->robot(), ws.kinematics, ws.q);
  ws.posed_motion = &motion;
  ws.posed_time = t;
}
}  // namespace ompl_ccd
