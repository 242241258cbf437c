#include "ompl_ccd/ompl/path_certification.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <ompl/base/ScopedState.h>
#include <ompl/util/Console.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <limits>
#include <thread>

#include "ompl/random_states.h"
#include "ompl_ccd/error.h"
#include "ompl_ccd/ompl/edge_report.h"
#include "ompl_ccd/ompl/simple_setup.h"
#include "ompl_ccd/ompl/state_space.h"
#include "support/oracle.h"

namespace ompl_ccd
{
namespace
{
using ::testing::HasSubstr;
using ::testing::ThrowsMessage;

/** \brief 12 colliding and 12 random (mostly free) edges of the arm, interleaved. */
std::vector<Edge> mixedEdges(const CollisionWorld &world)
{
  const std::vector<test::Edge> colliding = test::sampledCollidingEdges(world, 12);
  const std::vector<test::Edge> random = test::randomEdges(world, 12);
  std::vector<Edge> edges;
  for (std::size_t i = 0; i < colliding.size(); ++i)
  {
    edges.push_back({colliding[i].q0, colliding[i].q1, 0});
    edges.push_back({random[i].q0, random[i].q1, 0});
  }
  return edges;
}

TEST(PathCertification, ThreadsAnswerAsOneThreadInEdgeOrder)
{
  ompl::msg::setLogLevel(ompl::msg::LOG_WARN);
  const CollisionWorldPtr world = test::armWorld();
  const std::vector<Edge> edges = mixedEdges(*world);
  std::vector<test::Edge> oracle_edges;
  for (const Edge &edge : edges)
    oracle_edges.push_back({edge.start, edge.goal});
  const std::vector<test::OracleResult> oracle = test::labelEdges(*world, oracle_edges, {}, 2);

  for (const std::string validator : {"ca", "discrete"})
    for (const Mode mode : {Mode::Decide, Mode::FirstContact})
    {
      SCOPED_TRACE(validator + " " + toString(mode));
      const ompl::base::SpaceInformationPtr si = makeSpaceInformation(world, validator);
      CertifyOptions options;
      options.mode = mode;
      const std::vector<EdgeReport> serial = certifyEdges(si, world, edges, options);

      options.jobs = 3;
      std::vector<std::size_t> order;
      bool in_calling_thread = true;
      const std::thread::id caller = std::this_thread::get_id();
      options.on_edge = [&](std::size_t i, const EdgeReport &edge) {
        order.push_back(i);
        in_calling_thread = in_calling_thread && std::this_thread::get_id() == caller;
        EXPECT_GE(edge.time_us, 0.0);
      };
      const std::vector<EdgeReport> parallel = certifyEdges(si, world, edges, options);

      ASSERT_EQ(parallel.size(), edges.size());
      ASSERT_EQ(order.size(), edges.size());
      EXPECT_TRUE(in_calling_thread);
      std::size_t colliding = 0;
      for (std::size_t i = 0; i < edges.size(); ++i)
      {
        EXPECT_EQ(order[i], i);
        const Report &a = serial[i].report, &b = parallel[i].report;
        EXPECT_EQ(a.verdict, b.verdict) << "edge " << i;
        EXPECT_EQ(a.toc_lower, b.toc_lower) << "edge " << i;
        EXPECT_EQ(a.toc_upper, b.toc_upper) << "edge " << i;
        EXPECT_EQ(a.witness.has_value(), b.witness.has_value()) << "edge " << i;
        colliding += b.verdict == Verdict::Collision ? 1 : 0;
        // ca against the oracle: never Free on a colliding edge, never Collision on a certified-free one
        if (validator == "ca" && oracle[i].verdict == test::OracleVerdict::Colliding)
        {
          EXPECT_EQ(b.verdict, Verdict::Collision) << "edge " << i;
        }
        if (validator == "ca" && oracle[i].verdict == test::OracleVerdict::CertifiedFree)
        {
          EXPECT_EQ(b.verdict, Verdict::Free) << "edge " << i;
        }
      }
      EXPECT_GE(colliding, 12u) << "the 12 edges sampled in collision collide";
      EXPECT_EQ(countVerdicts(parallel, Verdict::Collision), colliding);
    }
}

TEST(PathCertification, CertifyPathReCertifiesAnotherSpacesPath)
{
  // a path of a discrete space, re-certified by a ca space: edge by edge the reports of reportEdge
  const CollisionWorldPtr world = test::armWorld();
  const std::vector<Edge> edges = mixedEdges(*world);
  const ompl::base::SpaceInformationPtr discrete = makeSpaceInformation(world, "discrete");
  const ompl::base::SpaceInformationPtr ca = makeSpaceInformation(world, "ca");
  ompl::geometric::PathGeometric path(discrete);
  ompl::base::ScopedState<> state(discrete);
  for (std::size_t i = 0; i < 6; ++i)
  {
    vectorToState(world->robot(), edges[i].start, state.get());
    path.append(state.get());
  }
  CertifyOptions options;
  options.jobs = 2;
  const std::vector<EdgeReport> reports = certifyPath(path, ca, world, options);
  ASSERT_EQ(reports.size(), 5u);
  for (std::size_t i = 0; i < reports.size(); ++i)
  {
    const Report expected = reportEdge(ca, world, ca->getMotionValidator(), edges[i].start, edges[i + 1].start,
                                       Mode::FirstContact, nullptr);
    EXPECT_EQ(reports[i].report.verdict, expected.verdict) << "edge " << i;
    EXPECT_EQ(reports[i].report.toc_lower, expected.toc_lower) << "edge " << i;
  }
  ompl::geometric::PathGeometric single(discrete, state.get());
  EXPECT_TRUE(certifyPath(single, ca, world).empty()) << "one waypoint: no edge";
}

TEST(PathCertification, AFailingEdgeStopsEveryThreadAndIsReported)
{
  const CollisionWorldPtr world = test::armWorld();
  std::vector<Edge> edges = mixedEdges(*world);
  edges[7].goal[2] = std::numeric_limits<double>::quiet_NaN();
  const ompl::base::SpaceInformationPtr si = makeSpaceInformation(world, "ca");
  for (const unsigned int jobs : {1u, 2u, 4u})
  {
    CertifyOptions options;
    options.jobs = jobs;
    EXPECT_THAT([&] { certifyEdges(si, world, edges, options); },
                ThrowsMessage<Error>(HasSubstr("reportEdge: edge end")))
        << jobs << " jobs";
  }
}

/** \brief A validator of unknown thread safety: records how many calls overlap. */
class OverlapCountingValidator : public ompl::base::MotionValidator
{
public:
  explicit OverlapCountingValidator(const ompl::base::SpaceInformationPtr &si) : MotionValidator(si) {}
  bool checkMotion(const ompl::base::State *, const ompl::base::State *) const override { return enter(); }
  bool checkMotion(const ompl::base::State *, const ompl::base::State *,
                   std::pair<ompl::base::State *, double> &) const override
  {
    return enter();
  }
  int mostAtOnce() const { return most_; }

private:
  bool enter() const
  {
    const int now = ++inside_;
    int most = most_;
    while (now > most && !most_.compare_exchange_weak(most, now))
    {
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
    --inside_;
    return true;
  }
  mutable std::atomic<int> inside_{0}, most_{0};
};

TEST(PathCertification, ValidatorsOfUnknownThreadSafetyAreCalledOneAtATime)
{
  const CollisionWorldPtr world = test::armWorld();
  const std::vector<test::Edge> random = test::randomEdges(*world, 16);
  std::vector<Edge> edges;
  for (const test::Edge &edge : random)
    edges.push_back({edge.q0, edge.q1, 0});
  const ompl::base::SpaceInformationPtr si = makeSpaceInformation(world, "discrete");
  auto counting = std::make_shared<OverlapCountingValidator>(si);
  si->setMotionValidator(counting);
  CertifyOptions options;
  options.jobs = 4;
  const std::vector<EdgeReport> reports = certifyEdges(si, world, edges, options);
  EXPECT_EQ(countVerdicts(reports, Verdict::Free), edges.size());
  EXPECT_EQ(counting->mostAtOnce(), 1);
}

TEST(PathCertification, JobsZeroMeansEveryCore)
{
  EXPECT_EQ(resolveJobs(0), std::max(1u, std::thread::hardware_concurrency()));
  EXPECT_EQ(resolveJobs(3), 3u);
}
}  // namespace
}  // namespace ompl_ccd
