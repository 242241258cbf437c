// sharedCover builds a robot's covers once per robot object, body and options: the same object for
// the same robot in another world, another one for another robot object or other options, and the
// cover outerCover makes.
#include "spheres/shared_covers.h"

#include <gtest/gtest.h>

#include "certify/pipeline/potentially_colliding_pairs.h"
#include "spheres/sphere_model.h"
#include "support/example_worlds.h"

namespace ompl_ccd::spheres
{
namespace
{
TEST(SharedCovers, OneRobotObjectBuildsEachCoverOnce)
{
  const CollisionWorldPtr in_scene = test::exampleWorld("arm/arm.urdf", "scene.yaml");
  const CollisionWorldPtr alone = std::make_shared<const CollisionWorld>(in_scene->robotPtr(), std::make_shared<const Scene>(std::vector<Obstacle>{}));
  const CollisionWorldPtr other_robot = test::exampleWorld("arm/arm.urdf", "");
  const BodyRef body = collisionBodies(*in_scene).back();

  const auto first = sharedCover(in_scene->robotPtr(), body, kRobotCoverOptions);
  EXPECT_EQ(first, sharedCover(alone->robotPtr(), body, kRobotCoverOptions)) << "the same robot in another world";
  EXPECT_NE(first, sharedCover(other_robot->robotPtr(), body, kRobotCoverOptions)) << "another robot object";
  EXPECT_NE(first, sharedCover(in_scene->robotPtr(), body, CoverOptions{0.03, 16})) << "other options";

  const LinkGeometry &geometry = in_scene->robot().links()[body.link].geometries[body.geometry];
  const OuterCover made = outerCover(geometry.shape, geometry.X_LG, kRobotCoverOptions);
  ASSERT_EQ(first->leaves.size(), made.leaves.size());
  for (std::size_t i = 0; i < made.leaves.size(); ++i)
  {
    EXPECT_EQ(first->leaves[i].centre, made.leaves[i].centre);
    EXPECT_EQ(first->leaves[i].radius, made.leaves[i].radius);
  }

  // the sphere models of both worlds hold the same balls
  const std::vector<BodyRef> bodies = collisionBodies(*in_scene);
  const SphereModel a(*in_scene, bodies, selfBodyPairs(*in_scene, bodies)), b(*alone, bodies, selfBodyPairs(*alone, bodies));
  EXPECT_EQ(a.outer().r, b.outer().r);
  EXPECT_EQ(a.children().x, b.children().x);
}
}  // namespace
}  // namespace ompl_ccd::spheres
