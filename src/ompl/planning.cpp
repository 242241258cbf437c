#include "ompl_ccd/ompl/planning.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <ompl/base/ScopedState.h>
#include <ompl/util/RandomNumbers.h>

#include "ompl_ccd/error.h"
#include "ompl_ccd/geometry/collision_queries.h"
#include "ompl_ccd/ompl/certifying_motion_validator.h"
#include "ompl_ccd/ompl/path_certification.h"
#include "ompl_ccd/ompl/planner_factory.h"
#include "ompl_ccd/ompl/simple_setup.h"
#include "ompl_ccd/ompl/state_space.h"

namespace ompl_ccd
{
namespace ob = ompl::base;

namespace
{
using Clock = std::chrono::steady_clock;

double microsecondsSince(Clock::time_point start)
{
  return std::chrono::duration<double, std::micro>(Clock::now() - start).count();
}

/** \brief The state at \a t of the planner's motion s1 → s2, as a state vector. */
Eigen::VectorXd stateAt(const ob::SpaceInformationPtr &si, const RobotModel &robot, const ob::State *s1,
                        const ob::State *s2, double t)
{
  ob::ScopedState<> state(si);
  si->getStateSpace()->interpolate(s1, s2, t, state.get());
  Eigen::VectorXd q;
  stateToVector(robot, state.get(), q);
  return q;
}

/** \brief Collision report at \a time with the checker's contact there as witness (if it finds one). */
Report collisionAt(const CollisionWorld &world, CollisionWorkspace &ws, const Eigen::VectorXd &q, double toc_lower,
                   double time)
{
  Report report;
  report.verdict = Verdict::Collision;
  report.toc_lower = toc_lower;
  report.toc_upper = time;
  Contact contact;
  if (isInCollision(world, ws, q, &contact))
  {
    contact.time = time;
    report.witness = contact;
  }
  return report;
}

/** \brief Report of a sampling validator (not a guarantee): Free → [1, 1]; a collision is bracketed
    by the samples the validator saw. */
Report reportSampled(const ob::SpaceInformationPtr &si, const CollisionWorld &world, CollisionWorkspace &ws,
                     const ob::MotionValidator &mv, const ob::State *s1, const ob::State *s2, Mode mode,
                     double *time_us)
{
  const ob::StateSpacePtr &space = si->getStateSpace();
  const unsigned int nd = space->validSegmentCount(s1, s2);
  Report report;
  bool free = false;
  std::pair<ob::State *, double> last_valid{nullptr, 0.0};
  const Clock::time_point start = Clock::now();
  if (mode == Mode::FirstContact)
    free = mv.checkMotion(s1, s2, last_valid);
  else
    free = mv.checkMotion(s1, s2);
  *time_us = microsecondsSince(start);

  if (free)
  {
    report.verdict = Verdict::Free;
    report.toc_lower = report.toc_upper = 1.0;
  }
  else if (mode == Mode::FirstContact)
  {
    // DiscreteMotionValidator sets lastValid.second = (j − 1)/nd at the first invalid sample j/nd;
    // the bracket's upper end is that sample, recomputed as j/nd so it is the very state it checked.
    const double j = std::round(last_valid.second * nd) + 1.0;
    const double upper = std::min(1.0, j / nd);
    report = collisionAt(world, ws, stateAt(si, world.robot(), s1, s2, upper), last_valid.second, upper);
  }
  else
  {
    // Decide gives no bracket: nothing is known below the first invalid sample, found here by
    // sampling at the same resolution (outside the timed call).
    report.verdict = Verdict::Collision;
    for (unsigned int j = 1; j <= nd; ++j)
    {
      const double t = static_cast<double>(j) / nd;
      const Eigen::VectorXd q = stateAt(si, world.robot(), s1, s2, t);
      if (isInCollision(world, ws, q))
      {
        report = collisionAt(world, ws, q, 0.0, t);
        break;
      }
    }
  }
  report.stats["segments"] = nd;
  return report;
}
}  // namespace

void requireCollisionFree(const CollisionWorld &world, const Eigen::VectorXd &q, const std::string &context,
                          const std::string &which)
{
  CollisionWorkspace ws(world);
  Contact contact;
  OMPL_CCD_THROW_UNLESS(!isInCollision(world, ws, q, &contact), context, ": the ", which, " state is in collision (link '",
                        contact.link, "' touches '", contact.other, "'); choose a collision-free ", which, " state.");
}

bool PlanResult::certified() const
{
  return solved && std::all_of(edge_reports.begin(), edge_reports.end(),
                               [](const Report &report) { return report.verdict == Verdict::Free; });
}

Report reportEdge(const ob::SpaceInformationPtr &si, const CollisionWorldPtr &world, const ob::MotionValidatorPtr &mv,
                  const Eigen::VectorXd &q1, const Eigen::VectorXd &q2, Mode mode, double *time_us)
{
  CollisionWorkspace ws(*world);
  return reportEdge(si, world, mv, q1, q2, mode, time_us, ws);
}

Report reportEdge(const ob::SpaceInformationPtr &si, const CollisionWorldPtr &world, const ob::MotionValidatorPtr &mv,
                  const Eigen::VectorXd &start, const Eigen::VectorXd &end, Mode mode, double *time_us,
                  CollisionWorkspace &ws)
{
  const RobotModel &robot = world->robot();
  const Eigen::VectorXd q1 = robot.acceptState(start, "reportEdge: edge start");
  const Eigen::VectorXd q2 = robot.acceptState(end, "reportEdge: edge end");
  double unused_time_us = 0.0;
  if (time_us == nullptr)
    time_us = &unused_time_us;
  *time_us = 0.0;

  // A start in collision is reported the same way for every validator (checked untimed).
  Contact contact;
  if (isInCollision(*world, ws, q1, &contact))
  {
    Report report;
    report.verdict = Verdict::Collision;
    report.toc_lower = report.toc_upper = 0.0;
    contact.time = 0.0;
    report.witness = contact;
    return report;
  }

  ob::ScopedState<> s1(si), s2(si);
  vectorToState(robot, q1, s1.get());
  vectorToState(robot, q2, s2.get());
  if (const auto *certifying = dynamic_cast<const CertifyingMotionValidator *>(mv.get()))
  {
    const Clock::time_point start = Clock::now();
    Report report = certifying->certify(s1.get(), s2.get(), mode);
    *time_us = microsecondsSince(start);
    return report;
  }
  return reportSampled(si, *world, ws, *mv, s1.get(), s2.get(), mode, time_us);
}

PlanResult planAndCertify(const CollisionWorldPtr &world, const PlanRequest &request)
{
  OMPL_CCD_THROW_UNLESS(world != nullptr,
                        "planAndCertify: the collision world is null; pass a CollisionWorld of robot and scene.");
  // OMPL's seed is process-wide and only takes effect before its first random generator exists
  // (later, OMPL warns and keeps its own): set it before anything below makes a sampler.
  if (request.seed)
    ompl::RNG::setSeed(static_cast<std::uint_fast32_t>(*request.seed));

  const RobotModel &robot = world->robot();
  OMPL_CCD_THROW_UNLESS(std::isfinite(request.time_limit) && request.time_limit > 0.0,
                        "planAndCertify: time_limit must be > 0 seconds (", request.time_limit,
                        "); pass a positive planning time.");
  const Eigen::VectorXd q_start = robot.acceptState(request.start, "planAndCertify: start");
  const Eigen::VectorXd q_goal = robot.acceptState(request.goal, "planAndCertify: goal");
  requireCollisionFree(*world, q_start, "planAndCertify", "start");
  requireCollisionFree(*world, q_goal, "planAndCertify", "goal");

  const ompl::geometric::SimpleSetupPtr setup =
      makeSimpleSetup(world, request.validator, request.validator_options);
  const ob::SpaceInformationPtr &si = setup->getSpaceInformation();
  setup->setPlanner(makePlanner(request.planner, si));
  ob::ScopedState<> start(si), goal(si);
  vectorToState(robot, q_start, start.get());
  vectorToState(robot, q_goal, goal.get());
  setup->setStartAndGoalStates(start, goal);
  setup->setup();

  PlanResult result;
  const ob::PlannerStatus status = setup->solve(request.time_limit);
  result.status = status.asString();
  result.planning_time = setup->getLastPlanComputationTime();
  result.solved = status == ob::PlannerStatus::EXACT_SOLUTION;
  const ob::MotionValidatorPtr &mv = si->getMotionValidator();
  if (!result.solved)
  {
    result.valid_motions = mv->getValidMotionCount();
    result.invalid_motions = mv->getInvalidMotionCount();
    return result;
  }
  if (request.simplify)
  {
    setup->simplifySolution();
    result.simplify_time = setup->getLastSimplificationTime();
  }
  // Counters of planning (and simplification), read before the edges are certified.
  result.valid_motions = mv->getValidMotionCount();
  result.invalid_motions = mv->getInvalidMotionCount();

  const ompl::geometric::PathGeometric &path = setup->getSolutionPath();
  result.path_length = path.length();
  for (std::size_t i = 0; i < path.getStateCount(); ++i)
  {
    Eigen::VectorXd q;
    stateToVector(robot, path.getState(i), q);
    result.path.push_back(q);
  }
  // The edges are checked by certify_with's validator, in its own space information (a discrete
  // validator sets its space's resolution).
  result.certified_by = request.certify_with.empty() ? (request.validator == "discrete" ? "ca" : request.validator)
                                                     : request.certify_with;
  const ob::SpaceInformationPtr certify_si =
      result.certified_by == request.validator
          ? si
          : makeSpaceInformation(world, result.certified_by, request.validator_options);
  for (const EdgeReport &edge : certifyPath(path, certify_si, world))
  {
    result.edge_reports.push_back(edge.report);
    result.certify_time_us += edge.time_us;
  }
  return result;
}
}  // namespace ompl_ccd
