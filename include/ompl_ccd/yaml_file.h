#pragma once
/// \file yaml_file.h
/// The one way ompl_ccd reads a user's YAML file (scene, plan config): yaml-cpp's syntax errors
/// become an Error with the line and column, and what yaml-cpp would accept silently is refused —
/// a key written twice in one map (node["key"] returns the first, the second is ignored), a
/// second document after `---` (never read), and input where yaml-cpp 0.7's parser stops advancing
/// (a stray `,` at the top level: the rest of the file was ignored).

#include <string>
#include <yaml-cpp/yaml.h>

namespace ompl_ccd
{
/** \brief Most nodes refuseRepeatedKeys visits, counting every use of an alias (`*name`) as a
    copy: a scene or config is far smaller, and a file of nested aliases ("billion laughs") is
    refused instead of walked for ever. */
constexpr std::size_t kMaxYamlNodes = 1000000;

/** \brief Parses \a path and refuses repeated keys (refuseRepeatedKeys). @pre requireInputFile(path, ...)
    passed: the caller names what the file is.
    \param context message prefix naming the caller, e.g. "loadScene".
    \throws Error "<context>: cannot parse '<path>' at line L, column C (<reason>); fix the YAML
            syntax." (also where the parser stops advancing), for a file of several documents, and
            for a repeated key. */
YAML::Node loadYamlFile(const std::string &path, const std::string &context);

/** \brief Throws Error if a map of \a root (at any depth) gives the same key twice, naming the key
    and both lines: "<where>: key 'K' is given twice in one map (lines A and B); keep one of them.";
    also when the tree holds more than kMaxYamlNodes nodes. Walks without recursion. */
void refuseRepeatedKeys(const YAML::Node &root, const std::string &where);
}  // namespace ompl_ccd
