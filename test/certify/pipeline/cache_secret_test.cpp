// The start-up cache's per-user key (cache_secret.h): where the key file is, a missing one made
// with mode 0600 (one key for processes that make it at once), a key file that is a symbolic link,
// open to others, of another size or another user's refused with a warning naming it, what is
// wrong and the fix, and so is one in a folder others could change; tags that depend on the key.
#include "certify/pipeline/cache_secret.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <sys/stat.h>
#include <unistd.h>

#include "support/processes_at_once.h"
#include "support/scoped_environment.h"
#include "support/warning_log.h"

namespace ompl_ccd
{
namespace
{
namespace fs = std::filesystem;
using ::testing::ContainsRegex;
using ::testing::HasSubstr;
using test::WarningLog;

std::string readBytes(const fs::path &file)
{
  std::ifstream in(file, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

void writeBytes(const fs::path &file, const std::string &bytes, mode_t mode)
{
  std::ofstream(file, std::ios::binary | std::ios::trunc) << bytes;
  ASSERT_EQ(::chmod(file.c_str(), mode), 0) << file;
}

mode_t modeOf(const fs::path &path)
{
  struct stat status = {};
  EXPECT_EQ(::lstat(path.c_str(), &status), 0) << path;
  return status.st_mode & 07777;
}

class CacheSecretTest : public ::testing::Test
{
protected:
  void SetUp() override
  {
    dir_ = fs::temp_directory_path() / ("ompl_ccd_cache_secret_test_" + std::to_string(::getpid()) + "_" +
                                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    ASSERT_EQ(::chmod(dir_.c_str(), 0700), 0);  // whatever the umask: the key's folder must be private
  }
  void TearDown() override { fs::remove_all(dir_); }

  /// Expects \a key_file refused, with one warning naming it and matching \a reason, and left as it was.
  static void expectRefused(const fs::path &key_file, const std::string &reason)
  {
    const std::string before = readBytes(key_file);
    WarningLog log;
    EXPECT_FALSE(loadCacheSecret(key_file)) << reason;
    ASSERT_EQ(log.messages.size(), 1u) << reason;
    EXPECT_THAT(log.messages[0], HasSubstr("ompl_ccd cache: key file \"" + key_file.string() + "\" refused ("));
    EXPECT_THAT(log.messages[0], ContainsRegex(reason));
    EXPECT_THAT(log.messages[0], HasSubstr("the start-up cache is neither read nor written"));
    EXPECT_THAT(log.messages[0], HasSubstr("only you can read (chmod 600), or delete it"));
    EXPECT_EQ(readBytes(key_file), before) << reason;
  }

  fs::path dir_;
};

/// OMPL_CCD_CACHE_KEY_FILE, else $XDG_CONFIG_HOME/ompl_ccd/cache.key (absolute only), else
/// ~/.config/ompl_ccd/cache.key: never in the cache folder.
TEST(CacheKeyFile, FromTheEnvironment)
{
  test::ScopedEnvironment environment;
  environment.set(kCacheKeyFileVariable, "/keys/mine.key");
  environment.set("XDG_CONFIG_HOME", "/xdg");
  environment.set("HOME", "/home/user");
  EXPECT_EQ(cacheKeyFile(), fs::path("/keys/mine.key"));
  environment.set(kCacheKeyFileVariable, "");
  EXPECT_EQ(cacheKeyFile(), fs::path("/xdg/ompl_ccd/cache.key"));
  environment.set("XDG_CONFIG_HOME", "relative");  // not absolute: ignored (XDG Base Directory)
  EXPECT_EQ(cacheKeyFile(), fs::path("/home/user/.config/ompl_ccd/cache.key"));
  environment.unset("XDG_CONFIG_HOME");
  EXPECT_EQ(cacheKeyFile(), fs::path("/home/user/.config/ompl_ccd/cache.key"));
  environment.unset("HOME");
  EXPECT_FALSE(cacheKeyFile());
}

/// A missing key file is made (its folders with mode 0700), 32 bytes of mode 0600, and read back.
TEST_F(CacheSecretTest, MissingKeyIsMadePrivateAndKept)
{
  const fs::path key_file = dir_ / "config" / "ompl_ccd" / "cache.key";
  WarningLog log;
  const std::optional<CacheSecret> made = loadCacheSecret(key_file);
  ASSERT_TRUE(made);
  EXPECT_TRUE(log.messages.empty());
  EXPECT_EQ(modeOf(key_file), 0600u);
  EXPECT_EQ(modeOf(dir_ / "config"), 0700u);
  EXPECT_EQ(modeOf(dir_ / "config" / "ompl_ccd"), 0700u);
  EXPECT_EQ(readBytes(key_file), std::string(reinterpret_cast<const char *>(made->data()), made->size()));
  EXPECT_EQ(loadCacheSecret(key_file), made);
  EXPECT_EQ(std::distance(fs::directory_iterator(key_file.parent_path()), fs::directory_iterator()), 1);
  // another file, another key
  EXPECT_NE(loadCacheSecret(dir_ / "other.key"), made);
}

/// Four processes make the same missing key file at once, ten times: each time they all read the
/// one key the file holds, and no temporary file is left.
TEST_F(CacheSecretTest, ProcessesMakingTheKeyAtOnceGetOneKey)
{
  const fs::path key_file = dir_ / "keys" / "cache.key";
  for (int round = 0; round < 10; ++round)
  {
    fs::remove_all(key_file.parent_path());
    int results[2];
    ASSERT_EQ(::pipe(results), 0);
    EXPECT_EQ(test::failuresAtOnce(4,
                                   [&] {
                                     // one write of 32 bytes on a pipe is atomic (< PIPE_BUF)
                                     const std::optional<CacheSecret> secret = loadCacheSecret(key_file);
                                     return secret && ::write(results[1], secret->data(), secret->size()) == 32;
                                   }),
              0)
        << "a process got no key";
    ::close(results[1]);
    std::string keys(4 * kCacheSecretSize + 1, '\0');
    ASSERT_EQ(::read(results[0], keys.data(), keys.size()), static_cast<ssize_t>(4 * kCacheSecretSize));
    ::close(results[0]);
    const std::string stored = readBytes(key_file);
    for (int c = 0; c < 4; ++c)
    {
      EXPECT_EQ(keys.substr(c * kCacheSecretSize, kCacheSecretSize), stored) << "round " << round;
    }
    EXPECT_EQ(std::distance(fs::directory_iterator(key_file.parent_path()), fs::directory_iterator()), 1);
  }
}

/// A key file open to others, of another size, a folder or a symbolic link (even to a good key
/// file) is refused and left alone.
TEST_F(CacheSecretTest, KeyFilesThatAreNotPrivateAreRefused)
{
  const fs::path good = dir_ / "good.key";
  ASSERT_TRUE(loadCacheSecret(good));
  const std::string key = readBytes(good);
  const fs::path loose = dir_ / "loose.key";
  writeBytes(loose, key, 0644);
  expectRefused(loose, R"(\(mode 0644 gives its group or others access\))");
  writeBytes(loose, key, 0604);
  expectRefused(loose, R"(\(mode 0604 gives its group or others access\))");
  writeBytes(loose, key.substr(1), 0600);
  expectRefused(loose, R"(\(holds 31 bytes, not 32\))");
  writeBytes(loose, key + key, 0600);
  expectRefused(loose, R"(\(holds 64 bytes, not 32\))");
  const fs::path link = dir_ / "link.key";
  fs::create_symlink(good, link);
  expectRefused(link, R"(\(a symbolic link \(not followed\)\))");
  const fs::path folder = dir_ / "folder.key";
  fs::create_directories(folder);
  WarningLog log;
  EXPECT_FALSE(loadCacheSecret(folder));
  ASSERT_EQ(log.messages.size(), 1u);
  EXPECT_THAT(log.messages[0], HasSubstr("(not a regular file)"));
}

/// A key file of another user is refused even with mode 0600. Needs root: only root can give a
/// file to another user (chown); CI runs the tests as root.
TEST_F(CacheSecretTest, AnotherUsersKeyFileIsRefused)
{
  if (::geteuid() != 0)
    GTEST_SKIP() << "chown to another user needs root";
  const fs::path foreign = dir_ / "foreign.key";
  ASSERT_TRUE(loadCacheSecret(foreign));
  ASSERT_EQ(::chown(foreign.c_str(), 65534, 65534), 0);
  expectRefused(foreign, R"(\(owned by user 65534, not by user 0 who runs this process\))");
}

/// Expects the key file \a key_file refused for its folder \a folder, with one warning naming both
/// and matching \a reason, and no key file made or changed in it.
void expectFolderRefused(const fs::path &key_file, const fs::path &folder, const std::string &reason)
{
  const bool existed = fs::exists(key_file);
  const std::string before = existed ? readBytes(key_file) : "";
  WarningLog log;
  EXPECT_FALSE(loadCacheSecret(key_file)) << reason;
  ASSERT_EQ(log.messages.size(), 1u) << reason;
  EXPECT_THAT(log.messages[0], HasSubstr("ompl_ccd cache: folder \"" + folder.string() + "\" of the key file \"" +
                                         key_file.string() + "\" refused ("));
  EXPECT_THAT(log.messages[0], ContainsRegex(reason));
  EXPECT_THAT(log.messages[0], HasSubstr("the start-up cache is neither read nor written"));
  EXPECT_THAT(log.messages[0], HasSubstr("keep the key file in a folder of yours that no one else can write (chmod "
                                         "go-w), not reached through a symbolic link, or set OMPL_CCD_CACHE_KEY_FILE"));
  EXPECT_EQ(fs::exists(key_file), existed) << reason;
  if (existed)
    EXPECT_EQ(readBytes(key_file), before) << reason;
}

/// The key file's folder is held to the cache folder's rules: a folder others can write (even holding
/// a good key, even with the sticky bit) or a symbolic link to a good folder is refused, and no key
/// is read or made in it.
TEST_F(CacheSecretTest, KeyFoldersOthersCouldChangeAreRefused)
{
  const fs::path shared = dir_ / "shared";
  fs::create_directories(shared);
  ASSERT_EQ(::chmod(shared.c_str(), 0700), 0);
  ASSERT_TRUE(loadCacheSecret(shared / "cache.key"));
  ASSERT_EQ(::chmod(shared.c_str(), 0777), 0);
  expectFolderRefused(shared / "cache.key", shared, R"(\(mode 0777 lets its group or others write it\))");
  expectFolderRefused(shared / "new.key", shared, R"(\(mode 0777 lets its group or others write it\))");
  ASSERT_EQ(::chmod(shared.c_str(), 01770), 0);
  expectFolderRefused(shared / "cache.key", shared, R"(\(mode 1770 lets its group or others write it\))");

  const fs::path real = dir_ / "real", link = dir_ / "link";
  fs::create_directories(real);
  ASSERT_EQ(::chmod(real.c_str(), 0700), 0);
  ASSERT_TRUE(loadCacheSecret(real / "cache.key"));
  fs::create_directory_symlink(real, link);
  expectFolderRefused(link / "cache.key", link, R"(\(a symbolic link \(not followed\)\))");
}

/// A key file in another user's folder is refused, even a folder of mode 0700. Needs root: only
/// root can give a folder to another user (chown); CI runs the tests as root.
TEST_F(CacheSecretTest, AnotherUsersKeyFolderIsRefused)
{
  if (::geteuid() != 0)
    GTEST_SKIP() << "chown to another user needs root";
  const fs::path foreign = dir_ / "foreign";
  fs::create_directories(foreign);
  ASSERT_EQ(::chmod(foreign.c_str(), 0700), 0);
  ASSERT_TRUE(loadCacheSecret(foreign / "cache.key"));
  ASSERT_EQ(::chown(foreign.c_str(), 65534, 65534), 0);
  expectFolderRefused(foreign / "cache.key", foreign,
                      R"(\(owned by user 65534, not by user 0 who runs this process\))");
}

/// A key file that cannot be made names the file, the reason and the way out.
TEST_F(CacheSecretTest, KeyFileThatCannotBeMadeWarns)
{
  writeBytes(dir_ / "a file", "not a folder", 0600);
  WarningLog log;
  EXPECT_FALSE(loadCacheSecret(dir_ / "a file" / "cache.key"));
  ASSERT_EQ(log.messages.size(), 1u);
  EXPECT_THAT(log.messages[0], ContainsRegex("ompl_ccd cache: cannot make the key file \".*/a file/cache.key\" \\(.*"
                                             "not a folder\\); the start-up cache is neither read nor written"));
  EXPECT_THAT(log.messages[0], HasSubstr("set OMPL_CCD_CACHE_KEY_FILE to a file in a folder of yours, or the "
                                         "validator option certificate_cache to off."));
}

/// The process's key is that of the file the environment names; each file is loaded, and warned
/// about, once.
TEST_F(CacheSecretTest, UserKeyFollowsTheKeyFileAndWarnsOnce)
{
  test::ScopedEnvironment environment;
  environment.set(kCacheKeyFileVariable, (dir_ / "user.key").string());
  const std::optional<CacheSecret> secret = userCacheSecret();
  ASSERT_TRUE(secret);
  EXPECT_EQ(loadCacheSecret(dir_ / "user.key"), secret);
  const fs::path loose = dir_ / "loose.key";
  writeBytes(loose, readBytes(dir_ / "user.key"), 0644);
  environment.set(kCacheKeyFileVariable, loose.string());
  WarningLog log;
  EXPECT_FALSE(userCacheSecret());
  EXPECT_FALSE(userCacheSecret());
  EXPECT_EQ(log.messages.size(), 1u);
  environment.set(kCacheKeyFileVariable, (dir_ / "user.key").string());
  EXPECT_EQ(userCacheSecret(), secret);
}

/// A tag depends on every byte and on the key; tags compare equal only when they are.
TEST(CacheTag, DependsOnTheBytesAndTheKey)
{
  CacheSecret one{}, two{};
  two[31] = 1;
  const std::string bytes = "ompl_ccd bin and a payload";
  const CacheTag tag = cacheTag(one, bytes.data(), bytes.size());
  EXPECT_TRUE(sameCacheTag(tag, cacheTag(one, bytes.data(), bytes.size()).data()));
  EXPECT_FALSE(sameCacheTag(tag, cacheTag(two, bytes.data(), bytes.size()).data()));
  EXPECT_FALSE(sameCacheTag(tag, cacheTag(one, bytes.data(), bytes.size() - 1).data()));
  std::string changed = bytes;
  changed[4] ^= 1;
  EXPECT_FALSE(sameCacheTag(tag, cacheTag(one, changed.data(), changed.size()).data()));
}
}  // namespace
}  // namespace ompl_ccd
