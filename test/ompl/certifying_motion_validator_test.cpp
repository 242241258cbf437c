#include "ompl_ccd/ompl/certifying_motion_validator.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <ompl/base/ScopedState.h>
#include <ompl/base/SpaceInformation.h>
#include <thread>

#include "ompl/random_states.h"
#include "ompl_ccd/error.h"
#include "ompl_ccd/ompl/state_space.h"

namespace ompl_ccd
{
namespace
{
namespace ob = ompl::base;
using ::testing::HasSubstr;

/** \brief Workspace of the fake: remembers the one thread allowed to use it, and counts itself in
    \a live while it exists. */
struct FakeWorkspace : CertifierWorkspace
{
  explicit FakeWorkspace(std::atomic<int> &live) : live(live) { ++live; }
  ~FakeWorkspace() override { --live; }
  std::atomic<int> &live;
  std::thread::id owner = std::this_thread::get_id();
};

/** \brief A certifier with closed-form answers in joint space: the motion collides where value 0
    crosses kWall (TOC bracket of half-width kHalfWidth around the crossing); it is Undecided where
    value 1 crosses kFog (lower bound kFogLower); else Free. Its stats echo the query. */
class FakeCertifier : public Certifier
{
public:
  static constexpr double kWall = 0.3;
  static constexpr double kHalfWidth = 0.01;
  static constexpr double kFog = 0.2;
  static constexpr double kFogLower = 0.125;

