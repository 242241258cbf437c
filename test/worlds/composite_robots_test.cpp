// The robots assembled from copies of the bundled arm (test/support/composite_robots.h): sizes,
// where each copy sits, which pairs are checked, and that the generated URDF loads whole.
#include <gtest/gtest.h>

#include <Eigen/Geometry>
#include <stdexcept>

#include "ompl_ccd/geometry/collision_queries.h"
#include "ompl_ccd/model/kinematics.h"
#include "support/composite_robots.h"
#include "support/example_worlds.h"
#include "support/random_edges.h"
#include "support/test_paths.h"

namespace ompl_ccd::test
{
namespace
{
/// The bundled arm's joint origins along z at q = 0 (examples/README.md): joint_1 at 0.10 over the
/// base, then 0.15, 0.36, 0.30, 0.06, 0.06; the tool 0.02 and its tip 0.08 further.
constexpr double kArmJoint1 = 0.10, kArmTip = 0.10 + 0.15 + 0.36 + 0.30 + 0.06 + 0.06 + 0.02 + 0.08;

Eigen::Vector3d linkOrigin(const RobotModel &robot, const std::string &link, const Eigen::VectorXd &q)
{
  KinematicsWorkspace kin(robot);
  forwardKinematics(robot, kin, q);
  return kin.X_WL[robot.linkIndex(link)].translation();
}

/// Whether some checked self pair has one link named with \a a and the other with \a b.
bool pairChecked(const CollisionWorld &world, const std::string &a, const std::string &b)
{
  const auto &links = world.robot().links();
  for (const auto &[i, j] : world.selfPairs())
  {
    const std::string &x = links[i].name, &y = links[j].name;
    if ((x.rfind(a, 0) == 0 && y.rfind(b, 0) == 0) || (x.rfind(b, 0) == 0 && y.rfind(a, 0) == 0))
      return true;
  }
  return false;
}
}  // namespace

TEST(ArmChainRobot, StacksEachArmOnThePreviousTip)
{
  const RobotModelPtr arm = std::make_shared<const RobotModel>(RobotModel::fromUrdfFile(examplePath("arm/arm.urdf")));
  for (int arms : {1, 2, 5})
  {
    const RobotModelPtr chain = armChainRobot(arms);
    EXPECT_EQ(chain->nq(), 6 * arms);
    EXPECT_EQ(chain->links().size(), 1 + arms * (arm->links().size() - 1));  // bases merge into the link below
    const Eigen::VectorXd zero = Eigen::VectorXd::Zero(chain->nq());
    for (int k = 1; k <= arms; ++k)
      EXPECT_TRUE(linkOrigin(*chain, "arm" + std::to_string(k) + "_shoulder_link", zero)
                      .isApprox(Eigen::Vector3d(0, 0, (k - 1) * kArmTip + kArmJoint1), 1e-12))
          << arms << " arms, arm " << k;
  }
  EXPECT_THROW(armChainRobot(0), std::invalid_argument);
}

TEST(ArmChainRobot, KeepsEveryCopysDisabledPairsAndChecksTheArmsAgainstEachOther)
{
  const RobotModelPtr chain = armChainRobot(3);
  for (const std::string arm : {"arm1_", "arm2_", "arm3_"})
    EXPECT_EQ(chain->allowedCollisions().reason(chain->linkIndex(arm + "shoulder_link"),
                                                chain->linkIndex(arm + "upper_arm_link")),
              "adjacent");
  EXPECT_EQ(chain->allowedCollisions().reason(chain->linkIndex("arm1_base_link"),
                                              chain->linkIndex("arm1_upper_arm_link")),
            "srdf: Never");
  const CollisionWorld world(chain, std::make_shared<Scene>(std::vector<Obstacle>{}));
  EXPECT_TRUE(pairChecked(world, "arm1_upper_arm", "arm3_"));
  EXPECT_TRUE(pairChecked(world, "arm2_forearm", "arm3_wrist"));
}

TEST(DualArmRobot, HasFourteenJointsAndArmsThatReachEachOther)
{
  const RobotModelPtr robot = dualArmRobot();
  EXPECT_EQ(robot->nq(), 14);
  const Eigen::VectorXd zero = Eigen::VectorXd::Zero(robot->nq());
  // The shoulder bar's centre is 0.3 + 0.4 m up; the arm bases 0.25 m either side, 0.05 m above it.
  const Eigen::Vector3d left = linkOrigin(*robot, "left_shoulder_link", zero);
  const Eigen::Vector3d right = linkOrigin(*robot, "right_shoulder_link", zero);
  EXPECT_NEAR(left.y(), 0.25 - kArmJoint1 * std::sin(0.3491), 1e-4);  // tilted 20° towards the axis
  EXPECT_NEAR(right.y(), -left.y(), 1e-12);
  EXPECT_NEAR(left.z(), 0.75 + kArmJoint1 * std::cos(0.3491), 1e-4);
  const CollisionWorld world(robot, std::make_shared<Scene>(std::vector<Obstacle>{}));
  EXPECT_TRUE(pairChecked(world, "left_", "right_"));
  // In some random states the first contact found is one arm against the other.
  CollisionWorkspace ws(world);
  std::mt19937 rng(3);
  const auto side = [](const std::string &link) { return link.substr(0, link.find('_')); };
  int arm_contacts = 0;
  for (int s = 0; s < 500; ++s)
  {
    Contact contact;
    if (isInCollision(world, ws, randomState(*robot, rng), &contact))
      arm_contacts += (side(contact.link) == "left" && side(contact.other) == "right") ||
                      (side(contact.link) == "right" && side(contact.other) == "left");
  }
  EXPECT_GT(arm_contacts, 10);
}

TEST(RobotWorlds, BuildsOnlyTheWorldsNamed)
{
  const std::vector<NamedWorld> worlds = robotWorlds(false, "dual_arm");
  ASSERT_EQ(worlds.size(), 1u);
  EXPECT_EQ(worlds.front().world->robot().nq(), 14);
  EXPECT_GE(robotWorlds(false).size(), 4u);
  EXPECT_TRUE(robotWorlds(false, "no such world").empty());
}
}  // namespace ompl_ccd::test
