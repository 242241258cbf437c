#include "ompl_ccd/model/allowed_collision_matrix.h"

#include <cassert>

namespace ompl_ccd
{
AllowedCollisionMatrix::AllowedCollisionMatrix(int link_count)
  : link_count_(link_count), reasons_(static_cast<std::size_t>(link_count) * link_count)
{
  assert(link_count >= 0);
}

void AllowedCollisionMatrix::allow(int a, int b, const std::string &reason)
{
  assert(a >= 0 && a < link_count_ && b >= 0 && b < link_count_ && !reason.empty());
  std::string &ab = reasons_[a * link_count_ + b];
  if (!ab.empty())
    return;  // the first reason given is kept
  ab = reason;
  reasons_[b * link_count_ + a] = reason;
}

bool AllowedCollisionMatrix::isAllowed(int a, int b) const
{
  return a == b || !reason(a, b).empty();
}

const std::string &AllowedCollisionMatrix::reason(int a, int b) const
{
  assert(a >= 0 && a < link_count_ && b >= 0 && b < link_count_);
  return reasons_[a * link_count_ + b];
}

std::vector<std::pair<int, int>> AllowedCollisionMatrix::allowedPairs() const
{
  std::vector<std::pair<int, int>> pairs;
  for (int a = 0; a < link_count_; ++a)
    for (int b = a + 1; b < link_count_; ++b)
      if (!reason(a, b).empty())
        pairs.emplace_back(a, b);
  return pairs;
}
}  // namespace ompl_ccd
