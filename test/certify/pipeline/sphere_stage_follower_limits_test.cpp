// Mimic followers whose travel leaves their own <limit>: every certifier, both modes, the sphere
// stage on and off, against the oracle (test/support/oracle.h). A follower's value is
// multiplier · source + offset whatever its <limit> says, so nothing sized from that <limit> (the
// float lanes' rounding pad, a reach) may be trusted. Each robot has a colliding edge (the ball
// ends 1 cm inside a post) and a free one (it stops 5 cm short or passes the post).
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "support/oracle.h"
#include "support/soundness_suite.h"
#include "support/stage_certifiers.h"
#include "support/test_paths.h"

namespace ompl_ccd::test
{
namespace
{
std::string joint(const std::string &name, const std::string &type, const std::string &parent, const std::string &child,
                  const std::string &axis, const std::string &limits, const std::string &mimic = "")
{
  return "<joint name='" + name + "' type='" + type + "'><parent link='" + parent + "'/><child link='" + child +
         "'/><axis xyz='" + axis + "'/>" + (limits.empty() ? "" : "<limit " + limits + " effort='1' velocity='1'/>") +
         mimic + "</joint>";
}

std::string link(const std::string &name, const std::string &collision = "")
{
  return "<link name='" + name + "'>" + collision + "</link>";
}

const char *const kBall = "<collision><geometry><sphere radius='0.05'/></geometry></collision>";

/// A link "arm" carrying a 5 cm ball 0.3 m along its x axis.
std::string arm()
{
  return "<link name='arm'><collision><origin xyz='0.3 0 0'/><geometry><sphere radius='0.05'/></geometry>"
         "</collision></link>";
}

RobotModelPtr robot(const std::string &body)
{
  return std::make_shared<const RobotModel>(
      RobotModel::fromUrdfString("<robot name='followers'>" + body + "</robot>", testDataPath("model"), "followers.urdf"));
}

Obstacle box(const Eigen::Vector3d &centre, const Eigen::Vector3d &size)
{
  Obstacle post{"post", {}, Eigen::Isometry3d::Identity()};
  post.shape.kind = CollisionShape::Kind::Box;
  post.shape.box_size = size;
  post.X_WG.translation() = centre;
  return post;
}

Obstacle ball(const Eigen::Vector3d &centre, double radius)
{
  Obstacle post{"post", {}, Eigen::Isometry3d::Identity()};
  post.shape.kind = CollisionShape::Kind::Sphere;
  post.shape.radius = radius;
  post.X_WG.translation() = centre;
  return post;
}

Edge edge(std::initializer_list<double> q0, std::initializer_list<double> q1)
{
  Edge e{Eigen::VectorXd(static_cast<Eigen::Index>(q0.size())), Eigen::VectorXd(static_cast<Eigen::Index>(q1.size()))};
  std::copy(q0.begin(), q0.end(), e.q0.data());
  std::copy(q1.begin(), q1.end(), e.q1.data());
  return e;
}

/// \a edges[0] collides, \a edges[1] is free (both checked against the oracle first); every
/// certifier in both modes with the stage on and off must agree with it.
void expectSound(const RobotModelPtr &model, const Obstacle &post, const std::vector<Edge> &edges)
{
  const auto world = std::make_shared<CollisionWorld>(model, std::make_shared<Scene>(std::vector<Obstacle>{post}));
  const std::vector<OracleResult> labels = labelEdges(*world, edges);
  ASSERT_EQ(labels[0].verdict, OracleVerdict::Colliding);
  ASSERT_EQ(labels[1].verdict, OracleVerdict::CertifiedFree);
  for (const std::string name : {"ca", "toleranced", "interval"})
    for (const bool spheres : {true, false})
    {
      const auto certifier = certifierWithSphereStage(name, world, spheres);
      auto ws = certifier->makeWorkspace();
      for (std::size_t i = 0; i < edges.size(); ++i)
      {
        const JointMotion motion(world->robot(), edges[i].q0, edges[i].q1);
        for (const Mode mode : {Mode::Decide, Mode::FirstContact})
        {
          Query query;
          query.mode = mode;
          const Report report = certifier->certify(*ws, motion, query);
          const std::string where = name + (spheres ? " stage on " : " stage off ") + toString(mode) + " edge " +
                                    std::to_string(i);
          const Classification verdict = classify(report, labels[i], query.tolerance);
          EXPECT_FALSE(verdict.false_free) << where;
          EXPECT_FALSE(verdict.toc_lower_past_contact) << where;
          EXPECT_EQ(report.verdict, i == 0 ? Verdict::Collision : Verdict::Free) << where;
          if (report.verdict == Verdict::Collision)
            EXPECT_TRUE(witnessInContact(*world, motion, report, query.contact_distance)) << where;
        }
      }
    }
}

TEST(SphereStageFollowerLimits, PrismaticFollowersFarOutsideTheirLimits)
{
  // out = 1e6 · source, home = −1e6 · source + 0.03, both declaring [0, 0.001]: the ball stays at
  // x = 0.03 while the followers' values reach 8e5, where floats are 0.0625 apart. At source =
  // 0.81249997 the float values are 3.25 cm off, outward: the float ball clears the post by 2.25 cm
  // while the real one is 1 cm inside it at the end of the drive.
  const std::string tiny = "lower='0' upper='0.001'";
  const RobotModelPtr model =
      robot(link("base") + link("slider") + link("lifted") + link("out") + link("ball", kBall) +
            joint("drive", "prismatic", "base", "slider", "0 1 0", "lower='-0.5' upper='0.5'") +
            joint("source", "prismatic", "slider", "lifted", "0 0 1", "lower='0' upper='1'") +
            joint("out", "prismatic", "lifted", "out", "1 0 0", tiny, "<mimic joint='source' multiplier='1e6'/>") +
            joint("home", "prismatic", "out", "ball", "1 0 0", tiny,
                  "<mimic joint='source' multiplier='-1e6' offset='0.03'/>"));
  const double lift = 0.81249997;
  expectSound(model, box({-0.155, 0.3, lift}, {0.29, 0.2, 0.5}),
              {edge({-0.3, lift}, {0.3, lift}), edge({-0.3, lift}, {0.1, lift})});
}

/// A source joint about z turning an arm through a revolute follower about the same axis that
/// mimics it (× \a multiplier) and declares [0, 0.001]: the arm turns by (1 + multiplier) · source.
RobotModelPtr followedArm(const std::string &source_type, const std::string &source_limits, int multiplier)
{
  return robot(link("base") + link("turned") + arm() +
               joint("source", source_type, "base", "turned", "0 0 1", source_limits) +
               joint("follow", "revolute", "turned", "arm", "0 0 1", "lower='0' upper='0.001'",
                     "<mimic joint='source' multiplier='" + std::to_string(multiplier) + "'/>"));
}

/// A 5 cm ball post that the arm's ball, 0.3 m out, is 1 cm inside when the arm has turned by \a angle.
Obstacle postAt(double angle) { return ball(0.39 * Eigen::Vector3d(std::cos(angle), std::sin(angle), 0.0), 0.05); }

TEST(SphereStageFollowerLimits, RevoluteFollowerOfAContinuousSourceAcrossTheWrap)
{
  // follow = 3 · source, a continuous joint turning from 2.9 through ±π to −2.9: follow reaches
  // 10.1 rad, far past its <limit>, and the arm turns by 4 · source.
  expectSound(followedArm("continuous", "", 3), postAt(4.0 * (2.9 + (2.0 * M_PI - 5.8))),
              {edge({2.9}, {-2.9}), edge({2.9}, {2.95})});
}

TEST(SphereStageFollowerLimits, RevoluteFollowerWithLimitsTooSmall)
{
  // follow = source, turning to 1.5 while follow declares [0, 0.001]: the arm turns by 3 rad.
  expectSound(followedArm("revolute", "lower='-3' upper='3'", 1), postAt(3.0), {edge({0.0}, {1.5}), edge({0.0}, {1.2})});
}
}  // namespace
}  // namespace ompl_ccd::test
