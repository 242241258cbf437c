// PLY (Greg Turk's polygon file format, as Paul Bourke documents it): a text header — `ply`,
// `format ascii|binary_little_endian|binary_big_endian 1.0`, `element NAME COUNT`, `property TYPE
// NAME`, `property list COUNT_TYPE ITEM_TYPE NAME`, `end_header` — then every element's instances
// in header order. Read here, not through assimp: its PLY importer can hang on a small malformed
// file (fuzzing found one), and keeps only single-precision coordinates.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <iterator>
#include <map>
#include <sstream>

#include "ompl_ccd/error.h"
#include "point_cloud_readers.h"

namespace ompl_ccd::cloud_io
{
namespace
{
/** \brief Bytes of each scalar type name (both the old and the sized spellings). */
const std::map<std::string, int> kTypeSizes = {
    {"char", 1},  {"int8", 1},   {"uchar", 1}, {"uint8", 1},  {"short", 2},  {"int16", 2},   {"ushort", 2},
    {"uint16", 2}, {"int", 4},   {"int32", 4}, {"uint", 4},   {"uint32", 4}, {"float", 4},   {"float32", 4},
    {"double", 8}, {"float64", 8}};

struct Property
{
  std::string name, type;
  /** \brief For a list: the type of its count; empty for a scalar. */
  std::string count_type;
};

struct Element
{
  std::string name;
  std::size_t count = 0;
  std::vector<Property> properties;
};

/** \brief Reads the scalar of \a type at \a p (file byte order \a big_endian) as a double. */
double scalar(const char *p, const std::string &type, bool big_endian)
{
  char b[8];
  const int n = kTypeSizes.at(type);
  std::memcpy(b, p, n);
  if (big_endian)
    std::reverse(b, b + n);
  const auto as = [&](auto value) {
    std::memcpy(&value, b, sizeof(value));
    return static_cast<double>(value);
  };
  if (type == "char" || type == "int8") return as(std::int8_t());
  if (type == "uchar" || type == "uint8") return as(std::uint8_t());
  if (type == "short" || type == "int16") return as(std::int16_t());
  if (type == "ushort" || type == "uint16") return as(std::uint16_t());
  if (type == "int" || type == "int32") return as(std::int32_t());
  if (type == "uint" || type == "uint32") return as(std::uint32_t());
  if (type == "float" || type == "float32") return as(float());
  return as(double());
}

/** \brief The header up to end_header: the format word and the elements. */
std::vector<Element> readHeader(std::istream &in, std::string &format, const std::string &where)
{
  std::string line;
  OMPL_CCD_THROW_UNLESS(std::getline(in, line) && line.rfind("ply", 0) == 0, where,
                        ": the first line is not `ply`; is this a PLY file?");
  std::vector<Element> elements;
  for (std::size_t n = 2; std::getline(in, line); ++n)
  {
    std::istringstream words(line);
    std::string keyword;
    words >> keyword;
    const std::string at = concat(where, ": header line ", n);
    if (keyword == "end_header")
    {
      OMPL_CCD_THROW_UNLESS(!format.empty(), where, ": the header has no `format` line; fix the header.");
      return elements;
    }
    if (keyword == "format")
    {
      words >> format;
      OMPL_CCD_THROW_UNLESS(format == "ascii" || format == "binary_little_endian" || format == "binary_big_endian",
                            at, ": format '", format, "' is not ascii, binary_little_endian or binary_big_endian.");
    }
    else if (keyword == "element")
    {
      Element element;
      long long count = -1;
      words >> element.name >> count;
      OMPL_CCD_THROW_UNLESS(!element.name.empty() && count >= 0 && count <= 1000000000LL, at,
                            ": write `element NAME COUNT` with a count in [0, 1e9].");
      element.count = static_cast<std::size_t>(count);
      elements.push_back(element);
    }
    else if (keyword == "property")
    {
      OMPL_CCD_THROW_UNLESS(!elements.empty(), at, ": a property before any element; fix the header.");
      Property property;
      words >> property.type;
      if (property.type == "list")
        words >> property.count_type >> property.type;
      words >> property.name;
      OMPL_CCD_THROW_UNLESS(kTypeSizes.count(property.type) && (property.count_type.empty() ||
                                                               kTypeSizes.count(property.count_type)) &&
                                !property.name.empty(),
                            at, ": `", line, "` is not a property of a known type (char ... double); fix the header.");
      elements.back().properties.push_back(property);
    }
  }
  throw Error(concat(where, ": the header has no end_header line; the file is cut short or not a PLY file."));
}

/** \brief Reads the values of one element instance, one per property (a list: its items skipped,
    NaN stands for it), from the binary bytes at \a at or the ascii words. */
class DataReader
{
public:
  DataReader(std::string data, const std::string &format, const std::string &where)
    : data_(std::move(data)), ascii_(format == "ascii"), big_(format == "binary_big_endian"), words_(data_),
      where_(where)
  {
  }

