// The certificate cache (certificate_cache.h, and the framing of cache_file.h): files round-trip
// every cell, a corrupt, truncated, malformed or foreign file is refused with a warning (and
// rebuilt over by the validator), an unwritable folder only warns, processes writing at once leave
// a whole file, and certificates (and hulls) read from disk give the same verdicts as freshly built
// ones.
#include "certify/pipeline/certificate_cache.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <set>
#include <sys/stat.h>
#include <unistd.h>

#include "certify/pipeline/cache_secret.h"
#include "ompl_ccd/certify/ca/conservative_advancement.h"
#include "certify/pipeline/hull_cache.h"
#include "certify/pipeline/potentially_colliding_pairs.h"
#include "certify/pipeline/shared_certificates.h"
#include "support/example_worlds.h"
#include "support/processes_at_once.h"
#include "support/random_edges.h"
#include "support/scoped_environment.h"
#include "support/warning_log.h"

namespace ompl_ccd
{
namespace
{
namespace fs = std::filesystem;
using ::testing::HasSubstr;

using test::WarningLog;

std::string readBytes(const fs::path &file)
{
  std::ifstream in(file, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

void writeBytes(const fs::path &file, const std::string &bytes)
{
  std::ofstream(file, std::ios::binary | std::ios::trunc) << bytes;
}

/// The same robot as \a world's in a new RobotModel object (certificates are shared in memory per
/// robot object: a new one looks at the disk cache as a new process does), in the same scene.
CollisionWorldPtr sameRobotAnew(const CollisionWorld &world)
{
  return std::make_shared<const CollisionWorld>(std::make_shared<const RobotModel>(world.robot()), world.scenePtr());
}

/// What the cache stores for a world: its bodies, self pairs and their certificates.
struct Stored
{
  std::vector<BodyRef> bodies;
  std::vector<BodyPair> pairs;
  JointSpaceCertificateOptions options;
  CacheKey key;
  CertificateList certificates;
};

/// Certificate options that keep these tests quick (the soundness comparison uses the defaults).
JointSpaceCertificateOptions smallCertificates()
{
  JointSpaceCertificateOptions options;
  options.max_cells = 1024;
  return options;
}

/// Front-end options with smallCertificates() cached in \a folder.
CullingOptions cachedIn(const fs::path &folder)
{
  CullingOptions options;
  options.certificate_max_cells = smallCertificates().max_cells;
  options.certificate_cache = folder.string();
  return options;
}

Stored certificatesOf(const CollisionWorld &world, const JointSpaceCertificateOptions &options = smallCertificates())
{
  Stored stored;
  stored.bodies = collisionBodies(world);
  stored.pairs = selfBodyPairs(world, stored.bodies);
  stored.options = options;
  stored.key = certificateCacheKey(world.robot(), stored.bodies, stored.pairs, options);
  stored.certificates = sharedCertificates(world, stored.bodies, stored.pairs, options);
  return stored;
}

/// The files of \a folder ending in \a extension (".certificates", ".hulls"), and whether any
/// file is neither (a temporary one).
std::vector<fs::path> cacheFiles(const fs::path &folder, const std::string &extension, bool *others = nullptr)
{
  std::vector<fs::path> files;
  for (const fs::directory_entry &entry : fs::directory_iterator(folder))
    if (entry.path().extension() == extension)
      files.push_back(entry.path());
    else if (others && entry.path().extension() != ".certificates" && entry.path().extension() != ".hulls")
      *others = true;
  return files;
}

ino_t inodeOf(const fs::path &file)
{
  struct stat status = {};
  EXPECT_EQ(::stat(file.c_str(), &status), 0) << file;
  return status.st_ino;
}

class CertificateCacheTest : public ::testing::Test
{
protected:
  void SetUp() override
  {
    const auto *info = ::testing::UnitTest::GetInstance()->current_test_info();
    dir_ = fs::temp_directory_path() / ("ompl_ccd_certificate_cache_test_" + std::to_string(::getpid()) + "_" +
                                        info->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  /// \a stored written to its file in the test folder.
  fs::path store(const CollisionWorld &world, const Stored &stored) const
  {
    const fs::path file = cacheFile(dir_, world.robot(), stored.key, "certificates");
    EXPECT_TRUE(storeCertificates(file, stored.key, stored.certificates));
    return file;
  }

  /// Expects \a file refused for \a stored, with one warning naming it and holding \a reason.
  static void expectRefused(const fs::path &file, const CollisionWorld &world, const Stored &stored,
                            const std::string &reason, const std::string &what)
  {
    WarningLog log;
    EXPECT_FALSE(loadCertificates(file, stored.key, world.robot(), stored.pairs.size())) << what;
    ASSERT_EQ(log.messages.size(), 1u) << what;
    EXPECT_THAT(log.messages[0], HasSubstr(file.string())) << what;
    EXPECT_THAT(log.messages[0], HasSubstr(reason)) << what;
  }

  fs::path dir_;
};

/// Every cell of every certificate comes back bit for bit, and answers the same lookups.
TEST_F(CertificateCacheTest, FileRoundTripKeepsEveryCell)
{
  for (const CollisionWorldPtr &world : {test::exampleWorld("arm/arm.urdf", "scene.yaml"), test::wideWristArmWorld()})
  {
    const Stored stored = certificatesOf(*world);
    const fs::path file = store(*world, stored);
    WarningLog log;
    const std::optional<CertificateList> loaded =
        loadCertificates(file, stored.key, world->robot(), stored.pairs.size());
    ASSERT_TRUE(loaded);
    EXPECT_TRUE(log.messages.empty());
    ASSERT_EQ(loaded->size(), stored.certificates.size());
    std::size_t certified = 0, periodic = 0;
    std::mt19937 rng(7);
    for (std::size_t i = 0; i < loaded->size(); ++i)
    {
      const auto &built = stored.certificates[i], &read = (*loaded)[i];
      ASSERT_EQ(built == nullptr, read == nullptr) << "pair " << i;
      if (!built)
        continue;
      ++certified;
      EXPECT_TRUE(*built == *read) << "pair " << i;
      EXPECT_EQ(built->cells(), read->cells());
      for (std::size_t k = 0; k < built->joints().size(); ++k)
        periodic += built->period(k) != 0.0;
      for (int sample = 0; sample < 200; ++sample)
      {
        const Eigen::VectorXd q = test::randomState(world->robot(), rng);
        std::vector<double> values;
        for (const int j : built->joints())
          values.push_back(q[world->robot().joints()[j].q_index]);
        ASSERT_EQ(built->lowerBoundAt(values), read->lowerBoundAt(values));
      }
    }
    EXPECT_GT(certified, 5u);
    if (world->robot().joints()[4].upper > 6.0)
    {
      EXPECT_GT(periodic, 0u);  // the wide wrist's one-turn certificates came back too
    }
  }
}

/// The key changes with the robot's limits, its collision geometry, the pairs and the options.
TEST_F(CertificateCacheTest, KeyFollowsEverythingTheCertificatesDependOn)
{
  const CollisionWorldPtr arm = test::exampleWorld("arm/arm.urdf", "scene.yaml");
  const std::vector<BodyRef> bodies = collisionBodies(*arm);
  const std::vector<BodyPair> pairs = selfBodyPairs(*arm, bodies);
  const JointSpaceCertificateOptions options = smallCertificates();
  const CacheKey key = certificateCacheKey(arm->robot(), bodies, pairs, options);
  EXPECT_EQ(key, certificateCacheKey(sameRobotAnew(*arm)->robot(), bodies, pairs, options));
  EXPECT_EQ(key.hex().size(), 32u);
  const auto keyOf = [&](const CollisionWorld &world) {
    return certificateCacheKey(world.robot(), bodies, pairs, options);
  };
  EXPECT_FALSE(key == keyOf(*test::wideWristArmWorld()));  // limits
  EXPECT_FALSE(key == keyOf(*test::editedExampleWorld("arm/arm.urdf", "scene.yaml", "meshes/forearm_link.stl\"/>",
                                                      "meshes/forearm_link.stl\" scale=\"1 1 1.001\"/>", 2)));  // scale
  EXPECT_FALSE(key == keyOf(*test::editedExampleWorld("arm/arm.urdf", "scene.yaml", R"(<origin xyz="0 0 0" rpy="0 0 0"/>
      <geometry>
        <mesh filename="meshes/forearm_link.stl"/>)",
                                                      R"(<origin xyz="0 0 0.0001" rpy="0 0 0"/>
      <geometry>
        <mesh filename="meshes/forearm_link.stl"/>)",
                                                      2)));  // a collision origin (and the visual's)
  std::vector<BodyPair> fewer = pairs;
  fewer.pop_back();  // one more excluded pair
  EXPECT_FALSE(key == certificateCacheKey(arm->robot(), bodies, fewer, options));
  JointSpaceCertificateOptions finer = options;
  finer.max_cells *= 2;
  EXPECT_FALSE(key == certificateCacheKey(arm->robot(), bodies, pairs, finer));
}

/// A changed byte anywhere, a truncated file, another robot's file or a file of other bytes is
/// refused with a warning that names it; nothing is read from it.
TEST_F(CertificateCacheTest, CorruptTruncatedOrForeignFilesAreRefused)
{
  const CollisionWorldPtr arm = test::exampleWorld("arm/arm.urdf", "scene.yaml");
  const Stored stored = certificatesOf(*arm);
  const fs::path file = store(*arm, stored);
  const std::string bytes = readBytes(file);
  ASSERT_GT(bytes.size(), 1000u);
  // magic, format, key, payload size, payload (start, middle, end), tag (start, end)
  for (const std::size_t at : {std::size_t{0}, std::size_t{13}, std::size_t{20}, std::size_t{33}, std::size_t{41},
                               bytes.size() / 2, bytes.size() - 33, bytes.size() - 32, bytes.size() - 1})
  {
    std::string changed = bytes;
    changed[at] ^= 0x10;
    writeBytes(file, changed);
    expectRefused(file, *arm, stored, "refused", "byte " + std::to_string(at) + " changed");
  }
  writeBytes(file, bytes.substr(0, bytes.size() / 2));
  expectRefused(file, *arm, stored, "truncated", "truncated to half");
  writeBytes(file, bytes.substr(0, bytes.size() - 1));
  expectRefused(file, *arm, stored, "truncated", "last byte cut");
  writeBytes(file, bytes.substr(0, 20));
  expectRefused(file, *arm, stored, "not a cache file, or truncated", "cut in the header");
  writeBytes(file, "");
  expectRefused(file, *arm, stored, "not a cache file", "empty");
  writeBytes(file, bytes + "x");
  expectRefused(file, *arm, stored, "truncated or extended", "one byte more");
  // another robot's whole, valid file under this robot's name
  const CollisionWorldPtr other = test::wideWristArmWorld();
  const Stored other_stored = certificatesOf(*other);
  fs::copy_file(store(*other, other_stored), file, fs::copy_options::overwrite_existing);
  expectRefused(file, *arm, stored, "made for another robot or other options", "another robot's file");
  // the file itself is still good
  writeBytes(file, bytes);
  EXPECT_TRUE(loadCertificates(file, stored.key, arm->robot(), stored.pairs.size()));
}

/// A file with a good tag and key whose cells do not form the tree build() makes (a bug) is
/// refused too: no lookup can then run out of bounds or skip a cell it must see.
TEST_F(CertificateCacheTest, CellsThatAreNotAWellMadeTreeAreRefused)
{
  const CollisionWorldPtr arm = test::exampleWorld("arm/arm.urdf", "scene.yaml");
  const Stored stored = certificatesOf(*arm);
  const fs::path file = store(*arm, stored);
  const std::string bytes = readBytes(file);
  // the first certificate's cells (layout: certificate_cache.cpp)
  std::size_t at = 40 + 8;
  std::size_t first = 0;
  while (!stored.certificates[first])
    ++at, ++first;
  ASSERT_EQ(bytes[at], 1);
  const std::size_t dims = stored.certificates[first]->joints().size();
  ASSERT_GE(dims, 1u);
  const std::size_t cells_at = at + 1 + 4 + 4 * dims + 9 * 8 + 8;
  ASSERT_GT(stored.certificates[first]->cells(), 1u);
  // the payload changed at \a offset (in the file) and written as this user's file, well tagged
  const auto forged = [&](std::size_t offset, const void *value, std::size_t size) {
    std::string changed = bytes;
    std::memcpy(&changed[offset], value, size);
    ASSERT_TRUE(writeCacheFile(file, stored.key, changed.substr(40, changed.size() - 40 - kCacheTagSize)));
  };
  const double higher = 1.0;  // the root's least bound above its halves'
  forged(cells_at, &higher, sizeof(higher));
  expectRefused(file, *arm, stored, "malformed certificate", "root bound above its halves'");
  const std::int32_t past_end = 1 << 30;  // the root's high half out of the cells
  forged(cells_at + 8, &past_end, sizeof(past_end));
  expectRefused(file, *arm, stored, "malformed certificate", "high half past the end");
  const std::int32_t split = 3;  // the root split along a joint it does not have
  forged(cells_at + 12, &split, sizeof(split));
  expectRefused(file, *arm, stored, "malformed certificate", "split along a fourth joint");
  const std::int32_t joint = 1000;  // a joint the robot does not have
  forged(at + 1 + 4, &joint, sizeof(joint));
  expectRefused(file, *arm, stored, "malformed certificate", "joint out of the robot");
}

/// The ca validator writes its certificates on the first start, reads them on the next (the file
/// untouched), and rebuilds and rewrites a corrupt one after a warning.
TEST_F(CertificateCacheTest, ValidatorWritesReadsAndRepairsItsCache)
{
  const CollisionWorldPtr arm = test::exampleWorld("arm/arm.urdf", "scene.yaml");
  const CullingOptions options = cachedIn(dir_ / "made" / "by" / "the validator");
  WarningLog log;
  ConservativeAdvancement cold(arm, {}, options);
  bool others = false;
  const std::vector<fs::path> files = cacheFiles(options.certificate_cache, ".certificates", &others),
                              hulls = cacheFiles(options.certificate_cache, ".hulls");
  ASSERT_EQ(files.size(), 1u);
  ASSERT_EQ(hulls.size(), 1u);
  EXPECT_FALSE(others);  // no temporary file left
  EXPECT_THAT(files[0].filename().string(), ::testing::StartsWith("ccd_arm-"));
  const ino_t written = inodeOf(files[0]), hulls_written = inodeOf(hulls[0]);
  ConservativeAdvancement warm(sameRobotAnew(*arm), {}, options);
  EXPECT_EQ(inodeOf(files[0]), written);  // read, not written again
  EXPECT_EQ(inodeOf(hulls[0]), hulls_written);
  EXPECT_TRUE(log.messages.empty());

  std::string bytes = readBytes(files[0]);
  bytes[bytes.size() / 2] ^= 0x01;
  writeBytes(files[0], bytes);
  ConservativeAdvancement repaired(sameRobotAnew(*arm), {}, options);
  ASSERT_EQ(log.messages.size(), 1u);
  EXPECT_THAT(log.messages[0], HasSubstr("tag mismatch: corrupt"));
  EXPECT_THAT(log.messages[0], HasSubstr("rebuilt and written over it"));
  const Stored stored = certificatesOf(*arm);
  const std::optional<CertificateList> rewritten =
      loadCertificates(files[0], stored.key, arm->robot(), stored.pairs.size());
  ASSERT_TRUE(rewritten);
  for (std::size_t i = 0; i < rewritten->size(); ++i)
    if (stored.certificates[i])
    {
      EXPECT_TRUE(*(*rewritten)[i] == *stored.certificates[i]);
    }
}

/// A folder that cannot be made gives a warning naming it and the option; the validator works.
TEST_F(CertificateCacheTest, UnwritableFolderWarnsAndCachesNothing)
{
  writeBytes(dir_ / "a file", "not a folder");
  const CollisionWorldPtr arm = test::exampleWorld("arm/arm.urdf", "scene.yaml");
  CullingOptions options = cachedIn(dir_ / "a file" / "cache");
  WarningLog log;
  ConservativeAdvancement ca(arm, {}, options);
  ASSERT_EQ(log.messages.size(), 2u);  // the hulls' file, the certificates'
  for (const std::string &message : log.messages)
  {
    EXPECT_THAT(message, HasSubstr("cannot write"));
    EXPECT_THAT(message, HasSubstr((dir_ / "a file" / "cache").string()));
    EXPECT_THAT(message, HasSubstr("certificate_cache to a writable folder, or to off"));
  }
  const test::Edge edge = test::randomEdges(*arm, 1).front();
  const auto ws = ca.makeWorkspace();
  EXPECT_NE(ca.certify(*ws, JointMotion(arm->robot(), edge.q0, edge.q1), Query{}).verdict, Verdict::Undecided);
  // off: nothing read or written, no warning
  options.certificate_cache = kNoCertificateCache;
  ConservativeAdvancement off(sameRobotAnew(*arm), {}, options);
  EXPECT_EQ(log.messages.size(), 2u);
}

/// "default" is OMPL_CCD_CERTIFICATE_CACHE, else $XDG_CACHE_HOME/ompl_ccd (absolute only), else
/// ~/.cache/ompl_ccd; "off" is none; anything else is the folder itself.
TEST(CertificateCacheFolder, FromTheSettingAndTheEnvironment)
{
  test::ScopedEnvironment environment;
  EXPECT_EQ(certificateCacheFolder("/some/folder"), fs::path("/some/folder"));
  EXPECT_EQ(certificateCacheFolder("relative/folder"), fs::path("relative/folder"));
  EXPECT_FALSE(certificateCacheFolder("off"));
  environment.set(kCertificateCacheVariable, "/from/variable");
  environment.set("XDG_CACHE_HOME", "/xdg");
  environment.set("HOME", "/home/user");
  EXPECT_EQ(certificateCacheFolder("default"), fs::path("/from/variable"));
  EXPECT_EQ(certificateCacheFolder("/explicit"), fs::path("/explicit"));  // the option wins
  environment.set(kCertificateCacheVariable, "off");
  EXPECT_FALSE(certificateCacheFolder("default"));
  environment.set(kCertificateCacheVariable, "");
  EXPECT_EQ(certificateCacheFolder("default"), fs::path("/xdg/ompl_ccd"));
  environment.unset(kCertificateCacheVariable);
  EXPECT_EQ(certificateCacheFolder("default"), fs::path("/xdg/ompl_ccd"));
  environment.set("XDG_CACHE_HOME", "relative");  // not absolute: ignored (XDG Base Directory)
  EXPECT_EQ(certificateCacheFolder("default"), fs::path("/home/user/.cache/ompl_ccd"));
  environment.unset("XDG_CACHE_HOME");
  EXPECT_EQ(certificateCacheFolder("default"), fs::path("/home/user/.cache/ompl_ccd"));
  environment.unset("HOME");
  EXPECT_FALSE(certificateCacheFolder("default"));
}

/// Four processes write the same file over and over while reading it back: each read finds a whole
/// file (never refused), and one whole file is left, no temporary one.
TEST_F(CertificateCacheTest, ProcessesWritingAtOnceLeaveAWholeFile)
{
  const CollisionWorldPtr arm = test::exampleWorld("arm/arm.urdf", "scene.yaml");
  const Stored stored = certificatesOf(*arm);
  const fs::path file = cacheFile(dir_, arm->robot(), stored.key, "certificates");
  // each writes and reads as fast as it can
  EXPECT_EQ(test::failuresAtOnce(4,
                                 [&] {
                                   int failures = 0;
                                   for (int round = 0; round < 40; ++round)
                                   {
                                     failures += !storeCertificates(file, stored.key, stored.certificates);
                                     failures += !loadCertificates(file, stored.key, arm->robot(), stored.pairs.size());
                                   }
                                   return failures == 0;
                                 }),
            0)
      << "a process failed to write or read a whole file";
  bool others = false;
  EXPECT_EQ(cacheFiles(dir_, ".certificates", &others), std::vector<fs::path>{file});
  EXPECT_FALSE(others);
  WarningLog log;
  EXPECT_TRUE(loadCertificates(file, stored.key, arm->robot(), stored.pairs.size()));
  EXPECT_TRUE(log.messages.empty());
}

/// ca with certificates and hulls read from disk gives the very verdicts and TOC brackets of ca
/// with them built in the process, in both modes, on free and colliding edges.
TEST_F(CertificateCacheTest, CachedCertificatesGiveTheSameVerdictsAsFreshOnes)
{
  // the bundled arm, its wide-wrist variant, and Panda and UR5e in one scene each when ../shared/data is present
  std::vector<test::NamedWorld> worlds = {{"ccd_arm, wide wrist", test::wideWristArmWorld()}};
  std::set<std::string> robots;
  for (const test::NamedWorld &named : test::robotWorlds(true))
    if (robots.insert(named.world->robot().name()).second)
      worlds.push_back(named);
  for (const test::NamedWorld &named : worlds)
  {
    const CollisionWorldPtr &world = named.world;
    CullingOptions fresh_options, cached_options;
    fresh_options.certificate_cache = kNoCertificateCache;
    cached_options.certificate_cache = (dir_ / "cache").string();
    const ConservativeAdvancement fresh(world, {}, fresh_options);
    const ConservativeAdvancement writer(sameRobotAnew(*world), {}, cached_options);  // builds and writes the file
    WarningLog log;
    const fs::path file = cacheFile(dir_ / "cache", world->robot(), certificatesOf(*world, {}).key, "certificates");
    const fs::path hulls = cacheFile(dir_ / "cache", world->robot(),
                                     hullCacheKey(world->robot(), collisionBodies(*world), ConservativeAdvancementOptions{}.hull_max_gap),
                                     "hulls");
    ASSERT_TRUE(fs::exists(file)) << named.name;
    ASSERT_TRUE(fs::exists(hulls)) << named.name;
    const ino_t written = inodeOf(file), hulls_written = inodeOf(hulls);
    const ConservativeAdvancement cached(sameRobotAnew(*world), {}, cached_options);
    EXPECT_EQ(inodeOf(file), written) << named.name << ": the certificates were read, not rebuilt";
    EXPECT_EQ(inodeOf(hulls), hulls_written) << named.name << ": the hulls were read, not rebuilt";
    EXPECT_TRUE(log.messages.empty()) << named.name;

    test::RandomEdgeOptions edge_options;
    edge_options.seed = 11;
    std::vector<test::Edge> edges = test::randomEdges(*world, 150, edge_options);
    for (const test::Edge &edge : test::sampledCollidingEdges(*world, 50, edge_options))
      edges.push_back(edge);
    const auto fresh_ws = fresh.makeWorkspace(), cached_ws = cached.makeWorkspace();
    std::size_t verdicts[3] = {0, 0, 0};
    for (const Mode mode : {Mode::Decide, Mode::FirstContact})
      for (const test::Edge &edge : edges)
      {
        Query query;
        query.mode = mode;
        const JointMotion motion(world->robot(), edge.q0, edge.q1);
        const Report a = fresh.certify(*fresh_ws, motion, query), b = cached.certify(*cached_ws, motion, query);
        ASSERT_EQ(a.verdict, b.verdict) << named.name;
        ASSERT_EQ(a.toc_lower, b.toc_lower) << named.name;
        ASSERT_EQ(a.toc_upper, b.toc_upper) << named.name;
        ++verdicts[static_cast<int>(a.verdict)];
      }
    EXPECT_GT(verdicts[static_cast<int>(Verdict::Free)], 0u) << named.name;
    EXPECT_GT(verdicts[static_cast<int>(Verdict::Collision)], 0u) << named.name;
  }
}
}  // namespace
}  // namespace ompl_ccd
