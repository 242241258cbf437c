#include "seed.h"

#include <charconv>
#include <limits>

#include "ompl_ccd/error.h"

namespace ompl_ccd::cli
{
unsigned long parseSeed(const std::string &text, const std::string &where, const std::string &fix)
{
  unsigned long seed = 0;
  const char *end = text.data() + text.size();
  // from_chars: digits only (no sign, no spaces), and out of range rather than clamped
  const std::from_chars_result read = std::from_chars(text.data(), end, seed);
  OMPL_CCD_THROW_UNLESS(!text.empty() && read.ec == std::errc() && read.ptr == end, where,
                        " must be a non-negative integer up to ", std::numeric_limits<unsigned long>::max(),
                        " (got '", text, "'); ", fix, ".");
  return seed;
}
}  // namespace ompl_ccd::cli
