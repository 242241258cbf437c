#include "fuzz_input_file.h"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>

namespace ompl_ccd::fuzz
{
namespace
{
/** \brief The temporary folder, made once (never destroyed: the exit handler removes it). */
const std::filesystem::path &folder()
{
  static const std::filesystem::path *const made = [] {
    std::string pattern = (std::filesystem::temp_directory_path() / "ompl_ccd_fuzz.XXXXXX").string();
    if (mkdtemp(pattern.data()) == nullptr)
    {
      std::perror("ompl_ccd fuzz: mkdtemp");
      std::abort();
    }
    for (const auto &entry : std::filesystem::directory_iterator(examplePath("")))
      if (entry.is_directory())
        std::filesystem::create_symlink(entry.path(), std::filesystem::path(pattern) / entry.path().filename());
    return new std::filesystem::path(pattern);
  }();
  static const int removed_at_exit = std::atexit([] { std::filesystem::remove_all(*made); });
  (void)removed_at_exit;
  return *made;
}
}  // namespace

std::string writeInputFile(const std::uint8_t *data, std::size_t size, const std::string &name)
{
  const std::filesystem::path file = folder() / name;
  if (std::filesystem::is_symlink(file))
  {
    std::fprintf(stderr, "ompl_ccd fuzz: '%s' would overwrite examples/%s; name the input file otherwise.\n",
                 file.c_str(), name.c_str());
    std::abort();
  }
  const std::string path = file.string();
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(reinterpret_cast<const char *>(data), static_cast<std::streamsize>(size));
  out.close();
  if (!out)
  {
    std::perror(("ompl_ccd fuzz: writing " + path).c_str());
    std::abort();
  }
  return path;
}

std::string examplePath(const std::string &relative)
{
  return std::string(OMPL_CCD_SOURCE_DIR) + "/examples/" + relative;
}
}  // namespace ompl_ccd::fuzz
