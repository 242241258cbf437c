#include "ompl_ccd/certify/toleranced/toleranced_motion.h"

#include <algorithm>
#include <boost/asio/thread_pool.hpp>
#include <cmath>
#include <optional>
#include <utility>

#include "certify/pipeline/option_ranges.h"
#include "certify/pipeline/pipeline.h"
#include "certify/toleranced/toleranced_worker.h"
#include "ompl_ccd/error.h"
#include "ompl_ccd/geometry/clouds_as_spheres.h"
#include "ompl_ccd/geometry/shape_triangulation.h"
#include "ompl_ccd/model/joint_value_bound.h"
#include "ompl_ccd/numeric.h"

namespace ompl_ccd
{
namespace
{
/// Mode::FirstContact's live-pair probes (CullingOptions::first_contact_probes): the first in
/// collision is bisected against the free one before it down to this fraction of the tolerance
/// (the search then covers only up to t_hit − tolerance, where the first contact is at least this
/// much farther off).
constexpr double kFirstContactBisection = 0.5;
}  // namespace

TolerancedMotion::TolerancedMotion(CollisionWorldPtr world, const TolerancedMotionOptions &options,
                                   const CullingOptions &culling)
  : model_((pipeline::checkOptionRanges(options, culling, "TolerancedMotion"),  // before anything is built
             std::make_shared<const toleranced::Model>(std::move(world), options, culling)))
{
}

TolerancedMotion::~TolerancedMotion() = default;

const TolerancedMotionOptions &TolerancedMotion::options() const { return model_->options(); }

const CullingOptions &TolerancedMotion::culling() const { return model_->frontEnd().options(); }

std::unique_ptr<CertifierWorkspace> TolerancedMotion::makeWorkspace() const
{
  return pipeline::madeFor(model_->makeWorker(), *this);
}

Report TolerancedMotion::certify(CertifierWorkspace &ws, const JointMotion &motion, const Query &query) const
{
  auto &worker = pipeline::ownWorkspace<toleranced::Model::Worker>(ws, *this, "TolerancedMotion::certify");
  checkQuery(query, "TolerancedMotion::certify");
  return model_->certify(worker, motion, query);
}

toleranced::Model::Model(CollisionWorldPtr world, const TolerancedMotionOptions &options, const CullingOptions &culling)
  : world_(withCloudsAsSpheres(std::move(world))), options_(options)
{
  OMPL_CCD_THROW_UNLESS(world_ != nullptr, "TolerancedMotion: the collision world is null; pass a CollisionWorld.");
  front_end_ = std::make_unique<CullingFrontEnd>(world_, culling);
  const RobotModel &robot = world_->robot();
  double extent = 0.0;
  for (const CullingBody &culled : front_end_->bodies())
  {
    const BodyRef &ref = culled.ref;
    const LinkGeometry &geometry = robot.links()[ref.link].geometries[ref.geometry];
    // Mass distribution of the body (Sec. 2) from the vertices of the shape or of the polyhedron
    // circumscribing a primitive, in the link frame.
    const std::vector<Eigen::Vector3d> vertices = triangulateShape(geometry.shape, geometry.X_LG).vertices;
    Body body{ref, AffineMetric::fromVertices(vertices, options_.mass_distribution), 1.0, StandIns(geometry.shape)};
    double rho_sq = 1.0;
    for (const Eigen::Vector3d &p : vertices)
    {
      rho_sq = std::max(rho_sq, body.metric.distortionSquared(p));
      extent = std::max(extent, p.norm());
    }
    body.rho_max = std::sqrt(rho_sq) * (1.0 + numeric::kPadRel);
    bodies_.push_back(std::move(body));
  }
  for (const ompl_ccd::Obstacle &placed : world_->scene().obstacles())
  {
    Obstacle obstacle{StandIns(placed.shape), nullptr, nullptr};
    obstacle.hull = makeCollisionObject(obstacle.stand_ins.hull->fclGeometry());
    obstacle.hull->setTransform(placed.X_WG);
    if (obstacle.stand_ins.surface)
    {
      obstacle.surface = makeCollisionObject(obstacle.stand_ins.surface->triangles);
      obstacle.surface->setTransform(placed.X_WG);
    }
    obstacles_.push_back(std::move(obstacle));
  }
  // Poses are rounded at ~1e-16 of the coordinates; kPadRel of the extent (plus the joint offsets)
  // leaves a wide margin.
  for (std::size_t j = 0; j < robot.joints().size(); ++j)
    extent += robot.joints()[j].X_PJ.translation().norm() + jointValueBound(robot, j);
  margin_ = numeric::kPadRel * (1.0 + extent);
  // The calling thread works too: threads − 1 helpers.
  if (options_.threads > 1)
    pool_ = std::make_unique<boost::asio::thread_pool>(options_.threads - 1);
}

toleranced::Model::~Model()
{
  if (pool_)
    pool_->join();
}

std::unique_ptr<toleranced::Model::Worker> toleranced::Model::makeWorker() const
{
  return std::make_unique<Worker>(*front_end_, bodies_);
}

Report toleranced::Model::certify(Worker &worker, const JointMotion &motion, const Query &query) const
{
  CullingWorkspace &culling = worker.culling;
  culling.counters = {};
  culling.posed_motion = nullptr;  // another motion may sit at the same address
  pipeline::TocBracket bracket;
  Stats stats;
  // the sphere stage first: most edges end here, free or with a contact
  const SphereStageResult spheres = pipeline::sphereStage(*front_end_, culling, motion, query);
  // Whole-robot probes next: a colliding motion is mostly found by one of them.
  const std::optional<Contact> probe =
      spheres.outcome == SphereStageResult::Outcome::Collision ? spheres.contact
      : spheres.outcome == SphereStageResult::Outcome::Open && query.mode == Mode::Decide
          ? pipeline::decideProbes(*front_end_, culling, worker.collision, motion, query)
          : std::nullopt;
  if (probe)
    bracket.addContact(*probe, 0.0);
  else if (spheres.outcome == SphereStageResult::Outcome::Open)
  {
    // The front end's culling: the pairs and pieces that may come within the inflation. In First-
    // Contact mode, probes of those (an edge with none left is Free without any), then the ball
    // coverings of the live spans only as far as the bracket needs, t_hit − tolerance.
    front_end_->cullLivePieces(culling, motion, query.clearance + query.contact_distance, 1.0, spheres.open);
    std::optional<Contact> hit;
    if (query.mode == Mode::FirstContact && !culling.pcl.empty())
      hit = pipeline::firstContactProbes([&](double t) { return probeLivePairs(worker, motion, t); },
                                         front_end_->options().first_contact_probes,
                                         kFirstContactBisection * query.tolerance);
    search(worker, motion, query, hit, bracket, stats);
  }
  Report report = bracket.report();
  mergeCounters(report.stats, worker.takeCounters());
  mergeCounters(report.stats, stats);
  report.stats["collision_probes"] = culling.counters.collision_probes;
  report.stats["box_pieces"] = culling.counters.box_pieces;
  report.stats["pcl_after_spatial_culling"] = culling.counters.pcl_after_spatial_culling;
  pipeline::addSphereStats(*front_end_, spheres, report.stats);
  return report;
}
}  // namespace ompl_ccd
