#include "ompl_ccd/ompl/edge_checker.h"

#include <charconv>

#include "ompl_ccd/error.h"
#include "ompl_ccd/ompl/certifying_motion_validator.h"
#include "ompl_ccd/ompl/edge_report.h"
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

int edgeJobs(const std::string &text, const std::string &what)
{
  long long jobs = 0;
  const char *end = text.data() + text.size();
  const std::from_chars_result read = std::from_chars(text.data(), end, jobs);
  OMPL_CCD_THROW_UNLESS(read.ec == std::errc() && read.ptr == end && !text.empty() && jobs >= 1 &&
                            jobs <= kMaxEdgeJobs,
                        what, " is ", text, "; give an integer in [1, ", kMaxEdgeJobs, "] (threads answering edges).");
  return static_cast<int>(jobs);
}

std::vector<EdgeReport> EdgeChecker::checkAll(const std::vector<Edge> &edges, Mode mode, int jobs) const
{
  edgeJobs(std::to_string(jobs), "EdgeChecker::checkAll: jobs");
  CertifyOptions options;
  options.mode = mode;
  options.jobs = static_cast<unsigned int>(jobs);
  return certifyEdges(shared_->si, world_, edges, options);
}
}  // namespace ompl_ccd