  std::string name() const override { return "fake"; }
  std::unique_ptr<CertifierWorkspace> makeWorkspace() const override
  {
    ++workspaces;
    return std::make_unique<FakeWorkspace>(live_workspaces);
  }
  Report certify(CertifierWorkspace &ws, const JointMotion &motion, const Query &query) const override
  {
    if (dynamic_cast<FakeWorkspace &>(ws).owner != std::this_thread::get_id())
      ++foreign_workspace_uses;
    Report report;
    report.stats = {{"mode", static_cast<double>(query.mode)},
                    {"clearance", query.clearance},
                    {"tolerance", query.tolerance}};
    const double a = motion.start()[0], b = motion.goal()[0];
    if ((a - kWall) * (b - kWall) <= 0.0 && a != b)
    {
      const double toc = (kWall - a) / (b - a);
      report.verdict = Verdict::Collision;
      report.toc_lower = std::max(0.0, toc - kHalfWidth);
      report.toc_upper = std::min(1.0, toc + kHalfWidth);
      return report;
    }
    if ((motion.start()[1] - kFog) * (motion.goal()[1] - kFog) < 0.0)
    {
      report.verdict = Verdict::Undecided;
      report.toc_lower = kFogLower;
      return report;
    }
    report.verdict = Verdict::Free;
    report.toc_lower = report.toc_upper = 1.0;
    return report;
  }
  mutable std::atomic<int> workspaces{0};
  mutable std::atomic<int> live_workspaces{0};
  mutable std::atomic<int> foreign_workspace_uses{0};
};

struct Fixture
{
  Fixture()
    : robot(std::make_shared<const RobotModel>(RobotModel::fromUrdfFile(test::examplePath("arm/arm.urdf"))))
    , si(std::make_shared<ob::SpaceInformation>(makeStateSpace(*robot)))
    , certifier(std::make_shared<FakeCertifier>())
  {
    query.clearance = 0.02;
    query.tolerance = 1e-4;
    validator = std::make_shared<CertifyingMotionValidator>(si, robot, certifier, query);
    si->setMotionValidator(validator);
    si->setStateValidityChecker([](const ob::State *) { return true; });  // the fake needs no geometry
    si->setup();
  }
  /** \brief A state with values 0 and 1 set, the others 0 (inside the arm's limits). */
  ob::ScopedState<> state(double v0, double v1) const
  {
    Eigen::VectorXd q = Eigen::VectorXd::Zero(robot->nq());
    q[0] = v0;
    q[1] = v1;
    ob::ScopedState<> s(si);
    vectorToState(*robot, q, s.get());
    return s;
  }
  RobotModelPtr robot;
  ob::SpaceInformationPtr si;
  std::shared_ptr<FakeCertifier> certifier;
  Query query;
  std::shared_ptr<CertifyingMotionValidator> validator;
};

TEST(CertifyingMotionValidator, DecideOverloadIsTrueOnlyForFree)
{
  Fixture f;
  EXPECT_TRUE(f.validator->checkMotion(f.state(0.0, 0.0).get(), f.state(0.1, 0.1).get()));
  EXPECT_FALSE(f.validator->checkMotion(f.state(0.0, 0.0).get(), f.state(0.5, 0.0).get()));   // collision
  EXPECT_FALSE(f.validator->checkMotion(f.state(0.0, 0.0).get(), f.state(0.0, 0.4).get()));   // undecided
  EXPECT_EQ(f.validator->getValidMotionCount(), 1u);
  EXPECT_EQ(f.validator->getInvalidMotionCount(), 2u);
  EXPECT_EQ(f.validator->getCheckedMotionCount(), 3u);
}

TEST(CertifyingMotionValidator, LastValidIsSetAtTocLowerOnlyOnFalse)
{
  Fixture f;
  ob::ScopedState<> s1 = f.state(0.0, 0.0), s2 = f.state(0.5, 0.0), last(f.si), expected(f.si);
  std::pair<ob::State *, double> last_valid{last.get(), -1.0};
  ASSERT_FALSE(f.validator->checkMotion(s1.get(), s2.get(), last_valid));
  const double toc_lower = FakeCertifier::kWall / 0.5 - FakeCertifier::kHalfWidth;
  EXPECT_DOUBLE_EQ(last_valid.second, toc_lower);
  f.si->getStateSpace()->interpolate(s1.get(), s2.get(), last_valid.second, expected.get());
  EXPECT_EQ(last, expected);

  // Undecided is invalid too; the last valid time is the certifier's lower bound.
  std::pair<ob::State *, double> undecided{nullptr, -1.0};
  EXPECT_FALSE(f.validator->checkMotion(f.state(0.0, 0.0).get(), f.state(0.0, 0.4).get(), undecided));
  EXPECT_EQ(undecided.second, FakeCertifier::kFogLower);

  // On true nothing is touched.
  ob::ScopedState<> sentinel = f.state(-0.7, 0.9);
  last = sentinel;
  std::pair<ob::State *, double> untouched{last.get(), -1.0};
  EXPECT_TRUE(f.validator->checkMotion(f.state(0.0, 0.0).get(), f.state(0.1, 0.1).get(), untouched));
  EXPECT_EQ(untouched.second, -1.0);
  EXPECT_EQ(untouched.first, last.get());
  EXPECT_EQ(last, sentinel);
  EXPECT_EQ(f.validator->getValidMotionCount(), 1u);
  EXPECT_EQ(f.validator->getInvalidMotionCount(), 2u);
}

TEST(CertifyingMotionValidator, CertifyPassesModeAndQueryAndCounts)
{
  Fixture f;
  const Report decide = f.validator->certify(f.state(0.0, 0.0).get(), f.state(0.6, 0.0).get(), Mode::Decide);
  EXPECT_EQ(decide.verdict, Verdict::Collision);
  EXPECT_EQ(decide.stats.at("mode"), static_cast<double>(Mode::Decide));
  EXPECT_EQ(decide.stats.at("clearance"), 0.02);
  EXPECT_EQ(decide.stats.at("tolerance"), 1e-4);
  EXPECT_DOUBLE_EQ(decide.toc_upper, 0.5 + FakeCertifier::kHalfWidth);
  const Report first = f.validator->certify(f.state(0.0, 0.0).get(), f.state(0.1, 0.0).get(), Mode::FirstContact);
  EXPECT_EQ(first.verdict, Verdict::Free);
  EXPECT_EQ(first.stats.at("mode"), static_cast<double>(Mode::FirstContact));
  EXPECT_EQ(f.validator->getValidMotionCount(), 1u);
  EXPECT_EQ(f.validator->getInvalidMotionCount(), 1u);
  EXPECT_EQ(&f.validator->certifier(), f.certifier.get());
  EXPECT_EQ(f.validator->query().clearance, 0.02);
}

TEST(CertifyingMotionValidator, FourThreadsGiveTheSingleThreadAnswers)
{
  Fixture f;
  std::mt19937 rng(99);
  const int n = 2000;
  std::vector<ob::ScopedState<>> starts, goals;
  for (int i = 0; i < n; ++i)
  {
    starts.emplace_back(f.si);
    goals.emplace_back(f.si);
    vectorToState(*f.robot, test::randomState(*f.robot, rng), starts.back().get());
    vectorToState(*f.robot, test::randomState(*f.robot, rng), goals.back().get());
  }
  std::vector<char> decide(n), first(n);
  std::vector<double> last_time(n, -1.0);
  for (int i = 0; i < n; ++i)
  {
    decide[i] = f.validator->checkMotion(starts[i].get(), goals[i].get());
    std::pair<ob::State *, double> last_valid{nullptr, -1.0};
    first[i] = f.validator->checkMotion(starts[i].get(), goals[i].get(), last_valid);
    last_time[i] = last_valid.second;
  }
  const unsigned int single_valid = f.validator->getValidMotionCount();
  const unsigned int single_invalid = f.validator->getInvalidMotionCount();
  ASSERT_GT(single_valid, 0u);
  ASSERT_GT(single_invalid, 0u);

  std::atomic<int> mismatches{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&, t] {
      for (int k = 0; k < n; ++k)
      {
        const int i = (k + t * n / 4) % n;  // threads start at different edges
        if (f.validator->checkMotion(starts[i].get(), goals[i].get()) != static_cast<bool>(decide[i]))
          ++mismatches;
        std::pair<ob::State *, double> last_valid{nullptr, -1.0};
        if (f.validator->checkMotion(starts[i].get(), goals[i].get(), last_valid) != static_cast<bool>(first[i]) ||
            last_valid.second != last_time[i])
          ++mismatches;
      }
    });
  for (std::thread &thread : threads)
    thread.join();
  EXPECT_EQ(mismatches.load(), 0);
  EXPECT_EQ(f.certifier->foreign_workspace_uses.load(), 0);
  EXPECT_EQ(f.certifier->workspaces.load(), 5);  // the main thread's and one per worker
  // The base counters mirror the atomics at each call's exit (they may lag while threads race);
  // one quiet call brings them up to date.
  EXPECT_TRUE(f.validator->checkMotion(f.state(0.0, 0.0).get(), f.state(0.1, 0.1).get()));
  EXPECT_EQ(f.validator->getValidMotionCount(), 5 * single_valid + 1);
  EXPECT_EQ(f.validator->getInvalidMotionCount(), 5 * single_invalid);
}

// A long-lived node that makes a validator per planning request, on 4 threads: the workspaces of
// destroyed validators do not pile up on the threads that used them (PerThread, issue 16).
TEST(CertifyingMotionValidator, ValidatorsMadePerRequestKeepNoWorkspaces)
{
  Fixture f;
  constexpr int kThreads = 4, kValidatorsPerThread = 2500;
  std::atomic<int> peak{0}, answers{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&] {
      const ob::ScopedState<> s1 = f.state(0.0, 0.0), s2 = f.state(0.1, 0.1);
      for (int k = 0; k < kValidatorsPerThread; ++k)
      {
        CertifyingMotionValidator validator(f.si, f.robot, f.certifier, f.query);
        answers += validator.checkMotion(s1.get(), s2.get());  // makes this thread's workspace
        const int seen = f.certifier->live_workspaces.load();
        for (int expected = peak.load(); seen > expected && !peak.compare_exchange_weak(expected, seen);)
        {
        }
      }
    });
  for (std::thread &thread : threads)
    thread.join();
  EXPECT_EQ(answers.load(), kThreads * kValidatorsPerThread);
  EXPECT_EQ(f.certifier->workspaces.load(), kThreads * kValidatorsPerThread);
  EXPECT_EQ(f.certifier->live_workspaces.load(), 0);
  EXPECT_GE(peak.load(), 1);
  EXPECT_LE(peak.load(), kThreads);  // one validator per thread at a time (the fixture's certifies nothing)
}

