// The sphere front end keeps every certifier sound, and changes no verdict: ca, toleranced and
// interval with the stage on and off, in both modes, on the soundness suite (random edges of the
// bundled arm in its scene and alone, of the snake, 1 mm plates, cubes grazed at 10 µm to 1 cm or
// touched, needle slivers, fast chains, self-sweeping chains) and on panda_primitives when
// ../shared/data is present, against the shared oracle (test/support/oracle.h). Required: no
// false Free, no guaranteed-free prefix past a contact, every Collision witness in contact (FCL's
// exact distance at toc_upper, inner-ball witnesses included), and the same Free/Collision verdict
// with the stage on and off on every edge where neither is Undecided. Obstacles of any size (a 1 km
// floor, a 10 km box, a sphere 1e6 m across) load into the stage's model as one part each.
#include <gtest/gtest.h>

#include <iostream>
#include <map>
#include <memory>

#include "ompl_ccd/geometry/scene_loader.h"
#include "ompl_ccd/model/edge_file.h"
#include "ompl_ccd/model/srdf.h"
#include "certify/pipeline/potentially_colliding_pairs.h"
#include "spheres/sphere_model.h"
#include "support/example_worlds.h"
#include "support/oracle.h"
#include "support/random_edges.h"
#include "support/soundness_suite.h"
#include "support/stage_certifiers.h"
#include "support/test_paths.h"

