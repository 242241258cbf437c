#include <cstdlib>
#include <fstream>
#include <sstream>

#include "ompl_ccd/error.h"
#include "point_cloud_readers.h"

namespace ompl_ccd::cloud_io
{
std::vector<Eigen::Vector3d> readXyz(const std::string &path)
{
  std::ifstream in(path);
  std::vector<Eigen::Vector3d> points;
  std::string line;
  for (std::size_t number = 1; std::getline(in, line); ++number)
  {
    const std::size_t comment = line.find('#');
    if (comment != std::string::npos)
      line.resize(comment);
    std::istringstream words(line);
    std::string word[3];
    if (!(words >> word[0]))
      continue;
    const std::string where = concat("readPointCloudFile: ", path, ": line ", number);
    Eigen::Vector3d p;
    for (int k = 0; k < 3; ++k)
    {
      OMPL_CCD_THROW_UNLESS(k == 0 || words >> word[k], where, ": has ", k, " number", k == 1 ? "" : "s",
                            ", not 3; write `x y z` (metres) on each line.");
      char *end = nullptr;
      p[k] = std::strtod(word[k].c_str(), &end);
      OMPL_CCD_THROW_UNLESS(end != word[k].c_str() && *end == '\0', where, ": '", word[k],
                            "' is not a number; write `x y z` (metres) on each line.");
    }
    addPoint(points, p, where);
  }
  return points;
}
}  // namespace ompl_ccd::cloud_io
