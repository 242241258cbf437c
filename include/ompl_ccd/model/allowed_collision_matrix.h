#pragma once
/// \file allowed_collision_matrix.h
/// Which link pairs are never checked for self-collision.

#include <string>
#include <utility>
#include <vector>

namespace ompl_ccd
{
/** \brief Symmetric table of link pairs excluded from self-collision checks, each with a reason
    ("adjacent", "srdf: Never", "config"). Indices are RobotModel link indices. */
class AllowedCollisionMatrix
{
public:
  AllowedCollisionMatrix() = default;
  explicit AllowedCollisionMatrix(int link_count);

  /** \brief Excludes the pair (a, b); the first reason given is kept. */
  void allow(int a, int b, const std::string &reason);
  /** \brief True iff the pair is excluded (a == b is always excluded). */
  bool isAllowed(int a, int b) const;
  /** \brief Reason the pair was excluded, empty if it is not. */
  const std::string &reason(int a, int b) const;
  /** \brief Excluded pairs with a < b, in index order. */
  std::vector<std::pair<int, int>> allowedPairs() const;
  int linkCount() const { return link_count_; }

private:
  int link_count_ = 0;
  /** \brief Row-major link_count × link_count reasons; empty string = checked. */
  std::vector<std::string> reasons_;
};
}  // namespace ompl_ccd
