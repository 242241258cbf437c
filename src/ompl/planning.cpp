#include "ompl_ccd/ompl/planning.h"

#include <algorithm>
#include <cmath>
#include <ompl/base/ScopedState.h>
#include <ompl/util/RandomNumbers.h>

#include "ompl_ccd/error.h"
#include "ompl_ccd/geometry/collision_queries.h"
#include "ompl_ccd/ompl/path_certification.h"
#include "ompl_ccd/ompl/planner_factory.h"
#include "ompl_ccd/ompl/simple_setup.h"
#include "ompl_ccd/ompl/state_space.h"

namespace ompl_ccd
{
namespace ob = ompl::base;

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

std::string certifyingValidator(const PlanRequest &request)
{
  if (!request.certify_with.empty())
    return request.certify_with;
  return request.validator == "discrete" ? "ca" : request.validator;
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
  result.certified_by = certifyingValidator(request);
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
