#include "pcd_header.h"

#include <cstdlib>
#include <iterator>
#include <map>
#include <sstream>
#include <vector>

#include "ompl_ccd/error.h"

namespace ompl_ccd::cloud_io
{
namespace
{
/** \brief Caps that keep sizes far from overflow: a billion points, a megabyte per point. */
constexpr std::size_t kMaxPoints = 1000000000;
constexpr std::size_t kMaxRecordBytes = 1000000;

/** \brief The header's lines by key (words after the key), up to and including DATA. */
std::map<std::string, std::vector<std::string>> headerLines(std::istream &in, const std::string &where)
{
  std::map<std::string, std::vector<std::string>> lines;
  std::string line;
  while (std::getline(in, line))
  {
    std::istringstream words(line);
    std::string key;
    if (!(words >> key) || key[0] == '#')
      continue;
    lines[key] = {std::istream_iterator<std::string>(words), std::istream_iterator<std::string>()};
    if (key == "DATA")
      return lines;
  }
  throw Error(concat(where, ": the header has no DATA line; is this a PCD file? (PCL writes VERSION, FIELDS, SIZE, "
                            "TYPE, COUNT, WIDTH, HEIGHT, VIEWPOINT, POINTS, DATA)."));
}

/** \brief The non-negative integer \a word of header key \a key, at most \a max. */
std::size_t count(const std::string &word, const std::string &key, std::size_t max, const std::string &where)
{
  char *end = nullptr;
  const unsigned long long value = std::strtoull(word.c_str(), &end, 10);
  OMPL_CCD_THROW_UNLESS(!word.empty() && word[0] != '-' && end != word.c_str() && *end == '\0' && value <= max, where,
                        ": ", key, " value '", word, "' is not an integer in [0, ", max, "]; fix the header.");
  return static_cast<std::size_t>(value);
}

/** \brief Exactly one integer of header key \a key. */
std::size_t single(const std::map<std::string, std::vector<std::string>> &lines, const std::string &key,
                   const std::string &where)
{
  const auto it = lines.find(key);
  OMPL_CCD_THROW_UNLESS(it != lines.end() && it->second.size() == 1, where, ": the header needs one ", key,
                        " value; fix the header.");
  return count(it->second[0], key, kMaxPoints, where);
}

/** \brief Fills the x, y, z layout from FIELDS, SIZE, TYPE, COUNT. */
void readFields(const std::map<std::string, std::vector<std::string>> &lines, PcdHeader &header,
                const std::string &where)
{
  const auto get = [&](const std::string &key) {
    const auto it = lines.find(key);
    OMPL_CCD_THROW_UNLESS(it != lines.end(), where, ": the header has no ", key, " line; fix the header.");
    return it->second;
  };
  const std::vector<std::string> fields = get("FIELDS"), sizes = get("SIZE"), types = get("TYPE");
  std::vector<std::string> counts = lines.count("COUNT") ? lines.at("COUNT") : std::vector<std::string>();
  if (counts.empty())
    counts.assign(fields.size(), "1");
  OMPL_CCD_THROW_UNLESS(sizes.size() == fields.size() && types.size() == fields.size() && counts.size() == fields.size(),
                        where, ": FIELDS has ", fields.size(), " names but SIZE ", sizes.size(), ", TYPE ", types.size(),
                        ", COUNT ", counts.size(), " values; give one of each per field.");
  const char *names[3] = {"x", "y", "z"};
  std::array<bool, 3> found{};
  for (std::size_t f = 0; f < fields.size(); ++f)
  {
    const std::size_t size = count(sizes[f], "SIZE", 8, where), n = count(counts[f], "COUNT", kMaxRecordBytes, where);
    for (int k = 0; k < 3; ++k)
      if (fields[f] == names[k])
      {
        OMPL_CCD_THROW_UNLESS(types[f] == "F" && (size == 4 || size == 8) && n == 1, where, ": field '", names[k],
                              "' has TYPE ", types[f], ", SIZE ", size, ", COUNT ", n,
                              "; a coordinate must be TYPE F of SIZE 4 or 8 with COUNT 1.");
        found[k] = true;
        header.xyz_offset[k] = header.record_size;
        header.xyz_value[k] = header.values_per_point;
        header.xyz_size[k] = static_cast<int>(size);
      }
    header.record_size += size * n;
    header.values_per_point += n;
    OMPL_CCD_THROW_UNLESS(header.record_size <= kMaxRecordBytes, where, ": a point's record exceeds ",
                          kMaxRecordBytes, " bytes; fix SIZE and COUNT.");
  }
  OMPL_CCD_THROW_UNLESS(found[0] && found[1] && found[2], where,
                        ": FIELDS lacks x, y or z; a point cloud of obstacles needs all three.");
}
}  // namespace

PcdHeader readPcdHeader(std::istream &in, const std::string &path)
{
  const std::string where = concat("readPointCloudFile: ", path);
  const std::map<std::string, std::vector<std::string>> lines = headerLines(in, where);
  PcdHeader header;
  readFields(lines, header, where);
  const std::vector<std::string> &data = lines.at("DATA");
  OMPL_CCD_THROW_UNLESS(data.size() == 1 && (data[0] == "ascii" || data[0] == "binary" || data[0] == "binary_compressed"),
                        where, ": DATA must be ascii, binary or binary_compressed; fix the header.");
  header.data = data[0];
  const std::size_t width = single(lines, "WIDTH", where), height = single(lines, "HEIGHT", where);
  OMPL_CCD_THROW_UNLESS(height == 0 || width <= kMaxPoints / height, where, ": WIDTH x HEIGHT is over ", kMaxPoints,
                        " points; fix the header.");
  header.points = lines.count("POINTS") ? single(lines, "POINTS", where) : width * height;
  OMPL_CCD_THROW_UNLESS(header.points == width * height, where, ": POINTS ", header.points, " is not WIDTH x HEIGHT (",
                        width, " x ", height, "); fix the header.");
  return header;
}

std::string lzfDecompress(const std::string &packed, std::size_t size, const std::string &where)
{
  // liblzf's format: a control byte c < 32 copies the next c + 1 bytes; otherwise a back reference
  // of length (c >> 5) + 2 (+ the next byte when c >> 5 is 7) at distance ((c & 31) << 8) + next + 1.
  std::string out;
  out.reserve(size);
  const auto malformed = [&] {
    return Error(concat(where, ": the LZF-compressed data is malformed (at byte ", out.size(),
                        " of the output); write the cloud again, or as binary or ascii."));
  };
  std::size_t in = 0;
  while (in < packed.size())
  {
    const unsigned c = static_cast<unsigned char>(packed[in++]);
    if (c < 32)
    {
      if (in + c + 1 > packed.size() || out.size() + c + 1 > size)
        throw malformed();
      out.append(packed, in, c + 1);
      in += c + 1;
      continue;
    }
    std::size_t length = c >> 5;
    if (length == 7 && in < packed.size())
      length += static_cast<unsigned char>(packed[in++]);
    if (in >= packed.size())
      throw malformed();
    const std::size_t distance = ((c & 31u) << 8) + static_cast<unsigned char>(packed[in++]) + 1;
    length += 2;
    if (distance > out.size() || out.size() + length > size)
      throw malformed();
    for (std::size_t k = 0; k < length; ++k)
      out.push_back(out[out.size() - distance]);
  }
  if (out.size() != size)
    throw malformed();
  return out;
}
}  // namespace ompl_ccd::cloud_io
