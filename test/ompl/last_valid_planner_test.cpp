/// KPIECE1 grows its tree with checkMotion(s1, s2, lastValid): on a colliding motion it keeps the
/// state at lastValid when the fraction is large enough. With a certifying validator each kept
/// prefix s1 → lastValid.first must be really free: checked here against the soundness oracle.

#include <gtest/gtest.h>
#include <mutex>
#include <ompl/base/PlannerData.h>
#include <ompl/base/ScopedState.h>
#include <ompl/geometric/planners/kpiece/KPIECE1.h>
#include <ompl/util/RandomNumbers.h>

#include "ompl/random_states.h"
#include "ompl_ccd/ompl/simple_setup.h"
#include "ompl_ccd/ompl/state_space.h"
#include "support/oracle.h"

namespace ompl_ccd
{
namespace
{
namespace ob = ompl::base;

/** \brief One checkMotion(s1, s2, lastValid) that answered false: the vectors of s1, s2 and
    lastValid.first, and lastValid.second. */
struct PartialMotion
{
  Eigen::VectorXd from, to, last_valid;
  double fraction = 0.0;
};

/** \brief Passes every call to the validator under test and records the partial motions. */
class RecordingValidator : public ob::MotionValidator
{
public:
  RecordingValidator(const ob::SpaceInformationPtr &si, ob::MotionValidatorPtr inner, const RobotModel &robot)
    : ob::MotionValidator(si), inner_(std::move(inner)), robot_(robot)
  {
  }
  bool checkMotion(const ob::State *s1, const ob::State *s2) const override { return inner_->checkMotion(s1, s2); }
  bool checkMotion(const ob::State *s1, const ob::State *s2, std::pair<ob::State *, double> &lastValid) const override
  {
    // Read s1 and s2 first: KPIECE1 passes s2 itself as lastValid.first.
    PartialMotion partial;
    stateToVector(robot_, s1, partial.from);
    stateToVector(robot_, s2, partial.to);
    const bool free = inner_->checkMotion(s1, s2, lastValid);
    if (!free && lastValid.first != nullptr)
    {
      stateToVector(robot_, lastValid.first, partial.last_valid);
      partial.fraction = lastValid.second;
      const std::lock_guard<std::mutex> lock(mutex_);
      partials_.push_back(std::move(partial));
    }
    return free;
  }
  std::vector<PartialMotion> partials() const
  {
    const std::lock_guard<std::mutex> lock(mutex_);
    return partials_;
  }

private:
  ob::MotionValidatorPtr inner_;
  const RobotModel &robot_;
  mutable std::mutex mutex_;
  mutable std::vector<PartialMotion> partials_;
};

class LastValidPlanner : public ::testing::TestWithParam<std::string>
{
protected:
  // OMPL takes a seed only before its first random number.
  static void SetUpTestSuite() { ompl::RNG::setSeed(7); }
};

TEST_P(LastValidPlanner, EveryKeptPrefixIsFree)
{
  const CollisionWorldPtr world = test::armWorld();
  const RobotModel &robot = world->robot();
  const ompl::geometric::SimpleSetupPtr setup = makeSimpleSetup(world, GetParam());
  const ob::SpaceInformationPtr &si = setup->getSpaceInformation();
  auto recorder = std::make_shared<RecordingValidator>(si, si->getMotionValidator(), robot);
  si->setMotionValidator(recorder);
  setup->setPlanner(std::make_shared<ompl::geometric::KPIECE1>(si));

  // Queries between random valid states, seeded, until enough first contacts were asked for.
  auto sampler = si->allocValidStateSampler();
  ob::ScopedState<> start(si), goal(si);
  for (int query = 0; query < 40 && recorder->partials().size() < 60; ++query)
  {
    ASSERT_TRUE(sampler->sample(start.get()));
    ASSERT_TRUE(sampler->sample(goal.get()));
    setup->clear();
    setup->setStartAndGoalStates(start, goal);
    setup->solve(ob::timedPlannerTerminationCondition(1.0));
  }

  const std::vector<PartialMotion> partials = recorder->partials();
  ASSERT_GE(partials.size(), 60u) << "the planner asked for too few first contacts to test anything";
  CollisionWorkspace ws(*world);
  std::size_t checked = 0, kept = 0;
  for (const PartialMotion &partial : partials)
  {
    if (checked == 300)
      break;
    ++checked;
    ASSERT_GE(partial.fraction, 0.0);
    ASSERT_LT(partial.fraction, 1.0);
    // lastValid.first is the state OMPL interpolates at lastValid.second.
    const JointMotion motion(robot, partial.from, partial.to);
    ASSERT_LE((motion.stateAt(partial.fraction) - partial.last_valid).lpNorm<Eigen::Infinity>(), 1e-12);
    if (partial.fraction == 0.0)
      continue;
    ++kept;
    const test::OracleResult label = test::runOracle(*world, ws, JointMotion(robot, partial.from, partial.last_valid));
    EXPECT_NE(label.verdict, test::OracleVerdict::Colliding)
        << "a certified free prefix collides at t = " << label.toc_hi << " of [0, " << partial.fraction << "]";
  }
  EXPECT_GE(kept, 20u) << "too few partial motions with a free prefix";
}

INSTANTIATE_TEST_SUITE_P(Certifiers, LastValidPlanner, ::testing::Values("ca", "toleranced", "interval"));
}  // namespace
}  // namespace ompl_ccd