  double next(const std::string &type, std::size_t instance)
  {
    if (ascii_)
    {
      std::string word;
      OMPL_CCD_THROW_UNLESS(static_cast<bool>(words_ >> word), where_, ": the data ends in instance ", instance,
                            "; the file is cut short or a count is wrong.");
      char *end = nullptr;
      const double value = std::strtod(word.c_str(), &end);
      OMPL_CCD_THROW_UNLESS(end != word.c_str() && *end == '\0', where_, ": '", word, "' in instance ", instance,
                            " is not a number; fix the data.");
      // the declared type is the value's: a float property holds the float nearest the text
      return type == "float" || type == "float32" ? static_cast<double>(static_cast<float>(value)) : value;
    }
    const std::size_t n = kTypeSizes.at(type);
    OMPL_CCD_THROW_UNLESS(n <= data_.size() - at_, where_, ": the binary data ends in instance ", instance,
                          "; the file is cut short or a count is wrong.");
    at_ += n;
    return scalar(data_.data() + at_ - n, type, big_);
  }

  double value(const Property &property, std::size_t instance)
  {
    if (property.count_type.empty())
      return next(property.type, instance);
    const double items = next(property.count_type, instance);
    OMPL_CCD_THROW_UNLESS(items >= 0 && items <= 1e6, where_, ": a list in instance ", instance, " counts ", items,
                          " items; fix the data.");
    for (int k = 0; k < static_cast<int>(items); ++k)
      next(property.type, instance);
    return NAN;
  }

private:
  std::string data_;
  bool ascii_, big_;
  std::istringstream words_;
  std::size_t at_ = 0;
  std::string where_;
};
}  // namespace

std::vector<Eigen::Vector3d> readPly(const std::string &path)
{
  const std::string where = concat("readPointCloudFile: ", path);
  std::ifstream in(path, std::ios::binary);
  std::string format;
  const std::vector<Element> elements = readHeader(in, format, where);
  DataReader data(std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()), format, where);
  std::vector<Eigen::Vector3d> points;
  for (const Element &element : elements)
  {
    int xyz[3] = {-1, -1, -1};
    for (int p = 0; p < static_cast<int>(element.properties.size()); ++p)
      for (int k = 0; k < 3; ++k)
        if (element.properties[p].name == std::string(1, "xyz"[k]) && element.properties[p].count_type.empty())
          xyz[k] = p;
    const bool vertices = element.name == "vertex";
    OMPL_CCD_THROW_UNLESS(!vertices || (xyz[0] >= 0 && xyz[1] >= 0 && xyz[2] >= 0), where,
                          ": element `vertex` lacks property x, y or z; a point cloud needs all three.");
    std::vector<double> values(element.properties.size());
    for (std::size_t i = 0; i < element.count && !element.properties.empty(); ++i)
    {
      for (std::size_t p = 0; p < element.properties.size(); ++p)
        values[p] = data.value(element.properties[p], i);
      if (vertices)
        addPoint(points, Eigen::Vector3d(values[xyz[0]], values[xyz[1]], values[xyz[2]]), concat(where, ": vertex ", i));
    }
    if (vertices)
      return points;  // elements after the vertices (faces, ...) are not read
  }
  throw Error(concat(where, ": the header has no `element vertex`; a point cloud's points are its vertices."));
}
}  // namespace ompl_ccd::cloud_io
