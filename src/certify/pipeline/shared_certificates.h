#pragma once
/// \file shared_certificates.h
/// The joint-space certificates of a robot's self pairs, built once per robot and shared by every
/// certifier and thread of the process, read from and written to the start-up cache
/// (certificate_cache.h) when it has a folder.

#include <filesystem>
#include <optional>
#include <vector>

#include "certify/pipeline/joint_space_certificate.h"
#include "ompl_ccd/geometry/body_pair.h"
#include "ompl_ccd/geometry/collision_world.h"

namespace ompl_ccd
{
/** \brief JointSpaceCertificate::build for each of \a pairs (indices into \a bodies), each built
    once per robot (RobotModel object), pair and options and then shared: later calls, from any
    thread, get the same certificates while the robot lives (certifiers of one robot in many
    scenes pay the construction once). With a \a cache_folder, the pairs not built yet in this
    process are first looked up on disk there (certificate_cache.h: a file per robot, pairs and
    options), and a process that had to build them writes them there; otherwise they are built in
    parallel, one thread per core. nullptr for a pair that can have none.
    \throws Error if the options are out of range. */
CertificateList sharedCertificates(
    const CollisionWorld &world, const std::vector<BodyRef> &bodies, const std::vector<BodyPair> &pairs,
    const JointSpaceCertificateOptions &options = {},
    const std::optional<std::filesystem::path> &cache_folder = std::nullopt);
}  // namespace ompl_ccd