TEST(CertifyingMotionValidator, BadConstructionIsRefused)
{
  Fixture f;
  using ::testing::ThrowsMessage;
  EXPECT_THAT([&] { CertifyingMotionValidator(f.si, f.robot, nullptr, f.query); },
              ThrowsMessage<Error>(HasSubstr("CertifyingMotionValidator: the certifier is null")));
  EXPECT_THAT([&] { CertifyingMotionValidator(f.si, nullptr, f.certifier, f.query); },
              ThrowsMessage<Error>(HasSubstr("CertifyingMotionValidator: the robot model is null")));
  Query bad = f.query;
  bad.tolerance = 0.0;
  EXPECT_THAT([&] { CertifyingMotionValidator(f.si, f.robot, f.certifier, bad); },
              ThrowsMessage<Error>(HasSubstr("CertifyingMotionValidator: query tolerance (0) must be finite and at least 1e-14")));
  bad = f.query;
  bad.clearance = -0.5;
  EXPECT_THAT([&] { CertifyingMotionValidator(f.si, f.robot, f.certifier, bad); },
              ThrowsMessage<Error>(HasSubstr("CertifyingMotionValidator: query clearance (-0.5) must be non-negative")));
}

TEST(Certifier, VerdictAndModeNames)
{
  EXPECT_STREQ(toString(Verdict::Free), "free");
  EXPECT_STREQ(toString(Verdict::Collision), "collision");
  EXPECT_STREQ(toString(Verdict::Undecided), "undecided");
  EXPECT_STREQ(toString(Mode::Decide), "decide");
  EXPECT_STREQ(toString(Mode::FirstContact), "first-contact");
}
}  // namespace
}  // namespace ompl_ccd
