// The start-up cache's per-user secret key and tags (cache_secret.h).
#include "certify/pipeline/cache_secret.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <string>

#include <fcntl.h>
#include <unistd.h>

#include <ompl/util/Console.h>
#include <sodium.h>

#include "ompl_ccd/error.h"
#include "certify/pipeline/own_files.h"

namespace ompl_ccd
{
namespace fs = std::filesystem;

static_assert(kCacheSecretSize == crypto_generichash_KEYBYTES);
static_assert(kCacheTagSize >= crypto_generichash_BYTES_MIN && kCacheTagSize <= crypto_generichash_BYTES_MAX);

namespace
{
constexpr const char *kNoDiskCache =
    "the start-up cache is neither read nor written (certificates and hulls are built in memory)";

bool sodiumReady()
{
  static const bool ready = sodium_init() >= 0;
  return ready;
}

void warn(const std::string &message)
{
  OMPL_WARN("%s", message.c_str());
}

void refuseKeyFile(const fs::path &file, const std::string &why)
{
  warn(concat("ompl_ccd cache: key file ", file, " refused (", why, "); ", kNoDiskCache,
              ": make it a 32-byte file of yours that only you can read (chmod 600), or delete it to have a new "
              "key made (the cache's files are then rebuilt once)."));
}

void refuseKeyFolder(const fs::path &file, const fs::path &folder, const std::string &why)
{
  warn(concat("ompl_ccd cache: folder ", folder, " of the key file ", file, " refused (", why, "); ", kNoDiskCache,
              ": keep the key file in a folder of yours that no one else can write (chmod go-w), not reached through "
              "a symbolic link, or set ", kCacheKeyFileVariable, " to a file in such a folder."));
}

void cannotMakeKeyFile(const fs::path &file, const std::string &why)
{
  warn(concat("ompl_ccd cache: cannot make the key file ", file, " (", why, "); ", kNoDiskCache, ": set ",
              kCacheKeyFileVariable, " to a file in a folder of yours, or the validator option certificate_cache to "
              "off."));
}

/// The key in the file \a name of the open folder \a folder; nullopt with \a missing set when there
/// is none, else with the reason in \a why.
std::optional<CacheSecret> readKey(int folder, const std::string &name, bool &missing, std::string &why)
{
  const own_files::Opened opened = own_files::openOwnFile(folder, name, own_files::kOpenToOthers);
  missing = opened.missing;
  why = opened.why;
  if (!opened.fd)
    return std::nullopt;
  if (opened.status.st_size != static_cast<off_t>(kCacheSecretSize))
  {
    why = concat("holds ", opened.status.st_size, " bytes, not ", kCacheSecretSize);
    return std::nullopt;
  }
  const std::optional<std::string> bytes = own_files::readAll(opened.fd.get(), kCacheSecretSize, why);
  if (!bytes || bytes->size() != kCacheSecretSize)
  {
    why = bytes ? concat("holds ", bytes->size(), " bytes, not ", kCacheSecretSize) : why;
    return std::nullopt;
  }
  CacheSecret secret;
  std::memcpy(secret.data(), bytes->data(), secret.size());
  return secret;
}

/// Makes the file \a name in the open folder \a folder with a new random key, unless another
/// process makes it first. \returns false, with the reason in \a why, when neither happened.
bool makeKey(int folder, const std::string &name, std::string &why)
{
  std::string bytes(kCacheSecretSize, '\0');
  randombytes_buf(bytes.data(), bytes.size());
  const std::optional<std::string> temporary = own_files::writeTemporary(folder, name, bytes, why);
  sodium_memzero(bytes.data(), bytes.size());
  if (!temporary)
    return false;
  // linked, not renamed: a key another process made meanwhile stays, and every process reads it
  const bool linked = ::linkat(folder, temporary->c_str(), folder, name.c_str(), 0) == 0;
  const int error = errno;
  ::unlinkat(folder, temporary->c_str(), 0);
  if (!linked && error != EEXIST)
    why = std::strerror(error);
  return linked || error == EEXIST;
}
}  // namespace

std::optional<fs::path> cacheKeyFile()
{
  const char *variable = std::getenv(kCacheKeyFileVariable);
  if (variable && *variable)
    return fs::path(variable);
  const std::optional<fs::path> config = own_files::xdgBaseFolder("XDG_CONFIG_HOME", ".config");
  return config ? std::optional(*config / "ompl_ccd" / "cache.key") : std::nullopt;
}

std::optional<CacheSecret> loadCacheSecret(const fs::path &key_file)
{
  std::string why;
  const fs::path folder = key_file.parent_path().empty() ? fs::path(".") : key_file.parent_path();
  if (!sodiumReady())
    why = "libsodium cannot start";
  else if (own_files::makeOwnFolders(folder, why))
  {
    // the same rules as the cache folder's: whoever could write it could swap the key file
    const own_files::Opened opened = own_files::openOwnFolder(folder);
    if (!opened.why.empty())
    {
      refuseKeyFolder(key_file, folder, opened.why);
      return std::nullopt;
    }
    const std::string name = key_file.filename().string();
    // read it; when missing, make it and read the one made (this process's, or one made at once)
    for (int attempt = 0; opened.fd && attempt < 3; ++attempt)
    {
      bool missing = false;
      if (std::optional<CacheSecret> secret = readKey(opened.fd.get(), name, missing, why))
        return secret;
      if (!missing)
      {
        refuseKeyFile(key_file, why);
        return std::nullopt;
      }
      if (!makeKey(opened.fd.get(), name, why))
        break;
    }
    why = opened.fd ? why : "a folder on the path is missing";
  }
  cannotMakeKeyFile(key_file, why.empty() ? "removed as soon as made" : why);
  return std::nullopt;
}

std::optional<CacheSecret> userCacheSecret()
{
  static std::mutex mutex;
  static std::map<std::string, std::optional<CacheSecret>> loaded;  // per key file; "": none
  const std::optional<fs::path> file = cacheKeyFile();
  const std::string name = file ? file->string() : std::string();
  const std::lock_guard<std::mutex> lock(mutex);
  auto found = loaded.find(name);
  if (found != loaded.end())
    return found->second;
  if (!file)
    warn(concat("ompl_ccd cache: no key file (", kCacheKeyFileVariable, ", XDG_CONFIG_HOME and HOME are not set); ",
                kNoDiskCache, ": set ", kCacheKeyFileVariable,
                " to a file in a folder of yours, or the validator option certificate_cache to off."));
  return loaded.emplace(name, file ? loadCacheSecret(*file) : std::nullopt).first->second;
}

CacheTag cacheTag(const CacheSecret &secret, const void *data, std::size_t size)
{
  sodiumReady();
  CacheTag tag;
  crypto_generichash(tag.data(), tag.size(), static_cast<const unsigned char *>(data), size, secret.data(),
                     secret.size());
  return tag;
}

bool sameCacheTag(const CacheTag &tag, const void *stored)
{
  return sodium_memcmp(tag.data(), stored, tag.size()) == 0;
}
}  // namespace ompl_ccd
