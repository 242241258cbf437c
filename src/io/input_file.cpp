#include "ompl_ccd/input_file.h"

#include <filesystem>
#include <fstream>

#include "ompl_ccd/error.h"

namespace ompl_ccd
{
void requireInputFile(const std::string &path, const std::string &context, const std::string &what,
                      const std::string &fix_missing)
{
  std::error_code ec;
  const std::filesystem::file_status status = std::filesystem::status(path, ec);
  const std::string subject = concat(context, ": ", what, " '", path, "'");
  OMPL_CCD_THROW_UNLESS(!path.empty(), context, ": no ", what, " was given; ", fix_missing, ".");
  OMPL_CCD_THROW_UNLESS(std::filesystem::exists(status), subject, " does not exist; ", fix_missing, ".");
  OMPL_CCD_THROW_UNLESS(!std::filesystem::is_directory(status), subject,
                        " is a folder, not a file; pass the file itself.");
  OMPL_CCD_THROW_UNLESS(std::ifstream(path).good(), subject, " cannot be opened; check its permissions.");
}
}  // namespace ompl_ccd
