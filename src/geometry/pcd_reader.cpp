// PCL's PCD format (pointclouds.org, "The PCD (Point Cloud Data) file format", v0.7): a text header
// of one key per line (VERSION, FIELDS, SIZE, TYPE, COUNT, WIDTH, HEIGHT, VIEWPOINT, POINTS, DATA),
// then the data: text rows, packed binary rows, or LZF-compressed binary columns.
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <sstream>

#include "ompl_ccd/error.h"
#include "pcd_header.h"
#include "point_cloud_readers.h"

namespace ompl_ccd::cloud_io
{
namespace
{
/** \brief The double of a 4- or 8-byte float field at \a bytes (little-endian files, as PCL writes). */
double fieldValue(const char *bytes, int size)
{
  if (size == 4)
  {
    float value;
    std::memcpy(&value, bytes, 4);
    return value;
  }
  double value;
  std::memcpy(&value, bytes, 8);
  return value;
}

std::vector<Eigen::Vector3d> readAscii(std::istream &in, const PcdHeader &header, const std::string &path)
{
  std::vector<Eigen::Vector3d> points;
  std::string line;
  std::size_t row = 0;
  while (row < header.points && std::getline(in, line))
  {
    std::istringstream words(line);
    std::vector<std::string> values{std::istream_iterator<std::string>(words), std::istream_iterator<std::string>()};
    if (values.empty())
      continue;
    const std::string where = concat("readPointCloudFile: ", path, ": point ", row);
    OMPL_CCD_THROW_UNLESS(values.size() == header.values_per_point, where, ": has ", values.size(),
                          " values, the header's COUNTs say ", header.values_per_point, "; fix the row or the header.");
    Eigen::Vector3d p;
    for (int k = 0; k < 3; ++k)
    {
      const std::string &word = values[header.xyz_value[k]];
      char *end = nullptr;
      p[k] = std::strtod(word.c_str(), &end);
      OMPL_CCD_THROW_UNLESS(end != word.c_str() && *end == '\0', where, ": '", word, "' is not a number; fix the row.");
    }
    addPoint(points, p, where);
    ++row;
  }
  OMPL_CCD_THROW_UNLESS(row == header.points, "readPointCloudFile: ", path, ": has ", row,
                        " data rows, POINTS says ", header.points, "; fix POINTS or the data.");
  return points;
}

/** \brief Points of row-major binary data: POINTS records of the header's record size. */
std::vector<Eigen::Vector3d> pointsOfRows(const std::string &data, const PcdHeader &header, const std::string &path)
{
  std::vector<Eigen::Vector3d> points;
  for (std::size_t i = 0; i < header.points; ++i)
  {
    const char *record = data.data() + i * header.record_size;
    Eigen::Vector3d p;
    for (int k = 0; k < 3; ++k)
      p[k] = fieldValue(record + header.xyz_offset[k], header.xyz_size[k]);
    addPoint(points, p, concat("readPointCloudFile: ", path, ": point ", i));
  }
  return points;
}

/** \brief Points of column-major data (binary_compressed): each field's values for every point in turn. */
std::vector<Eigen::Vector3d> pointsOfColumns(const std::string &data, const PcdHeader &header, const std::string &path)
{
  std::vector<Eigen::Vector3d> points;
  for (std::size_t i = 0; i < header.points; ++i)
  {
    Eigen::Vector3d p;
    for (int k = 0; k < 3; ++k)
    {
      const std::size_t column = header.points * header.xyz_offset[k];
      p[k] = fieldValue(data.data() + column + i * header.xyz_size[k], header.xyz_size[k]);
    }
    addPoint(points, p, concat("readPointCloudFile: ", path, ": point ", i));
  }
  return points;
}

std::uint32_t readUint32(const std::string &bytes, std::size_t at)
{
  std::uint32_t value;
  std::memcpy(&value, bytes.data() + at, 4);
  return value;
}
}  // namespace

std::vector<Eigen::Vector3d> readPcd(const std::string &path)
{
  std::ifstream in(path, std::ios::binary);
  const PcdHeader header = readPcdHeader(in, path);
  if (header.data == "ascii")
    return readAscii(in, header, path);
  const std::string rest{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  const std::string where = concat("readPointCloudFile: ", path);
  const std::size_t expected = header.points * header.record_size;
  if (header.data == "binary")
  {
    OMPL_CCD_THROW_UNLESS(rest.size() >= expected, where, ": binary data of ", rest.size(), " bytes, POINTS ",
                          header.points, " x ", header.record_size, " bytes need ", expected,
                          "; the file is cut short or POINTS is wrong.");
    return pointsOfRows(rest, header, path);
  }
  OMPL_CCD_THROW_UNLESS(rest.size() >= 8, where, ": binary_compressed data has no size words; the file is cut short.");
  const std::uint32_t compressed = readUint32(rest, 0), uncompressed = readUint32(rest, 4);
  OMPL_CCD_THROW_UNLESS(uncompressed == expected, where, ": compressed data unpacks to ", uncompressed,
                        " bytes, POINTS ", header.points, " x ", header.record_size, " bytes need ", expected,
                        "; fix POINTS or the data.");
  // LZF unpacks at most 264 bytes from 3 (a longest back reference): more is a malformed size word.
  OMPL_CCD_THROW_UNLESS(uncompressed <= 88.0 * compressed + 8, where, ": compressed data of ", compressed,
                        " bytes cannot unpack to ", uncompressed, "; the size words are wrong.");
  OMPL_CCD_THROW_UNLESS(compressed <= rest.size() - 8, where, ": compressed data of ", compressed, " bytes, the file has ",
                        rest.size() - 8, "; the file is cut short.");
  const std::string data = lzfDecompress(rest.substr(8, compressed), uncompressed, where);
  return pointsOfColumns(data, header, path);
}
}  // namespace ompl_ccd::cloud_io
