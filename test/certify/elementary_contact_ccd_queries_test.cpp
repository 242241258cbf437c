// The elementary contact solver on every query of ../shared/data/ccd_queries (Wang et al. 2021,
// exact rational inputs with ground truth): zero false negatives (a Free answer to a query whose
// primitives touch) in every folder. False positives (allowed within the stated tolerance),
// Undecided answers and the mean time per query are printed per folder.

#include "ompl_ccd/certify/elementary_contact.h"

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "support/test_paths.h"

namespace ompl_ccd
{
namespace
{
/** \brief Rows per query: four vertices at t = 0, then the same four at t = 1. */
constexpr int kRowsPerQuery = 8;

/** \brief One benchmark query: the pair's vertices at t = 0 and t = 1, and whether they touch. */
struct CcdQuery
{
  std::vector<Eigen::Vector3d> start, end;
  bool touches = false;
};

/** \brief num/den from decimal strings: the denominators are powers of two, so both convert
    exactly and the quotient is exact (data README). */
double rational(const std::string &num, const std::string &den)
{
  return std::strtod(num.c_str(), nullptr) / std::strtod(den.c_str(), nullptr);
}

/** \brief Every query of one CSV file (headerless, 7 columns: x, y, z as num,den pairs, truth). */
std::vector<CcdQuery> readQueries(const std::filesystem::path &file)
{
  std::vector<CcdQuery> queries;
  std::ifstream in(file);
  std::string line;
  std::vector<Eigen::Vector3d> rows;
  bool touches = false;
  while (std::getline(in, line))
  {
    std::stringstream fields(line);
    std::string f[7];
    for (std::string &field : f)
      std::getline(fields, field, ',');
    rows.emplace_back(rational(f[0], f[1]), rational(f[2], f[3]), rational(f[4], f[5]));
    touches = f[6] == "1";
    if (static_cast<int>(rows.size()) == kRowsPerQuery)
    {
      queries.push_back({{rows.begin(), rows.begin() + 4}, {rows.begin() + 4, rows.end()}, touches});
      rows.clear();
    }
  }
  return queries;
}

/** \brief Counts of one folder. */
struct FolderCounts
{
  int queries = 0, touching = 0, false_negatives = 0, false_positives = 0, undecided = 0;
  double seconds = 0.0;
};

FolderCounts runFolder(const std::filesystem::path &folder, FeaturePairKind kind)
{
  FolderCounts counts;
  const FeaturePair pair{kind, {{{0, 0}, {0, 1}, {0, 2}, {0, 3}}}};
  for (const auto &entry : std::filesystem::directory_iterator(folder))
    for (const CcdQuery &query : readQueries(entry.path()))
    {
      const LinearVertexMotion motion(query.start, query.end);
      const auto begin = std::chrono::steady_clock::now();
      const ElementaryContactResult result = solveElementaryContacts({&motion}, {pair}, 0.0, 1.0);
      counts.seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
      ++counts.queries;
      counts.touching += query.touches;
      counts.false_negatives += query.touches && result.verdict == Verdict::Free;
      counts.false_positives += !query.touches && result.verdict == Verdict::Collision;
      counts.undecided += result.verdict == Verdict::Undecided;
      EXPECT_FALSE(query.touches && result.verdict == Verdict::Free) << entry.path() << ": a touching query is Free";
    }
  return counts;
}

TEST(ElementaryContactCcdQueries, NoFalseNegativeInAnyFolder)
{
  const auto root = test::sharedDataPath("ccd_queries");
  if (!root)
    GTEST_SKIP() << "../shared/data/ccd_queries is absent";
  int folders = 0;
  for (const auto &scene : std::filesystem::directory_iterator(*root))
    for (const auto &[name, kind] : {std::pair{"vertex-face", FeaturePairKind::VertexFace},
                                     std::pair{"edge-edge", FeaturePairKind::EdgeEdge}})
    {
      const std::filesystem::path folder = scene.path() / name;
      if (!std::filesystem::is_directory(folder))
        continue;
      const FolderCounts c = runFolder(folder, kind);
      ++folders;
      std::cout << scene.path().filename().string() << "/" << name << ": " << c.queries << " queries ("
                << c.touching << " touching), false negatives " << c.false_negatives << ", false positives "
                << c.false_positives << ", undecided " << c.undecided << ", mean "
                << 1e6 * c.seconds / std::max(1, c.queries) << " us/query" << std::endl;
      EXPECT_EQ(c.false_negatives, 0) << folder;
    }
  EXPECT_GT(folders, 0);
}
}  // namespace
}  // namespace ompl_ccd
