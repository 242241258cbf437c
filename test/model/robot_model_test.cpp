#include "ompl_ccd/model/robot_model.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <limits>

#include "ompl_ccd/error.h"
#include "support/test_paths.h"

namespace ompl_ccd
{
namespace
{
using ::testing::HasSubstr;

/** \brief A one-link robot `r` with \a body inserted in <robot>. */
std::string robot(const std::string &body)
{
  return "<robot name='r'><link name='base'/>" + body + "</robot>";
}

/** \brief A revolute joint `j` from base to link `a` with the given extra elements. */
std::string revolute(const std::string &inside)
{
  return "<link name='a'/><joint name='j' type='revolute'><parent link='base'/><child link='a'/>" + inside + "</joint>";
}

std::string errorOf(const std::string &urdf, const RobotModelOptions &options = {})
{
  try
  {
    RobotModel::fromUrdfString(urdf, test::testDataPath("model"), "inline.urdf", options);
  }
  catch (const Error &e)
  {
    return e.what();
  }
  return "no error";
}

/** \brief The message of loading test/data/\a relative, or "no error". */
std::string fileErrorOf(const std::string &relative)
{
  try
  {
    RobotModel::fromUrdfFile(test::testDataPath(relative));
  }
  catch (const Error &e)
  {
    return e.what();
  }
  return "no error";
}

std::vector<std::string> jointNames(const RobotModel &model)
{
  std::vector<std::string> names;
  for (const Joint &joint : model.joints())
    names.push_back(joint.name);
  return names;
}

RobotModel planar2r(const RobotModelOptions &options = {})
{
  return RobotModel::fromUrdfFile(test::testDataPath("model/planar_2r.urdf"), options);
}

TEST(RobotModel, StateOrderIsDepthFirstInDocumentOrder)
{
  // urdfdom sorts children by joint name (mirror_2_joint, mirror_joint, slide); the document says otherwise.
  const RobotModel model = planar2r();
  EXPECT_EQ(model.name(), "planar_2r");
  EXPECT_EQ(jointNames(model),
            (std::vector<std::string>{"joint_1", "joint_2", "slide", "mirror_joint", "mirror_2_joint"}));
  EXPECT_EQ(model.nq(), 3);
  EXPECT_EQ(model.joints()[2].q_index, 2);
  EXPECT_EQ(model.joints()[3].q_index, -1);
  EXPECT_EQ(model.joints()[4].mimic_source, 2);  // mimic of a mimic resolved to `slide`
  EXPECT_DOUBLE_EQ(model.joints()[4].mimic_multiplier, -6.0);
  EXPECT_DOUBLE_EQ(model.joints()[4].mimic_offset, 0.16);
  EXPECT_EQ(model.stateName(1), "joint_2");
  EXPECT_EQ(model.jointIndex("to_wrist"), -1);  // fixed joints are merged away
  EXPECT_EQ(model.links().size(), 6u);          // base, link_1, link_2 (+ wrist, tip), finger, mirror, mirror_2
  for (std::size_t l = 1; l < model.links().size(); ++l)
    EXPECT_LT(model.links()[l].parent_link, static_cast<int>(l));
  EXPECT_THAT([&] { model.stateName(3); }, ::testing::ThrowsMessage<Error>(HasSubstr("index 3 is outside the state")));
}

TEST(RobotModel, FloatingStateNames)
{
  const RobotModel model = RobotModel::fromUrdfFile(test::testDataPath("model/floating.urdf"));
  EXPECT_EQ(model.stateName(0), "float/x");
  EXPECT_EQ(model.stateName(6), "float/qw");
  EXPECT_EQ(model.stateName(7), "wheel_joint");
  EXPECT_EQ(model.joints()[0].parent_link, 0);  // a URDF floating joint hangs below its root link
  EXPECT_STREQ(toString(model.joints()[0].type), "floating");
  EXPECT_STREQ(toString(model.joints()[1].type), "continuous");
}

// A state is taken as its floating rotation normalised: what is certified, handed to OMPL and
// reported is the unit quaternion nearest the one given (norms 1 ± 1e-6 are accepted).
TEST(RobotModel, AcceptStateNormalisesTheFloatingRotationOnly)
{
  const RobotModel model = RobotModel::fromUrdfFile(test::testDataPath("model/floating.urdf"));
  for (const double norm : {1.0 + 9e-7, 1.0 - 9e-7, 1.0})
  {
    Eigen::VectorXd q(8);
    q << 0.1, -0.2, 0.3, 0.0, 0.6 * norm, 0.0, 0.8 * norm, 2.5;
    const Eigen::VectorXd accepted = model.acceptState(q, "test");
    EXPECT_NEAR(accepted.segment<4>(3).norm(), 1.0, 1e-15) << norm;
    EXPECT_NEAR(accepted[4], 0.6, 1e-15);
    EXPECT_NEAR(accepted[6], 0.8, 1e-15);
    EXPECT_EQ(accepted.head<3>(), q.head<3>());
    EXPECT_EQ(accepted[7], q[7]);
    // a unit quaternion stays as it is, bit for bit
    EXPECT_EQ(model.acceptState(accepted, "test"), accepted);
  }
  Eigen::VectorXd far(8);
  far << 0, 0, 0, 0, 0, 0, 1.001, 0;
  EXPECT_THROW(model.acceptState(far, "test"), Error);
}

TEST(RobotModel, AdjacentPairsCountThroughFixedJoints)
{
  const RobotModel model = planar2r();
  const AllowedCollisionMatrix &acm = model.allowedCollisions();
  const int base = model.linkIndex("base"), link_1 = model.linkIndex("link_1"), link_2 = model.linkIndex("link_2");
  EXPECT_EQ(acm.reason(base, link_1), "adjacent");
  EXPECT_EQ(acm.reason(link_2, link_1), "adjacent");
  EXPECT_FALSE(acm.isAllowed(base, link_2));
  // finger hangs below tip, which is merged into link_2.
  EXPECT_EQ(acm.reason(model.linkIndex("tip"), model.linkIndex("finger")), "adjacent");
  EXPECT_FALSE(acm.isAllowed(model.linkIndex("finger"), model.linkIndex("mirror")));
  EXPECT_EQ(acm.allowedPairs().size(), 5u);
}

TEST(RobotModel, SrdfAndConfigPairs)
{
  RobotModelOptions options;
  options.srdf = parseSrdf(R"(<robot name="planar_2r">
      <disable_collisions link1="base" link2="wrist" reason="Never"/>
      <disable_collisions link1="tip" link2="link_2" reason="Never"/>
      <disable_collisions link1="link_1" link2="link_2" reason="Adjacent"/>
      <group_state name="folded" group="arm"><joint name="joint_2" value="2.5"/><joint name="mirror_joint" value="0.7"/></group_state>
    </robot>)",
                           "planar.srdf");
  options.disabled_pairs = {{"finger", "mirror"}};
  const RobotModel model = planar2r(options);
  const AllowedCollisionMatrix &acm = model.allowedCollisions();
  EXPECT_EQ(acm.reason(model.linkIndex("base"), model.linkIndex("link_2")), "srdf: Never");  // wrist is in link_2
  EXPECT_EQ(acm.reason(model.linkIndex("link_1"), model.linkIndex("link_2")), "adjacent");  // first reason kept
  EXPECT_EQ(acm.reason(model.linkIndex("mirror"), model.linkIndex("finger")), "config");
  EXPECT_EQ(acm.allowedPairs().size(), 7u);  // tip–link_2 is one body: ignored
  // Named state: omitted joints at 0 clamped into limits (slide ∈ [0, 0.1]); the mimic joint is ignored.
  EXPECT_EQ(model.namedStates().at("folded"), Eigen::Vector3d(0.0, 2.5, 0.0));
}

TEST(RobotModel, NamedStateClampsAndPlacesFloatingRootAtIdentity)
{
  RobotModelOptions options;
  options.floating_root = true;
  options.floating_lower = Eigen::Vector3d(0.5, -1, -1);
  options.srdf = parseSrdf("<robot><group_state name='s' group='g'><joint name='joint_1' value='1'/></group_state></robot>",
                           "s.srdf");
  const RobotModel model = planar2r(options);
  Eigen::VectorXd expected(10);
  expected << 0.5, 0, 0, 0, 0, 0, 1, 1, 0, 0;
  EXPECT_EQ(model.namedStates().at("s"), expected);
}

TEST(RobotModel, ResolvesPackageAndFileUris)
{
  const std::string packages = test::testDataPath("model/packages");
  const auto urdf = [](const std::string &filename) {
    return robot("<link name='m'><collision><geometry><mesh filename='" + filename +
                 "' scale='2 2 2'/></geometry></collision></link><joint name='f' type='fixed'><parent link='base'/>"
                 "<child link='m'/></joint>");
  };
  RobotModelOptions options;
  options.package_paths = {"/nonexistent", packages};
  for (const std::string &filename : std::vector<std::string>{"package://ccd_test_pkg/meshes/tetra.stl", "package://named_pkg/meshes/tetra.stl",
                                     "file://" + test::testDataPath("model/meshes/tetra.stl"), "meshes/tetra.stl"})
  {
    const RobotModel model = RobotModel::fromUrdfString(urdf(filename), test::testDataPath("model"), "inline", options);
    ASSERT_EQ(model.links().size(), 1u);
    ASSERT_EQ(model.links()[0].geometries.size(), 1u) << filename;
    const CollisionShape &shape = model.links()[0].geometries[0].shape;
    EXPECT_EQ(shape.kind, CollisionShape::Kind::Mesh);
    EXPECT_EQ(shape.mesh->triangles.size(), 4u);
    EXPECT_DOUBLE_EQ(shape.mesh->vertices.front().cwiseAbs().maxCoeff() + shape.mesh->vertices.back().cwiseAbs().maxCoeff(), 2.0) << filename;
  }
  EXPECT_THAT(errorOf(urdf("package://no_such_pkg/a.stl"), options),
              HasSubstr("inline.urdf: link 'm' <collision> 1: mesh 'package://no_such_pkg/a.stl': package "
                        "'no_such_pkg' is in no package path (searched: '/nonexistent', '" + packages +
                        "'); pass the folder holding it with --package-path (command line) or package_paths (plan "
                        "config, ROS node), or add it to ROS_PACKAGE_PATH."));
  // ROS_PACKAGE_PATH is searched too.
  ASSERT_EQ(setenv("ROS_PACKAGE_PATH", ("/nonexistent:" + packages).c_str(), 1), 0);
  EXPECT_EQ(errorOf(urdf("package://named_pkg/meshes/tetra.stl")), "no error");
  unsetenv("ROS_PACKAGE_PATH");
  EXPECT_THAT(errorOf(urdf("http://example.com/a.stl")), HasSubstr("uses an unsupported URI scheme"));
}

TEST(RobotModel, PrimitivesAndDescribe)
{
  const RobotModel model = planar2r();
  const CollisionShape &cylinder = model.links()[model.linkIndex("link_1")].geometries[0].shape;
  EXPECT_EQ(cylinder.kind, CollisionShape::Kind::Cylinder);
  EXPECT_EQ(cylinder.describe(), "cylinder r 0.05 l 1");
  EXPECT_EQ(model.links()[0].geometries[0].shape.describe(), "box [0.2 0.2 0.1]");
  EXPECT_EQ(model.links()[model.linkIndex("wrist")].geometries[1].shape.describe(), "sphere r 0.1");
}

TEST(RobotModel, BundledArmAndSnake)
{
  const RobotModel arm = RobotModel::fromUrdfFile(test::examplePath("arm/arm.urdf"));
  EXPECT_EQ(arm.nq(), 6);
  EXPECT_EQ(jointNames(arm),
            (std::vector<std::string>{"joint_1", "joint_2", "joint_3", "joint_4", "joint_5", "joint_6"}));
  EXPECT_EQ(arm.links().size(), 7u);
  EXPECT_EQ(arm.linkIndex("tool_link"), arm.linkIndex("wrist_3_link"));
  EXPECT_EQ(arm.allowedCollisions().reason(arm.linkIndex("wrist_2_link"), arm.linkIndex("tool_link")), "adjacent");

  const RobotModel snake = RobotModel::fromUrdfFile(test::examplePath("snake/snake.urdf"));
  EXPECT_EQ(snake.nq(), 15);
  for (int j = 0; j < 15; ++j)
    EXPECT_EQ(snake.joints()[j].name, "joint_" + std::to_string(j + 1));  // not joint_1, joint_10, ...
}

TEST(RobotModel, BundledArmSrdf)
{
  const std::string srdf_path = test::examplePath("arm/arm.srdf");
  ASSERT_TRUE(std::filesystem::exists(srdf_path)) << srdf_path;
  RobotModelOptions options;
  options.srdf = parseSrdfFile(srdf_path);
  const RobotModel arm = RobotModel::fromUrdfFile(test::examplePath("arm/arm.urdf"), options);
  for (const Srdf::DisabledPair &pair : options.srdf->disabled_collisions)
    EXPECT_TRUE(arm.allowedCollisions().isAllowed(arm.linkIndex(pair.link1), arm.linkIndex(pair.link2)))
        << pair.link1 << " " << pair.link2;
  for (const auto &[name, q] : arm.namedStates())
    arm.checkState(q, name);
}

TEST(RobotModel, Panda)
{
  const std::optional<std::string> urdf = test::sharedDataPath("robots/panda/robot.urdf");
  const std::optional<std::string> srdf = test::sharedDataPath("robots/panda/robot.srdf");
  if (!urdf || !srdf)
    GTEST_SKIP() << "../shared/data/robots/panda is absent";
  RobotModelOptions options;
  options.srdf = parseSrdfFile(*srdf);
  const RobotModel panda = RobotModel::fromUrdfFile(*urdf, options);
  EXPECT_EQ(panda.nq(), 8);
  EXPECT_EQ(panda.joints().size(), 9u);
  const Joint &finger2 = panda.joints()[panda.jointIndex("panda_finger_joint2")];
  EXPECT_EQ(finger2.mimic_source, panda.jointIndex("panda_finger_joint1"));
  EXPECT_EQ(finger2.type, JointType::Prismatic);
  EXPECT_EQ(panda.linkIndex("panda_hand"), panda.linkIndex("panda_link7"));  // via panda_link8
  int srdf_pairs = 0;
  for (const Srdf::DisabledPair &pair : options.srdf->disabled_collisions)
  {
    const int a = panda.linkIndex(pair.link1), b = panda.linkIndex(pair.link2);
    EXPECT_TRUE(panda.allowedCollisions().isAllowed(a, b)) << pair.link1 << " " << pair.link2;
    srdf_pairs += a != b;
  }
  EXPECT_EQ(options.srdf->disabled_collisions.size(), 34u);
  EXPECT_GT(srdf_pairs, 0);
  const Eigen::VectorXd &ready = panda.namedStates().at("ready");
  EXPECT_DOUBLE_EQ(ready[panda.joints()[panda.jointIndex("panda_joint4")].q_index], -2.356);
}

TEST(RobotModel, Ur5e)
{
  const std::optional<std::string> urdf = test::sharedDataPath("robots/ur5e/robot.urdf");
  if (!urdf)
    GTEST_SKIP() << "../shared/data/robots/ur5e is absent";
  const RobotModel ur5e = RobotModel::fromUrdfFile(*urdf);
  EXPECT_EQ(ur5e.nq(), 6);
  EXPECT_EQ(jointNames(ur5e), (std::vector<std::string>{"shoulder_pan_joint", "shoulder_lift_joint", "elbow_joint",
                                                        "wrist_1_joint", "wrist_2_joint", "wrist_3_joint"}));
  EXPECT_EQ(ur5e.links().size(), 7u);
}

TEST(RobotModelErrors, FileAndXml)
{
  EXPECT_THAT([] { RobotModel::fromUrdfFile("/nonexistent/robot.urdf"); },
              ::testing::ThrowsMessage<Error>(
                  HasSubstr("RobotModel::fromUrdfFile: URDF file '/nonexistent/robot.urdf' does not exist")));
  EXPECT_THAT([] { RobotModel::fromUrdfFile(test::testDataPath("tools")); },
              ::testing::ThrowsMessage<Error>(HasSubstr("' is a folder, not a file; pass the file itself.")));
  EXPECT_THAT(errorOf("<robot name='r'><link name='base'></robot>"),
              HasSubstr("RobotModel::fromUrdf: inline.urdf is not well-formed XML (Error="));
  EXPECT_THAT(errorOf("<model/>"), HasSubstr("inline.urdf has no <robot> root element"));
  EXPECT_THAT(errorOf(robot("<link name='a'/><joint name='h' type='hinge'><parent link='base'/><child link='a'/>"
                            "</joint>")),
              HasSubstr("RobotModel::fromUrdf: urdfdom rejected inline.urdf"));
}

TEST(RobotModelErrors, MissingMesh)
{
  EXPECT_THAT(errorOf(robot("<link name='m'><collision><geometry><mesh filename='meshes/gone.stl'/></geometry>"
                            "</collision></link><joint name='f' type='fixed'><parent link='base'/><child link='m'/>"
                            "</joint>")),
              HasSubstr("RobotModel::fromUrdf: inline.urdf: link 'm' <collision> 1: mesh 'meshes/gone.stl' resolves "
                        "to '" + test::testDataPath("model/meshes/gone.stl") +
                        "', which does not exist; fix the filename or add the file."));
  // Issue 19: a folder was reported as missing.
  EXPECT_THAT(errorOf(robot("<link name='m'><collision><geometry><mesh filename='meshes'/></geometry>"
                            "</collision></link><joint name='f' type='fixed'><parent link='base'/><child link='m'/>"
                            "</joint>")),
              HasSubstr("RobotModel::fromUrdf: inline.urdf: link 'm' <collision> 1: mesh 'meshes' resolves to '" +
                        test::testDataPath("model/meshes") + "', which is a folder, not a file; name the mesh file "
                        "itself."));
}

TEST(RobotModelErrors, Joints)
{
  EXPECT_THAT(errorOf(robot(revolute("<axis xyz='0 0 0'/><limit lower='0' upper='1' effort='1' velocity='1'/>"))),
              HasSubstr("inline.urdf: joint 'j' has axis [0 0 0] of zero length; fix its <axis xyz>."));
  EXPECT_THAT(errorOf(robot(revolute("<limit lower='2.1' upper='1.9' effort='1' velocity='1'/>"))),
              HasSubstr("inline.urdf: joint 'j' lower 2.1 > upper 1.9; fix its <limit>."));
  EXPECT_THAT(errorOf(robot(revolute("<limit effort='1' velocity='1'/>"))),
              HasSubstr("inline.urdf: revolute joint 'j' has no <limit lower=... upper=...>; fix its <limit>."));
  EXPECT_THAT(errorOf(robot(revolute(""))), HasSubstr("has no <limit lower=... upper=...>"));
  EXPECT_THAT(errorOf(robot("<link name='a'/><joint name='p' type='planar'><parent link='base'/><child link='a'/>"
                            "</joint>")),
              HasSubstr("inline.urdf: joint 'p' is planar, which ompl_ccd does not support"));
}

TEST(RobotModelErrors, Mimic)
{
  const std::string limit = "<limit lower='-1' upper='1' effort='1' velocity='1'/>";
  EXPECT_THAT(errorOf(robot(revolute(limit + "<mimic joint='ghost'/>"))),
              HasSubstr("inline.urdf: joint 'j' mimics unknown joint 'ghost'; fix its <mimic joint>."));
  EXPECT_THAT(errorOf(robot(revolute(limit + "<mimic joint='f'/>") +
                            "<link name='b'/><joint name='f' type='fixed'><parent link='base'/><child link='b'/></joint>")),
              HasSubstr("inline.urdf: joint 'j' mimics fixed joint 'f'; mimic a moving joint or make it fixed."));
  EXPECT_THAT(errorOf(robot(revolute(limit + "<mimic joint='k'/>") +
                            "<link name='b'/><joint name='k' type='revolute'><parent link='base'/><child link='b'/>" +
                            limit + "<mimic joint='j'/></joint>")),
              HasSubstr("is part of a mimic cycle"));
}

// A follower of a continuous joint jumps by 2π·multiplier when its source wraps at ±π: refused
// unless that jump is whole turns of a rotation (issue: a bar on such a follower swept into a post
// the certifiers never saw).
TEST(RobotModelErrors, MimicOfContinuousJointMustBePeriodic)
{
  const std::string limit = "<limit lower='-1' upper='1' effort='1' velocity='1'/>";
  const std::string wheel = "<link name='w'/><joint name='wheel' type='continuous'><parent link='base'/>"
                            "<child link='w'/></joint>";
  const auto follower = [&](const std::string &type, const std::string &multiplier) {
    return robot(wheel + "<link name='a'/><joint name='f' type='" + type + "'><parent link='w'/><child link='a'/>" +
                 limit + "<mimic joint='wheel' multiplier='" + multiplier + "'/></joint>");
  };
  EXPECT_THAT(errorOf(follower("revolute", "0.5")),
              HasSubstr("inline.urdf: revolute joint 'f' mimics continuous joint 'wheel' with multiplier 0.5: "
                        "'wheel' wraps at ±π, so 'f' would jump by 0.5 · 2π at the wrap"));
  EXPECT_THAT(errorOf(follower("revolute", "0.5")), HasSubstr("Make 'wheel' revolute with <limit>s, or give 'f' an "
                                                              "integer multiplier"));
  EXPECT_THAT(errorOf(follower("prismatic", "0.1")), HasSubstr("prismatic joint 'f' mimics continuous joint 'wheel'"));
  EXPECT_THAT(errorOf(follower("prismatic", "1")), HasSubstr("prismatic joint 'f' mimics continuous joint 'wheel'"));
  // A mimic of a mimic of the wheel composes the multipliers: 2 · 0.25 is not whole.
  EXPECT_THAT(errorOf(robot(wheel + "<link name='a'/><joint name='f' type='continuous'><parent link='w'/>"
                                    "<child link='a'/><mimic joint='wheel' multiplier='2'/></joint><link name='b'/>"
                                    "<joint name='g' type='revolute'><parent link='a'/><child link='b'/>" +
                            limit + "<mimic joint='f' multiplier='0.25'/></joint>")),
              HasSubstr("revolute joint 'g' mimics continuous joint 'wheel' with multiplier 0.5"));
  // Whole turns: the follower's pose is a function of the wheel's.
  for (const std::string multiplier : {"1", "-2", "0"})
    for (const std::string type : {"revolute", "continuous"})
      EXPECT_EQ(errorOf(follower(type, multiplier)), "no error") << type << multiplier;
}

TEST(RobotModelErrors, Floating)
{
  const std::string floating_urdf = robot("<link name='a'/><link name='b'/>"
                                          "<joint name='h' type='continuous'><parent link='base'/><child link='a'/></joint>"
                                          "<joint name='fl' type='floating'><parent link='a'/><child link='b'/></joint>");
  EXPECT_THAT(errorOf(floating_urdf), HasSubstr("floating joint 'fl' is not directly below the root link 'base'"));
  RobotModelOptions options;
  options.floating_root = true;
  EXPECT_THAT(errorOf(robot("<link name='a'/><joint name='fl' type='floating'><parent link='base'/><child link='a'/>"
                            "</joint>"),
                      options),
              HasSubstr("floating joint 'fl' and RobotModelOptions::floating_root both add a floating base"));
  options.floating_lower = Eigen::Vector3d(2, 0, 0);
  EXPECT_THAT(errorOf(robot(""), options), HasSubstr("floating root bounds lower [2 0 0] exceed upper [1 1 1]"));
}

std::string planarErrorOf(const RobotModelOptions &options)
{
  try
  {
    planar2r(options);
  }
  catch (const Error &e)
  {
    return e.what();
  }
  return "no error";
}

TEST(RobotModelErrors, SrdfAndConfigLinksAndJoints)
{
  RobotModelOptions options;
  options.srdf = parseSrdf("<robot><disable_collisions link1='base' link2='ghost' reason='Never'/></robot>", "s");
  EXPECT_THAT(planarErrorOf(options),
              HasSubstr("RobotModel::fromUrdf: SRDF <disable_collisions link1='base' link2='ghost'>: link 'ghost' is "
                        "not a link of robot 'planar_2r'; fix the link name."));
  options.srdf.reset();
  options.disabled_pairs = {{"nowhere", "base"}};
  EXPECT_THAT(planarErrorOf(options), HasSubstr("configured disabled pair ('nowhere', 'base'): link 'nowhere' is not "
                                                "a link of robot 'planar_2r'"));
  options.disabled_pairs.clear();
  options.srdf = parseSrdf("<robot><group_state name='s' group='g'><joint name='ghost' value='1'/></group_state></robot>",
                           "s");
  EXPECT_THAT(planarErrorOf(options), HasSubstr("SRDF <group_state name='s'> joint 'ghost' is not a moving joint of "));
  options.srdf = parseSrdf("<robot><group_state name='s' group='g'><joint name='joint_1' value='9'/></group_state></robot>",
                           "s");
  EXPECT_THAT(planarErrorOf(options), HasSubstr("SRDF <group_state name='s'>: revolute joint 'joint_1' value 9 is outside"));
}

TEST(RobotModelErrors, SrdfSetsFloatingJoint)
{
  RobotModelOptions options;
  options.floating_root = true;
  options.srdf = parseSrdf(
      "<robot><group_state name='s' group='g'><joint name='floating_root' value='1'/></group_state></robot>", "s");
  EXPECT_THAT(planarErrorOf(options), HasSubstr("sets floating joint 'floating_root'; named states keep"));
}

std::string checkError(const RobotModel &model, const Eigen::VectorXd &q)
{
  try
  {
    model.checkState(q, "edge 3 start");
  }
  catch (const Error &e)
  {
    return e.what();
  }
  return "no error";
}

TEST(RobotModelErrors, CheckState)
{
  const RobotModel planar = planar2r();
  EXPECT_EQ(checkError(planar, Eigen::Vector3d(3 + 1e-10, -3, 0.1)), "no error");
  EXPECT_THAT(checkError(planar, Eigen::Vector2d(0, 0)),
              HasSubstr("edge 3 start: state has 2 values but robot 'planar_2r' has 3; give one value per joint"));
  EXPECT_THAT(checkError(planar, Eigen::Vector3d(0, std::nan(""), 0)),
              HasSubstr("edge 3 start: state value 1 ('joint_2') is nan; give a finite number."));
  EXPECT_THAT(checkError(planar, Eigen::Vector3d(0, 0, std::numeric_limits<double>::infinity())),
              HasSubstr("state value 2 ('slide') is inf"));
  EXPECT_THAT(checkError(planar, Eigen::Vector3d(0, 0, 0.2)),
              HasSubstr("edge 3 start: prismatic joint 'slide' value 0.2 is outside [0, 0.1]; move it inside its <limit>."));

  const RobotModel floating = RobotModel::fromUrdfFile(test::testDataPath("model/floating.urdf"));
  Eigen::VectorXd q(8);
  q << 0, 0, 0, 0, 0, 0, 1, 3.2;
  EXPECT_THAT(checkError(floating, q), HasSubstr("continuous joint 'wheel_joint' value 3.2 is outside [-3.14159, "
                                                 "3.14159]; move it inside (wrap the angle)."));
  q[7] = M_PI;
  EXPECT_EQ(checkError(floating, q), "no error");
  q[6] = 1.001;
  EXPECT_THAT(checkError(floating, q),
              HasSubstr("floating joint 'float' quaternion (qx qy qz qw) = [0 0 0 1.001] has norm 1.001, not 1; normalise it."));
  q[6] = 1;
  q[1] = 1.5;
  EXPECT_THAT(checkError(floating, q), HasSubstr("floating joint 'float' position [0 1.5 0] is outside its bounds"));
}
TEST(RobotModelErrors, SrdfOfAnotherRobot)
{
  RobotModelOptions options;
  options.srdf = parseSrdf("<robot name='ur10'><disable_collisions link1='base' link2='link_2'/></robot>", "s");
  EXPECT_THAT(planarErrorOf(options),
              HasSubstr("RobotModel::fromUrdf: the SRDF describes robot 'ur10' but " +
                        test::testDataPath("model/planar_2r.urdf") +
                        " is robot 'planar_2r'; load the SRDF written for this robot (or fix its <robot name>)."));
  options.srdf->robot_name.clear();  // an SRDF without a name is not checked
  EXPECT_EQ(planarErrorOf(options), "no error");
}

TEST(RobotModelErrors, AbsurdFloatingBounds)
{
  RobotModelOptions options;
  options.floating_root = true;
  options.floating_upper = Eigen::Vector3d(1, 1, 1e300);
  EXPECT_THAT(errorOf(robot(""), options),
              HasSubstr("RobotModel::fromUrdf: floating root bounds [-1 -1 -1] .. [1 1 1e+300] are not finite numbers "
                        "within ±1e+06 m; fix RobotModelOptions::floating_lower/floating_upper."));
}

TEST(RobotModelErrors, NothingToCertify)
{
  const RobotModel fixed = RobotModel::fromUrdfString(
      robot("<link name='a'><collision><geometry><sphere radius='1'/></geometry></collision></link>"
            "<joint name='f' type='fixed'><parent link='base'/><child link='a'/></joint>"),
      "", "fixed.urdf");
  EXPECT_THAT([&] { fixed.checkCertifiable("validate: fixed.urdf"); },
              ::testing::ThrowsMessage<Error>(HasSubstr(
                  "validate: fixed.urdf: robot 'r' has no moving joint (only fixed joints), so it has no motion to "
                  "plan or certify; give a URDF with a revolute, continuous, prismatic or floating joint, or a "
                  "floating root.")));
  const RobotModel bare = RobotModel::fromUrdfString(
      robot("<link name='a'><visual><geometry><sphere radius='1'/></geometry></visual></link>"
            "<joint name='j' type='continuous'><parent link='base'/><child link='a'/></joint>"),
      "", "bare.urdf");
  EXPECT_THAT([&] { bare.checkCertifiable("plan: bare.urdf"); },
              ::testing::ThrowsMessage<Error>(HasSubstr(
                  "plan: bare.urdf: robot 'r' has no <collision> element in any link, so every motion would be "
                  "certified free; add <collision> geometry (a <visual> is not used for collision checking).")));
  EXPECT_NO_THROW(planar2r().checkCertifiable("planar"));
}

TEST(RobotModelErrors, ControlCharacterInName)
{
  // fuzz/urdf_fuzzer's finding: CRs (tinyxml2 reads them as LFs) in a joint name made urdfdom and
  // tinyxml2 disagree on the joint; loading ended in std::out_of_range ("internal error: map::at").
  EXPECT_THAT(fileErrorOf("model/fuzz_control_character_name.urdf"),
              HasSubstr("fuzz_control_character_name.urdf: the name of the <joint> on line 20 holds a control "
                        "character (byte 10); use printable characters."));
  EXPECT_THAT(errorOf("<robot name='r'><link name='base'/><link name='a\tb'/></robot>"),
              HasSubstr("inline.urdf: the name of the <link> on line 1 holds a control character (byte 9)"));
}

TEST(RobotModelErrors, NameTheParsersReadDifferently)
{
  // fuzz/urdf_fuzzer's second finding: a joint name with bytes 0x88 (not valid UTF-8).
  const std::string error = fileErrorOf("model/fuzz_invalid_utf8_name.urdf");
  EXPECT_THAT(error, HasSubstr("fuzz_invalid_utf8_name.urdf: joint '"));
  EXPECT_THAT(error, HasSubstr("' has a name the URDF parsers read differently (a byte that is not valid UTF-8?); "
                               "use printable characters."));
}
}  // namespace
}  // namespace ompl_ccd
