// Bounded work near contact (issue 19, req. 6): the 1 m bar of barWorld turns past an obstacle at a
// separation δ known in closed form, δ = ±1e-3 … ±1e-9 m, and every certifier must answer
// correctly or Undecided, in bounded time, in both modes:
// - δ < 0 (a penetration |δ| deep): never Free;
// - δ > contact_distance (1e-6 m): never Collision;
// - 0 < δ ≤ contact_distance: Free or Collision (a configuration within contact_distance);
// - every Collision's witness is within contact_distance of contact by FCL's exact distance.
// Two motions: the bar's far corners crossing the face of a wall (closest for an instant), and
// the bar sliding under a plate (the distance is δ all along: conservative advancement never gets
// a wider gap). OMPL's DiscreteMotionValidator is run for reference only (no guarantee: it may miss
// a penetration). Each query's time and verdict are printed; the work must stay bounded: a query
// longer than a minute is a runaway (a work budget missing), not slowness.
#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <functional>
#include <memory>
#include <ompl/base/ScopedState.h>
#include <string>
#include <vector>

#include "ompl_ccd/certify/ca/conservative_advancement.h"
#include "ompl_ccd/certify/interval/interval_arithmetic.h"
#include "ompl_ccd/certify/toleranced/toleranced_motion.h"
#include "ompl_ccd/geometry/collision_queries.h"
#include "ompl_ccd/ompl/simple_setup.h"
#include "ompl_ccd/ompl/state_space.h"
#include "support/example_worlds.h"

