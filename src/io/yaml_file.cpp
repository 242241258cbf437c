#include "ompl_ccd/yaml_file.h"

#include <fstream>
#include <map>
#include <vector>
#include <yaml-cpp/eventhandler.h>

#include "ompl_ccd/error.h"

namespace ompl_ccd
{
namespace
{
/** \brief Records where each document starts and ignores every other parse event. */
class DocumentStarts : public YAML::EventHandler
{
public:
  std::vector<YAML::Mark> marks;

  void OnDocumentStart(const YAML::Mark &mark) override { marks.push_back(mark); }
  void OnDocumentEnd() override {}
  void OnNull(const YAML::Mark &, YAML::anchor_t) override {}
  void OnAlias(const YAML::Mark &, YAML::anchor_t) override {}
  void OnScalar(const YAML::Mark &, const std::string &, YAML::anchor_t, const std::string &) override {}
  void OnSequenceStart(const YAML::Mark &, const std::string &, YAML::anchor_t, YAML::EmitterStyle::value) override {}
  void OnSequenceEnd() override {}
  void OnMapStart(const YAML::Mark &, const std::string &, YAML::anchor_t, YAML::EmitterStyle::value) override {}
  void OnMapEnd() override {}
};

/** \brief The message of a file yaml-cpp cannot read at \a mark. */
Error syntaxError(const std::string &context, const std::string &path, const YAML::Mark &mark, const std::string &why)
{
  return Error(concat(context, ": cannot parse '", path, "' at line ", mark.line + 1, ", column ", mark.column + 1,
                      " (", why, "); fix the YAML syntax."));
}

/** \brief Refuses a file of several documents. yaml-cpp 0.7 can also stop advancing on some
    malformed input (found by fuzzing: YAML::LoadAll then loops for ever, YAML::LoadFile reads the
    first document and ignores the rest): a document starting where the previous one did. */
void refuseSeveralDocuments(const std::string &path, const std::string &context)
{
  std::ifstream in(path);
  YAML::Parser parser(in);
  DocumentStarts documents;
  while (documents.marks.size() < 3 && parser.HandleNextDocument(documents))
  {
    const std::size_t n = documents.marks.size();
    if (n >= 2 && documents.marks[n - 1].pos == documents.marks[n - 2].pos)
      throw syntaxError(context, path, documents.marks[n - 1], "the parser reads no further");
  }
  OMPL_CCD_THROW_UNLESS(documents.marks.size() <= 1, context, ": ", path,
                        ": holds several YAML documents (separated by `---`); only the first would be read: merge "
                        "them into one.");
}
}  // namespace

YAML::Node loadYamlFile(const std::string &path, const std::string &context)
{
  YAML::Node root;
  try
  {
    refuseSeveralDocuments(path, context);
    root = YAML::LoadFile(path);
  }
  catch (const YAML::Exception &e)
  {
    throw syntaxError(context, path, e.mark, e.msg);
  }
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
