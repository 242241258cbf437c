#include "ompl_ccd/ompl/planning.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <ompl/base/ScopedState.h>
#include <ompl/util/Console.h>

#include "ompl/random_states.h"
#include "ompl_ccd/error.h"
#include "ompl_ccd/geometry/collision_queries.h"
#include "ompl_ccd/ompl/edge_report.h"
#include "ompl_ccd/ompl/simple_setup.h"
#include "ompl_ccd/ompl/state_space.h"

namespace ompl_ccd
{
namespace
{
using ::testing::HasSubstr;
using ::testing::ThrowsMessage;

/** \brief The arm world, a free start (zero pose), a free goal far from it and a colliding state. */
struct Fixture
{
  Fixture() : world(test::armWorld()), ws(*world)
  {
    ompl::msg::setLogLevel(ompl::msg::LOG_WARN);
    const RobotModel &robot = world->robot();
    free_start = Eigen::VectorXd::Zero(robot.nq());
    std::mt19937 rng(11);
    do
      free_goal = test::randomState(robot, rng);
    while (isInCollision(*world, ws, free_goal) || (free_goal - free_start).norm() < 2.0);
    do
      colliding = test::randomState(robot, rng);
    while (!isInCollision(*world, ws, colliding));
  }
  CollisionWorldPtr world;
  CollisionWorkspace ws;
  Eigen::VectorXd free_start, free_goal, colliding;
};

TEST(Planning, PlansWithDiscreteAndCertifiesWithCaUnlessAskedToSample)
{
  Fixture f;
  ASSERT_FALSE(isInCollision(*f.world, f.ws, f.free_start)) << "the arm's zero pose should be free";
  // sampling guarantees nothing: by default the discrete path is certified by ca; asked for, the
  // edges are only sampled (their reports count segments)
  for (const std::string certify_with : {"", "discrete"})
  {
    PlanRequest request;
    request.validator = "discrete";
    request.start = f.free_start;
    request.goal = f.free_goal;
    request.seed = 42;
    request.time_limit = 20.0;
    request.certify_with = certify_with;
    const PlanResult result = planAndCertify(f.world, request);
    ASSERT_TRUE(result.solved) << result.status;
    EXPECT_EQ(result.status, "Exact solution");
    EXPECT_EQ(result.certified_by, certify_with.empty() ? "ca" : "discrete");
    ASSERT_GE(result.path.size(), 2u);
    EXPECT_TRUE(result.path.front().isApprox(f.free_start, 1e-12)) << result.path.front().transpose();
    EXPECT_TRUE(result.path.back().isApprox(f.free_goal, 1e-12)) << result.path.back().transpose();
    ASSERT_EQ(result.edge_reports.size(), result.path.size() - 1);
    for (const Report &report : result.edge_reports)
    {
      EXPECT_EQ(report.verdict, Verdict::Free);
      EXPECT_EQ(report.toc_lower, 1.0);
      EXPECT_EQ(report.toc_upper, 1.0);
      EXPECT_EQ(report.stats.count("segments"), certify_with.empty() ? 0u : 1u);
    }
    EXPECT_TRUE(result.certified());
    EXPECT_GT(result.path_length, 0.0);
    EXPECT_GT(result.planning_time, 0.0);
    EXPECT_GT(result.valid_motions, 0u);
    EXPECT_GE(result.certify_time_us, 0.0);
  }
}

TEST(Planning, RefusesBadRequests)
{
  Fixture f;
  PlanRequest request;
  request.start = f.free_start;
  request.goal = f.free_goal;
  request.time_limit = 1.0;

  PlanRequest bad = request;
  bad.start = f.colliding;
  EXPECT_THAT([&] { planAndCertify(f.world, bad); },
              ThrowsMessage<Error>(HasSubstr("planAndCertify: the start state is in collision (link '")));
  bad = request;
  bad.goal = f.colliding;
  EXPECT_THAT([&] { planAndCertify(f.world, bad); },
              ThrowsMessage<Error>(HasSubstr("planAndCertify: the goal state is in collision (link '")));
  bad = request;
  bad.time_limit = 0.0;
  EXPECT_THAT([&] { planAndCertify(f.world, bad); },
              ThrowsMessage<Error>(HasSubstr("planAndCertify: time_limit must be > 0 seconds (0)")));
  bad = request;
  bad.planner = "Dijkstra";
  EXPECT_THAT([&] { planAndCertify(f.world, bad); }, ThrowsMessage<Error>(HasSubstr("unknown planner 'Dijkstra'")));
  bad = request;
  bad.validator = "magic";
  EXPECT_THAT([&] { planAndCertify(f.world, bad); },
              ThrowsMessage<Error>(HasSubstr("unknown motion validator 'magic'")));
  bad = request;
  bad.start = Eigen::VectorXd::Zero(2);
  EXPECT_THAT([&] { planAndCertify(f.world, bad); }, ThrowsMessage<Error>(HasSubstr("planAndCertify: start")));
  bad = request;
  bad.goal[0] = std::nan("");
  EXPECT_THAT([&] { planAndCertify(f.world, bad); }, ThrowsMessage<Error>(HasSubstr("planAndCertify: goal")));
  EXPECT_THAT([&] { planAndCertify(nullptr, request); },
              ThrowsMessage<Error>(HasSubstr("planAndCertify: the collision world is null")));
}

TEST(Planning, ReportEdgeOfTheDiscreteValidator)
{
  Fixture f;
  const ompl::geometric::SimpleSetupPtr setup = makeSimpleSetup(f.world, "discrete");
  const ompl::base::SpaceInformationPtr &si = setup->getSpaceInformation();
  si->setup();
  const ompl::base::MotionValidatorPtr &mv = si->getMotionValidator();

  // Free edge.
  Eigen::VectorXd near = f.free_start;
  near[0] += 0.05;
  double time_us = -1.0;
  Report free = reportEdge(si, f.world, mv, f.free_start, near, Mode::FirstContact, &time_us);
  EXPECT_EQ(free.verdict, Verdict::Free);
  EXPECT_EQ(free.toc_lower, 1.0);
  EXPECT_EQ(free.toc_upper, 1.0);
  EXPECT_FALSE(free.witness);
  EXPECT_GE(time_us, 0.0);

  // Colliding edge, FirstContact: bracket of one sample step, witness at its upper end.
  const Report first = reportEdge(si, f.world, mv, f.free_start, f.colliding, Mode::FirstContact, &time_us);
  ASSERT_EQ(first.verdict, Verdict::Collision);
  const double nd = first.stats.at("segments");
  EXPECT_NEAR(first.toc_upper - first.toc_lower, 1.0 / nd, 1e-12);
  ASSERT_TRUE(first.witness);
  EXPECT_EQ(first.witness->time, first.toc_upper);
  ompl::base::ScopedState<> s1(si), s2(si), s(si);
  vectorToState(f.world->robot(), f.free_start, s1.get());
  vectorToState(f.world->robot(), f.colliding, s2.get());
  Eigen::VectorXd q;
  si->getStateSpace()->interpolate(s1.get(), s2.get(), first.toc_upper, s.get());
  stateToVector(f.world->robot(), s.get(), q);
  EXPECT_TRUE(isInCollision(*f.world, f.ws, q));
  // Every sample before the bracket is free (that is what the discrete validator saw).
  for (int j = 1; j / nd <= first.toc_lower + 1e-12; ++j)
  {
    si->getStateSpace()->interpolate(s1.get(), s2.get(), j / nd, s.get());
    stateToVector(f.world->robot(), s.get(), q);
    EXPECT_FALSE(isInCollision(*f.world, f.ws, q)) << "sample " << j;
  }

  // Decide: no bracket, the witness is the first colliding sample, which FirstContact found too.
  const Report decide = reportEdge(si, f.world, mv, f.free_start, f.colliding, Mode::Decide, &time_us);
  ASSERT_EQ(decide.verdict, Verdict::Collision);
  EXPECT_EQ(decide.toc_lower, 0.0);
  EXPECT_EQ(decide.toc_upper, first.toc_upper);
  ASSERT_TRUE(decide.witness);
  EXPECT_EQ(decide.witness->time, decide.toc_upper);
  EXPECT_EQ(decide.stats.at("segments"), nd);

  // A start in collision: Collision at [0, 0], witness at time 0, nothing timed.
  const Report start = reportEdge(si, f.world, mv, f.colliding, f.free_start, Mode::Decide, &time_us);
  EXPECT_EQ(start.verdict, Verdict::Collision);
  EXPECT_EQ(start.toc_lower, 0.0);
  EXPECT_EQ(start.toc_upper, 0.0);
  ASSERT_TRUE(start.witness);
  EXPECT_EQ(start.witness->time, 0.0);
  EXPECT_FALSE(start.witness->link.empty());
  EXPECT_EQ(time_us, 0.0);

  EXPECT_THAT([&] { reportEdge(si, f.world, mv, Eigen::VectorXd::Zero(1), near, Mode::Decide, &time_us); },
              ThrowsMessage<Error>(HasSubstr("reportEdge: edge start")));
  EXPECT_THAT([&] { reportEdge(si, f.world, mv, near, Eigen::VectorXd::Zero(1), Mode::Decide, &time_us); },
              ThrowsMessage<Error>(HasSubstr("reportEdge: edge end")));
}
}  // namespace
}  // namespace ompl_ccd
