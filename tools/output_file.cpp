#include "output_file.h"

#include <filesystem>

#include "ompl_ccd/error.h"

namespace ompl_ccd::cli
{
namespace fs = std::filesystem;

namespace
{
/** \brief Whether \a a and \a b name one file: equal canonical paths (symlinks, . and .. resolved
    as far as the path exists), or, when both exist, one file by two names (a hard link). */
bool sameFile(const std::string &a, const std::string &b)
{
  // absolute first: weakly_canonical leaves a relative path none of whose prefix exists relative
  std::error_code ec_a, ec_b, ec;
  const fs::path canonical_a = fs::weakly_canonical(fs::absolute(a, ec_a), ec_a);
  const fs::path canonical_b = fs::weakly_canonical(fs::absolute(b, ec_b), ec_b);
  if (!ec_a && !ec_b && canonical_a == canonical_b)
    return true;
  return fs::equivalent(a, b, ec);  // false (with ec set) when either does not exist
}
}  // namespace

void checkOutputFiles(const std::string &command, const std::vector<OutputFile> &outputs,
                      const std::vector<std::string> &inputs)
{
  for (std::size_t i = 0; i < outputs.size(); ++i)
  {
    const OutputFile &output = outputs[i];
    if (output.path.empty())
      continue;
    std::error_code ec;
    OMPL_CCD_THROW_UNLESS(!fs::is_directory(output.path, ec), command, ": ", output.flag, " '", output.path,
                          "' is a folder, not a file; name a file (in that folder or elsewhere).");
    const fs::path folder = fs::path(output.path).parent_path();
    OMPL_CCD_THROW_UNLESS(folder.empty() || fs::is_directory(folder, ec), command, ": cannot write ", output.flag,
                          " '", output.path, "': folder '", folder.string(),
                          "' does not exist; create it or name another file.");
    for (const std::string &input : inputs)
      OMPL_CCD_THROW_UNLESS(input.empty() || !sameFile(output.path, input), command, ": ", output.flag, " '",
                            output.path, "' is the input file '", input,
                            "': writing it would destroy it; name another file.");
    for (std::size_t j = 0; j < i; ++j)
      OMPL_CCD_THROW_UNLESS(outputs[j].path.empty() || !sameFile(output.path, outputs[j].path), command, ": ",
                            output.flag, " '", output.path, "' is the file of ", outputs[j].flag, " '",
                            outputs[j].path, "': one would overwrite the other; name two files.");
  }
}
}  // namespace ompl_ccd::cli
