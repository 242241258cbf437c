#include "support/ccd_queries.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace ompl_ccd::test
{
namespace
{
/** \brief Rows per query: four vertices at t = 0, then the same four at t = 1. */
constexpr int kRowsPerQuery = 8;
/** \brief Columns per row: x, y, z as num,den pairs, then the truth flag. */
constexpr int kColumns = 7;

/** \brief num/den from decimal strings: the denominators are powers of two, so both convert
    exactly and the quotient is exact (data README). */
double rational(const std::string &num, const std::string &den)
{
  return std::strtod(num.c_str(), nullptr) / std::strtod(den.c_str(), nullptr);
}

/** \brief Appends every query of one headerless CSV file to \a queries. */
void readQueries(const std::filesystem::path &file, std::vector<CcdQuery> &queries)
{
  std::ifstream in(file);
  std::string line;
  std::vector<Eigen::Vector3d> rows;
  while (std::getline(in, line))
  {
    std::stringstream fields(line);
    std::string f[kColumns];
    for (std::string &field : f)
      std::getline(fields, field, ',');
    rows.emplace_back(rational(f[0], f[1]), rational(f[2], f[3]), rational(f[4], f[5]));
    if (static_cast<int>(rows.size()) == kRowsPerQuery)
    {
      queries.push_back({{rows.begin(), rows.begin() + 4}, {rows.begin() + 4, rows.end()}, f[6] == "1"});
      rows.clear();
    }
  }
}

std::vector<std::filesystem::path> sortedEntries(const std::filesystem::path &folder)
{
  std::vector<std::filesystem::path> entries;
  for (const auto &entry : std::filesystem::directory_iterator(folder))
    entries.push_back(entry.path());
  std::sort(entries.begin(), entries.end());
  return entries;
}
}  // namespace

std::vector<CcdQueryFolder> readCcdQueryFolders(const std::string &root)
{
  std::vector<CcdQueryFolder> folders;
  for (const std::filesystem::path &scene : sortedEntries(root))
    for (const auto &[name, kind] : {std::pair{"vertex-face", FeaturePairKind::VertexFace},
                                     std::pair{"edge-edge", FeaturePairKind::EdgeEdge}})
    {
      const std::filesystem::path folder = scene / name;
      if (!std::filesystem::is_directory(folder))
        continue;
      CcdQueryFolder &out = folders.emplace_back();
      out.name = scene.filename().string() + "/" + name;
      out.kind = kind;
      for (const std::filesystem::path &file : sortedEntries(folder))
        readQueries(file, out.queries);
    }
  return folders;
}
}  // namespace ompl_ccd::test