namespace ompl_ccd
{
namespace
{
/// The bar's half width and length (barWorld: x ∈ [0, 1], |y|, |z| ≤ 0.05).
constexpr double kHalfWidth = 0.05, kLength = 1.0;
/// The motion: the hinge turns from θ = −0.3 to 0.3 rad.
constexpr double kFrom = -0.3, kTo = 0.3;
/// A query this long means unbounded work (seconds); the printed times are the measurement.
constexpr double kRunaway = 60.0;

/// A wall whose face x = R + δ is tangent (δ = 0) to the circle R = √(1 + 0.05²) of the bar's far
/// corners (1, ±0.05): turning from −0.3 to 0.3, each corner crosses the x axis (at θ = ∓atan 0.05),
/// where it is exactly R from the hinge. The motion's minimum distance is δ.
Obstacle tipWall(double delta)
{
  const double R = std::hypot(kLength, kHalfWidth);
  return test::boxObstacle("wall", Eigen::Vector3d(0.2, 0.6, 0.6), Eigen::Vector3d(R + delta + 0.1, 0.0, 0.0));
}

/// A plate over the bar, its bottom face z = 0.05 + δ parallel to the bar's top face and covering
/// x ∈ [0.2, 0.8], y ∈ [−0.3, 0.3], under which some of the bar stays at every θ of the motion:
/// the distance is δ all along.
Obstacle slidePlate(double delta)
{
  return test::boxObstacle("plate", Eigen::Vector3d(0.6, 0.6, 0.1), Eigen::Vector3d(0.5, 0.0, kHalfWidth + delta + 0.05));
}

/// One certifier answering one query: the verdict and, for Collision, the witness time.
struct Answer
{
  Verdict verdict = Verdict::Undecided;
  std::optional<double> witness_time;
};

using CertifierRun = std::function<Answer(const CollisionWorldPtr &, const JointMotion &, Mode)>;

/// A certifier of include/ompl_ccd/certify by name, at default options.
CertifierRun certifierRun(const std::string &name)
{
  return [name](const CollisionWorldPtr &world, const JointMotion &motion, Mode mode) {
    std::unique_ptr<Certifier> certifier;
    if (name == "ca")
      certifier = std::make_unique<ConservativeAdvancement>(world);
    else if (name == "toleranced")
      certifier = std::make_unique<TolerancedMotion>(world);
    else
      certifier = std::make_unique<IntervalArithmetic>(world);
    auto ws = certifier->makeWorkspace();
    Query query;
    query.mode = mode;
    const Report report = certifier->certify(*ws, motion, query);
    Answer answer{report.verdict, {}};
    if (report.verdict == Verdict::Collision && report.witness)
      answer.witness_time = report.witness->time;
    return answer;
  };
}

/// OMPL's DiscreteMotionValidator (resolution 0.01): valid is Free, invalid Collision at lastValid.
Answer discreteRun(const CollisionWorldPtr &world, const JointMotion &motion, Mode mode)
{
  const ompl::base::SpaceInformationPtr si = makeSimpleSetup(world, "discrete")->getSpaceInformation();
  si->setup();
  ompl::base::ScopedState<> s0(si), s1(si);
  vectorToState(world->robot(), motion.stateAt(0.0), s0.get());
  vectorToState(world->robot(), motion.stateAt(1.0), s1.get());
  if (mode == Mode::Decide)
    return {si->checkMotion(s0.get(), s1.get()) ? Verdict::Free : Verdict::Collision, {}};
  std::pair<ompl::base::State *, double> last_valid{nullptr, 0.0};
  const bool valid = si->checkMotion(s0.get(), s1.get(), last_valid);
  return {valid ? Verdict::Free : Verdict::Collision, {}};
}

TEST(NearContactBoundedWork, GrazingAt1e3To1e9MetresIsAnsweredCorrectlyOrUndecidedInBoundedTime)
{
  const double contact_distance = Query{}.contact_distance;
  std::vector<double> separations;
  for (double delta = 1e-3; delta > 5e-10; delta /= 10)
    separations.insert(separations.end(), {delta, -delta});
  const std::vector<std::pair<std::string, std::function<Obstacle(double)>>> families = {{"tip", tipWall},
                                                                                          {"slide", slidePlate}};
  const std::vector<std::pair<std::string, CertifierRun>> runs = {{"ca", certifierRun("ca")},
                                                         {"toleranced", certifierRun("toleranced")},
                                                         {"interval", certifierRun("interval")},
                                                         {"discrete", discreteRun}};
  std::printf("%-10s %-5s %-6s %-13s %-9s %-9s %10s\n", "certifier", "case", "delta", "mode", "truth", "verdict",
              "time_ms");
  for (const auto &[family, obstacle] : families)
    for (const double delta : separations)
    {
      const CollisionWorldPtr world = test::barWorld({obstacle(delta)});
      Eigen::VectorXd q0(1), q1(1);
      q0 << kFrom;
      q1 << kTo;
      const JointMotion motion(world->robot(), q0, q1);
      CollisionWorkspace fcl(*world);
      for (const auto &[name, run] : runs)
        for (const Mode mode : {Mode::Decide, Mode::FirstContact})
        {
          const auto start = std::chrono::steady_clock::now();
          const Answer answer = run(world, motion, mode);
          const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
          std::printf("%-10s %-5s %-6.0e %-13s %-9s %-9s %10.3f\n", name.c_str(), family.c_str(), delta,
                      toString(mode), delta < 0 ? "collision" : "free", toString(answer.verdict), 1e3 * seconds);
          const std::string where = name + " " + family + " delta " + std::to_string(delta) + " " + toString(mode);
          EXPECT_LT(seconds, kRunaway) << where << ": unbounded work";
          if (name == "discrete")
            continue;  // a reference without guarantee
          if (delta < 0)
          {
            EXPECT_NE(answer.verdict, Verdict::Free) << where << ": a penetration certified free";
          }
          if (delta > contact_distance)
          {
            EXPECT_NE(answer.verdict, Verdict::Collision) << where << ": a miss reported as a collision";
          }
          if (answer.verdict != Verdict::Collision)
            continue;
          ASSERT_TRUE(answer.witness_time.has_value()) << where;
          EXPECT_LE(minimumDistance(*world, fcl, motion.stateAt(*answer.witness_time)), contact_distance) << where;
        }
    }
}
}  // namespace
}  // namespace ompl_ccd
