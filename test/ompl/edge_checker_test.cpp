#include "ompl_ccd/ompl/edge_checker.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "ompl_ccd/error.h"
#include "ompl_ccd/ompl/edge_report.h"
#include "ompl_ccd/ompl/simple_setup.h"
#include "support/example_worlds.h"
#include "support/random_edges.h"

namespace ompl_ccd
{
namespace
{
using ::testing::ThrowsMessage;

/** \brief Random arm edges (both ends free) and, last, one from the plan config's start through the
    2 mm plate, and one starting inside the table. */
std::vector<Edge> armEdges(const CollisionWorld &world, std::size_t count)
{
  std::vector<Edge> edges;
  test::RandomEdgeOptions options;
  options.seed = 5;
  for (const test::Edge &edge : test::randomEdges(world, count, options))
    edges.push_back({edge.q0, edge.q1, 0});
  Eigen::VectorXd start(6), goal(6), in_table(6);
  start << -0.30, 0.58, 1.19, 0.0, 1.37, 0.0;
  goal << 1.57, 0.35, 1.58, 0.0, -0.36, 0.0;
  in_table << -0.3, 0.9, 1.5, 0, 1.2, 0;
  edges.push_back({start, goal, 0});
  edges.push_back({in_table, goal, 0});
  return edges;
}

/** \brief Space information with validator \a validator of its own: the reference, through
    reportEdge. */
ompl::base::SpaceInformationPtr referenceSpace(const CollisionWorldPtr &world, const std::string &validator)
{
  const ompl::base::SpaceInformationPtr si = makeSimpleSetup(world, validator)->getSpaceInformation();
  si->setup();
  return si;
}

void expectSameReport(const Report &actual, const Report &expected)
{
  EXPECT_EQ(actual.verdict, expected.verdict);
  EXPECT_EQ(actual.toc_lower, expected.toc_lower);
  EXPECT_EQ(actual.toc_upper, expected.toc_upper);
  ASSERT_EQ(actual.witness.has_value(), expected.witness.has_value());
  if (expected.witness)
  {
    EXPECT_EQ(actual.witness->link, expected.witness->link);
    EXPECT_EQ(actual.witness->other, expected.witness->other);
    EXPECT_EQ(actual.witness->point_a, expected.witness->point_a);
    EXPECT_EQ(actual.witness->time, expected.witness->time);
  }
}

TEST(EdgeChecker, AnswersAsReportEdgeOnAnyNumberOfThreads)
{
  const CollisionWorldPtr world = test::exampleWorld("arm/arm.urdf", "scene.yaml");
  const std::vector<Edge> edges = armEdges(*world, 60);
  for (const std::string validator : {"ca", "discrete"})
  {
    const EdgeChecker checker(world, validator, ValidatorOptions{});
    const ompl::base::SpaceInformationPtr si = referenceSpace(world, validator);
    for (const Mode mode : {Mode::Decide, Mode::FirstContact})
    {
      SCOPED_TRACE(validator + " " + toString(mode));
      const std::vector<EdgeReport> one = checker.checkAll(edges, mode, 1);
      const std::vector<EdgeReport> three = checker.checkAll(edges, mode, 3);
      ASSERT_EQ(one.size(), edges.size());
      ASSERT_EQ(three.size(), edges.size());
      for (std::size_t i = 0; i < edges.size(); ++i)
      {
        const Report expected =
            reportEdge(si, world, si->getMotionValidator(), edges[i].start, edges[i].goal, mode, nullptr);
        expectSameReport(one[i].report, expected);
        expectSameReport(three[i].report, expected);
        double time_us = -1.0;
        expectSameReport(checker.check(edges[i].start, edges[i].goal, mode, &time_us), expected);
        EXPECT_GE(time_us, 0.0);
      }
      EXPECT_EQ(one[edges.size() - 2].report.verdict, Verdict::Collision);  // through the plate
      EXPECT_EQ(one.back().report.toc_upper, 0.0);                         // starts in the table
    }
  }
}

TEST(EdgeChecker, RefusesBadJobsAndPassesOnAnEdgesError)
{
  const CollisionWorldPtr world = test::exampleWorld("arm/arm.urdf", "scene.yaml");
  const EdgeChecker checker(world, "ca", ValidatorOptions{});
  std::vector<Edge> edges = armEdges(*world, 4);
  EXPECT_THAT([&] { checker.checkAll(edges, Mode::Decide, 0); },
              ThrowsMessage<Error>("EdgeChecker::checkAll: jobs is 0; give an integer in [1, 256] (threads answering "
                                   "edges)."));
  EXPECT_THROW(checker.checkAll(edges, Mode::Decide, kMaxEdgeJobs + 1), Error);
  EXPECT_TRUE(checker.checkAll({}, Mode::Decide, 4).empty());
  edges[2].goal[0] = 9.0;  // beyond joint_1's limit of 3
  EXPECT_THAT([&] { checker.checkAll(edges, Mode::Decide, 2); },
              ThrowsMessage<Error>(::testing::HasSubstr("reportEdge: edge end: revolute joint 'joint_1' value 9")));
  EXPECT_THAT([&] { EdgeChecker(world, "cca", ValidatorOptions{}); },
              ThrowsMessage<Error>(::testing::HasSubstr("unknown motion validator 'cca'")));
}

}  // namespace
}  // namespace ompl_ccd
