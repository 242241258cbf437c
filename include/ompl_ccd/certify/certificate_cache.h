#pragma once
/// \file certificate_cache.h
/// Joint-space certificates kept on disk between processes, so that a validator's second start
/// reads its certificates instead of building them (0.3–4 s of exact distance queries).
///
/// A file holds the certificates of one list of self pairs of one robot, built with one set of
/// options. Its name and its header carry a key, a 128-bit hash (XXH3) of everything the
/// certificates depend on: the robot's kinematics and collision geometry as loaded (joint types,
/// axes, origins, limits and mimic rules; each collision element's origin, primitive sizes, mesh
/// vertices with their scale applied and triangles), the pairs (which tells the excluded pairs),
/// the JointSpaceCertificateOptions, the file format, a hash of the library's sources (taken at
/// build time: a library built from other sources, whose construction or cells may differ, never
/// reads the file) and FCL's version. A file is used only when its size, its checksum (XXH3 of all its bytes before the
/// checksum) and its key all match and its cells form a well-made tree; any other file is refused
/// with a warning, and the certificates are rebuilt and written over it: a corrupt, truncated or
/// foreign file costs a rebuild, never a crash or a wrong certificate.
///
/// Writers write a temporary file in the folder and rename it over the final name (atomic on
/// POSIX): processes that write the same file at once each put a whole file there, and a reader
/// sees a whole file or none. A folder that cannot be made or written gives a warning and no
/// cache. Warnings go through OMPL's console (OMPL_WARN).

#include <array>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "ompl_ccd/certify/joint_space_certificate.h"
#include "ompl_ccd/geometry/body_pair.h"
#include "ompl_ccd/model/robot_model.h"

namespace ompl_ccd
{
/** \brief Version of the file layout (certificate_cache.cpp); part of the key. */
inline constexpr std::uint32_t kCertificateFileFormat = 1;

/** \brief The value of the option certificate_cache that means the default folder. */
inline constexpr const char *kDefaultCertificateCache = "default";
/** \brief The value of the option certificate_cache (or of the environment variable) that turns
    the cache off. */
inline constexpr const char *kNoCertificateCache = "off";
/** \brief The environment variable that sets the default folder (or "off"). */
inline constexpr const char *kCertificateCacheVariable = "OMPL_CCD_CERTIFICATE_CACHE";

/** \brief The folder of the option certificate_cache \a setting: for "default", the environment
    variable OMPL_CCD_CERTIFICATE_CACHE when set and not empty ("off" or a folder), else
    $XDG_CACHE_HOME/ompl_ccd when XDG_CACHE_HOME is an absolute path, else $HOME/.cache/ompl_ccd;
    nullopt for "off" or when neither variable gives a folder. Any other setting is the folder
    itself (a relative one from the working directory). */
std::optional<std::filesystem::path> certificateCacheFolder(const std::string &setting);

/** \brief What a cache file is found by: a hash of what its certificates depend on. */
struct CertificateCacheKey
{
  std::array<std::uint64_t, 2> hash{};
  bool operator==(const CertificateCacheKey &other) const { return hash == other.hash; }
  /** \brief 32 hexadecimal digits. */
  std::string hex() const;
};

/** \brief The key of the certificates of \a pairs (of \a bodies of \a robot) built with \a options. */
CertificateCacheKey certificateCacheKey(const RobotModel &robot, const std::vector<BodyRef> &bodies,
                                        const std::vector<BodyPair> &pairs, const JointSpaceCertificateOptions &options);

/** \brief The file of \a key for \a robot in \a folder: "<robot name>-<key>.certificates" (the
    name's characters other than letters, digits, '-' and '_' as '_'). */
std::filesystem::path certificateCacheFile(const std::filesystem::path &folder, const RobotModel &robot,
                                           const CertificateCacheKey &key);

/** \brief The \a count certificates stored in \a file under \a key, their joints checked against
    \a robot; nullopt when there is no file, and with a warning naming the file and what is wrong
    when it cannot be read or is refused (size, checksum, key, format). */
std::optional<CertificateList> loadCertificates(const std::filesystem::path &file, const CertificateCacheKey &key,
                                                const RobotModel &robot, std::size_t count);

/** \brief Writes \a certificates to \a file under \a key (its folder made if needed), through a
    temporary file renamed over \a file. \returns false, after a warning naming the file and the
    reason, when it cannot. */
bool storeCertificates(const std::filesystem::path &file, const CertificateCacheKey &key,
                       const CertificateList &certificates);
}  // namespace ompl_ccd
