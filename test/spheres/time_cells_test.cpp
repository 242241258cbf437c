// Time cells: a cell is done only when a covered interval holds it whole; runs and spans of what is
// left; spans meeting a cell keep it.
#include "spheres/time_cells.h"

#include <gtest/gtest.h>
#include <random>

namespace ompl_ccd::spheres
{
namespace
{
TEST(TimeCells, ACellIsDoneOnlyWhenCoveredWhole)
{
  std::mt19937 rng(5);
  std::uniform_real_distribution<double> unit(-0.2, 1.2);
  for (int trial = 0; trial < 2000; ++trial)
  {
    TimeCells cells;
    cells.fill();
    const double a = unit(rng), b = a + std::abs(unit(rng)) * 0.3;
    cells.cover(a, b);
    for (int c = 0; c < kTimeCells; ++c)
    {
      const double lo = static_cast<double>(c) / kTimeCells, hi = static_cast<double>(c + 1) / kTimeCells;
      EXPECT_EQ(cells.left(c), !(a <= lo && hi <= b)) << "cell " << c << " after covering [" << a << ", " << b << "]";
    }
  }
  TimeCells cells;
  cells.fill();
  cells.cover(-1e300, 1e300);  // far values convert safely
  EXPECT_TRUE(cells.empty());
}

TEST(TimeCells, RunsAndSpansOfWhatIsLeft)
{
  TimeCells cells;
  cells.fill();
  cells.cover(0.25, 0.5);
  cells.cover(0.75, 2.0);
  std::vector<std::pair<double, double>> spans;
  cells.spans(spans);
  ASSERT_EQ(spans.size(), 2u);
  EXPECT_EQ(spans[0], std::make_pair(0.0, 0.25));
  EXPECT_EQ(spans[1], std::make_pair(0.5, 0.75));
  EXPECT_EQ(cells.runAround(cellOf(0.6)), std::make_pair(64, 95));
  EXPECT_EQ(cells.runAround(0), std::make_pair(0, 31));
}

TEST(TimeCells, SpansKeepEveryCellTheyMeet)
{
  TimeCells cells;
  cells.fillMeeting({{0.3, 0.3}, {0.9, 1.0}});
  const int at = cellOf(0.3);
  EXPECT_TRUE(cells.left(at));
  EXPECT_TRUE(cells.left(at - 1) || 0.3 * kTimeCells != at);  // a point on a cell border keeps both
  EXPECT_TRUE(cells.left(kTimeCells - 1));
  EXPECT_FALSE(cells.left(cellOf(0.6)));
  TimeCells none;
  none.fillMeeting({});
  EXPECT_TRUE(none.empty());
}
}  // namespace
}  // namespace ompl_ccd::spheres
