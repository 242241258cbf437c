/// The joint graph of a URDF must be a tree: loops, self-parents, links with two parents, several
/// roots and undeclared links are refused before urdfdom (src/model/urdf_joint_graph.cpp; reached
/// through RobotModel::fromUrdfString).

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "ompl_ccd/error.h"
#include "ompl_ccd/model/robot_model.h"

namespace ompl_ccd
{
namespace
{
using ::testing::HasSubstr;

const std::string kSphere = "<collision><geometry><sphere radius='0.1'/></geometry></collision>";

/** \brief <link name='\a name'> with a sphere. */
std::string link(const std::string &name) { return "<link name='" + name + "'>" + kSphere + "</link>"; }

/** \brief A continuous joint \a name from \a parent to \a child. */
std::string joint(const std::string &name, const std::string &parent, const std::string &child)
{
  return "<joint name='" + name + "' type='continuous'><parent link='" + parent + "'/><child link='" + child +
         "'/></joint>";
}

std::string robot(const std::string &body) { return "<robot name='r'>" + body + "</robot>"; }

std::string errorOf(const std::string &urdf)
{
  try
  {
    RobotModel::fromUrdfString(urdf, "", "inline.urdf");
  }
  catch (const Error &e)
  {
    return e.what();
  }
  return "no error";
}

const std::string kPrefix = "RobotModel::fromUrdf: inline.urdf: ";

TEST(UrdfJointGraph, TreeLoadsEveryLinkOnce)
{
  const RobotModel model = RobotModel::fromUrdfString(
      robot(link("base") + link("a") + link("b") + link("c") + joint("j1", "base", "a") + joint("j2", "a", "b") +
            joint("j3", "base", "c")),
      "", "inline.urdf");
  EXPECT_EQ(model.links().size(), 4u);
  EXPECT_EQ(model.nq(), 3);
}

TEST(UrdfJointGraph, JointLoopThroughALinkWithTwoParents)
{
  // Was a segfault: Builder::visit went round a → b → a for ever.
  EXPECT_THAT(errorOf(robot(link("base") + link("a") + link("b") + joint("j1", "base", "a") + joint("j2", "a", "b") +
                            joint("j3", "b", "a"))),
              HasSubstr(kPrefix + "link 'a' is the child of two joints, 'j1' and 'j3'; a URDF is a tree (closed "
                                  "chains are not supported): give each link one parent joint, remove one of them or "
                                  "give it another child link."));
}

TEST(UrdfJointGraph, LoopBelowNoRoot)
{
  EXPECT_THAT(errorOf(robot(link("base") + link("a") + link("b") + link("c") + joint("j1", "a", "b") +
                            joint("j2", "b", "a") + joint("j3", "b", "c"))),
              HasSubstr(kPrefix + "joints 'j1' (a → b), 'j2' (b → a) form a loop, so link 'a' hangs below no root "
                                  "('base'); a URDF is a tree: remove one joint of the loop and attach its links "
                                  "below the root."));
}

TEST(UrdfJointGraph, EveryLinkInALoop)
{
  EXPECT_THAT(errorOf(robot(link("a") + link("b") + joint("j1", "a", "b") + joint("j2", "b", "a"))),
              HasSubstr(kPrefix + "joints 'j1' (a → b), 'j2' (b → a) form a loop, so link 'a' hangs below no root;"));
}

TEST(UrdfJointGraph, JointWhoseParentIsItsChild)
{
  // urdfdom silently dropped the link and the joint.
  EXPECT_THAT(errorOf(robot(link("base") + link("a") + joint("j", "a", "a"))),
              HasSubstr(kPrefix + "joint 'j' (line 1) has link 'a' as both parent and child; make its child another "
                                  "link."));
}

TEST(UrdfJointGraph, LinkWithTwoParentJointsWithoutLoop)
{
  // urdfdom listed link c twice, which added a state dimension.
  EXPECT_THAT(errorOf(robot(link("base") + link("a") + link("b") + link("c") + joint("j1", "base", "a") +
                            joint("j2", "base", "b") + joint("j3", "a", "c") + joint("j4", "b", "c"))),
              HasSubstr(kPrefix + "link 'c' is the child of two joints, 'j3' and 'j4'"));
}

TEST(UrdfJointGraph, TwoRoots)
{
  EXPECT_THAT(errorOf(robot(link("base") + link("a") + link("loose"))),
              HasSubstr(kPrefix + "links 'base', 'a', 'loose' have no parent joint, so the robot has 3 roots; connect "
                                  "them with joints so that only the base link has no parent."));
}

TEST(UrdfJointGraph, UndeclaredLink)
{
  EXPECT_THAT(errorOf(robot(link("base") + joint("j", "base", "ghost"))),
              HasSubstr(kPrefix + "joint 'j' (line 1) names child link 'ghost', which is not declared; declare <link "
                                  "name='ghost'> or fix the <child>."));
}

TEST(UrdfJointGraph, JointWithoutParent)
{
  EXPECT_THAT(errorOf(robot(link("base") + link("a") +
                            "<joint name='j' type='continuous'><child link='a'/></joint>")),
              HasSubstr(kPrefix + "joint 'j' (line 1) has no <parent link='…'>; add it."));
}

TEST(UrdfJointGraph, NamesDeclaredTwice)
{
  EXPECT_THAT(errorOf(robot(link("base") + link("base"))),
              HasSubstr(kPrefix + "link 'base' is declared twice (again on line 1); rename or remove one."));
  EXPECT_THAT(errorOf(robot(link("base") + link("a") + link("b") + joint("j", "base", "a") + joint("j", "base", "b"))),
              HasSubstr(kPrefix + "joint 'j' is declared twice (lines 1 and 1); rename or remove one."));
}

TEST(UrdfJointGraph, UnnamedElements)
{
  EXPECT_THAT(errorOf(robot("<link/>")), HasSubstr(kPrefix + "the <link> on line 1 has no name; add name='…'."));
  EXPECT_THAT(errorOf(robot(link("base") + "<joint type='fixed'/>")),
              HasSubstr(kPrefix + "the <joint> on line 1 has no name; add name='…'."));
}

TEST(UrdfJointGraph, LongChainLoads)
{
  std::string body = link("l0");
  for (int i = 1; i <= 500; ++i)
    body += link("l" + std::to_string(i)) + joint("j" + std::to_string(i), "l" + std::to_string(i - 1),
                                                  "l" + std::to_string(i));
  EXPECT_EQ(RobotModel::fromUrdfString(robot(body), "", "inline.urdf").nq(), 500);
}
}  // namespace
}  // namespace ompl_ccd
