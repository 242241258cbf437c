// Convex hulls shared per robot object and kept in the start-up cache (hull_cache.h). Payload:
//   u64 count, then per body u8 mesh (0/1) and, for a mesh, u64 vertices, f64 xyz per vertex,
//   u64 face entries, i32 per entry (FCL's face encoding), f64 gap.
#include "certify/pipeline/hull_cache.h"

#include <map>
#include <mutex>
#include <tuple>

#include "ompl_ccd/error.h"

namespace ompl_ccd
{
namespace
{
const CollisionShape &shapeOf(const RobotModel &robot, const BodyRef &body)
{
  return robot.links()[body.link].geometries[body.geometry].shape;
}

bool isMesh(const RobotModel &robot, const BodyRef &body)
{
  return shapeOf(robot, body).kind == CollisionShape::Kind::Mesh;
}

/// A mesh hull's parts read from \a in, or nullopt when they are not a hull's.
std::optional<ConvexHull> readMeshHull(ByteReader &in, const CollisionShape &shape)
{
  std::uint64_t count = 0;
  if (!in.get(count) || count > in.left() / sizeof(Eigen::Vector3d))
    return std::nullopt;
  std::vector<Eigen::Vector3d> vertices(count);
  for (Eigen::Vector3d &v : vertices)
    for (int k = 0; k < 3; ++k)
      in.get(v[k]);
  if (!in.get(count) || count > in.left() / sizeof(std::int32_t))
    return std::nullopt;
  std::vector<int> faces(count);
  for (int &entry : faces)
  {
    std::int32_t value = 0;
    in.get(value);
    entry = value;
  }
  double gap = 0.0;
  if (!in.get(gap))
    return std::nullopt;
  return ConvexHull::fromParts(shape, std::move(vertices), std::move(faces), gap);
}

/// What a shared hull depends on besides its robot.
using HullKey = std::tuple<int, int, double>;  // link, geometry, max_gap
}  // namespace

CacheKey hullCacheKey(const RobotModel &robot, const std::vector<BodyRef> &bodies, double max_gap)
{
  CacheKeyHash hash("convex hulls");
  hash.robot(robot);
  hash.value(bodies.size());
  for (const BodyRef &body : bodies)
  {
    hash.value(body.link);
    hash.value(body.geometry);
  }
  hash.value(max_gap);
  return hash.key();
}

std::optional<HullList> loadHulls(const std::filesystem::path &file, const CacheKey &key, const RobotModel &robot,
                                  const std::vector<BodyRef> &bodies)
{
  const std::optional<std::string> payload = readCacheFile(file, key);
  if (!payload)
    return std::nullopt;
  ByteReader in(*payload);
  std::uint64_t count = 0;
  std::string why;
  if (!in.get(count) || count != bodies.size())
    why = concat("holds ", count, " bodies, not ", bodies.size());
  HullList hulls;
  for (std::size_t i = 0; why.empty() && i < bodies.size(); ++i)
  {
    std::uint8_t mesh = 0;
    if (!in.get(mesh) || mesh != (isMesh(robot, bodies[i]) ? 1 : 0))
      why = concat("body ", i, ": malformed");
    else if (!mesh)
      hulls.push_back(std::make_shared<const ConvexHull>(shapeOf(robot, bodies[i])));
    else if (std::optional<ConvexHull> hull = readMeshHull(in, shapeOf(robot, bodies[i])))
      hulls.push_back(std::make_shared<const ConvexHull>(std::move(*hull)));
    else
      why = concat("body ", i, ": malformed hull");
  }
  if (why.empty() && !in.done())
    why = "bytes after the last hull";
  if (!why.empty())
  {
    refuseCacheFile(file, why);
    return std::nullopt;
  }
  return hulls;
}

bool storeHulls(const std::filesystem::path &file, const CacheKey &key, const HullList &hulls)
{
  ByteWriter out;
  out.put(static_cast<std::uint64_t>(hulls.size()));
  for (const auto &hull : hulls)
  {
    const bool mesh = !hull->vertices().empty();
    out.put(static_cast<std::uint8_t>(mesh));
    if (!mesh)
      continue;
    out.put(static_cast<std::uint64_t>(hull->vertices().size()));
    for (const Eigen::Vector3d &v : hull->vertices())
      for (int k = 0; k < 3; ++k)
        out.put(v[k]);
    out.put(static_cast<std::uint64_t>(hull->faces().size()));
    for (const int entry : hull->faces())
      out.put(static_cast<std::int32_t>(entry));
    out.put(hull->gap());
  }
  return writeCacheFile(file, key, out.bytes());
}

HullList sharedHulls(const RobotModelPtr &robot, const std::vector<BodyRef> &bodies, double max_gap,
                     const std::optional<std::filesystem::path> &cache_folder)
{
  // per robot object (weak keys: a robot built later at the same address is another robot)
  static std::mutex mutex;
  static std::map<std::weak_ptr<const RobotModel>, std::map<HullKey, std::shared_ptr<const ConvexHull>>,
                  std::owner_less<>>
      cache;
  const auto keyOf = [&](const BodyRef &body) { return HullKey{body.link, body.geometry, max_gap}; };
  bool missing = false;
  {
    const std::lock_guard<std::mutex> lock(mutex);
    for (auto it = cache.begin(); it != cache.end();)
      it = it->first.expired() ? cache.erase(it) : std::next(it);
    const auto &built = cache[robot];
    for (const BodyRef &body : bodies)
      missing = missing || built.count(keyOf(body)) == 0;
  }
  HullList hulls;
  if (missing)
  {
    // read from the disk cache, or built outside the lock
    std::optional<CacheKey> key;
    std::optional<HullList> stored;
    if (cache_folder)
    {
      key = hullCacheKey(*robot, bodies, max_gap);
      stored = loadHulls(cacheFile(*cache_folder, *robot, *key, "hulls"), *key, *robot, bodies);
    }
    if (stored)
      hulls = std::move(*stored);
    else
      for (const BodyRef &body : bodies)
        hulls.push_back(std::make_shared<const ConvexHull>(shapeOf(*robot, body), max_gap));
    if (key && !stored)
      storeHulls(cacheFile(*cache_folder, *robot, *key, "hulls"), *key, hulls);
  }
  // kept (a certifier built meanwhile on another thread may have stored the same body first)
  const std::lock_guard<std::mutex> lock(mutex);
  auto &built = cache[robot];
  for (std::size_t i = 0; i < hulls.size(); ++i)
    built.emplace(keyOf(bodies[i]), hulls[i]);
  HullList shared;
  for (const BodyRef &body : bodies)
    shared.push_back(built.at(keyOf(body)));
  return shared;
}
}  // namespace ompl_ccd