namespace ompl_ccd::test
{
namespace
{
/// Counts per certifier and mode, printed at the end.
struct Counts
{
  SoundnessTally on, off;
  std::size_t same = 0, differ_undecided = 0, stage_free = 0, stage_collision = 0;
};

void checkCase(const AdversarialCase &c, const std::vector<std::string> &certifiers, std::map<std::string, Counts> &counts)
{
  const std::vector<OracleResult> labels = labelEdges(*c.world, c.edges, OracleOptions{}, 2);
  for (const std::string &name : certifiers)
  {
    const auto on = certifierWithSphereStage(name, c.world, true), off = certifierWithSphereStage(name, c.world, false);
    auto on_ws = on->makeWorkspace(), off_ws = off->makeWorkspace();
    for (std::size_t i = 0; i < c.edges.size(); ++i)
    {
      const JointMotion motion(c.world->robot(), c.edges[i].q0, c.edges[i].q1);
      for (const Mode mode : {Mode::Decide, Mode::FirstContact})
      {
        Query query;
        query.mode = mode;
        const Report with = on->certify(*on_ws, motion, query), without = off->certify(*off_ws, motion, query);
        const std::string where = c.name + " edge " + std::to_string(i) + " " + name + " " + toString(mode);
        const Classification verdict = classify(with, labels[i], query.tolerance);
        EXPECT_FALSE(verdict.false_free) << where;
        EXPECT_FALSE(verdict.toc_lower_past_contact) << where;
        if (with.verdict == Verdict::Collision)
          EXPECT_TRUE(witnessInContact(*c.world, motion, with, query.contact_distance))
              << where << ": no contact at toc_upper " << with.toc_upper << " (" << with.witness->link << " / "
              << with.witness->other << ")";
        Counts &count = counts[name + " " + toString(mode)];
        count.on.add(with, labels[i], verdict);
        count.off.add(without, labels[i], classify(without, labels[i], query.tolerance));
        count.stage_free += with.stats.count("sphere_free") && with.stats.at("sphere_free") > 0;
        count.stage_collision += with.stats.count("sphere_collision") && with.stats.at("sphere_collision") > 0;
        if (with.verdict == Verdict::Undecided || without.verdict == Verdict::Undecided)
          count.differ_undecided += with.verdict != without.verdict;
        else
        {
          EXPECT_EQ(with.verdict, without.verdict) << where << ": the stage changed the verdict";
          count.same += with.verdict == without.verdict;
        }
      }
    }
  }
}

void print(const std::map<std::string, Counts> &counts)
{
  for (const auto &[name, count] : counts)
    std::cout << name << ": stage on " << count.on.summary() << "\n  stage off " << count.off.summary()
              << "\n  same verdict " << count.same << ", differing through Undecided " << count.differ_undecided
              << "; decided by the stage: " << count.stage_free << " free, " << count.stage_collision
              << " collision\n";
}

TEST(SphereStageSoundness, TheSuiteKeepsItsVerdictsWithTheStageOn)
{
  SoundnessSuiteSizes sizes;
  sizes.arm_scene_random = 400;
  sizes.snake_random = 40;
  sizes.thin_plates = 12;
  sizes.grazing_per_distance = 4;
  sizes.grazing_distances = {-1e-3, 1e-5, 1e-4, 1e-3, 1e-2};
  sizes.slivers = 8;
  sizes.fast_chain = 20;
  sizes.self_collision = 40;
  sizes.arm_self_random = 60;
  std::map<std::string, Counts> counts;
  for (const AdversarialCase &c : soundnessSuite(sizes, 57))
    checkCase(c, {"ca", "toleranced", "interval"}, counts);
  print(counts);
}

TEST(SphereStageSoundness, PandaPrimitivesKeepsItsVerdictsWithTheStageOn)
{
  const std::optional<std::string> folder = sharedDataPath("worlds/panda_primitives");
  if (!folder)
    GTEST_SKIP() << "../shared/data is absent";
  RobotModelOptions options;
  options.srdf = parseSrdfFile(*folder + "/panda.srdf");
  auto robot = std::make_shared<const RobotModel>(RobotModel::fromUrdfFile(*folder + "/panda_fixed_fingers.urdf", options));
  AdversarialCase c;
  c.name = "panda_primitives";
  c.world = std::make_shared<const CollisionWorld>(robot, loadScene(*folder + "/scene.yaml"));
  for (const ompl_ccd::Edge &edge : readEdgeFile(*folder + "/edges.txt", *robot, "test"))
    c.edges.push_back({edge.start, edge.goal});
  c.edges.resize(150);
  std::map<std::string, Counts> counts;
  checkCase(c, {"ca", "toleranced", "interval"}, counts);
  print(counts);
}

TEST(SphereStageSoundness, HugeObstaclesLoadAsOnePartEachAndKeepTheirVerdicts)
{
  // a 1 km floor 10 cm under the arm's base, a 10 km cube and a 10 km pillar within the arm's reach,
  // a sphere 1e6 m across 3 m away (its float pad, about 2 m, would leave nothing to prove nearer):
  // the stage's model holds them as primitives (no leaves), whatever their size
  Obstacle planet = boxObstacle("planet", Eigen::Vector3d::Ones(), Eigen::Vector3d(0.0, 5e5, 0.0));
  planet.shape.kind = CollisionShape::Kind::Sphere;
  planet.shape.radius = 5e5 - 3.0;
  Obstacle pillar = boxObstacle("pillar", Eigen::Vector3d::Ones(), Eigen::Vector3d(-0.5, -0.5, 0.0));
  pillar.shape.kind = CollisionShape::Kind::Cylinder;
  pillar.shape.radius = 0.05;
  pillar.shape.length = 1e4;
  const CollisionWorldPtr arm = exampleWorld("arm/arm.urdf", "");
  AdversarialCase c;
  c.name = "huge obstacles";
  c.world = withObstacles(*arm, {boxObstacle("floor", {1e3, 1e3, 0.1}, {0.0, 0.0, -0.15}),
                                 boxObstacle("cube", {1e4, 1e4, 1e4}, {5e3 + 0.75, 0.0, 0.0}), planet, pillar});
  const std::vector<BodyRef> bodies = collisionBodies(*c.world);
  const spheres::SphereModel model(*c.world, bodies, selfBodyPairs(*c.world, bodies));
  EXPECT_EQ(model.obstacles().size(), 4u) << "one primitive part per obstacle";
  EXPECT_LE(model.outer().size(), static_cast<int>(bodies.size()) * (1 + spheres::SphereOptions{}.robot_cover.max_leaves));
  c.edges = collidingThenRandomEdges(*c.world, 15, 46);
  std::map<std::string, Counts> counts;
  checkCase(c, {"ca", "toleranced", "interval"}, counts);
  print(counts);
  const SoundnessTally &labels = counts.at("ca decide").off;
  EXPECT_GT(labels.oracle_colliding, 0u) << "no edge reaches an obstacle: the case tests nothing";
  EXPECT_GT(labels.oracle_free, 0u) << "every edge collides: the stage's proofs of Free are not tested";
  EXPECT_GT(counts.at("ca decide").stage_free, 0u) << "the stage proves nothing: its tests of huge primitives are not run";
}
}  // namespace
}  // namespace ompl_ccd::test
