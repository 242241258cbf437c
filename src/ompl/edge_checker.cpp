#include "ompl_ccd/ompl/edge_checker.h"

#include "ompl_ccd/error.h"
#include "ompl_ccd/ompl/certifying_motion_validator.h"
#include "ompl_ccd/ompl/planning.h"
#include "ompl_ccd/ompl/simple_setup.h"

namespace ompl_ccd
{
EdgeChecker::EdgeChecker(CollisionWorldPtr world, std::string validator, ValidatorOptions options)
  : world_(std::move(world))
  , validator_(std::move(validator))
  , options_(std::move(options))
  , lanes_([this] { return makeLane(); })
{
  shared_ = makeValidatorLane();
  certifying_ = dynamic_cast<const CertifyingMotionValidator *>(shared_->validator.get()) != nullptr;
}

std::unique_ptr<EdgeChecker::Lane> EdgeChecker::makeValidatorLane() const
{
  const ompl::base::SpaceInformationPtr si = makeSpaceInformation(world_, validator_, options_);
  return std::make_unique<Lane>(Lane{si, si->getMotionValidator(), std::make_unique<CollisionWorkspace>(*world_)});
}

std::unique_ptr<EdgeChecker::Lane> EdgeChecker::makeLane() const
{
  if (!certifying_)
    return makeValidatorLane();
  return std::make_unique<Lane>(Lane{shared_->si, shared_->validator, std::make_unique<CollisionWorkspace>(*world_)});
}

Report EdgeChecker::answer(Lane &lane, const Edge &edge, Mode mode, double *time_us) const
{
  return reportEdge(lane.si, world_, lane.validator, edge.start, edge.goal, mode, time_us, *lane.ws);
}

Report EdgeChecker::check(const Eigen::VectorXd &q1, const Eigen::VectorXd &q2, Mode mode, double *time_us) const
{
  return answer(lanes_.local(), Edge{q1, q2, 0}, mode, time_us);
}

std::vector<EdgeReport> EdgeChecker::checkAll(const std::vector<Edge> &edges, Mode mode, int jobs) const
{
  OMPL_CCD_THROW_UNLESS(jobs >= 1 && jobs <= kMaxEdgeJobs, "EdgeChecker::checkAll: jobs is ", jobs,
                        "; give an integer in [1, ", kMaxEdgeJobs, "] (threads answering edges).");
  CertifyOptions options;
  options.mode = mode;
  options.jobs = static_cast<unsigned int>(jobs);
  return certifyEdges(shared_->si, world_, edges, options);
}
}  // namespace ompl_ccd
