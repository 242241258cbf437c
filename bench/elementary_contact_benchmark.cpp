/// The elementary contact solver (exact_elementary_contact.h, [Redon2004] Sec. 5.2) on every query of
/// ../shared/data/ccd_queries (Wang et al. 2021): per folder, with interval Newton (default
/// options) and without it (newton_iterations = 0), median and p95 µs per solve, mean time
/// intervals examined, and the answers against the ground truth (false negatives must be 0;
/// false positives are near contacts within contact_distance; undecided: a budget ran out).
/// Each query is solved kRepeats times in a row and timed as the mean of those calls.
///
/// Usage: elementary_contact_benchmark   (prints nothing but a note when ../shared/data is absent)
///
/// References: [Redon2004] in README.md (section References).

#include <chrono>
#include <cstdio>

#include "bench_support.h"
#include "certify/interval/exact_elementary_contact.h"
#include "support/ccd_queries.h"
#include "support/test_paths.h"

namespace
{
using namespace ompl_ccd;

/** \brief Calls per query whose mean is its time: one call is a few µs, below the clock's resolution
    for a reliable single reading. */
constexpr int kRepeats = 20;

void runFolder(const test::CcdQueryFolder &folder, bool newton)
{
  ElementaryContactOptions options;
  options.newton_iterations = newton ? kElementaryNewtonIterations : 0;
  const FeaturePair pair{folder.kind, {{{0, 0}, {0, 1}, {0, 2}, {0, 3}}}};
  std::vector<double> us;
  double boxes = 0.0;
  int false_negatives = 0, false_positives = 0, undecided = 0;
  for (const test::CcdQuery &query : folder.queries)
  {
    const LinearVertexMotion motion(query.start, query.end);
    ElementaryContactResult result;
    const auto begin = std::chrono::steady_clock::now();
    for (int r = 0; r < kRepeats; ++r)
      result = solveElementaryContacts({&motion}, {pair}, 0.0, 1.0, options);
    us.push_back(1e6 * std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count() / kRepeats);
    boxes += result.boxes;
    false_negatives += query.touches && result.verdict == Verdict::Free;
    false_positives += !query.touches && result.verdict == Verdict::Collision;
    undecided += result.verdict == Verdict::Undecided;
  }
  const std::size_t touching = std::count_if(folder.queries.begin(), folder.queries.end(),
                                             [](const test::CcdQuery &q) { return q.touches; });
  std::printf("| %s | %s | %zu (%zu) | %.2f | %.2f | %.1f | %d | %d | %d |\n", folder.name.c_str(),
              newton ? "on" : "off", folder.queries.size(), touching, bench::percentile(us, 0.5),
              bench::percentile(us, 0.95), boxes / folder.queries.size(), false_negatives, false_positives, undecided);
}
}  // namespace

int main()
{
  const auto root = test::sharedDataPath("ccd_queries");
  if (!root)
  {
    std::printf("../shared/data/ccd_queries is absent: nothing to measure.\n");
    return 0;
  }
  const std::vector<test::CcdQueryFolder> folders = test::readCcdQueryFolders(*root);
  std::printf("load before: %s\n\n", bench::loadAverage().c_str());
  std::printf("| folder | Newton | queries (touching) | median µs | p95 µs | mean intervals | false negatives"
              " | false positives | undecided |\n|---|---|---:|---:|---:|---:|---:|---:|---:|\n");
  for (const test::CcdQueryFolder &folder : folders)
    for (const bool newton : {true, false})
      runFolder(folder, newton);
  return 0;
}
