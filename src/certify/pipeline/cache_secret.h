#pragma once
/// \file cache_secret.h
/// The per-user secret key that authenticates the files of the start-up cache (cache_file.h): a
/// file is read only when its tag, a keyed BLAKE2b MAC (libsodium's crypto_generichash) under this
/// key of every byte before the tag, matches. Whoever can write the cache folder but cannot read
/// the key cannot make a file that is read, so cannot change what a certifier answers.
///
/// The key is 32 random bytes in a key file outside the cache folder (cacheKeyFile). It is made
/// when missing: written to a temporary file of mode 0600 in the key's folder (made with mode 0700
/// when missing) and linked to its name, so that of processes that make it at once one wins and
/// all read its key. It is read only when it is a regular file (a symbolic link is not followed)
/// owned by the effective user, of a mode that gives its group and others no access, holding
/// exactly 32 bytes, in a folder held to the cache folder's rules (own_files::openOwnFolder: the
/// user's, writable by no one else, not a symbolic link); otherwise, or when it cannot be made, a
/// warning names the file or folder, what is wrong and the fix, and the start-up cache is neither
/// read nor written (everything is built in memory).

#include <array>
#include <cstddef>
#include <filesystem>
#include <optional>

namespace ompl_ccd
{
/** \brief The environment variable that sets the key file (tests, or a key kept elsewhere). */
inline constexpr const char *kCacheKeyFileVariable = "OMPL_CCD_CACHE_KEY_FILE";

/** \brief Bytes of the secret key and of a tag. */
inline constexpr std::size_t kCacheSecretSize = 32;
inline constexpr std::size_t kCacheTagSize = 32;

using CacheSecret = std::array<unsigned char, kCacheSecretSize>;
using CacheTag = std::array<unsigned char, kCacheTagSize>;

/** \brief The key file: the environment variable OMPL_CCD_CACHE_KEY_FILE when set and not empty,
    else $XDG_CONFIG_HOME/ompl_ccd/cache.key when XDG_CONFIG_HOME is an absolute path, else
    $HOME/.config/ompl_ccd/cache.key; nullopt when none of them is set. */
std::optional<std::filesystem::path> cacheKeyFile();

/** \brief The key in \a key_file, made first when there is none (see the file comment); nullopt,
    after a warning naming the file, what is wrong and the fix, when it is refused or cannot be
    made. Thread-safe; processes may call it at once. */
std::optional<CacheSecret> loadCacheSecret(const std::filesystem::path &key_file);

/** \brief The key of the key file cacheKeyFile() names, loaded (loadCacheSecret) the first time
    this process asks for that file and then kept, a refusal too: each key file is read, and
    warned about, once per process. nullopt (after a warning) when there is no key. Thread-safe. */
std::optional<CacheSecret> userCacheSecret();

/** \brief The tag of the \a size bytes at \a data under \a secret. */
CacheTag cacheTag(const CacheSecret &secret, const void *data, std::size_t size);

/** \brief True iff the kCacheTagSize bytes at \a stored are \a tag (compared in constant time). */
bool sameCacheTag(const CacheTag &tag, const void *stored);
}  // namespace ompl_ccd
