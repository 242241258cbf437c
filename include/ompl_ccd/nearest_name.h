#pragma once
/// \file nearest_name.h
/// "Did you mean ...?" for a refused name: the known name a typo most likely meant.

#include <algorithm>
#include <string>
#include <vector>

namespace ompl_ccd
{
/** \brief The name of \a names nearest to \a typed by edit distance (insertions, deletions,
    substitutions and swaps of neighbours, each 1), when it is near enough to be a typo: at most 2
    edits and fewer than half of \a typed's characters; empty otherwise (and for \a typed itself). */
inline std::string nearestName(const std::string &typed, const std::vector<std::string> &names)
{
  std::string best;
  std::size_t best_distance = std::min<std::size_t>(3, (typed.size() + 1) / 2);  // must be beaten
  for (const std::string &name : names)
  {
    // optimal string alignment distance, rows i-2, i-1, i
    std::vector<std::size_t> before(name.size() + 1), previous(name.size() + 1), row(name.size() + 1);
    for (std::size_t j = 0; j <= name.size(); ++j)
      previous[j] = j;
    for (std::size_t i = 1; i <= typed.size(); ++i)
    {
      row[0] = i;
      for (std::size_t j = 1; j <= name.size(); ++j)
      {
        row[j] = std::min({previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (typed[i - 1] == name[j - 1] ? 0 : 1)});
        if (i > 1 && j > 1 && typed[i - 1] == name[j - 2] && typed[i - 2] == name[j - 1])
          row[j] = std::min(row[j], before[j - 2] + 1);
      }
      before.swap(previous);
      previous.swap(row);
    }
    const std::size_t distance = previous[name.size()];
    if (distance > 0 && distance < best_distance)
    {
      best = name;
      best_distance = distance;
    }
  }
  return best;
}

/** \brief " (did you mean 'tolerance'?)", to follow the refused name \a typed in a message, or
    empty when no name of \a names is near (nearestName). */
inline std::string didYouMean(const std::string &typed, const std::vector<std::string> &names)
{
  const std::string nearest = nearestName(typed, names);
  return nearest.empty() ? "" : " (did you mean '" + nearest + "'?)";
}
}  // namespace ompl_ccd
