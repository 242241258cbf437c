// Certificates in the start-up cache (certificate_cache.h): their key, and their payload
//   u64 count, then per pair u8 present (0/1) and, if present, u32 dims, i32 joints[dims],
//   f64 period[3], root_lo[3], root_hi[3], u64 cells, per cell f64 least, i32 high, i32 split;
// with the checks that refuse a payload whose cells are not the tree build() makes.
#include "certify/pipeline/certificate_cache.h"

#include <cmath>

#include <fcl/config.h>

#include "ompl_ccd/error.h"
#include "ompl_ccd/numeric.h"

namespace ompl_ccd
{
/// The payload's bytes and back; a friend of JointSpaceCertificate.
class CertificateFile
{
public:
  static std::string write(const CertificateList &certificates)
  {
    ByteWriter out;
    out.put(static_cast<std::uint64_t>(certificates.size()));
    for (const auto &certificate : certificates)
    {
      out.put(static_cast<std::uint8_t>(certificate != nullptr));
      if (certificate)
        writeCertificate(out, *certificate);
    }
    return std::move(out.bytes());
  }

  /** \brief The certificates in \a payload, or nullopt with the reason in \a why. */
  static std::optional<CertificateList> read(const std::string &payload, const RobotModel &robot, std::size_t count,
                                             std::string &why)
  {
    ByteReader in(payload);
    std::uint64_t stored_count = 0;
    if (!in.get(stored_count) || stored_count != count)
      return refuse(why, concat("holds ", stored_count, " pairs, not ", count));
    CertificateList certificates;
    for (std::size_t i = 0; i < count; ++i)
    {
      std::uint8_t present = 0;
      if (!in.get(present) || present > 1)
        return refuse(why, concat("pair ", i, ": malformed"));
      certificates.emplace_back();
      if (!present)
        continue;
      std::optional<JointSpaceCertificate> certificate = readCertificate(in, robot);
      if (!certificate)
        return refuse(why, concat("pair ", i, ": malformed certificate"));
      certificates.back() = std::make_shared<const JointSpaceCertificate>(std::move(*certificate));
    }
    if (!in.done())
      return refuse(why, "bytes after the last certificate");
    return certificates;
  }

private:
  static std::nullopt_t refuse(std::string &why, std::string reason)
  {
    why = std::move(reason);
    return std::nullopt;
  }

  static void writeCertificate(ByteWriter &out, const JointSpaceCertificate &certificate)
  {
    out.put(static_cast<std::uint32_t>(certificate.joints_.size()));
    for (const int joint : certificate.joints_)
      out.put(static_cast<std::int32_t>(joint));
    out.put(certificate.period_);
    out.put(certificate.root_lo_);
    out.put(certificate.root_hi_);
    out.put(static_cast<std::uint64_t>(certificate.cells_.size()));
    for (const JointSpaceCertificate::Cell &cell : certificate.cells_)
    {
      out.put(cell.least);
      out.put(static_cast<std::int32_t>(cell.high));
      out.put(static_cast<std::int32_t>(cell.split));
    }
  }

  /** \brief A certificate whose joints are \a robot's own revolute or prismatic joints and whose
      cells form the tree build() makes (openSpans() then stays in bounds and terminates). */
  static std::optional<JointSpaceCertificate> readCertificate(ByteReader &in, const RobotModel &robot)
  {
    JointSpaceCertificate certificate;
    std::uint32_t dims = 0;
    if (!in.get(dims) || dims > 3)
      return std::nullopt;
    for (std::uint32_t k = 0; k < dims; ++k)
    {
      std::int32_t joint = -1;
      if (!in.get(joint) || joint < 0 || static_cast<std::size_t>(joint) >= robot.joints().size() ||
          robot.joints()[joint].q_index < 0)
        return std::nullopt;
      certificate.joints_.push_back(joint);
    }
    std::uint64_t cells = 0;
    if (!in.get(certificate.period_) || !in.get(certificate.root_lo_) || !in.get(certificate.root_hi_) ||
        !in.get(cells) || cells == 0 || cells > in.left() / 16)
      return std::nullopt;
    for (std::size_t k = 0; k < 3; ++k)
      if (!(certificate.period_[k] == 0.0 || certificate.period_[k] == numeric::kTwoPi) ||
          !std::isfinite(certificate.root_lo_[k]) || !(certificate.root_lo_[k] <= certificate.root_hi_[k]))
        return std::nullopt;
    for (std::uint64_t i = 0; i < cells; ++i)
    {
      JointSpaceCertificate::Cell cell;
      std::int32_t high = 0, split = 0;
      if (!in.get(cell.least) || !in.get(high) || !in.get(split) || std::isnan(cell.least))
        return std::nullopt;
      cell.high = high;
      cell.split = split;
      certificate.cells_.push_back(cell);
    }
    return wellMadeTree(certificate.cells_, dims) ? std::optional(std::move(certificate)) : std::nullopt;
  }

  /** \brief True iff \a cells are a tree in depth-first order (an inner cell's low half next, its
      high half right after the low half's subtree, split along one of \a dims joints), each
      inner cell holding the least bound of its halves. */
  static bool wellMadeTree(const std::vector<JointSpaceCertificate::Cell> &cells, std::size_t dims)
  {
    // end[i]: one past the last cell of i's subtree; halves come after their parent, so from the back
    std::vector<std::size_t> end(cells.size());
    for (std::size_t i = cells.size(); i-- > 0;)
    {
      const JointSpaceCertificate::Cell &cell = cells[i];
      if (cell.high < 0)
      {
        if (cell.high != -1)
          return false;
        end[i] = i + 1;
        continue;
      }
      const std::size_t high = static_cast<std::size_t>(cell.high);
      if (i + 1 >= cells.size() || high >= cells.size() || high != end[i + 1] || cell.split < 0 ||
          static_cast<std::size_t>(cell.split) >= dims ||
          cell.least != std::min(cells[i + 1].least, cells[high].least))
        return false;
      end[i] = end[high];
    }
    return end[0] == cells.size();
  }
};

CacheKey certificateCacheKey(const RobotModel &robot, const std::vector<BodyRef> &bodies,
                             const std::vector<BodyPair> &pairs, const JointSpaceCertificateOptions &options)
{
  CacheKeyHash hash("joint-space certificates");
  hash.text(FCL_VERSION);  // the cells' distances are FCL's
  hash.robot(robot);
  hash.value(pairs.size());
  for (const BodyPair &pair : pairs)
  {
    const BodyRef &a = bodies.at(pair.a), &b = bodies.at(pair.b);
    for (const int index : {a.link, a.geometry, b.link, b.geometry, pair.ancestor})
      hash.value(index);
  }
  hash.value(options.max_dims);
  hash.value(options.max_cells);
  hash.value(options.margin);
  return hash.key();
}

std::optional<CertificateList> loadCertificates(const std::filesystem::path &file, const CacheKey &key,
                                                const RobotModel &robot, std::size_t count)
{
  const std::optional<std::string> payload = readCacheFile(file, key);
  if (!payload)
    return std::nullopt;
  std::string why;
  std::optional<CertificateList> certificates = CertificateFile::read(*payload, robot, count, why);
  if (!certificates)
    refuseCacheFile(file, why);
  return certificates;
}

bool storeCertificates(const std::filesystem::path &file, const CacheKey &key, const CertificateList &certificates)
{
  return writeCacheFile(file, key, CertificateFile::write(certificates));
}
}  // namespace ompl_ccd
