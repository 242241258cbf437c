#include "urdf_package_paths.h"

#include <tinyxml2.h>

#include <cstdlib>
#include <sstream>

#include "ompl_ccd/error.h"

namespace ompl_ccd
{
namespace fs = std::filesystem;

namespace
{
/** \brief The <name> of the package.xml in \a dir, empty if none. */
std::string packageXmlName(const fs::path &dir)
{
  tinyxml2::XMLDocument doc;
  if (doc.LoadFile((dir / "package.xml").c_str()) != tinyxml2::XML_SUCCESS)
    return {};
  const tinyxml2::XMLElement *package = doc.FirstChildElement("package");
  const tinyxml2::XMLElement *name = package ? package->FirstChildElement("name") : nullptr;
  return name && name->GetText() ? std::string(name->GetText()) : std::string();
}
}  // namespace

std::optional<fs::path> findPackage(const std::string &name, const std::vector<std::string> &roots)
{
  std::error_code ec;
  for (const std::string &root : roots)
  {
    if (root.empty() || !fs::is_directory(root, ec))
      continue;
    if (fs::is_directory(fs::path(root) / name, ec))
      return fs::path(root) / name;
    if (packageXmlName(root) == name)
      return fs::path(root);
    for (const fs::directory_entry &entry : fs::directory_iterator(root, ec))
      if (entry.is_directory(ec) && packageXmlName(entry.path()) == name)
        return entry.path();
  }
  return std::nullopt;
}

std::vector<std::string> packageRoots(const RobotModelOptions &options)
{
  std::vector<std::string> roots = options.package_paths;
  if (const char *env = std::getenv("ROS_PACKAGE_PATH"))
  {
    std::istringstream in(env);
    for (std::string entry; std::getline(in, entry, ':');)
      roots.push_back(entry);
  }
  return roots;
}

std::string describeRoots(const std::vector<std::string> &roots)
{
  std::vector<std::string> quoted;
  for (const std::string &root : roots)
    quoted.push_back("'" + root + "'");
  return quoted.empty() ? std::string("none") : joinNames(quoted);
}
}  // namespace ompl_ccd
