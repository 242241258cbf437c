#include "support/test_paths.h"

#include <filesystem>

namespace ompl_ccd::test
{
std::string examplePath(const std::string &relative)
{
  return std::string(OMPL_CCD_SOURCE_DIR) + "/examples/" + relative;
}

std::string testDataPath(const std::string &relative)
{
  return std::string(OMPL_CCD_TEST_DATA_DIR) + "/" + relative;
}

std::optional<std::string> sharedDataPath(const std::string &relative)
{
  const std::filesystem::path path = std::filesystem::path(OMPL_CCD_SHARED_DATA_DIR) / relative;
  if (!std::filesystem::exists(path))
    return std::nullopt;
  return std::filesystem::weakly_canonical(path).string();
}

std::string cliPath()
{
  return OMPL_CCD_CLI;
}
}  // namespace ompl_ccd::test
