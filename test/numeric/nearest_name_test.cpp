/// nearestName and didYouMean (nearest_name.h): the typos they catch and the names they leave alone.

#include <gtest/gtest.h>

#include "ompl_ccd/nearest_name.h"

namespace ompl_ccd
{
namespace
{
const std::vector<std::string> kOptions = {"resolution", "tolerance", "clearance", "threads", "contact_distance"};

TEST(NearestName, CatchesOneOrTwoEdits)
{
  EXPECT_EQ(nearestName("tolerence", kOptions), "tolerance");        // substitution
  EXPECT_EQ(nearestName("toleranc", kOptions), "tolerance");         // deletion
  EXPECT_EQ(nearestName("clearrance", kOptions), "clearance");       // insertion
  EXPECT_EQ(nearestName("resoultion", kOptions), "resolution");      // swapped neighbours: one edit
  EXPECT_EQ(nearestName("contact-distance", kOptions), "contact_distance");
  EXPECT_EQ(nearestName("thraeds", kOptions), "threads");
  EXPECT_EQ(nearestName("--tolerence", {"--tolerance", "--clearance"}), "--tolerance");
  EXPECT_EQ(nearestName("cca", {"discrete", "ca", "toleranced", "interval"}), "ca");
}

TEST(NearestName, LeavesFarAndExactNamesAlone)
{
  EXPECT_EQ(nearestName("frobnicate", kOptions), "");
  EXPECT_EQ(nearestName("tolerance", kOptions), "");  // not a typo
  EXPECT_EQ(nearestName("speed", kOptions), "");
  EXPECT_EQ(nearestName("ab", {"ca"}), "");  // two edits on two characters: a guess, not a typo
  EXPECT_EQ(nearestName("x", {"ca", "y"}), "");
  EXPECT_EQ(nearestName("", kOptions), "");
  EXPECT_EQ(nearestName("tolerence", {}), "");
}

TEST(NearestName, DidYouMeanFollowsTheName)
{
  EXPECT_EQ(didYouMean("tolerence", kOptions), " (did you mean 'tolerance'?)");
  EXPECT_EQ(didYouMean("frobnicate", kOptions), "");
}
}  // namespace
}  // namespace ompl_ccd
