#include "ompl_ccd/ompl/edge_checker.h"

#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <thread>

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
  // SimpleSetup::setup() would also allocate a planner, which needs a goal: set up the space
  // information only (state space, validity checker, motion validator).
  const ompl::base::SpaceInformationPtr si = makeSimpleSetup(world_, validator_, options_)->getSpaceInformation();
  si->setup();
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

std::vector<EdgeAnswer> EdgeChecker::checkAll(const std::vector<Edge> &edges, Mode mode, int jobs) const
{
  OMPL_CCD_THROW_UNLESS(jobs >= 1 && jobs <= kMaxEdgeJobs, "EdgeChecker::checkAll: jobs is ", jobs,
                        "; give an integer in [1, ", kMaxEdgeJobs, "] (threads answering edges).");
  // The helper threads live for this call only: their lanes too (lanes_ keeps one per thread, and
  // would grow with every call).
  const std::size_t threads = std::min<std::size_t>(jobs, std::max<std::size_t>(edges.size(), 1));
  std::vector<std::unique_ptr<Lane>> helper_lanes;
  for (std::size_t t = 1; t < threads; ++t)
    helper_lanes.push_back(makeLane());

  std::vector<EdgeAnswer> answers(edges.size());
  std::atomic<std::size_t> next{0};
  std::exception_ptr failure;
  std::mutex failure_mutex;
  const auto work = [&](Lane &lane) {
    try
    {
      for (std::size_t i = next++; i < edges.size(); i = next++)
        answers[i].report = answer(lane, edges[i], mode, &answers[i].time_us);
    }
    catch (...)
    {
      next = edges.size();  // the other threads stop after their current edge
      std::lock_guard<std::mutex> lock(failure_mutex);
      if (!failure)
        failure = std::current_exception();
    }
  };
  std::vector<std::thread> helpers;
  for (const std::unique_ptr<Lane> &lane : helper_lanes)
    helpers.emplace_back(work, std::ref(*lane));
  work(lanes_.local());
  for (std::thread &helper : helpers)
    helper.join();
  if (failure)
    std::rethrow_exception(failure);
  return answers;
}
}  // namespace ompl_ccd
