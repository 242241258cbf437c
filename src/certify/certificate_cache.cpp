// The certificate cache's folder and files (certificate_cache.h): the byte layout of a file, the
// checks that refuse a bad one, and the write through a temporary file and a rename.
//
// Layout (native byte order; the key differs between byte orders, so does the file name):
//   "ompl_ccd jsc"  u32 format  u64 key[2]  u64 payload size  payload  u64 checksum
// payload: u64 count, then per pair u8 present (0/1) and, if present, u32 dims, i32 joints[dims],
// f64 period[3], root_lo[3], root_hi[3], u64 cells, per cell f64 least, i32 high, i32 split.
// The checksum is XXH3 (64 bits) of every byte before it.
#include "ompl_ccd/certify/certificate_cache.h"

#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <ompl/util/Console.h>
#include <xxhash.h>

#include "ompl_ccd/error.h"
#include "ompl_ccd/numeric.h"

namespace ompl_ccd
{
namespace fs = std::filesystem;

namespace
{
constexpr char kMagic[] = {'o', 'm', 'p', 'l', '_', 'c', 'c', 'd', ' ', 'j', 's', 'c'};
constexpr std::size_t kHeaderSize = sizeof(kMagic) + sizeof(std::uint32_t) + 3 * sizeof(std::uint64_t);
constexpr std::size_t kChecksumSize = sizeof(std::uint64_t);
/// A file larger than this is refused unread (a robot's certificates take a few megabytes).
constexpr std::uintmax_t kMaxFileSize = std::uintmax_t{1} << 30;

void warn(const std::string &message)
{
  OMPL_WARN("%s", message.c_str());
}

/// Plain values appended in native layout.
class ByteWriter
{
public:
  template <typename T>
  void put(const T &value)
  {
    bytes_.append(reinterpret_cast<const char *>(&value), sizeof(T));
  }
  std::string &bytes() { return bytes_; }

private:
  std::string bytes_;
};

/// Plain values read from [at, end); every get() is bounds-checked.
class ByteReader
{
public:
  ByteReader(const char *at, const char *end) : at_(at), end_(end) {}
  template <typename T>
  bool get(T &value)
  {
    if (static_cast<std::size_t>(end_ - at_) < sizeof(T))
      return false;
    std::memcpy(&value, at_, sizeof(T));
    at_ += sizeof(T);
    return true;
  }
  bool done() const { return at_ == end_; }

private:
  const char *at_, *end_;
};
}  // namespace

/// The bytes of a file and back; a friend of JointSpaceCertificate.
class CertificateFile
{
public:
  static std::string write(const CertificateCacheKey &key, const CertificateList &certificates)
  {
    ByteWriter payload;
    payload.put(static_cast<std::uint64_t>(certificates.size()));
    for (const auto &certificate : certificates)
    {
      payload.put(static_cast<std::uint8_t>(certificate != nullptr));
      if (certificate)
        writeCertificate(payload, *certificate);
    }
    ByteWriter file;
    file.bytes().append(kMagic, sizeof(kMagic));
    file.put(kCertificateFileFormat);
    file.put(key.hash);
    file.put(static_cast<std::uint64_t>(payload.bytes().size()));
    file.bytes() += payload.bytes();
    file.put(static_cast<std::uint64_t>(XXH3_64bits(file.bytes().data(), file.bytes().size())));
    return std::move(file.bytes());
  }

