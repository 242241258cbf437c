/// Every <collision>, <origin>, <limit>, <axis> and <mimic> urdfdom would drop (logging `Error: …`
/// and reading on) or misread is refused, with the file, the link or joint, the element and the fix
/// (src/model/urdf_xml_checks.cpp; reached through RobotModel::fromUrdfString).

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "ompl_ccd/error.h"
#include "ompl_ccd/model/robot_model.h"
#include "support/test_paths.h"

namespace ompl_ccd
{
namespace
{
using ::testing::AllOf;
using ::testing::HasSubstr;

/** \brief Robot `r`: link `base`, and link `a` on revolute joint `j` (limits ±1, origin \a joint_origin)
    whose one <collision> holds \a collision_body (origin and geometry). */
std::string robotWith(const std::string &collision_body, const std::string &joint_inside = "",
                      const std::string &limit = "<limit lower='-1' upper='1' effort='1' velocity='1'/>")
{
  return "<robot name='r'><link name='base'><collision><geometry><box size='1 1 1'/></geometry></collision></link>"
         "<link name='a'><collision>" +
         collision_body +
         "</collision></link>"
         "<joint name='j' type='revolute'><parent link='base'/><child link='a'/>" +
         limit + joint_inside + "</joint></robot>";
}

/** \brief robotWith() with \a shape as the only child of <geometry>. */
std::string robotWithShape(const std::string &shape) { return robotWith("<geometry>" + shape + "</geometry>"); }

std::string errorOf(const std::string &urdf)
{
  try
  {
    RobotModel::fromUrdfString(urdf, test::testDataPath("model"), "inline.urdf");
  }
  catch (const Error &e)
  {
    return e.what();
  }
  return "no error";
}

const std::string kCollision = "RobotModel::fromUrdf: inline.urdf: link 'a' <collision> 1: ";

TEST(UrdfXmlChecks, WellFormedRobotLoadsWhole)
{
  const RobotModel model = RobotModel::fromUrdfString(
      robotWith("<origin xyz='0 0 0.5' rpy='0 1.5 0'/><geometry><cylinder radius='0.1' length='1'/></geometry>",
                "<origin xyz='0 0 1'/><axis xyz='0 1 0'/>"),
      "", "inline.urdf");
  ASSERT_EQ(model.links().size(), 2u);
  EXPECT_EQ(model.links()[1].geometries.size(), 1u);
  EXPECT_EQ(model.links()[1].geometries[0].shape.describe(), "cylinder r 0.1 l 1");
}

TEST(UrdfXmlChecks, BoxWithTwoSizes)
{
  EXPECT_THAT(errorOf(robotWithShape("<box size='0.1 0.2'/>")),
              HasSubstr(kCollision + "<box size='0.1 0.2'> on line 1 is not 3 numbers (urdfdom would drop or "
                                     "misread it); give the 3 side lengths in metres."));
}

TEST(UrdfXmlChecks, SphereWithoutRadius)
{
  EXPECT_THAT(errorOf(robotWithShape("<sphere/>")),
              HasSubstr(kCollision + "<sphere> on line 1 has no radius; add radius='…' with the radius in metres."));
}

TEST(UrdfXmlChecks, CylinderWithoutLength)
{
  EXPECT_THAT(errorOf(robotWithShape("<cylinder radius='0.1'/>")),
              HasSubstr(kCollision + "<cylinder> on line 1 has no length; add length='…' with the length along z"));
}

TEST(UrdfXmlChecks, CapsuleIsNotAUrdfShape)
{
  EXPECT_THAT(errorOf(robotWithShape("<capsule radius='0.1' length='1'/>")),
              HasSubstr(kCollision + "<capsule> on line 1 is not a URDF shape (urdfdom would drop the <collision>); "
                                     "use box, cylinder, sphere or mesh"));
}

TEST(UrdfXmlChecks, OriginThatIsNotNumbers)
{
  EXPECT_THAT(errorOf(robotWith("<origin xyz='0 0 zz'/><geometry><sphere radius='0.1'/></geometry>")),
              HasSubstr(kCollision + "<origin xyz='0 0 zz'> on line 1 is not 3 numbers (urdfdom would drop or "
                                     "misread it); give the position as 3 numbers in metres."));
  EXPECT_THAT(errorOf(robotWith("<origin rpy='0 nan 0'/><geometry><sphere radius='0.1'/></geometry>")),
              HasSubstr(kCollision + "<origin rpy='0 nan 0'> on line 1 holds a value that is not finite; give roll, "
                                     "pitch and yaw as 3 numbers in radians."));
}

TEST(UrdfXmlChecks, MeshScaleNan)
{
  EXPECT_THAT(errorOf(robotWithShape("<mesh filename='meshes/tetra.stl' scale='1 nan 1'/>")),
              HasSubstr(kCollision + "<mesh scale='1 nan 1'> on line 1 holds a value that is not finite; give 3 "
                                     "non-zero scale factors (x y z)."));
}

TEST(UrdfXmlChecks, MeshScaleWithAZero)
{
  EXPECT_THAT(errorOf(robotWithShape("<mesh filename='meshes/tetra.stl' scale='1 0 1'/>")),
              HasSubstr(kCollision + "<mesh scale='1 0 1'> on line 1 flattens the mesh (a factor is 0); give 3 "
                                     "non-zero scale factors (x y z)."));
}

TEST(UrdfXmlChecks, MeshScaleAbsurd)
{
  EXPECT_THAT(errorOf(robotWithShape("<mesh filename='meshes/tetra.stl' scale='1e200 1 1'/>")),
              HasSubstr(kCollision + "<mesh scale='1e200 1 1'> on line 1 holds 1e+200, beyond ±1e+06 (no robot is "
                                     "that large; is it a placeholder?); give 3 non-zero scale factors (x y z)."));
}

TEST(UrdfXmlChecks, MeshMirroredByANegativeScaleLoads)
{
  EXPECT_EQ(errorOf(robotWithShape("<mesh filename='meshes/tetra.stl' scale='1 -1 1'/>")), "no error");
}

TEST(UrdfXmlChecks, MeshWithoutFilename)
{
  EXPECT_THAT(errorOf(robotWithShape("<mesh scale='1 1 1'/>")),
              HasSubstr(kCollision + "<mesh> on line 1 has no filename; add filename="));
}

TEST(UrdfXmlChecks, NegativeBox)
{
  EXPECT_THAT(errorOf(robotWithShape("<box size='0.1 -0.2 0.1'/>")),
              HasSubstr(kCollision + "<box size='0.1 -0.2 0.1'> on line 1 has size -0.2, which is no solid; give "
                                     "sizes > 0 in metres (a thin plate still needs a thickness)."));
}

TEST(UrdfXmlChecks, ZeroSizeBox)
{
  // Discrete checking called it collision and ca free on the same stationary edge.
  EXPECT_THAT(errorOf(robotWithShape("<box size='0 0 0'/>")),
              HasSubstr(kCollision + "<box size='0 0 0'> on line 1 has size 0, which is no solid"));
}

TEST(UrdfXmlChecks, NegativeSphere)
{
  EXPECT_THAT(errorOf(robotWithShape("<sphere radius='-0.1'/>")),
              HasSubstr(kCollision +
                        "<sphere radius='-0.1'> on line 1 has size -0.1, which is no solid; give sizes > 0"));
}

TEST(UrdfXmlChecks, NegativeCylinder)
{
  EXPECT_THAT(errorOf(robotWithShape("<cylinder radius='0.1' length='-1'/>")),
              HasSubstr(kCollision + "<cylinder length='-1'> on line 1 has size -1, which is no solid"));
}

TEST(UrdfXmlChecks, InfiniteSphere)
{
  EXPECT_THAT(errorOf(robotWithShape("<sphere radius='inf'/>")),
              HasSubstr(kCollision + "<sphere radius='inf'> on line 1 holds a value that is not finite"));
}

TEST(UrdfXmlChecks, CollisionWithoutGeometry)
{
  EXPECT_THAT(errorOf(robotWith("<origin xyz='0 0 1'/>")),
              HasSubstr(kCollision.substr(0, kCollision.size() - 2) +
                        " (line 1) has no <geometry> (urdfdom would drop the <collision>); add one with a box, "
                        "cylinder, sphere or mesh."));
}

TEST(UrdfXmlChecks, EmptyGeometry)
{
  EXPECT_THAT(errorOf(robotWithShape("")),
              HasSubstr(kCollision + "<geometry> on line 1 is empty (urdfdom would drop the <collision>); add a box"));
}

TEST(UrdfXmlChecks, TwoShapesInOneGeometry)
{
  EXPECT_THAT(errorOf(robotWithShape("<box size='1 1 1'/><sphere radius='1'/>")),
              HasSubstr(kCollision + "<geometry> on line 1 holds <box> and <sphere>; urdfdom reads only the first: "
                                     "give each shape its own <collision>."));
}

TEST(UrdfXmlChecks, TwoGeometries)
{
  EXPECT_THAT(errorOf(robotWith("<geometry><box size='1 1 1'/></geometry><geometry><sphere radius='1'/></geometry>")),
              HasSubstr(kCollision + "has two <geometry> elements (lines 1 and 1); urdfdom reads only the first"));
}

TEST(UrdfXmlChecks, TwoOrigins)
{
  EXPECT_THAT(errorOf(robotWith("<origin xyz='1 0 0'/><origin xyz='2 0 0'/><geometry><sphere radius='1'/></geometry>")),
              HasSubstr(kCollision + "has two <origin> elements (lines 1 and 1); urdfdom reads only the first, keep "
                                     "one."));
}

TEST(UrdfXmlChecks, CollisionOriginFarAway)
{
  EXPECT_THAT(errorOf(robotWith("<origin xyz='1e300 0 0'/><geometry><sphere radius='1'/></geometry>")),
              HasSubstr(kCollision + "<origin xyz='1e300 0 0'> on line 1 holds 1e+300, beyond ±1e+06"));
}

TEST(UrdfXmlChecks, JointOriginFarAway)
{
  EXPECT_THAT(errorOf(robotWith("<geometry><sphere radius='1'/></geometry>", "<origin xyz='0 0 1e300'/>")),
              HasSubstr("RobotModel::fromUrdf: inline.urdf: joint 'j': <origin xyz='0 0 1e300'> on line 1 holds "
                        "1e+300, beyond ±1e+06 (no robot is that large; is it a placeholder?); give the position as "
                        "3 numbers in metres."));
}

TEST(UrdfXmlChecks, AbsurdLimits)
{
  EXPECT_THAT(errorOf(robotWith("<geometry><sphere radius='1'/></geometry>", "",
                                "<limit lower='-1e300' upper='1e300' effort='1' velocity='1'/>")),
              HasSubstr("inline.urdf: joint 'j': <limit lower='-1e300'> on line 1 holds -1e+300, beyond ±1e+06 (no "
                        "robot is that large; is it a placeholder?); give the joint's real range (rad or m; a joint "
                        "without limits is `continuous`)."));
}

TEST(UrdfXmlChecks, LimitThatIsNotANumber)
{
  EXPECT_THAT(errorOf(robotWith("<geometry><sphere radius='1'/></geometry>", "",
                                "<limit lower='-1' upper='nan' effort='1' velocity='1'/>")),
              HasSubstr("inline.urdf: joint 'j': <limit upper='nan'> on line 1 holds a value that is not finite"));
  EXPECT_THAT(errorOf(robotWith("<geometry><sphere radius='1'/></geometry>", "",
                                "<limit lower='-1' upper='1' effort='1' velocity='fast'/>")),
              HasSubstr("inline.urdf: joint 'j': <limit velocity='fast'> on line 1 is not one number"));
}

TEST(UrdfXmlChecks, AxisThatIsNotFinite)
{
  EXPECT_THAT(errorOf(robotWith("<geometry><sphere radius='1'/></geometry>", "<axis xyz='0 inf 0'/>")),
              HasSubstr("inline.urdf: joint 'j': <axis xyz='0 inf 0'> on line 1 holds a value that is not finite; "
                        "give the axis as 3 numbers."));
}

TEST(UrdfXmlChecks, MimicWithoutJoint)
{
  EXPECT_THAT(errorOf(robotWith("<geometry><sphere radius='1'/></geometry>", "<mimic multiplier='2'/>")),
              HasSubstr("inline.urdf: joint 'j': <mimic> on line 1 names no joint; add joint='…' (the joint it "
                        "follows)."));
}

TEST(UrdfXmlChecks, MimicMultiplierNotFinite)
{
  EXPECT_THAT(errorOf(robotWith("<geometry><sphere radius='1'/></geometry>", "<mimic joint='k' multiplier='nan'/>")),
              HasSubstr("inline.urdf: joint 'j': <mimic multiplier='nan'> on line 1 holds a value that is not finite"));
}

TEST(UrdfXmlChecks, CollisionUrdfdomDropsAnywayIsRefused)
{
  // strtod reads "0x1p0" (hexadecimal 1) but urdfdom's parser does not: it logs, drops the
  // <collision> and goes on. The count of <collision> elements still refuses the robot.
  EXPECT_THAT(errorOf(robotWithShape("<box size='0x1p0 1 1'/>")),
              HasSubstr("RobotModel::fromUrdf: inline.urdf: link 'a' has 1 <collision> element(s) but urdfdom read 0 "
                        "(its reason is logged above); fix the <collision> it names"));
}

TEST(UrdfXmlChecks, MessagesCountLinesInTheFile)
{
  EXPECT_THAT(errorOf("<robot name='r'>\n<link name='base'>\n<collision>\n<geometry>\n<sphere/>\n</geometry>\n"
                      "</collision>\n</link>\n</robot>"),
              HasSubstr("inline.urdf: link 'base' <collision> 1: <sphere> on line 5 has no radius"));
}
}  // namespace
}  // namespace ompl_ccd
