// The start-up cache's files (cache_file.h) cannot change a verdict. The robot: a bar on two
// coaxial hinges that sweeps through a post on its base (a self pair certified over both hinges);
// the edge turns the bar from −1 to +1 rad through the post. Its certificate file with every cell
// bounded at 1 km ("forged") makes ca, toleranced and interval answer Free when read; it must not
// be read when tagged under another key, in a folder others can write, owned by another user,
// writable by others, behind a symbolic link, or when the user's key file is open to others: each
// case warns and the edge stays in collision in both modes. Good files still round-trip.
#include "certify/pipeline/cache_file.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <algorithm>
#include <functional>
#include <iterator>
#include <map>
#include <random>
#include <set>
#include <sys/stat.h>
#include <unistd.h>

#include "certify/pipeline/cache_secret.h"
#include "ompl_ccd/certify/ca/conservative_advancement.h"
#include "ompl_ccd/certify/interval/interval_arithmetic.h"
#include "ompl_ccd/certify/toleranced/toleranced_motion.h"
#include "support/scoped_environment.h"
#include "support/test_paths.h"
#include "support/warning_log.h"

namespace ompl_ccd
{
namespace
{
namespace fs = std::filesystem;
using ::testing::ContainsRegex;
using ::testing::HasSubstr;
using test::WarningLog;

/// Bytes before a file's payload (cache_file.h).
constexpr std::size_t kHeaderSize = 40;

/// A new robot object each call (certificates and hulls are shared in memory per robot object: a
/// new one looks at the disk cache as a new process does): a post (a thin capsule along z at
/// x = 0.25 m) on the base, and a bar (a thin capsule along x, 0.42 m) on two coaxial hinges about z.
/// The bar passes through the post where hinge_1 + hinge_2 is within about 0.04 rad of 0.
CollisionWorldPtr postAndBarWorld()
{
  const std::string urdf = R"(<?xml version="1.0"?>
<robot name="post_and_bar">
  <link name="base"><collision><origin xyz="0.25 0 -0.1" rpy="0 -1.5707963267948966 0"/>
    <geometry><mesh filename="meshes/snake_link.stl" scale="2 0.25 0.25"/></geometry></collision></link>
  <link name="hub"/>
  <link name="bar"><collision>
    <geometry><mesh filename="meshes/snake_link.stl" scale="3 0.25 0.25"/></geometry></collision></link>
  <joint name="hinge_1" type="revolute"><parent link="base"/><child link="hub"/><axis xyz="0 0 1"/>
    <limit lower="-3" upper="3" effort="1" velocity="1"/></joint>
  <joint name="hinge_2" type="revolute"><parent link="hub"/><child link="bar"/><axis xyz="0 0 1"/>
    <limit lower="-3" upper="3" effort="1" velocity="1"/></joint>
</robot>)";
  return std::make_shared<const CollisionWorld>(
      std::make_shared<const RobotModel>(RobotModel::fromUrdfString(urdf, test::examplePath("snake"), "post_and_bar")),
      std::make_shared<const Scene>(std::vector<Obstacle>{}));
}

const char *const kCertifiers[] = {"ca", "toleranced", "interval"};

/// Certifier \a name of \a world with its certificates (and hulls) cached in \a folder.
CertifierPtr certifier(const std::string &name, const CollisionWorldPtr &world, const fs::path &folder)
{
  CullingOptions culling;
  culling.certificate_max_cells = 1024;
  culling.certificate_cache = folder.string();
  if (name == "ca")
    return std::make_shared<ConservativeAdvancement>(world, ConservativeAdvancementOptions{}, culling);
  if (name == "toleranced")
    return std::make_shared<TolerancedMotion>(world, TolerancedMotionOptions{}, culling);
  return std::make_shared<IntervalArithmetic>(world, IntervalArithmeticOptions{}, culling);
}

/// The verdicts of certifier \a name of a new postAndBarWorld() with its cache in \a folder on the
/// edge through the post, in Decide then FirstContact mode.
std::vector<Verdict> verdictsThroughThePost(const std::string &name, const fs::path &folder)
{
  const CollisionWorldPtr world = postAndBarWorld();
  const CertifierPtr built = certifier(name, world, folder);
  Eigen::VectorXd q0(2), q1(2);
  q0 << -0.5, -0.5;
  q1 << 0.5, 0.5;
  const auto ws = built->makeWorkspace();
  std::vector<Verdict> verdicts;
  for (const Mode mode : {Mode::Decide, Mode::FirstContact})
  {
    Query query;
    query.mode = mode;
    verdicts.push_back(certifyEdge(*built, *ws, JointMotion(world->robot(), q0, q1), query).verdict);
  }
  return verdicts;
}

const std::vector<Verdict> kInCollision = {Verdict::Collision, Verdict::Collision};

std::string readBytes(const fs::path &file)
{
  std::ifstream in(file, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

void writeBytes(const fs::path &file, const std::string &bytes)
{
  std::ofstream(file, std::ios::binary | std::ios::trunc) << bytes;
}

/// The one file of \a folder ending in \a extension.
fs::path fileEnding(const fs::path &folder, const std::string &extension)
{
  std::vector<fs::path> files;
  for (const fs::directory_entry &entry : fs::directory_iterator(folder))
    if (entry.path().extension() == extension)
      files.push_back(entry.path());
  EXPECT_EQ(files.size(), 1u) << folder << extension;
  return files.empty() ? fs::path() : files[0];
}

/// What \a folder holds: each file's name and bytes (symbolic links by their target).
std::map<std::string, std::string> contents(const fs::path &folder)
{
  std::map<std::string, std::string> files;
  for (const fs::directory_entry &entry : fs::directory_iterator(folder))
    files[entry.path().filename().string()] =
        entry.is_symlink() ? "-> " + fs::read_symlink(entry.path()).string() : readBytes(entry.path());
  return files;
}

/// The certificates payload \a payload (certificate_cache.cpp) with every cell's least bound 1 km.
std::string everyCellFarApart(std::string payload)
{
  const double far = 1e3;
  std::uint64_t pairs = 0;
  std::memcpy(&pairs, payload.data(), sizeof(pairs));
  std::size_t at = sizeof(pairs);
  for (std::uint64_t i = 0; i < pairs; ++i)
  {
    if (payload.at(at++) != 1)
      continue;
    std::uint32_t dims = 0;
    std::memcpy(&dims, &payload.at(at), sizeof(dims));
    at += 4 + 4 * dims + 9 * 8;  // dims, joints, period, root_lo, root_hi
    std::uint64_t cells = 0;
    std::memcpy(&cells, &payload.at(at), sizeof(cells));
    at += 8;
    for (std::uint64_t c = 0; c < cells; ++c, at += 16)  // least, high, split
      std::memcpy(&payload.at(at), &far, sizeof(far));
  }
  EXPECT_EQ(at, payload.size());
  return payload;
}

/// The hulls payload \a payload (hull_cache.cpp) with every vertex moved halfway to its body's
/// origin: hulls too small, distances too large.
std::string everyHullHalved(std::string payload)
{
  std::uint64_t bodies = 0;
  std::memcpy(&bodies, payload.data(), sizeof(bodies));
  std::size_t at = sizeof(bodies);
  for (std::uint64_t i = 0; i < bodies; ++i)
  {
    if (payload.at(at++) != 1)
      continue;
    std::uint64_t count = 0;
    std::memcpy(&count, &payload.at(at), sizeof(count));
    at += 8;
    for (std::uint64_t k = 0; k < 3 * count; ++k, at += 8)
    {
      double coordinate = 0.0;
      std::memcpy(&coordinate, &payload.at(at), 8);
      coordinate *= 0.5;
      std::memcpy(&payload.at(at), &coordinate, 8);
    }
    std::memcpy(&count, &payload.at(at), sizeof(count));
    at += 8 + 4 * count + 8;  // face entries, gap
  }
  EXPECT_EQ(at, payload.size());
  return payload;
}

ino_t inodeOf(const fs::path &file)
{
  struct stat status = {};
  EXPECT_EQ(::stat(file.c_str(), &status), 0) << file;
  return status.st_ino;
}

/// A key that is not the user's.
CacheSecret anotherKey()
{
  std::random_device random;
  CacheSecret secret;
  for (unsigned char &byte : secret)
    byte = static_cast<unsigned char>(random());
  return secret;
}

/// The file \a file (header as it is) with \a payload, tagged under \a secret.
std::string tagged(const std::string &file, const std::string &payload, const CacheSecret &secret)
{
  std::string bytes = file.substr(0, kHeaderSize) + payload;
  const std::uint64_t size = payload.size();
  std::memcpy(&bytes[kHeaderSize - sizeof(size)], &size, sizeof(size));
  const CacheTag tag = cacheTag(secret, bytes.data(), bytes.size());
  return bytes.append(reinterpret_cast<const char *>(tag.data()), tag.size());
}

class CacheFileTest : public ::testing::Test
{
protected:
  void SetUp() override
  {
    // a new folder each run: folders are warned about once per process
    static int runs = 0;
    dir_ = fs::temp_directory_path() / ("ompl_ccd_cache_file_test_" + std::to_string(::getpid()) + "_" +
                                        ::testing::UnitTest::GetInstance()->current_test_info()->name() + "_" +
                                        std::to_string(++runs));
    fs::remove_all(dir_);
    fs::create_directories(dir_ / "cache");
    certifier("ca", postAndBarWorld(), dir_ / "cache");  // writes the certificates and hulls
    certificates_ = fileEnding(dir_ / "cache", ".certificates");
    hulls_ = fileEnding(dir_ / "cache", ".hulls");
    good_ = readBytes(certificates_);
    const std::string payload = good_.substr(kHeaderSize, good_.size() - kHeaderSize - kCacheTagSize);
    forged_payload_ = everyCellFarApart(payload);
    // the forgery as only the user could make it: well tagged under the user's key
    forged_ = tagged(good_, forged_payload_, *userCacheSecret());
  }
  void TearDown() override { fs::remove_all(dir_); }

  /// Expects every certifier built after \a plant() (each time) to find the edge in collision in
  /// both modes; the warnings, all of them, in \a log.
  static void expectCollisionAfter(const std::function<void()> &plant, const fs::path &folder, WarningLog &log)
  {
    for (const char *name : kCertifiers)
    {
      plant();
      EXPECT_EQ(verdictsThroughThePost(name, folder), kInCollision) << name << ": "
                                                                    << testing::PrintToString(log.messages);
    }
  }

  fs::path dir_, certificates_, hulls_;
  /// The good certificates file; the forged cells; them under the user's key.
  std::string good_, forged_payload_, forged_;
};

/// The forged cells decide the verdict when they are read: without the checks below, every
/// certifier would call the edge free.
TEST_F(CacheFileTest, ForgedCellsReadWouldMakeTheEdgeFree)
{
  for (const char *name : kCertifiers)
  {
    writeBytes(certificates_, forged_);
    WarningLog log;
    EXPECT_EQ(verdictsThroughThePost(name, dir_ / "cache"),
              std::vector<Verdict>({Verdict::Free, Verdict::Free}))
        << name << ": the forged file is no longer a test of the cache's checks";
    EXPECT_TRUE(log.messages.empty());
  }
}

/// The issue's attack: the cells rewritten (and the hulls halved) and re-tagged under a key that is
/// not the user's. Both files are refused with a warning naming them; the edge stays in collision.
TEST_F(CacheFileTest, FilesTaggedUnderAnotherKeyAreRefused)
{
  const std::string hulls = readBytes(hulls_);
  const CacheSecret other = anotherKey();
  const std::string forged_hulls =
      tagged(hulls, everyHullHalved(hulls.substr(kHeaderSize, hulls.size() - kHeaderSize - kCacheTagSize)), other);
  WarningLog log;
  expectCollisionAfter(
      [&] {
        writeBytes(certificates_, tagged(good_, forged_payload_, other));
        writeBytes(hulls_, forged_hulls);
      },
      dir_ / "cache", log);
  const std::string refused =
      R"( refused \(tag mismatch: corrupt, or not written under this user's key \(forged, or another user's\)\); )"
      R"(its contents are rebuilt and written over it\.)";
  // ca reads both files, toleranced and interval the certificates
  const auto count = [&](const fs::path &file) {
    return std::count_if(log.messages.begin(), log.messages.end(), [&](const std::string &message) {
      return ::testing::Matches(ContainsRegex("^ompl_ccd cache: \"" + file.string() + "\"" + refused))(message);
    });
  };
  EXPECT_EQ(log.messages.size(), 4u) << testing::PrintToString(log.messages);
  EXPECT_EQ(count(certificates_), 3);
  EXPECT_EQ(count(hulls_), 1);
  EXPECT_EQ(readBytes(certificates_), good_);  // rebuilt and written over
}

/// A forged file of another user in a folder anyone can write: the folder is refused (one warning
/// naming it) and left as it was, even with the file well tagged. Giving the file to another user
/// (chown) needs root; CI runs the tests as root, and elsewhere the folder's mode alone is tested.
TEST_F(CacheFileTest, FolderWritableByOthersIsNeitherReadNorWritten)
{
  const fs::path shared = dir_ / "shared";
  fs::create_directories(shared);
  writeBytes(shared / certificates_.filename(), forged_);
  ASSERT_EQ(::chmod(shared.c_str(), 0777), 0);
  if (::geteuid() == 0)
  {
    ASSERT_EQ(::chown((shared / certificates_.filename()).c_str(), 65534, 65534), 0);
  }
  const std::map<std::string, std::string> before = contents(shared);
  WarningLog log;
  expectCollisionAfter([] {}, shared, log);
  ASSERT_EQ(log.messages.size(), 1u) << testing::PrintToString(log.messages);  // once per folder
  EXPECT_THAT(log.messages[0],
              ContainsRegex("^ompl_ccd cache: folder \"" + shared.string() +
                            R"(" refused \(mode 0777 lets its group or others write it\); nothing is read from it or )"
                            R"(written to it \(certificates and hulls are built in memory\): set the validator option )"
                            R"(certificate_cache to a folder of yours that no one else can write \(chmod go-w\), or )"
                            R"(to off\.$)"));
  EXPECT_EQ(contents(shared), before);
}

/// In the user's own folder, a well-tagged file another user owns is refused and written over.
/// Needs root (see above).
TEST_F(CacheFileTest, FileOfAnotherUserIsRefused)
{
  if (::geteuid() != 0)
    GTEST_SKIP() << "giving a file to another user (chown) needs root";
  WarningLog log;
  expectCollisionAfter(
      [&] {
        writeBytes(certificates_, forged_);
        ASSERT_EQ(::chown(certificates_.c_str(), 65534, 65534), 0);
      },
      dir_ / "cache", log);
  ASSERT_EQ(log.messages.size(), 3u) << testing::PrintToString(log.messages);
  for (const std::string &message : log.messages)
  {
    EXPECT_THAT(message, ContainsRegex("^ompl_ccd cache: \"" + certificates_.string() +
                                       R"(" refused \(owned by user 65534, not by user 0 who runs this process\))"));
  }
  EXPECT_EQ(readBytes(certificates_), good_);
}

/// A well-tagged file that its group or others can write is refused and written over (mode 0600).
TEST_F(CacheFileTest, FileWritableByOthersIsRefused)
{
  WarningLog log;
  expectCollisionAfter(
      [&] {
        writeBytes(certificates_, forged_);
        ASSERT_EQ(::chmod(certificates_.c_str(), 0666), 0);
      },
      dir_ / "cache", log);
  ASSERT_EQ(log.messages.size(), 3u) << testing::PrintToString(log.messages);
  for (const std::string &message : log.messages)
  {
    EXPECT_THAT(message, ContainsRegex("^ompl_ccd cache: \"" + certificates_.string() +
                                       R"(" refused \(mode 0666 lets its group or others write it\))"));
  }
  EXPECT_EQ(fs::status(certificates_).permissions(), fs::perms::owner_read | fs::perms::owner_write);
}

/// Neither a file nor the folder is followed when a symbolic link (here to the user's own,
/// well-tagged forged file and folder elsewhere); a FIFO under the file's name is refused unopened.
TEST_F(CacheFileTest, SymbolicLinksAndOtherFilesAreRefused)
{
  const fs::path elsewhere = dir_ / "elsewhere";
  fs::create_directories(elsewhere);
  writeBytes(elsewhere / certificates_.filename(), forged_);
  WarningLog log;
  expectCollisionAfter(
      [&] {
        fs::remove(certificates_);
        fs::create_symlink(elsewhere / certificates_.filename(), certificates_);
      },
      dir_ / "cache", log);
  ASSERT_EQ(log.messages.size(), 3u) << testing::PrintToString(log.messages);
  EXPECT_THAT(log.messages[0], ContainsRegex("^ompl_ccd cache: \"" + certificates_.string() +
                                             R"(" refused \(a symbolic link \(not followed\)\))"));
  EXPECT_FALSE(fs::is_symlink(certificates_));  // written over by a file
  EXPECT_EQ(readBytes(elsewhere / certificates_.filename()), forged_);

  const fs::path linked = dir_ / "linked";
  fs::create_directory_symlink(elsewhere, linked);
  expectCollisionAfter([] {}, linked, log);
  ASSERT_EQ(log.messages.size(), 4u) << testing::PrintToString(log.messages);
  EXPECT_THAT(log.messages[3], ContainsRegex("^ompl_ccd cache: folder \"" + linked.string() +
                                             R"(" refused \(a symbolic link \(not followed\)\))"));
  EXPECT_EQ(contents(elsewhere).size(), 1u);  // nothing written there

  fs::remove(certificates_);
  ASSERT_EQ(::mkfifo(certificates_.c_str(), 0600), 0);
  EXPECT_EQ(verdictsThroughThePost("ca", dir_ / "cache"), kInCollision);
  ASSERT_EQ(log.messages.size(), 5u) << testing::PrintToString(log.messages);
  EXPECT_THAT(log.messages[4], HasSubstr(certificates_.string() + "\" refused (not a regular file)"));
}

/// A key file others can read (or, as root, another user's): a warning naming it, and no disk
/// cache at all: a file tagged under that key is not read, nothing is written.
TEST_F(CacheFileTest, KeyFileOpenToOthersMeansNoDiskCache)
{
  std::vector<fs::path> keys = {dir_ / "keys" / "loose.key"};
  fs::create_directories(dir_ / "keys");
  ASSERT_TRUE(loadCacheSecret(keys[0]));
  ASSERT_EQ(::chmod(keys[0].c_str(), 0644), 0);
  if (::geteuid() == 0)  // giving the key to another user (chown) needs root
  {
    keys.push_back(dir_ / "keys" / "foreign.key");
    ASSERT_TRUE(loadCacheSecret(keys[1]));
    ASSERT_EQ(::chown(keys[1].c_str(), 65534, 65534), 0);
  }
  for (const fs::path &key : keys)
  {
    test::ScopedEnvironment environment;
    environment.set(kCacheKeyFileVariable, key.string());
    const std::string bytes = readBytes(key);
    CacheSecret exposed;
    std::memcpy(exposed.data(), bytes.data(), exposed.size());
    writeBytes(certificates_, tagged(good_, forged_payload_, exposed));
    fs::remove(hulls_);
    const std::map<std::string, std::string> before = contents(dir_ / "cache");
    WarningLog log;
    expectCollisionAfter([] {}, dir_ / "cache", log);
    ASSERT_EQ(log.messages.size(), 1u) << testing::PrintToString(log.messages);  // once per key file
    EXPECT_THAT(log.messages[0], ContainsRegex("^ompl_ccd cache: key file \"" + key.string() +
                                               R"(" refused \((mode 0644 gives|owned by user 65534).*the start-up )"
                                               R"(cache is neither read nor written)"));
    EXPECT_EQ(contents(dir_ / "cache"), before);
  }
}

/// A good file is read back (the certifiers' second start reads, not writes), private: the
/// folders made with mode 0700, the files with 0600, no temporary file left.
TEST_F(CacheFileTest, GoodFilesRoundTripPrivately)
{
  const fs::path folder = dir_ / "made" / "here";
  CacheKey key;
  key.hash = {1, 2};
  const fs::path file = folder / "robot-key.test";
  WarningLog log;
  ASSERT_TRUE(writeCacheFile(file, key, "payload"));
  EXPECT_EQ(readCacheFile(file, key), std::optional<std::string>("payload"));
  EXPECT_EQ(fs::status(dir_ / "made").permissions(), fs::perms::owner_all);
  EXPECT_EQ(fs::status(folder).permissions(), fs::perms::owner_all);
  EXPECT_EQ(fs::status(file).permissions(), fs::perms::owner_read | fs::perms::owner_write);
  EXPECT_EQ(contents(folder).size(), 1u);

  // the fixture's certifier wrote the folder; each certifier now reads it (a rename would change the inode)
  const std::map<std::string, std::string> written = contents(dir_ / "cache");
  const ino_t certificates = inodeOf(certificates_), hulls = inodeOf(hulls_);
  for (const char *name : kCertifiers)
  {
    EXPECT_EQ(verdictsThroughThePost(name, dir_ / "cache"), kInCollision) << name;
  }
  EXPECT_EQ(inodeOf(certificates_), certificates);
  EXPECT_EQ(inodeOf(hulls_), hulls);
  EXPECT_EQ(contents(dir_ / "cache"), written);
  EXPECT_EQ(fs::status(dir_ / "cache" / certificates_.filename()).permissions(),
            fs::perms::owner_read | fs::perms::owner_write);
  EXPECT_TRUE(log.messages.empty()) << testing::PrintToString(log.messages);
}
}  // namespace
}  // namespace ompl_ccd
