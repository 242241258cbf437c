// Loads every class plugins/ompl_ccd_plugins.xml declares through pluginlib, as a ROS user would,
// and checks that the validator it creates answers one free and one colliding edge of the bundled
// arm right. Run with ROS_PACKAGE_PATH = the repository and CMAKE_PREFIX_PATH = the devel space
// (cmake/ros.cmake sets both). Not named *_test.cpp: test/CMakeLists.txt builds those without ROS.

#include <gtest/gtest.h>
#include <ompl/base/ScopedState.h>
#include <ompl/base/SpaceInformation.h>

#include <algorithm>
#include <memory>
#include <pluginlib/class_loader.hpp>
#include <set>
#include <string>

#include "ompl_ccd/error.h"
#include "ompl_ccd/geometry/collision_queries.h"
#include "ompl_ccd/geometry/scene_loader.h"
#include "ompl_ccd/ompl/motion_validator_plugin.h"
#include "ompl_ccd/ompl/state_space.h"
#include "ompl_ccd/ompl/state_validity_checker.h"
#include "support/test_paths.h"

namespace ompl_ccd
{
namespace
{
namespace ob = ompl::base;
using Loader = pluginlib::ClassLoader<MotionValidatorPlugin>;

Eigen::VectorXd state(std::initializer_list<double> values)
{
  return Eigen::Map<const Eigen::VectorXd>(values.begin(), static_cast<Eigen::Index>(values.size()));
}

// Gripper pointing down 12 cm over the table (examples/arm_plan.yaml's start).
const Eigen::VectorXd kOverTable = state({-0.30, 0.58, 1.19, 0.0, 1.37, 0.0});
// Free edge: turns and lifts away from the table.
const Eigen::VectorXd kAside = state({-0.60, 0.40, 1.00, 0.3, 1.20, 0.5});
// Colliding edge: the shoulder drives the gripper down through the 4 cm table top.
const Eigen::VectorXd kIntoTable = state({-0.30, 1.20, 1.19, 0.0, 1.37, 0.0});

class PluginlibLoading : public ::testing::Test
{
protected:
  void SetUp() override
  {
    RobotModelOptions options;
    options.srdf = parseSrdfFile(test::examplePath("arm/arm.srdf"));
    auto robot = std::make_shared<const RobotModel>(RobotModel::fromUrdfFile(test::examplePath("arm/arm.urdf"), options));
    world_ = std::make_shared<const CollisionWorld>(robot, loadScene(test::examplePath("scene.yaml")));
  }

  /** \brief Fraction of 2001 evenly spaced states of q1 → q2 (linear joint interpolation, the
      arm's state space) that collide: the oracle the plugin's validators are held against. */
  double collidingFraction(const Eigen::VectorXd &q1, const Eigen::VectorXd &q2) const
  {
    CollisionWorkspace ws(*world_);
    const int samples = 2000;
    int colliding = 0;
    for (int i = 0; i <= samples; ++i)
    {
      const double t = static_cast<double>(i) / samples;
      colliding += isInCollision(*world_, ws, (1.0 - t) * q1 + t * q2) ? 1 : 0;
    }
    return static_cast<double>(colliding) / (samples + 1);
  }

  /** \brief checkMotion(q1 → q2) of \a validator on \a si. */
  static bool checkMotion(const ob::SpaceInformationPtr &si, const ob::MotionValidator &validator,
                          const RobotModel &robot, const Eigen::VectorXd &q1, const Eigen::VectorXd &q2)
  {
    ob::ScopedState<> s1(si), s2(si);
    vectorToState(robot, q1, s1.get());
    vectorToState(robot, q2, s2.get());
    return validator.checkMotion(s1.get(), s2.get());
  }

  CollisionWorldPtr world_;
};

TEST_F(PluginlibLoading, EdgesOfTheOracleAreWhatTheyClaim)
{
  EXPECT_EQ(collidingFraction(kOverTable, kAside), 0.0);
  // Deep, not grazing: a sampled validator cannot step over it.
  EXPECT_GT(collidingFraction(kOverTable, kIntoTable), 0.3);
}

TEST_F(PluginlibLoading, DeclaresOneClassPerValidatorName)
{
  Loader loader("ompl_ccd", "ompl_ccd::MotionValidatorPlugin");
  const std::vector<std::string> classes = loader.getDeclaredClasses();
  ASSERT_FALSE(classes.empty()) << "no class declared: is " << OMPL_CCD_PLUGIN_XML
                                << " exported in package.xml and ROS_PACKAGE_PATH set?";
  std::set<std::string> names;
  for (const std::string &lookup_name : classes)
    names.insert(loader.createUniqueInstance(lookup_name)->validatorName());
  for (const std::string &name : motionValidatorNames())
    EXPECT_EQ(names.count(name), 1u) << "validator '" << name << "' has no class in " << OMPL_CCD_PLUGIN_XML;
  EXPECT_EQ(names.size(), classes.size()) << "two declared classes build the same validator";
}

TEST_F(PluginlibLoading, EveryDeclaredClassCertifiesTheBundledArm)
{
  Loader loader("ompl_ccd", "ompl_ccd::MotionValidatorPlugin");
  for (const std::string &lookup_name : loader.getDeclaredClasses())
  {
    SCOPED_TRACE(lookup_name);
    ASSERT_EQ(loader.getClassPackage(lookup_name), "ompl_ccd");
    std::unique_ptr<MotionValidatorPlugin, class_loader::ClassLoader::DeleterType<MotionValidatorPlugin>> plugin =
        loader.createUniqueInstance(lookup_name);
    ASSERT_FALSE(plugin->isInitialized());
    plugin->initialize(world_, ValidatorOptions{});
    ASSERT_TRUE(plugin->isInitialized());

    auto si = std::make_shared<ob::SpaceInformation>(makeStateSpace(world_->robot()));
    si->setStateValidityChecker(std::make_shared<StateValidityChecker>(si, world_));
    const ob::MotionValidatorPtr validator = plugin->create(si);
    si->setMotionValidator(validator);
    si->setup();
    EXPECT_TRUE(checkMotion(si, *validator, world_->robot(), kOverTable, kAside));
    EXPECT_FALSE(checkMotion(si, *validator, world_->robot(), kOverTable, kIntoTable));
    EXPECT_FALSE(checkMotion(si, *validator, world_->robot(), kIntoTable, kOverTable));
  }
}

TEST_F(PluginlibLoading, UninitializedPluginRefusesToCreate)
{
  Loader loader("ompl_ccd", "ompl_ccd::MotionValidatorPlugin");
  auto plugin = loader.createUniqueInstance("ompl_ccd/Discrete");
  auto si = std::make_shared<ob::SpaceInformation>(makeStateSpace(world_->robot()));
  try
  {
    plugin->create(si);
    FAIL() << "create() without initialize() did not throw";
  }
  catch (const Error &e)
  {
    EXPECT_NE(std::string(e.what()).find("call initialize(world, options) first"), std::string::npos) << e.what();
  }
}
}  // namespace
}  // namespace ompl_ccd
