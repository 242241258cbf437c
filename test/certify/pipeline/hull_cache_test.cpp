// The hull cache (hull_cache.h): hulls shared per robot object, written to and read back from disk
// (every vertex, face and gap, the same support values), a corrupt or foreign file refused with a
// warning and rewritten, primitives made on the spot.
#include "certify/pipeline/hull_cache.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <unistd.h>


#include "certify/pipeline/potentially_colliding_pairs.h"
#include "support/example_worlds.h"
#include "support/warning_log.h"

namespace ompl_ccd
{
namespace
{
namespace fs = std::filesystem;
using ::testing::HasSubstr;

using test::WarningLog;

/// The same robot as \a robot's, a new RobotModel object (it starts as a new process does).
RobotModelPtr anew(const RobotModel &robot)
{
  return std::make_shared<const RobotModel>(robot);
}

/// Expects \a a and \a b to be the same hull: vertices, faces and gap, and support values.
void expectSameHull(const ConvexHull &a, const ConvexHull &b)
{
  EXPECT_EQ(a.vertices(), b.vertices());
  EXPECT_EQ(a.faces(), b.faces());
  EXPECT_EQ(a.gap(), b.gap());
  std::mt19937 rng(5);
  std::normal_distribution<double> gauss;
  for (int trial = 0; trial < 100; ++trial)
  {
    const Eigen::Vector3d n(gauss(rng), gauss(rng), gauss(rng));
    ASSERT_EQ(a.support(n), b.support(n));
  }
}

class HullCacheTest : public ::testing::Test
{
protected:
  void SetUp() override
  {
    dir_ = fs::temp_directory_path() /
           ("ompl_ccd_hull_cache_test_" + std::to_string(::getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  fs::path dir_;
};

/// Built once per robot object and gap; a new robot object reads the file the first one wrote,
/// and gets the same hulls; a primitive body's hull is its shape.
TEST_F(HullCacheTest, SharedPerRobotAndReadBackFromDisk)
{
  for (const CollisionWorldPtr &world : {test::exampleWorld("arm/arm.urdf", "scene.yaml"), test::barWorld({})})
  {
    const std::vector<BodyRef> bodies = collisionBodies(*world);
    WarningLog log;
    const HullList built = sharedHulls(world->robotPtr(), bodies, 1e-3, dir_);
    ASSERT_EQ(built.size(), bodies.size());
    EXPECT_EQ(sharedHulls(world->robotPtr(), bodies, 1e-3, dir_), built);  // shared in memory
    EXPECT_NE(sharedHulls(world->robotPtr(), bodies, 0.0, std::nullopt)[0], built[0]);  // another gap
    const fs::path file = cacheFile(dir_, world->robot(), hullCacheKey(world->robot(), bodies, 1e-3), "hulls");
    ASSERT_TRUE(fs::exists(file));
    const RobotModelPtr other = anew(world->robot());
    const HullList read = sharedHulls(other, bodies, 1e-3, dir_);
    EXPECT_TRUE(log.messages.empty());
    for (std::size_t i = 0; i < bodies.size(); ++i)
    {
      EXPECT_NE(read[i], built[i]);
      expectSameHull(*read[i], *built[i]);
      // and the same as built afresh from the shape
      expectSameHull(*read[i], ConvexHull(world->robot().links()[bodies[i].link].geometries[bodies[i].geometry].shape,
                                          1e-3));
    }
  }
}

/// A changed byte or another robot's file under this robot's name is refused with a warning;
/// the hulls are then built and the file rewritten.
TEST_F(HullCacheTest, CorruptOrForeignFilesAreRefusedAndRewritten)
{
  const CollisionWorldPtr arm = test::exampleWorld("arm/arm.urdf", "scene.yaml");
  const std::vector<BodyRef> bodies = collisionBodies(*arm);
  const CacheKey key = hullCacheKey(arm->robot(), bodies, 1e-3);
  const fs::path file = cacheFile(dir_, arm->robot(), key, "hulls");
  const HullList built = sharedHulls(arm->robotPtr(), bodies, 1e-3, dir_);
  std::string bytes;
  {
    std::ifstream in(file, std::ios::binary);
    bytes.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  for (const std::size_t at : {std::size_t{45}, bytes.size() / 2, bytes.size() - 12})
  {
    std::string changed = bytes;
    changed[at] ^= 0x04;
    std::ofstream(file, std::ios::binary | std::ios::trunc) << changed;
    WarningLog log;
    EXPECT_FALSE(loadHulls(file, key, arm->robot(), bodies));
    const HullList rebuilt = sharedHulls(anew(arm->robot()), bodies, 1e-3, dir_);
    ASSERT_EQ(log.messages.size(), 2u) << at;  // loadHulls, then sharedHulls
    EXPECT_THAT(log.messages[1], HasSubstr("tag mismatch: corrupt"));
    EXPECT_THAT(log.messages[1], HasSubstr(file.string()));
    expectSameHull(*rebuilt[0], *built[0]);
    EXPECT_TRUE(loadHulls(file, key, arm->robot(), bodies));  // rewritten
  }
  // the wide-wrist arm's file (the same meshes, other limits) is another key
  const CollisionWorldPtr other = test::wideWristArmWorld();
  sharedHulls(other->robotPtr(), bodies, 1e-3, dir_ / "other");
  fs::copy_file(cacheFile(dir_ / "other", other->robot(), hullCacheKey(other->robot(), bodies, 1e-3), "hulls"), file,
                fs::copy_options::overwrite_existing);
  WarningLog log;
  EXPECT_FALSE(loadHulls(file, key, arm->robot(), bodies));
  ASSERT_EQ(log.messages.size(), 1u);
  EXPECT_THAT(log.messages[0], HasSubstr("made for another robot or other options"));
  // a file of this key that holds the hulls of other bodies
  const std::vector<BodyRef> fewer(bodies.begin(), bodies.end() - 1);
  EXPECT_TRUE(storeHulls(file, key, sharedHulls(arm->robotPtr(), fewer, 1e-3, std::nullopt)));
  EXPECT_FALSE(loadHulls(file, key, arm->robot(), bodies));
  EXPECT_THAT(log.messages.back(), HasSubstr("holds 8 bodies, not 9"));
}
}  // namespace
}  // namespace ompl_ccd
