#include "ompl_ccd/ompl/motion_validator_factory.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <ompl/base/DiscreteMotionValidator.h>
#include <ompl/base/ScopedState.h>
#include <thread>

#include "ompl/random_states.h"
#include "ompl_ccd/certify/ca/conservative_advancement.h"
#include "ompl_ccd/certify/interval/interval_arithmetic.h"
#include "ompl_ccd/certify/toleranced/toleranced_motion.h"
#include "ompl_ccd/error.h"
#include "ompl_ccd/geometry/collision_queries.h"
#include "ompl_ccd/ompl/certifying_motion_validator.h"
#include "ompl_ccd/ompl/state_space.h"
#include "ompl_ccd/ompl/state_validity_checker.h"

namespace ompl_ccd
{
namespace
{
namespace ob = ompl::base;
using ::testing::HasSubstr;
using ::testing::ThrowsMessage;

struct Fixture
{
  explicit Fixture(const ValidatorOptions &options = {})
    : world(test::armWorld()), si(std::make_shared<ob::SpaceInformation>(makeStateSpace(world->robot())))
  {
    checker = std::make_shared<StateValidityChecker>(si, world);
    si->setStateValidityChecker(checker);
    validator = makeMotionValidator("discrete", si, world, options);
    si->setMotionValidator(validator);
    si->setup();
  }
  ob::ScopedState<> state(const Eigen::VectorXd &q) const
  {
    ob::ScopedState<> s(si);
    vectorToState(world->robot(), q, s.get());
    return s;
  }
  CollisionWorldPtr world;
  ob::SpaceInformationPtr si;
  std::shared_ptr<StateValidityChecker> checker;
  ob::MotionValidatorPtr validator;
};

TEST(MotionValidatorFactory, Names)
{
  EXPECT_EQ(motionValidatorNames(), (std::vector<std::string>{"discrete", "ca", "toleranced", "interval"}));
}

TEST(MotionValidatorFactory, DiscreteSetsTheResolution)
{
  ValidatorOptions options;
  options.resolution = 0.005;
  Fixture f(options);
  EXPECT_NE(std::dynamic_pointer_cast<ob::DiscreteMotionValidator>(f.validator), nullptr);
  EXPECT_EQ(f.si->getStateSpace()->getLongestValidSegmentFraction(), 0.005);
}

TEST(MotionValidatorFactory, DiscreteDecidesAFreeAndAColllidingEdge)
{
  Fixture f;
  const RobotModel &robot = f.world->robot();
  CollisionWorkspace ws(*f.world);
  const Eigen::VectorXd home = Eigen::VectorXd::Zero(robot.nq());
  ASSERT_FALSE(isInCollision(*f.world, ws, home)) << "the arm's zero pose should be free";
  Eigen::VectorXd near = home;
  near[0] += 0.05;
  EXPECT_TRUE(f.validator->checkMotion(f.state(home).get(), f.state(near).get()));

  // A colliding goal: the edge home → goal cannot be valid.
  std::mt19937 rng(5);
  Eigen::VectorXd goal;
  do
    goal = test::randomState(robot, rng);
  while (!isInCollision(*f.world, ws, goal));
  EXPECT_FALSE(f.validator->checkMotion(f.state(home).get(), f.state(goal).get()));
  std::pair<ob::State *, double> last_valid{nullptr, -1.0};
  EXPECT_FALSE(f.validator->checkMotion(f.state(home).get(), f.state(goal).get(), last_valid));
  EXPECT_GE(last_valid.second, 0.0);
  EXPECT_LT(last_valid.second, 1.0);
}

TEST(MotionValidatorFactory, UnknownNameListsTheKnownOnes)
{
  Fixture f;
  EXPECT_THAT([&] { makeMotionValidator("sampling", f.si, f.world); },
              ThrowsMessage<Error>(HasSubstr("makeMotionValidator: unknown motion validator 'sampling'; use one "
                                             "of: discrete, ca, toleranced, interval.")));
}

TEST(MotionValidatorFactory, BadOptionsAreRefusedByName)
{
  Fixture f;
  auto build = [&](ValidatorOptions options) { return [&f, options] { makeMotionValidator("discrete", f.si, f.world, options); }; };
  ValidatorOptions options;
  options.resolution = 0.0;
  EXPECT_THAT(build(options), ThrowsMessage<Error>(HasSubstr(
                                  "makeMotionValidator: option 'resolution' is '0'; allowed: a number in [1e-05, 1)")));
  options.resolution = 1.0;  // issue 19: OMPL's "internal error" before
  EXPECT_THAT(build(options), ThrowsMessage<Error>(HasSubstr("option 'resolution' is '1'; allowed")));
  options.resolution = std::nan("");
  EXPECT_THAT(build(options), ThrowsMessage<Error>(HasSubstr("option 'resolution' is 'nan'; allowed")));
  options = {};
  options.tolerance = 0.0;
  EXPECT_THAT(build(options), ThrowsMessage<Error>(HasSubstr("option 'tolerance' is '0'; allowed: a finite number >= 1e-14")));
  options.tolerance = std::numeric_limits<double>::infinity();
  EXPECT_THAT(build(options), ThrowsMessage<Error>(HasSubstr("option 'tolerance' is 'inf'; allowed")));
  options = {};
  options.clearance = -0.1;
  EXPECT_THAT(build(options), ThrowsMessage<Error>(HasSubstr("option 'clearance' is '-0.1'; allowed: a finite number >= 0")));
  options = {};
  options.toleranced.threads = 0;
  EXPECT_THAT(build(options), ThrowsMessage<Error>(HasSubstr("option 'threads' is '0'; allowed: an integer in [1, 256]")));
  options = {};
  options.ca.collision_probes = -1;
  EXPECT_THAT(build(options), ThrowsMessage<Error>(HasSubstr("option 'collision_probes' is '-1'; allowed: an integer >= 0")));
  options = {};
  options.interval.time_pieces = 0;
  EXPECT_THAT(build(options), ThrowsMessage<Error>(HasSubstr("option 'time_pieces' is '0'; allowed: an integer >= 1")));
}

TEST(MotionValidatorFactory, CertifiersGetTheirOwnOptions)
{
  const CollisionWorldPtr world = test::armWorld();
  auto si = std::make_shared<ob::SpaceInformation>(makeStateSpace(world->robot()));
  ValidatorOptions options;
  options.culling.early_probes = 0;
  options.toleranced.max_depth = 30;
  options.toleranced.threads = 7;
  options.interval.time_pieces = 4;
  options.interval.swept_sphere_culling = true;  // not the default
  const auto ca = std::dynamic_pointer_cast<CertifyingMotionValidator>(makeMotionValidator("ca", si, world, options));
  ASSERT_NE(ca, nullptr);
  EXPECT_EQ(dynamic_cast<const ConservativeAdvancement &>(ca->certifier()).culling().early_probes, 0);
  const auto toleranced =
      std::dynamic_pointer_cast<CertifyingMotionValidator>(makeMotionValidator("toleranced", si, world, options));
  ASSERT_NE(toleranced, nullptr);
  const auto &toleranced_options = dynamic_cast<const TolerancedMotion &>(toleranced->certifier()).options();
  EXPECT_EQ(toleranced_options.max_depth, 30);
  EXPECT_EQ(toleranced_options.threads, 7);
  const auto interval =
      std::dynamic_pointer_cast<CertifyingMotionValidator>(makeMotionValidator("interval", si, world, options));
  ASSERT_NE(interval, nullptr);
  const auto &interval_options = dynamic_cast<const IntervalArithmetic &>(interval->certifier()).options();
  EXPECT_EQ(interval_options.time_pieces, 4);
  EXPECT_TRUE(interval_options.swept_sphere_culling);
}

TEST(MotionValidatorFactory, EveryCertifierGetsTheCullingOptions)
{
  const CollisionWorldPtr world = test::armWorld();
  auto si = std::make_shared<ob::SpaceInformation>(makeStateSpace(world->robot()));
  ValidatorOptions options;
  setValidatorOption(options, "certificate_max_dims", "0", "test");
  setValidatorOption(options, "swept_box_travel", "0.25", "test");
  setValidatorOption(options, "taylor_models", "true", "test");
  const auto culling = [&](const std::string &name) {
    const auto validator =
        std::dynamic_pointer_cast<CertifyingMotionValidator>(makeMotionValidator(name, si, world, options));
    if (!validator)
    {
      ADD_FAILURE() << name << " is not a CertifyingMotionValidator";
      return CullingOptions{};
    }
    const Certifier &certifier = validator->certifier();
    if (name == "ca")
      return dynamic_cast<const ConservativeAdvancement &>(certifier).culling();
    if (name == "toleranced")
      return dynamic_cast<const TolerancedMotion &>(certifier).culling();
    return dynamic_cast<const IntervalArithmetic &>(certifier).culling();
  };
  for (const std::string name : {"ca", "toleranced", "interval"})
  {
    const CullingOptions got = culling(name);
    EXPECT_EQ(got.certificate_max_dims, 0) << name;
    EXPECT_EQ(got.swept_box_travel, 0.25) << name;
    EXPECT_TRUE(got.taylor_models) << name;
  }
}

TEST(MotionValidatorFactory, TolerancedGetsThreadsAndMassDistribution)
{
  const CollisionWorldPtr world = test::armWorld();
  auto si = std::make_shared<ob::SpaceInformation>(makeStateSpace(world->robot()));
  for (const MassDistribution kind : {MassDistribution::MeshVertices, MassDistribution::ObbCorners})
  {
    ValidatorOptions options;
    setValidatorOption(options, "threads", "3", "test");
    setValidatorOption(options, "mass_distribution", toString(kind), "test");
    const auto validator =
        std::dynamic_pointer_cast<CertifyingMotionValidator>(makeMotionValidator("toleranced", si, world, options));
    ASSERT_NE(validator, nullptr);
    const auto &certifier = dynamic_cast<const TolerancedMotion &>(validator->certifier());
    EXPECT_EQ(certifier.options().threads, 3);
    EXPECT_EQ(certifier.options().mass_distribution, kind);
  }
}

TEST(MotionValidatorFactory, DiscreteAndCheckerAreThreadSafe)
{
  Fixture f;
  const RobotModel &robot = f.world->robot();
  std::mt19937 rng(77);
  const int n = 500;
  std::vector<ob::ScopedState<>> starts, goals;
  CollisionWorkspace ws(*f.world);
  while (static_cast<int>(starts.size()) < n)
  {
    // Edges start at a valid state (the validator's assumption); goals are anything.
    const Eigen::VectorXd q1 = test::randomState(robot, rng);
    if (isInCollision(*f.world, ws, q1))
      continue;
    // Half the goals are near the start so that free edges occur too.
    Eigen::VectorXd q2 = test::randomState(robot, rng);
    if (starts.size() % 2 == 0)
      q2 = q1 + 0.1 * (q2 - q1);
    starts.push_back(f.state(q1));
    goals.push_back(f.state(q2));
  }
  std::vector<char> motion(n), first(n), valid(n);
  std::vector<double> last_time(n);
  for (int i = 0; i < n; ++i)
  {
    motion[i] = f.validator->checkMotion(starts[i].get(), goals[i].get());
    std::pair<ob::State *, double> last_valid{nullptr, -1.0};
    first[i] = f.validator->checkMotion(starts[i].get(), goals[i].get(), last_valid);
    last_time[i] = last_valid.second;
    valid[i] = f.checker->isValid(goals[i].get());
  }
  const int free_edges = std::count(motion.begin(), motion.end(), 1);
  ASSERT_GT(free_edges, n / 10);
  ASSERT_LT(free_edges, n - n / 10);

  std::atomic<int> mismatches{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&, t] {
      for (int k = 0; k < n; ++k)
      {
        const int i = (k + t * n / 4) % n;
        std::pair<ob::State *, double> last_valid{nullptr, -1.0};
        if (f.validator->checkMotion(starts[i].get(), goals[i].get()) != static_cast<bool>(motion[i]) ||
            f.validator->checkMotion(starts[i].get(), goals[i].get(), last_valid) != static_cast<bool>(first[i]) ||
            last_valid.second != last_time[i] || f.checker->isValid(goals[i].get()) != static_cast<bool>(valid[i]))
          ++mismatches;
      }
    });
  for (std::thread &thread : threads)
    thread.join();
  EXPECT_EQ(mismatches.load(), 0);
}
}  // namespace
}  // namespace ompl_ccd
