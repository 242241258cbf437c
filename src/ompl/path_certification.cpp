#include "ompl_ccd/ompl/path_certification.h"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <ompl/base/DiscreteMotionValidator.h>
#include <thread>

#include "ompl_ccd/error.h"
#include "ompl_ccd/geometry/collision_queries.h"
#include "ompl_ccd/ompl/certifying_motion_validator.h"
#include "ompl_ccd/ompl/edge_report.h"
#include "ompl_ccd/ompl/state_space.h"

namespace ompl_ccd
{
namespace ob = ompl::base;

namespace
{
/** \brief How the threads of certifyEdges share the validator of \a si. */
class ThreadValidators
{
public:
  explicit ThreadValidators(const ob::SpaceInformationPtr &si)
    : si_(si)
    , shared_(si->getMotionValidator())
    , certifying_(dynamic_cast<const CertifyingMotionValidator *>(shared_.get()) != nullptr)
    , discrete_(dynamic_cast<const ob::DiscreteMotionValidator *>(shared_.get()) != nullptr)
  {
  }

  /** \brief The validator one thread uses: the shared one (per-thread workspaces inside), or, for
      OMPL's DiscreteMotionValidator, a copy of its own (the copy samples the same space). */
  ob::MotionValidatorPtr forThread() const
  {
    return discrete_ ? std::make_shared<ob::DiscreteMotionValidator>(si_) : shared_;
  }

  /** \brief Runs \a answer, under a lock unless the validator is known to be thread-safe. */
  template <typename F>
  void call(F &&answer)
  {
    if (certifying_ || discrete_)
      return answer();
    std::lock_guard<std::mutex> lock(serial_);
    answer();
  }

private:
  ob::SpaceInformationPtr si_;
  ob::MotionValidatorPtr shared_;
  bool certifying_, discrete_;
  std::mutex serial_;
};

/** \brief Answers \a edge into \a out with this thread's validator \a mv (called through
    \a validators) and collision workspace \a ws (reportEdge's start check and witness, the profile). */
void answerEdge(const ob::SpaceInformationPtr &si, const CollisionWorldPtr &world, ThreadValidators &validators,
                const ob::MotionValidatorPtr &mv, const Edge &edge, const CertifyOptions &options,
                CollisionWorkspace &ws, EdgeReport &out)
{
  validators.call(
      [&] { out.report = reportEdge(si, world, mv, edge.start, edge.goal, options.mode, &out.time_us, ws); });
  if (options.clearance_profile)
    out.clearance = clearanceProfile(*world, ws, JointMotion(world->robot(), edge.start, edge.goal));
}

/** \brief certifyEdges on threads \a threads ≥ 2: workers take edges in order from a shared
    counter; the calling thread hands the finished prefix to on_edge. */
void certifyInParallel(const ob::SpaceInformationPtr &si, const CollisionWorldPtr &world,
                       const std::vector<Edge> &edges, const CertifyOptions &options, unsigned int threads,
                       std::vector<EdgeReport> &reports)
{
  ThreadValidators validators(si);
  std::mutex mutex;
  std::condition_variable changed;
  std::vector<char> done(edges.size(), 0);
  std::exception_ptr failure;
  unsigned int running = threads;
  std::atomic<std::size_t> next{0};
  std::atomic<bool> stop{false};

  const auto work = [&] {
    const ob::MotionValidatorPtr mv = validators.forThread();
    CollisionWorkspace ws(*world);
    for (std::size_t i = next++; i < edges.size() && !stop; i = next++)
    {
      try
      {
        answerEdge(si, world, validators, mv, edges[i], options, ws, reports[i]);
      }
      catch (...)
      {
        std::lock_guard<std::mutex> lock(mutex);
        if (!failure)
          failure = std::current_exception();
        stop = true;
      }
      std::lock_guard<std::mutex> lock(mutex);
      done[i] = 1;
      changed.notify_all();
    }
    std::lock_guard<std::mutex> lock(mutex);
    --running;
    changed.notify_all();
  };
  std::vector<std::thread> pool;
  for (unsigned int t = 0; t < threads; ++t)
    pool.emplace_back(work);

  try
  {
    std::unique_lock<std::mutex> lock(mutex);
    for (std::size_t reported = 0; reported < edges.size() && !failure;)
    {
      changed.wait(lock, [&] { return done[reported] || running == 0 || failure; });
      if (!done[reported] || failure)
        break;
      lock.unlock();
      if (options.on_edge)
        options.on_edge(reported, reports[reported]);
      lock.lock();
      ++reported;
    }
  }
  catch (...)
  {
    // on_edge failed (e.g. its output): stop the workers before leaving.
    stop = true;
    for (std::thread &thread : pool)
      thread.join();
    throw;
  }
  for (std::thread &thread : pool)
    thread.join();
  if (failure)
    std::rethrow_exception(failure);
}
}  // namespace

unsigned int resolveJobs(unsigned int jobs)
{
  return jobs > 0 ? jobs : std::max(1u, std::thread::hardware_concurrency());
}

std::vector<EdgeReport> certifyEdges(const ob::SpaceInformationPtr &si, const CollisionWorldPtr &world,
                                     const std::vector<Edge> &edges, const CertifyOptions &options)
{
  OMPL_CCD_THROW_UNLESS(si != nullptr && si->getMotionValidator() != nullptr,
                        "certifyEdges: no motion validator; pass a SpaceInformation that is set up "
                        "(makeSpaceInformation).");
  OMPL_CCD_THROW_UNLESS(world != nullptr, "certifyEdges: the collision world is null; pass the CollisionWorld of "
                                          "the robot and scene.");
  std::vector<EdgeReport> reports(edges.size());
  const unsigned int threads =
      static_cast<unsigned int>(std::min<std::size_t>(resolveJobs(options.jobs), edges.size()));
  if (threads >= 2)
  {
    certifyInParallel(si, world, edges, options, threads, reports);
    return reports;
  }
  ThreadValidators validators(si);
  const ob::MotionValidatorPtr &mv = si->getMotionValidator();
  CollisionWorkspace ws(*world);
  for (std::size_t i = 0; i < edges.size(); ++i)
  {
    answerEdge(si, world, validators, mv, edges[i], options, ws, reports[i]);
    if (options.on_edge)
      options.on_edge(i, reports[i]);
  }
  return reports;
}

std::vector<Edge> pathEdges(const RobotModel &robot, const ompl::geometric::PathGeometric &path)
{
  std::vector<Edge> edges;
  Eigen::VectorXd previous, q;
  for (std::size_t i = 0; i < path.getStateCount(); ++i)
  {
    stateToVector(robot, path.getState(i), q);
    if (i > 0)
      edges.push_back({previous, q, static_cast<int>(i)});
    previous = q;
  }
  return edges;
}

std::vector<EdgeReport> certifyPath(const ompl::geometric::PathGeometric &path, const ob::SpaceInformationPtr &si,
                                    const CollisionWorldPtr &world, const CertifyOptions &options)
{
  OMPL_CCD_THROW_UNLESS(world != nullptr, "certifyPath: the collision world is null; pass the CollisionWorld of "
                                          "the robot and scene.");
  return certifyEdges(si, world, pathEdges(world->robot(), path), options);
}

std::size_t countVerdicts(const std::vector<EdgeReport> &reports, Verdict verdict)
{
  return static_cast<std::size_t>(std::count_if(reports.begin(), reports.end(),
                                                [&](const EdgeReport &edge) { return edge.report.verdict == verdict; }));
}
}  // namespace ompl_ccd
