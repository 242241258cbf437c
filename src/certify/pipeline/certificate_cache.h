#pragma once
/// \file certificate_cache.h
/// Joint-space certificates kept on disk between processes (cache_file.h), so that a validator's
/// second start reads its certificates instead of building them with exact distance queries (cold
/// and warm start-up times: bench/README.md, section "Start-up: load time and caches").
///
/// A file, "<robot>-<key>.certificates", holds the certificates of one list of self pairs of one
/// robot, built with one set of options. Its key covers all they depend on: the robot's kinematics
/// and collision geometry as loaded (CacheKeyHash::robot), the pairs (which tells the excluded
/// pairs), the JointSpaceCertificateOptions, the file format, the library's sources and FCL's
/// version. Besides the framing's checks, a file is used only when it holds one entry per pair and
/// each certificate's joints are the robot's own and its cells the tree build() makes (each inner
/// cell holding the least bound of its halves): a corrupt, truncated, forged or foreign file costs
/// a rebuild, never a crash or a wrong certificate.

#include <filesystem>
#include <optional>
#include <vector>

#include "certify/pipeline/cache_file.h"
#include "certify/pipeline/joint_space_certificate.h"
#include "ompl_ccd/geometry/body_pair.h"
#include "ompl_ccd/model/robot_model.h"

namespace ompl_ccd
{
/** \brief The key of the certificates of \a pairs (of \a bodies of \a robot) built with \a options. */
CacheKey certificateCacheKey(const RobotModel &robot, const std::vector<BodyRef> &bodies,
                             const std::vector<BodyPair> &pairs, const JointSpaceCertificateOptions &options);

/** \brief The \a count certificates stored in \a file under \a key, their joints checked against
    \a robot; nullopt when there is no file, and with a warning naming the file and what is wrong
    when it cannot be read or is refused. */
std::optional<CertificateList> loadCertificates(const std::filesystem::path &file, const CacheKey &key,
                                                const RobotModel &robot, std::size_t count);

/** \brief Writes \a certificates to \a file under \a key (writeCacheFile). \returns false, after a
    warning, when it cannot. */
bool storeCertificates(const std::filesystem::path &file, const CacheKey &key, const CertificateList &certificates);
}  // namespace ompl_ccd
