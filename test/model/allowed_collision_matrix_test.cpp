#include "ompl_ccd/model/allowed_collision_matrix.h"

#include <gtest/gtest.h>

namespace ompl_ccd
{
namespace
{
TEST(AllowedCollisionMatrix, SymmetricFirstReasonKept)
{
  AllowedCollisionMatrix acm(4);
  EXPECT_EQ(acm.linkCount(), 4);
  EXPECT_TRUE(acm.isAllowed(2, 2));
  EXPECT_FALSE(acm.isAllowed(0, 3));
  acm.allow(3, 0, "adjacent");
  acm.allow(0, 3, "config");
  acm.allow(1, 2, "srdf: Never");
  EXPECT_TRUE(acm.isAllowed(0, 3));
  EXPECT_EQ(acm.reason(0, 3), "adjacent");
  EXPECT_EQ(acm.reason(2, 1), "srdf: Never");
  EXPECT_EQ(acm.reason(0, 1), "");
  EXPECT_EQ(acm.allowedPairs(), (std::vector<std::pair<int, int>>{{0, 3}, {1, 2}}));
}
}  // namespace
}  // namespace ompl_ccd
