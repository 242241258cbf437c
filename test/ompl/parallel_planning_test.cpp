// OMPL's parallel planners call the validators from several threads at once: ParallelPlan with two
// RRTConnect, and PRM, whose solve() grows the roadmap in one thread while another looks for a
// solution. Every validator (and toleranced with its own thread pool) must give a certified path
// and stay race-free: scripts/run-sanitizers runs this test under ThreadSanitizer.
#include <gtest/gtest.h>
#include <ompl/base/ScopedState.h>
#include <ompl/geometric/planners/prm/PRM.h>
#include <ompl/geometric/planners/rrt/RRTConnect.h>
#include <ompl/tools/multiplan/ParallelPlan.h>
#include <ompl/util/Console.h>

#include "ompl/random_states.h"
#include "ompl_ccd/geometry/collision_queries.h"
#include "ompl_ccd/ompl/certifying_motion_validator.h"
#include "ompl_ccd/ompl/motion_validator_factory.h"
#include "ompl_ccd/ompl/simple_setup.h"
#include "ompl_ccd/ompl/state_space.h"

namespace ompl_ccd
{
namespace
{
namespace ob = ompl::base;
namespace og = ompl::geometric;

struct Problem
{
  CollisionWorldPtr world = test::armWorld();
  Eigen::VectorXd start, goal;
  Problem()
  {
    ompl::msg::setLogLevel(ompl::msg::LOG_ERROR);
    CollisionWorkspace ws(*world);
    start = Eigen::VectorXd::Zero(world->robot().nq());
    std::mt19937 rng(21);
    do
      goal = test::randomState(world->robot(), rng);
    while (isInCollision(*world, ws, goal) || (goal - start).norm() < 2.0);
  }
  og::SimpleSetupPtr setup(const std::string &validator, const ValidatorOptions &options) const
  {
    og::SimpleSetupPtr ss = makeSimpleSetup(world, validator, options);
    ob::ScopedState<> s(ss->getStateSpace()), g(ss->getStateSpace());
    vectorToState(world->robot(), start, s.get());
    vectorToState(world->robot(), goal, g.get());
    ss->setStartAndGoalStates(s, g);
    ss->setup();
    return ss;
  }
};

/// Every edge of the path certified free by ca (a different validator than the one that planned).
void expectCertifiedPath(const Problem &problem, const og::PathGeometric &path, const std::string &planned_with)
{
  const og::SimpleSetupPtr check = problem.setup("ca", {});
  const auto ca = std::dynamic_pointer_cast<CertifyingMotionValidator>(check->getSpaceInformation()->getMotionValidator());
  ASSERT_NE(ca, nullptr);
  ASSERT_GE(path.getStateCount(), 2u);
  for (std::size_t i = 0; i + 1 < path.getStateCount(); ++i)
  {
    ob::ScopedState<> a(check->getStateSpace()), b(check->getStateSpace());
    a = path.getState(i);
    b = path.getState(i + 1);
    // discrete checking certifies nothing: its paths may cut corners, so only count them
    if (planned_with != "discrete")
    {
      EXPECT_EQ(ca->certify(a.get(), b.get(), Mode::Decide).verdict, Verdict::Free) << planned_with << " edge " << i;
    }
  }
}

class ParallelPlanning : public ::testing::TestWithParam<std::pair<std::string, int>>
{
};

std::vector<std::pair<std::string, int>> validators()
{
  std::vector<std::pair<std::string, int>> all;
  for (const std::string &name : motionValidatorNames())
    all.emplace_back(name, 1);
  all.emplace_back("toleranced", 2);  // its own pool under the planners' threads
  return all;
}

INSTANTIATE_TEST_SUITE_P(EveryValidator, ParallelPlanning, ::testing::ValuesIn(validators()),
                         [](const auto &info) { return info.param.first + "_" + std::to_string(info.param.second); });

TEST_P(ParallelPlanning, TwoRRTConnectInParallel)
{
  const Problem problem;
  ValidatorOptions options;
  options.toleranced.threads = GetParam().second;
  const og::SimpleSetupPtr ss = problem.setup(GetParam().first, options);
  ompl::tools::ParallelPlan parallel(ss->getProblemDefinition());
  parallel.addPlanner(std::make_shared<og::RRTConnect>(ss->getSpaceInformation()));
  parallel.addPlanner(std::make_shared<og::RRTConnect>(ss->getSpaceInformation()));
  ASSERT_EQ(parallel.solve(30.0, false), ob::PlannerStatus::EXACT_SOLUTION);
  const auto path = std::dynamic_pointer_cast<og::PathGeometric>(ss->getProblemDefinition()->getSolutionPath());
  ASSERT_NE(path, nullptr);
  expectCertifiedPath(problem, *path, GetParam().first);
}

TEST_P(ParallelPlanning, PrmGrowsItsRoadmapWhileLookingForASolution)
{
  const Problem problem;
  ValidatorOptions options;
  options.toleranced.threads = GetParam().second;
  const og::SimpleSetupPtr ss = problem.setup(GetParam().first, options);
  ss->setPlanner(std::make_shared<og::PRM>(ss->getSpaceInformation()));
  ss->setup();
  ASSERT_EQ(ss->solve(30.0), ob::PlannerStatus::EXACT_SOLUTION);
  expectCertifiedPath(problem, ss->getSolutionPath(), GetParam().first);
}
}  // namespace
}  // namespace ompl_ccd
