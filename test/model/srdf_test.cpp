#include "ompl_ccd/model/srdf.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "ompl_ccd/error.h"
#include "support/test_paths.h"

namespace ompl_ccd
{
namespace
{
using ::testing::HasSubstr;

std::string errorOf(const std::string &xml)
{
  try
  {
    parseSrdf(xml, "test.srdf");
  }
  catch (const Error &e)
  {
    return e.what();
  }
  return "no error";
}

TEST(Srdf, ReadsDisabledPairsAndMergesGroupStates)
{
  const Srdf srdf = parseSrdf(R"(<robot name="r">
      <group name="arm"><chain base_link="a" tip_link="c"/></group>
      <group_state name="home" group="arm"><joint name="j1" value="0.5"/><joint name="j2" value="-1"/></group_state>
      <group_state name="home" group="hand"><joint name="f" value="0.02"/></group_state>
      <group_state name="up" group="arm"><joint name="j1" value="1.5"/></group_state>
      <disable_collisions link1="a" link2="b" reason="Adjacent"/>
      <disable_collisions link1="a" link2="c"/>
    </robot>)",
                              "test.srdf");
  ASSERT_EQ(srdf.disabled_collisions.size(), 2u);
  EXPECT_EQ(srdf.disabled_collisions[0].link1, "a");
  EXPECT_EQ(srdf.disabled_collisions[0].link2, "b");
  EXPECT_EQ(srdf.disabled_collisions[0].reason, "Adjacent");
  EXPECT_EQ(srdf.disabled_collisions[1].reason, "");
  ASSERT_EQ(srdf.named_states.size(), 2u);
  EXPECT_EQ(srdf.named_states.at("home"), (std::map<std::string, double>{{"j1", 0.5}, {"j2", -1.0}, {"f", 0.02}}));
  EXPECT_EQ(srdf.named_states.at("up").at("j1"), 1.5);
}

TEST(Srdf, RefusesMalformedXml)
{
  EXPECT_THAT(errorOf("<robot><disable_collisions link1='a'</robot>"),
              HasSubstr("parseSrdf: test.srdf is not well-formed XML ("));
  EXPECT_THAT(errorOf("<srdf/>"), HasSubstr("parseSrdf: test.srdf has no <robot> root element"));
}

TEST(Srdf, RefusesMissingAttributes)
{
  EXPECT_THAT(errorOf("<robot>\n<disable_collisions link1='a' reason='Never'/></robot>"),
              HasSubstr("parseSrdf: test.srdf: <disable_collisions> on line 2 has no 'link2' attribute; add it."));
  EXPECT_THAT(errorOf("<robot><group_state name='s' group='g'><joint value='1'/></group_state></robot>"),
              HasSubstr("<joint> on line 1 has no 'name' attribute"));
  EXPECT_THAT(errorOf("<robot><group_state name='s'/></robot>"), HasSubstr("<group_state> on line 1 has no 'group'"));
}

TEST(Srdf, RefusesJointValueThatIsNotOneNumber)
{
  EXPECT_THAT(errorOf("<robot><group_state name='s' group='g'><joint name='j' value='1 2'/></group_state></robot>"),
              HasSubstr("<group_state name='s'> <joint name='j'> value '1 2' is not one number"));
  EXPECT_THAT(errorOf("<robot><group_state name='s' group='g'><joint name='j' value='up'/></group_state></robot>"),
              HasSubstr("value 'up' is not one number"));
}

TEST(Srdf, RefusesGroupStateDeclaredTwice)
{
  EXPECT_THAT(errorOf("<robot>\n<group_state name='home' group='arm'><joint name='j' value='1'/></group_state>\n"
                      "<group_state name='home' group='arm'><joint name='j' value='2'/></group_state></robot>"),
              HasSubstr("parseSrdf: test.srdf: <group_state name='home' group='arm'> is declared twice (lines 2 and "
                        "3); keep one or rename the other."));
}

TEST(Srdf, RefusesJointGivenTwoValuesInOneNamedState)
{
  EXPECT_THAT(errorOf("<robot>\n<group_state name='home' group='arm'><joint name='j' value='1'/></group_state>\n"
                      "<group_state name='home' group='hand'><joint name='j' value='2'/></group_state></robot>"),
              HasSubstr("parseSrdf: test.srdf: named state 'home' gives joint 'j' both 1 and 2 (line 3); give each "
                        "joint one value per named state."));
  EXPECT_EQ(errorOf("<robot><group_state name='home' group='arm'><joint name='j' value='1'/></group_state>"
                    "<group_state name='home' group='hand'><joint name='j' value='1'/></group_state></robot>"),
            "no error");
}

TEST(Srdf, KeepsTheRobotName)
{
  EXPECT_EQ(parseSrdf("<robot name='panda'/>", "s").robot_name, "panda");
  EXPECT_EQ(parseSrdf("<robot/>", "s").robot_name, "");
}

TEST(Srdf, ReadsFileAndRefusesMissingFile)
{
  EXPECT_THAT(
      [] { parseSrdfFile("/nonexistent/robot.srdf"); },
      ::testing::ThrowsMessage<Error>(HasSubstr("parseSrdfFile: SRDF file '/nonexistent/robot.srdf' does not exist")));
  EXPECT_THAT([] { parseSrdfFile(test::testDataPath("tools")); },
              ::testing::ThrowsMessage<Error>(HasSubstr("' is a folder, not a file; pass the file itself.")));
  const std::optional<std::string> panda = test::sharedDataPath("robots/panda/robot.srdf");
  if (!panda)
    GTEST_SKIP() << "../shared/data/robots/panda is absent";
  EXPECT_EQ(parseSrdfFile(*panda).disabled_collisions.size(), 34u);
  EXPECT_EQ(parseSrdfFile(*panda).named_states.at("ready").at("panda_joint4"), -2.356);
}
}  // namespace
}  // namespace ompl_ccd
