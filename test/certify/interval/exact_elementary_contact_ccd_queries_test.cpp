// The elementary contact solver on every query of ../shared/data/ccd_queries (Wang et al. 2021,
// exact inputs with ground truth): zero false negatives (a Free answer to a query whose
// primitives touch) in every folder. False positives (allowed: near contacts, see
// exact_elementary_contact.h), Undecided answers (none with the default budgets) and the mean time per
// query are printed per folder (for information only: speed is measured by
// bench/elementary_contact_benchmark.cpp).

#include "certify/interval/exact_elementary_contact.h"

#include <chrono>
#include <iostream>

#include <gtest/gtest.h>

#include "support/ccd_queries.h"
#include "support/test_paths.h"

namespace ompl_ccd
{
namespace
{
TEST(ElementaryContactCcdQueries, NoFalseNegativeInAnyFolder)
{
  const auto root = test::sharedDataPath("ccd_queries");
  if (!root)
    GTEST_SKIP() << "../shared/data/ccd_queries is absent";
  const std::vector<test::CcdQueryFolder> folders = test::readCcdQueryFolders(*root);
  ASSERT_FALSE(folders.empty());
  for (const test::CcdQueryFolder &folder : folders)
  {
    const FeaturePair pair{folder.kind, {{{0, 0}, {0, 1}, {0, 2}, {0, 3}}}};
    int touching = 0, false_negatives = 0, false_positives = 0, undecided = 0;
    double seconds = 0.0;
    for (std::size_t i = 0; i < folder.queries.size(); ++i)
    {
      const test::CcdQuery &query = folder.queries[i];
      const LinearVertexMotion motion(query.start, query.end);
      const auto begin = std::chrono::steady_clock::now();
      const ElementaryContactResult result = solveElementaryContacts({&motion}, {pair}, 0.0, 1.0);
      seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
      touching += query.touches;
      false_negatives += query.touches && result.verdict == Verdict::Free;
      false_positives += !query.touches && result.verdict == Verdict::Collision;
      undecided += result.verdict == Verdict::Undecided;
      EXPECT_FALSE(query.touches && result.verdict == Verdict::Free) << folder.name << " query " << i << " touches";
    }
    std::cout << folder.name << ": " << folder.queries.size() << " queries (" << touching
              << " touching), false negatives " << false_negatives << ", false positives " << false_positives
              << ", undecided " << undecided << ", mean " << 1e6 * seconds / folder.queries.size() << " µs/query"
              << std::endl;
    EXPECT_EQ(false_negatives, 0) << folder.name;
    EXPECT_EQ(undecided, 0) << folder.name << ": the default budgets suffice on the benchmark";
  }
}
}  // namespace
}  // namespace ompl_ccd
