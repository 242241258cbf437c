#pragma once
/// \file hull_cache.h
/// The convex hulls of a robot's bodies (ConvexHull: qhull, reduced to within max_gap), built once
/// per robot object and max_gap and shared, and kept on disk between processes (cache_file.h) with
/// the joint-space certificates: qhull and the hull reduction are most of a validator's start-up
/// once its certificates are read from disk (bench/README.md).
///
/// A file, "<robot>-<key>.hulls", holds the hulls of one list of bodies; its key covers the
/// robot's kinematics and collision geometry as loaded (CacheKeyHash::robot), the bodies, max_gap,
/// the file format and the library's sources. Besides the framing's checks, a file is used only
/// when it holds a hull for each mesh body and none for the others, each made of finite vertices
/// and polygons of them (ConvexHull::fromParts).

#include <filesystem>
#include <memory>
#include <optional>
#include <vector>

#include "certify/pipeline/cache_file.h"
#include "ompl_ccd/geometry/body_pair.h"
#include "ompl_ccd/geometry/convex_hull.h"
#include "ompl_ccd/model/robot_model.h"

namespace ompl_ccd
{
/** \brief Hulls of a list of bodies, in its order. */
using HullList = std::vector<std::shared_ptr<const ConvexHull>>;

/** \brief The key of the hulls of \a bodies of \a robot reduced to within \a max_gap. */
CacheKey hullCacheKey(const RobotModel &robot, const std::vector<BodyRef> &bodies, double max_gap);

/** \brief The hulls of \a bodies of \a robot stored in \a file under \a key (a primitive's is made
    on the spot); nullopt when there is no file, and with a warning naming the file and what is
    wrong when it cannot be read or is refused. */
std::optional<HullList> loadHulls(const std::filesystem::path &file, const CacheKey &key, const RobotModel &robot,
                                  const std::vector<BodyRef> &bodies);

/** \brief Writes the mesh hulls of \a hulls to \a file under \a key (writeCacheFile). \returns false,
    after a warning, when it cannot. */
bool storeHulls(const std::filesystem::path &file, const CacheKey &key, const HullList &hulls);

/** \brief ConvexHull(shape, max_gap) of each of \a bodies of \a robot, each built once per robot
    object, body and max_gap and then shared: later calls, from any thread, get the same hulls
    while the robot lives. With a \a cache_folder, the hulls not built yet in this process are
    first looked up on disk there, and a process that had to build them writes them there. */
HullList sharedHulls(const RobotModelPtr &robot, const std::vector<BodyRef> &bodies, double max_gap,
                     const std::optional<std::filesystem::path> &cache_folder);
}  // namespace ompl_ccd
