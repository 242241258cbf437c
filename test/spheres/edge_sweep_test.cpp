// The bisection sweep leaves nothing a contact could hide in: on random and sampled-colliding
// edges of the bundled arm in its scene, and of the arm alone (self pairs only), with the inner
// balls off (as in Mode::FirstContact) and no other proofs, at every one of 2,000 sampled times
// where FCL finds the robot in contact, the sweep has not called the edge free and one of its open
// spans names the touching pair and holds that time. Its blocks: at most the budget, and a free
// edge of the scene within 4 of them in the median.
#include "spheres/edge_sweep.h"

#include <gtest/gtest.h>
#include <algorithm>

#include "certify/pipeline/potentially_colliding_pairs.h"
#include "ompl_ccd/geometry/collision_queries.h"
#include "support/example_worlds.h"
#include "support/random_edges.h"

namespace ompl_ccd::spheres
{
namespace
{
/// No other proofs; inner hits are never asked for (inner balls off).
class NoProofs : public SweepCaller
{
public:
  bool pairSpans(const SweepPair &, std::vector<std::pair<double, double>> &) const override { return false; }
  bool confirm(const InnerHit &) override { return false; }
};

/// The name a contact gives body b: its geometry's URDF link.
const std::string &bodyName(const SphereModel &model, int b)
{
  const LaneBody &body = model.bodies()[b];
  return model.world().robot().links()[body.link].geometries[body.ref.geometry].urdf_link;
}

/// Whether \a span is of the pair \a contact names.
bool names(const SphereModel &model, const OpenSpan &span, const Contact &contact)
{
  const std::string &a = bodyName(model, span.pair.a);
  if (span.pair.other >= 0)
  {
    const std::string &b = bodyName(model, span.pair.other);
    return (a == contact.link && b == contact.other) || (a == contact.other && b == contact.link);
  }
  const Obstacle &obstacle = model.world().scene().obstacles()[model.obstacles()[span.pair.obstacle].scene_index];
  return a == contact.link && obstacle.name == contact.other;
}

/// Sweeps the edges of \a world; returns the median blocks of the edges it calls free.
int checkEdges(const CollisionWorldPtr &world, const std::vector<test::Edge> &edges)
{
  const std::vector<BodyRef> bodies = collisionBodies(*world);
  const SphereModel model(*world, bodies, selfBodyPairs(*world, bodies));
  SweepWorkspace ws(model);
  CollisionWorkspace collision(*world);
  SweepSettings settings;
  settings.inner = false;
  NoProofs caller;
  std::vector<int> free_blocks;
  for (std::size_t e = 0; e < edges.size(); ++e)
  {
    const JointMotion motion(world->robot(), edges[e].q0, edges[e].q1);
    const SweepResult result = sweepEdge(model, ws, motion, settings, caller);
    EXPECT_LE(result.blocks, settings.max_blocks);
    if (result.skipped)
      continue;
    if (result.open.empty())
      free_blocks.push_back(result.blocks);
    for (int i = 0; i <= 2000; ++i)
    {
      const double t = i / 2000.0;
      Contact contact;
      if (!isInCollision(*world, collision, motion.stateAt(t), &contact))
        continue;
      const bool held = std::any_of(result.open.begin(), result.open.end(), [&](const OpenSpan &span) {
        return span.t0 <= t && t <= span.t1 && names(model, span, contact);
      });
      EXPECT_TRUE(held) << "edge " << e << ": " << contact.link << " / " << contact.other << " touch at t = " << t
                        << (result.open.empty() ? ", which the sweep called free" : ", outside every open span of theirs");
      if (!held)
        break;  // one failure an edge is enough to read
    }
  }
  std::sort(free_blocks.begin(), free_blocks.end());
  return free_blocks.empty() ? 0 : free_blocks[free_blocks.size() / 2];
}

TEST(EdgeSweep, EverySampledContactIsInAnOpenSpanOfItsPair)
{
  const CollisionWorldPtr scene = test::exampleWorld("arm/arm.urdf", "scene.yaml");
  test::RandomEdgeOptions options;
  options.seed = 5;
  std::vector<test::Edge> edges = test::randomEdges(*scene, 60, options);
  for (const test::Edge &edge : test::sampledCollidingEdges(*scene, 60, options))
    edges.push_back(edge);
  EXPECT_LE(checkEdges(scene, edges), 4) << "a free edge takes more than 4 blocks in the median";
  const CollisionWorldPtr alone = test::exampleWorld("arm/arm.urdf", "");
  options.seed = 6;
  options.max_fraction = 0.8;
  checkEdges(alone, test::randomEdges(*alone, 80, options));
}
}  // namespace
}  // namespace ompl_ccd::spheres
