#include "certify/pipeline/shared_certificates.h"

#include <algorithm>
#include <atomic>
#include <exception>
#include <map>
#include <mutex>
#include <set>
#include <thread>
#include <tuple>

#include "certify/pipeline/certificate_cache.h"

namespace ompl_ccd
{
namespace
{
/// What a certificate depends on besides its robot.
struct PairKey
{
  int link_a, geometry_a, link_b, geometry_b, ancestor, max_dims, max_cells;
  double margin;
  bool operator<(const PairKey &o) const
  {
    return std::tie(link_a, geometry_a, link_b, geometry_b, ancestor, max_dims, max_cells, margin) <
           std::tie(o.link_a, o.geometry_a, o.link_b, o.geometry_b, o.ancestor, o.max_dims, o.max_cells, o.margin);
  }
};
using RobotCertificates = std::map<PairKey, std::shared_ptr<const JointSpaceCertificate>>;

/// JointSpaceCertificate::build for pairs[missing[m]] into fresh[m], on every core (each pair's
/// exact distance queries are independent).
/// \throws the first pair's Error, if any.
void buildInParallel(const CollisionWorld &world, const std::vector<BodyRef> &bodies, const std::vector<BodyPair> &pairs,
                     const JointSpaceCertificateOptions &options, const std::vector<std::size_t> &missing,
                     CertificateList &fresh)
{
  std::vector<std::exception_ptr> failures(missing.size());
  std::atomic<std::size_t> next{0};
  const auto work = [&] {
    for (std::size_t m = next++; m < missing.size(); m = next++)
      try
      {
        const BodyPair &pair = pairs[missing[m]];
        if (auto certificate = JointSpaceCertificate::build(world, bodies[pair.a], bodies[pair.b], pair.ancestor, options))
          fresh[m] = std::make_shared<const JointSpaceCertificate>(std::move(*certificate));
      }
      catch (...)
      {
        failures[m] = std::current_exception();
      }
  };
  std::vector<std::thread> helpers;
  const std::size_t threads = std::min<std::size_t>(std::max(1u, std::thread::hardware_concurrency()), missing.size());
  for (std::size_t h = 1; h < threads; ++h)
    helpers.emplace_back(work);
  work();
  for (std::thread &helper : helpers)
    helper.join();
  for (const std::exception_ptr &failure : failures)
    if (failure)
      std::rethrow_exception(failure);
}
}  // namespace

CertificateList sharedCertificates(const CollisionWorld &world, const std::vector<BodyRef> &bodies,
                                   const std::vector<BodyPair> &pairs, const JointSpaceCertificateOptions &options,
                                   const std::optional<std::filesystem::path> &cache_folder)
{
  // per robot object (weak keys: a robot built later at the same address is another robot)
  static std::mutex mutex;
  static std::map<std::weak_ptr<const RobotModel>, RobotCertificates, std::owner_less<>> cache;
  const auto keyOf = [&](const BodyPair &pair) {
    const BodyRef &a = bodies[pair.a], &b = bodies[pair.b];
    return PairKey{a.link, a.geometry, b.link, b.geometry, pair.ancestor, options.max_dims, options.max_cells,
                   options.margin};
  };
  // the pairs not built yet (each once), found under the lock
  std::vector<std::size_t> missing;
  {
    const std::lock_guard<std::mutex> lock(mutex);
    for (auto it = cache.begin(); it != cache.end();)
      it = it->first.expired() ? cache.erase(it) : std::next(it);
    const RobotCertificates &built = cache[world.robotPtr()];
    std::set<PairKey> wanted;
    for (std::size_t i = 0; i < pairs.size(); ++i)
      if (built.count(keyOf(pairs[i])) == 0 && wanted.insert(keyOf(pairs[i])).second)
        missing.push_back(i);
  }
  // read from the disk cache, or built outside the lock
  std::optional<CacheKey> key;
  std::optional<CertificateList> stored;
  if (!missing.empty() && cache_folder)
  {
    key = certificateCacheKey(world.robot(), bodies, pairs, options);
    stored = loadCertificates(cacheFile(*cache_folder, world.robot(), *key, "certificates"), *key, world.robot(),
                              pairs.size());
  }
  CertificateList fresh(missing.size());
  for (std::size_t m = 0; m < missing.size() && stored; ++m)
    fresh[m] = (*stored)[missing[m]];
  if (!stored)
    buildInParallel(world, bodies, pairs, options, missing, fresh);
  // kept (a certifier built meanwhile on another thread may have stored the same pair first)
  CertificateList certificates;
  {
    const std::lock_guard<std::mutex> lock(mutex);
    RobotCertificates &built = cache[world.robotPtr()];
    for (std::size_t m = 0; m < missing.size(); ++m)
      built.emplace(keyOf(pairs[missing[m]]), fresh[m]);
    for (const BodyPair &pair : pairs)
      certificates.push_back(built.at(keyOf(pair)));
  }
  if (key && !stored)
    storeCertificates(cacheFile(*cache_folder, world.robot(), *key, "certificates"), *key, certificates);
  return certificates;
}
}  // namespace ompl_ccd