  /** \brief The certificates in \a bytes, or nullopt with the reason in \a why. */
  static std::optional<CertificateList> read(const std::string &bytes, const CertificateCacheKey &key,
                                             const RobotModel &robot, std::size_t count, std::string &why)
  {
    if (bytes.size() < kHeaderSize + kChecksumSize || std::memcmp(bytes.data(), kMagic, sizeof(kMagic)) != 0)
      return refuse(why, "not a certificate file, or truncated");
    ByteReader header(bytes.data() + sizeof(kMagic), bytes.data() + kHeaderSize);
    std::uint32_t format = 0;
    CertificateCacheKey stored;
    std::uint64_t payload_size = 0;
    header.get(format);
    header.get(stored.hash);
    header.get(payload_size);
    if (format != kCertificateFileFormat)
      return refuse(why, concat("file format ", format, ", not ", kCertificateFileFormat));
    if (payload_size != bytes.size() - kHeaderSize - kChecksumSize)
      return refuse(why, concat("size ", bytes.size(), " bytes, its header says ",
                                payload_size + kHeaderSize + kChecksumSize, ": truncated or extended"));
    std::uint64_t checksum = 0;
    ByteReader(bytes.data() + bytes.size() - kChecksumSize, bytes.data() + bytes.size()).get(checksum);
    if (checksum != XXH3_64bits(bytes.data(), bytes.size() - kChecksumSize))
      return refuse(why, "checksum mismatch: corrupt");
    if (!(stored == key))
      return refuse(why, concat("key ", stored.hex(), ", not ", key.hex(),
                                ": made for another robot, other pairs or other options"));
    ByteReader payload(bytes.data() + kHeaderSize, bytes.data() + bytes.size() - kChecksumSize);
    std::uint64_t stored_count = 0;
    if (!payload.get(stored_count) || stored_count != count)
      return refuse(why, concat("holds ", stored_count, " pairs, not ", count));
    CertificateList certificates;
    for (std::size_t i = 0; i < count; ++i)
    {
      std::uint8_t present = 0;
      if (!payload.get(present) || present > 1)
        return refuse(why, concat("pair ", i, ": malformed"));
      certificates.emplace_back();
      if (!present)
        continue;
      std::optional<JointSpaceCertificate> certificate = readCertificate(payload, robot);
      if (!certificate)
        return refuse(why, concat("pair ", i, ": malformed certificate"));
      certificates.back() = std::make_shared<const JointSpaceCertificate>(std::move(*certificate));
    }
    if (!payload.done())
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
        !in.get(cells) || cells == 0)
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

std::optional<fs::path> certificateCacheFolder(const std::string &setting)
{
  if (setting == kNoCertificateCache)
    return std::nullopt;
  if (setting != kDefaultCertificateCache)
    return fs::path(setting);
  const char *variable = std::getenv(kCertificateCacheVariable);
  if (variable && *variable)
    return std::string(variable) == kNoCertificateCache ? std::nullopt : std::optional(fs::path(variable));
  const char *xdg = std::getenv("XDG_CACHE_HOME");
  if (xdg && fs::path(xdg).is_absolute())
    return fs::path(xdg) / "ompl_ccd";
  const char *home = std::getenv("HOME");
  if (home && *home)
    return fs::path(home) / ".cache" / "ompl_ccd";
  return std::nullopt;
}

fs::path certificateCacheFile(const fs::path &folder, const RobotModel &robot, const CertificateCacheKey &key)
{
  std::string name = robot.name();
  for (char &c : name)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-' && c != '_')
      c = '_';
  return folder / (name + "-" + key.hex() + ".certificates");
}

std::optional<CertificateList> loadCertificates(const fs::path &file, const CertificateCacheKey &key,
                                                const RobotModel &robot, std::size_t count)
{
  std::error_code error;
  if (!fs::exists(file, error))
    return std::nullopt;
  const std::uintmax_t size = fs::file_size(file, error);
  std::string why;
  std::optional<CertificateList> certificates;
  if (error || size > kMaxFileSize)
    why = error ? error.message() : concat(size, " bytes, more than any robot's certificates");
  else
  {
    std::ifstream in(file, std::ios::binary);
    std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (in.bad() || !in.is_open())
      why = "cannot be read";
    else
      certificates = CertificateFile::read(bytes, key, robot, count, why);
  }
  if (!certificates)
    warn(concat("ompl_ccd certificate cache: ", file, " refused (", why,
                "); its joint-space certificates are rebuilt and written over it."));
  return certificates;
}

bool storeCertificates(const fs::path &file, const CertificateCacheKey &key, const CertificateList &certificates)
{
  const std::string bytes = CertificateFile::write(key, certificates);
  const auto fail = [&](const std::string &reason) {
    warn(concat("ompl_ccd certificate cache: cannot write ", file, " (", reason,
                "); the joint-space certificates are built again at every start: set the validator option "
                "certificate_cache to a writable folder, or to off."));
    return false;
  };
  std::error_code error;
  fs::create_directories(file.parent_path(), error);
  if (error)
    return fail(error.message());
  // a temporary file of this process in the same folder (so that the rename stays on one file system)
  std::string temporary = file.string() + ".XXXXXX";
  const int fd = mkstemp(temporary.data());
  if (fd < 0)
    return fail(std::strerror(errno));
  std::size_t written = 0;
  while (written < bytes.size())
  {
    const ssize_t n = ::write(fd, bytes.data() + written, bytes.size() - written);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      break;
    written += static_cast<std::size_t>(n);
  }
  const int write_errno = errno;
  fchmod(fd, 0644);  // mkstemp's 0600 would hide the file from the other users of a shared folder
  const bool closed = ::close(fd) == 0;
  if (written != bytes.size() || !closed || std::rename(temporary.c_str(), file.c_str()) != 0)
  {
    const std::string reason = std::strerror(written != bytes.size() ? write_errno : errno);
    ::unlink(temporary.c_str());
    return fail(reason);
  }
  return true;
}
}  // namespace ompl_ccd
