// The culling front end's options check and construction (bodies, self pairs, certificates), its per-thread
// workspace and the link poses at a time. Live-piece culling is in culling_live_pieces.cpp, the
// whole-robot probes in culling_probes.cpp. See culling_front_end.h.
#include "ompl_ccd/certify/pipeline/culling_front_end.h"

#include <cmath>

#include "ompl_ccd/certify/pipeline/potentially_colliding_pairs.h"
#include "ompl_ccd/error.h"

namespace ompl_ccd
{
void CullingOptions::validate() const
{
  OMPL_CCD_THROW_UNLESS(swept_box_samples >= 1, "CullingOptions: swept_box_samples (", swept_box_samples,
                        ") must be at least 1; raise it.");
  OMPL_CCD_THROW_UNLESS(swept_box_travel > 0.0 && std::isfinite(swept_box_travel), "CullingOptions: swept_box_travel (",
                        swept_box_travel, ") must be positive and finite; use 0.5 (metres).");
  OMPL_CCD_THROW_UNLESS(certificate_max_dims >= 0 && certificate_max_dims <= 3,
                        "CullingOptions: certificate_max_dims (", certificate_max_dims,
                        ") must be in [0, 3]; use 2, or 0 for no certificates.");
  OMPL_CCD_THROW_UNLESS(certificate_max_cells >= 1, "CullingOptions: certificate_max_cells (", certificate_max_cells,
                        ") must be at least 1; use 8192.");
  OMPL_CCD_THROW_UNLESS(!certificate_cache.empty(),
                        "CullingOptions: certificate_cache is empty; use default, off or a folder.");
  OMPL_CCD_THROW_UNLESS(max_taylor_pieces >= 1, "CullingOptions: max_taylor_pieces (", max_taylor_pieces,
                        ") must be at least 1; raise it.");
}

CullingFrontEnd::CullingFrontEnd(CollisionWorldPtr world, const CullingOptions &options)
  : world_(std::move(world)), options_(options)
{
  options_.validate();
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
}

CullingWorkspace::CullingWorkspace(const CullingFrontEnd &front_end) : kinematics(front_end.world().robot())
{
  for (const CullingBody &body : front_end.bodies())
    mesh_objects.push_back(
        makeCollisionObject<BoxedCollisionObject>(front_end.world().linkGeometry(body.ref.link, body.ref.geometry)));
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
