#include "ompl_ccd/yaml_file.h"

#include <map>
#include <vector>

#include "ompl_ccd/error.h"

namespace ompl_ccd
{
YAML::Node loadYamlFile(const std::string &path, const std::string &context)
{
  std::vector<YAML::Node> documents;
  try
  {
    documents = YAML::LoadAllFromFile(path);
  }
  catch (const YAML::Exception &e)
  {
    throw Error(concat(context, ": cannot parse '", path, "' at line ", e.mark.line + 1, ", column ",
                       e.mark.column + 1, " (", e.msg, "); fix the YAML syntax."));
  }
  OMPL_CCD_THROW_UNLESS(documents.size() <= 1, context, ": ", path, ": holds ", documents.size(),
                        " YAML documents (separated by `---`); only one is read: merge them into one.");
  const YAML::Node root = documents.empty() ? YAML::Node() : documents.front();
  refuseRepeatedKeys(root, concat(context, ": ", path));
  return root;
}

void refuseRepeatedKeys(const YAML::Node &root, const std::string &where)
{
  std::vector<YAML::Node> pending{root};
  std::size_t visited = 0;
  while (!pending.empty())
  {
    const YAML::Node node = pending.back();
    pending.pop_back();
    OMPL_CCD_THROW_UNLESS(++visited <= kMaxYamlNodes, where, ": holds more than ", kMaxYamlNodes,
                          " YAML nodes (aliases counted at every use); write a smaller file without nested aliases.");
    if (node.IsSequence())
      for (const YAML::Node &item : node)
        pending.push_back(item);
    if (!node.IsMap())
      continue;
    std::map<std::string, int> line_of_key;
    for (const auto &entry : node)
    {
      if (entry.first.IsScalar())
      {
        const int line = entry.first.Mark().line + 1;
        const auto [first, inserted] = line_of_key.emplace(entry.first.Scalar(), line);
        OMPL_CCD_THROW_UNLESS(inserted, where, ": key '", entry.first.Scalar(), "' is given twice in one map (lines ",
                              first->second, " and ", line, "); keep one of them.");
      }
      pending.push_back(entry.second);
    }
  }
}
}  // namespace ompl_ccd
