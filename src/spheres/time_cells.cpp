#include "spheres/time_cells.h"

#include <algorithm>
#include <cmath>

namespace ompl_ccd::spheres
{
namespace
{
/// Index of the lowest set bit of \a x ≠ 0.
int lowest(unsigned __int128 x)
{
  const auto low = static_cast<unsigned long long>(x);
  return low ? __builtin_ctzll(low) : 64 + __builtin_ctzll(static_cast<unsigned long long>(x >> 64));
}

/// Index of the highest set bit of \a x ≠ 0.
int highest(unsigned __int128 x)
{
  const auto high = static_cast<unsigned long long>(x >> 64);
  return high ? 127 - __builtin_clzll(high) : 63 - __builtin_clzll(static_cast<unsigned long long>(x));
}
}  // namespace

void TimeCells::fillMeeting(const std::vector<std::pair<double, double>> &spans)
{
  clear();
  for (auto [a, b] : spans)
  {
    a = std::clamp(a, -1.0, 2.0);  // far outside [0, 1] is as good as just outside, and converts to int
    b = std::clamp(b, -1.0, 2.0);
    // every cell [k/N, (k+1)/N] with k/N ≤ b and a ≤ (k+1)/N, whatever a·N and b·N round to
    bits_ |= range(static_cast<int>(std::floor(a * kTimeCells)) - 1, static_cast<int>(std::floor(b * kTimeCells)) + 2);
  }
}

void TimeCells::spans(std::vector<std::pair<double, double>> &out) const
{
  for (int c = 0; c < kTimeCells; ++c)
    if (left(c))
    {
      const auto [from, to] = runAround(c);
      out.push_back({static_cast<double>(from) / kTimeCells, static_cast<double>(to + 1) / kTimeCells});
      c = to;
    }
}

std::pair<int, int> TimeCells::runAround(int cell) const
{
  const Bits done = ~bits_;
  const Bits above = done & ~((Bits{1} << cell) - 1) & ~(Bits{1} << cell);  // done cells past it
  const Bits below = done & ((Bits{1} << cell) - 1);                        // done cells before it
  return {below ? highest(below) + 1 : 0, above ? lowest(above) - 1 : kTimeCells - 1};
}
}  // namespace ompl_ccd::spheres
