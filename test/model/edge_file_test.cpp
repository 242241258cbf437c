#include "ompl_ccd/model/edge_file.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "ompl_ccd/error.h"
#include "support/example_worlds.h"

namespace ompl_ccd
{
namespace
{
using ::testing::ThrowsMessage;

// Files are read through these row checks; their file-level messages are pinned by the CLI test
// (test/tools/cli_test.cpp), the arrays' by the Python tests (test/python/test_validator.py).
TEST(EdgeFile, RowsAreCheckedAsFileLines)
{
  const CollisionWorldPtr world = test::exampleWorld("arm/arm.urdf", "scene.yaml");
  const RobotModel &robot = world->robot();
  const std::vector<double> row = {0, 0, 0, 0, 0, 0, 0, 0.3, 1.5, 0, 1.34, 0};
  const Edge edge = edgeFromValues(row.data(), row.size(), robot, "here");
  EXPECT_EQ(edge.goal[2], 1.5);
  EXPECT_THAT([&] { edgeFromValues(row.data(), 11, robot, "here"); },
              ThrowsMessage<Error>("here: expected 12 numbers (2 × 6 joints), got 11; write the start then the goal "
                                   "state in the order `ompl_ccd info` prints."));
  EXPECT_THAT([&] { waypointFromValues(row.data(), 5, robot, "there"); },
              ThrowsMessage<Error>("there: expected 6 numbers (one waypoint of 6 joints), got 5; write one state per "
                                   "line in the order `ompl_ccd info` prints."));
  std::vector<double> bad = row;
  bad[7] = 2.5;
  EXPECT_THAT([&] { edgeFromValues(bad.data(), bad.size(), robot, "here"); },
              ThrowsMessage<Error>(::testing::StartsWith("here (goal): revolute joint 'joint_2' value 2.5")));
  EXPECT_THAT([&] { pathEdges({edge.start}, {4}, "path"); },
              ThrowsMessage<Error>("path holds 1 waypoint(s); a path needs at least two (one per line)."));
  const std::vector<Edge> path = pathEdges({edge.start, edge.goal, edge.start}, {3, 5, 9}, "path");
  ASSERT_EQ(path.size(), 2u);
  EXPECT_EQ(path[1].line, 9);
  EXPECT_EQ(path[1].start, edge.goal);
}
}  // namespace
}  // namespace ompl_ccd
