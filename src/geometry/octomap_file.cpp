#include "ompl_ccd/geometry/octomap_file.h"

#include <octomap/OcTree.h>

#include <cmath>
#include <fstream>
#include <iterator>
#include <sstream>

#include "octomap_data_check.h"
#include "ompl_ccd/error.h"
#include "ompl_ccd/input_file.h"
#include "ompl_ccd/model/magnitude_bound.h"

namespace ompl_ccd
{
namespace
{
/** \brief What the header says before `data`. */
struct OctomapHeader
{
  bool binary = true;
  std::string id;
  double resolution = 0.0;
};

/** \brief Reads the header lines up to `data` (the format octomap's writeBinary / write use). */
OctomapHeader readHeader(std::istream &in, const std::string &where)
{
  OctomapHeader header;
  std::string line;
  std::getline(in, line);
  OMPL_CCD_THROW_UNLESS(line.rfind("# Octomap OcTree binary file", 0) == 0 || line.rfind("# Octomap OcTree file", 0) == 0,
                        where,
                          ": the first line is not '# Octomap OcTree binary file' (.bt) or '# Octomap OcTree file' "
                          "(.ot); write the map with octomap's writeBinary or write.");
  header.binary = line.rfind("# Octomap OcTree binary file", 0) == 0;
  bool has_resolution = false;
  while (std::getline(in, line))
  {
    std::istringstream words(line);
    std::string key;
    if (!(words >> key) || key[0] == '#')
      continue;
    if (key == "data")
    {
      OMPL_CCD_THROW_UNLESS(!header.id.empty() && has_resolution, where,
                            ": the header lacks `id` or `res` before `data`; write the map with octomap 1.6 or later.");
      return header;
    }
    if (key == "id")
      words >> header.id;
    else if (key == "res")
    {
      has_resolution = static_cast<bool>(words >> header.resolution);
      OMPL_CCD_THROW_UNLESS(has_resolution && header.resolution > 0 && header.resolution <= kMaxMagnitude, where,
                            ": `res` is not a number in (0, ", kMaxMagnitude,
                            "] (metres); fix the header (is the resolution in metres?).");
    }
  }
  throw Error(concat(where, ": the header has no `data` line; the file is cut short or not an OctoMap."));
}

/** \brief The cube the map means by the leaf at \a key and \a depth: centred at the key's centre
    computed in double, liboctomap's keyToCoord(key, depth) per axis ((⌊(k − 2¹⁵) / 2¹⁶⁻ᵈ⌋ + ½) ×
    the side, one rounding), never the float point3d of the leaf iterator, off by up to half a
    float ulp of the coordinate. \throws Error naming the key unless the cube lies within
    ±kMaxMagnitude of the map's origin. */
OccupiedCell keyCell(const octomap::OcTree &tree, const octomap::OcTreeKey &key, unsigned depth,
                     const std::string &where)
{
  OccupiedCell cell;
  for (int k = 0; k < 3; ++k)
    cell.center[k] = tree.keyToCoord(key[k], depth);
  cell.size = tree.getNodeSize(depth);
  const Eigen::Vector3d reach = Eigen::Vector3d::Constant(0.5 * cell.size);
  OMPL_CCD_THROW_UNLESS(withinMagnitudeBound(cell.center - reach) && withinMagnitudeBound(cell.center + reach), where,
                        ": the occupied cell of key (", key[0], ", ", key[1], ", ", key[2], ") at depth ", depth,
                        " (side ", cell.size, " m, centre ", cell.center.transpose(), ") reaches beyond ±",
                        kMaxMagnitude, " m of the map's origin; give `res` in metres.");
  return cell;
}
}  // namespace

std::vector<OccupiedCell> readOctomapFile(const std::string &path, std::optional<double> occupancy_threshold)
{
  requireInputFile(path, "readOctomapFile", "octomap file", "check the path");
  const std::string where = concat("readOctomapFile: ", path);
  OMPL_CCD_THROW_UNLESS(!occupancy_threshold || (*occupancy_threshold > 0 && *occupancy_threshold < 1), where,
                        ": occupancy_threshold ", occupancy_threshold.value_or(0), " is not in (0, 1); give a probability.");
  std::ifstream in(path, std::ios::binary);
  const OctomapHeader header = readHeader(in, where);
  OMPL_CCD_THROW_UNLESS(header.id == "OcTree", where, ": the map is an '", header.id,
                        "', not an 'OcTree'; save it as an OcTree (.bt, or .ot with id OcTree).");
  const std::string data{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  if (data.empty())
    return {};  // octomap writes no node at all for an empty map
  octomap_io::checkOctreeData(data, header.binary, where);

  octomap::OcTree tree(header.resolution);
  std::istringstream stream(data);
  if (header.binary)
    tree.readBinaryData(stream);
  else
    tree.readData(stream);
  if (occupancy_threshold)
    tree.setOccupancyThres(*occupancy_threshold);
  std::vector<OccupiedCell> cells;
  for (auto leaf = tree.begin_leafs(), end = tree.end_leafs(); leaf != end; ++leaf)
    if (tree.isNodeOccupied(*leaf))
      cells.push_back(keyCell(tree, leaf.getKey(), leaf.getDepth(), where));
  return cells;
}
}  // namespace ompl_ccd
