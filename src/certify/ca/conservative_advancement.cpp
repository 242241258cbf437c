// The CA certifier: its construction and certify(), the paper's steps in order on the pipeline
// (certify/pipeline/pipeline.h): the Decide probes, the front end's live-piece culling, then
// temporal culling (ca_temporal_culling.cpp, Mode::FirstContact) or the Decide early exit
// (ca_early_exit.cpp). The per-pair advancement is in ca_advance.cpp, its slab bound in
// ca_slab_separation.cpp, the collision probes in ca_collision_probes.cpp.
#include "ompl_ccd/certify/ca/conservative_advancement.h"

#include <cassert>

#include "certify/ca/ca_workspace.h"
#include "certify/pipeline/option_ranges.h"
#include "certify/pipeline/pipeline.h"
#include "ompl_ccd/bound/motion_bound.h"
#include "certify/pipeline/hull_cache.h"
#include "ompl_ccd/error.h"
#include "ompl_ccd/geometry/clouds_as_spheres.h"

namespace ompl_ccd
{
ConservativeAdvancement::ConservativeAdvancement(CollisionWorldPtr world, const ConservativeAdvancementOptions &options,
                                                 const CullingOptions &culling)
  : model_((pipeline::checkOptionRanges(options, culling, "ConservativeAdvancement"),  // before anything is built
             std::make_shared<const ca::Model>(std::move(world), options, culling)))
{
}

ConservativeAdvancement::~ConservativeAdvancement() = default;

const CollisionWorld &ConservativeAdvancement::world() const { return model_->world(); }

const ConservativeAdvancementOptions &ConservativeAdvancement::options() const { return model_->options(); }

const CullingOptions &ConservativeAdvancement::culling() const { return model_->frontEnd().options(); }

std::unique_ptr<CertifierWorkspace> ConservativeAdvancement::makeWorkspace() const
{
  return pipeline::madeFor(std::make_unique<ca::Model::Workspace>(*model_), *this);
}

Report ConservativeAdvancement::certify(CertifierWorkspace &ws, const JointMotion &motion, const Query &query) const
{
  auto &own = pipeline::ownWorkspace<ca::Model::Workspace>(ws, *this, "ConservativeAdvancement::certify");
  checkQuery(query, "ConservativeAdvancement::certify");
  return model_->certify(own, motion, query);
}

ca::Model::Model(CollisionWorldPtr world, const ConservativeAdvancementOptions &options, const CullingOptions &culling)
  : world_(withCloudsAsSpheres(std::move(world))), options_(options), front_end_(world_, culling)
{
  buildBodies();
  buildObstacles();
}

void ca::Model::buildBodies()
{
  const RobotModel &robot = world_->robot();
  std::vector<BodyRef> refs;
  for (const CullingBody &culling_body : front_end_.bodies())
    refs.push_back(culling_body.ref);
  const HullList hulls = sharedHulls(world_->robotPtr(), refs, options_.hull_max_gap,
                                     certificateCacheFolder(front_end_.options().certificate_cache));
  for (std::size_t i = 0; i < refs.size(); ++i)
  {
    const LinkGeometry &geometry = robot.links()[refs[i].link].geometries[refs[i].geometry];
    Body body;
    static_cast<CullingBody &>(body) = front_end_.bodies()[i];
    body.hull = hulls[i];
    body.surface = makePrimitiveSurface(geometry.shape);
    body.axis = makeCylinderAxis(geometry.shape);
    bodies_.push_back(std::move(body));
  }
}

void ca::Model::buildObstacles()
{
  for (const Obstacle &obstacle : world_->scene().obstacles())
  {
    // an FCL object of the obstacle's geometry (null: none) fixed at its pose
    const auto placed = [&](const FclGeometryPtr &geometry) {
      std::unique_ptr<fcl::CollisionObjectd> object;
      if (geometry)
      {
        object = ca::makeObject(geometry);
        object->setTransform(obstacle.X_WG);
      }
      return object;
    };
    auto hull = std::make_shared<const ConvexHull>(obstacle.shape, options_.hull_max_gap);
    obstacle_hull_objects_.push_back(placed(hull->fclGeometry()));
    obstacle_hulls_.push_back(std::move(hull));
    const std::optional<PrimitiveSurface> primitive = makePrimitiveSurface(obstacle.shape);
    obstacle_surface_objects_.push_back(placed(primitive ? primitive->triangles : nullptr));
    obstacle_surface_gaps_.push_back(primitive ? primitive->gap : 0.0);
    const std::optional<CylinderAxis> axis = makeCylinderAxis(obstacle.shape);
    obstacle_axis_objects_.push_back(placed(axis ? axis->segment : nullptr));
    obstacle_axis_radii_.push_back(axis ? axis->radius : 0.0);
  }
}

void ca::Model::placePair(Workspace &ws, const BodyPair &pair) const
{
  const RobotModel &robot = world_->robot();
  for (const int b : {pair.a, pair.b})
    if (b >= 0)
    {
      const BodyRef &ref = bodies_[b].ref;
      const Eigen::Isometry3d X_WG =
          ws.kinematics.X_WL[ref.link] * robot.links()[ref.link].geometries[ref.geometry].X_LG;
      ws.mesh_objects[b]->setTransform(X_WG);
      ws.hull_objects[b]->setTransform(X_WG);
      if (ws.surface_objects[b])
        ws.surface_objects[b]->setTransform(X_WG);
      if (ws.axis_objects[b])
        ws.axis_objects[b]->setTransform(X_WG);
    }
}

Contact ca::Model::witness(const BodyPair &pair, const Advance &advance) const
{
  const RobotModel &robot = world_->robot();
  const BodyRef &a = bodies_[pair.a].ref;
  Contact contact;
  contact.time = advance.t;
  contact.link = robot.links()[a.link].geometries[a.geometry].urdf_link;
  if (pair.b >= 0)
  {
    const BodyRef &b = bodies_[pair.b].ref;
    contact.other = robot.links()[b.link].geometries[b.geometry].urdf_link;
  }
  else
    contact.other = world_->scene().obstacles()[pair.obstacle].name;
  contact.point_a = advance.p_WA;
  contact.point_b = advance.p_WB;
  const Eigen::Vector3d gap = advance.p_WB - advance.p_WA;
  contact.normal = gap.norm() > 0.0 ? Eigen::Vector3d(gap.normalized()) : advance.normal;
  contact.distance = advance.distance;
  return contact;
}

Report ca::Model::certify(Workspace &ws, const JointMotion &motion, const Query &query) const
{
  assert(&motion.model() == &world_->robot() && "motion of another robot");
  ws.stats = {};
  ws.counters = {};
  ws.posed_motion = nullptr;  // another motion may sit where the last one did
  ws.stats.pcl_before_culling = static_cast<double>(front_end_.pairCount());
  pipeline::TocBracket bracket;
  // the sphere stage first: most edges end here, free or with a contact
  const SphereStageResult spheres = pipeline::sphereStage(front_end_, ws, motion, query);
  if (spheres.outcome == SphereStageResult::Outcome::Collision)
    bracket.addContact(*spheres.contact, 0.0);
  else if (spheres.outcome == SphereStageResult::Outcome::Open)
  {
    // Decide: a configuration in contact ends it before any bound is computed ([Zhang2007] Sec. 8)
    const std::optional<Contact> probe =
        query.mode == Mode::Decide ? pipeline::decideProbes(front_end_, ws, ws.collision, motion, query) : std::nullopt;
    if (probe)
      bracket.addContact(*probe, 0.0);
    else
    {
      // spatial culling, [Zhang2007] Sec. 5, piece by piece: contact counts from distance ≤
      // clearance + contact_distance, so boxes are widened by that much
      front_end_.cullLivePieces(ws, motion, query.clearance + query.contact_distance, 1.0, spheres.open);
      if (query.mode == Mode::Decide)
        decide(ws, motion, query, bracket);  // pair by pair, Sec. 8
      else
        firstContact(ws, motion, query, bracket);  // temporal culling, Alg. 1
    }
  }
  Report report = bracket.report();
  if (query.statistics)
  {
    report.stats = ws.stats.toStats(ws.counters);
    pipeline::addSphereStats(front_end_, spheres, report.stats);
  }
  return report;
}
}  // namespace ompl_ccd
