#include "ompl_ccd/model/srdf.h"

#include <tinyxml2.h>

#include <fstream>
#include <map>
#include <sstream>
#include <utility>

#include "ompl_ccd/error.h"
#include "ompl_ccd/input_file.h"

namespace ompl_ccd
{
namespace
{
/** \brief Attribute \a name of \a element; throws naming the element when it is missing. */
std::string requiredAttribute(const tinyxml2::XMLElement *element, const char *name, const std::string &source_name)
{
  const char *value = element->Attribute(name);
  OMPL_CCD_THROW_UNLESS(value != nullptr, "parseSrdf: ", source_name, ": <", element->Name(), "> on line ",
                        element->GetLineNum(), " has no '", name, "' attribute; add it.");
  return value;
}

/** \brief The one number of a <joint value="..."> attribute. */
double jointValue(const std::string &text, const std::string &group_state, const std::string &joint,
                  const std::string &source_name)
{
  std::istringstream in(text);
  double value = 0.0;
  std::string rest;
  OMPL_CCD_THROW_UNLESS(in >> value && !(in >> rest), "parseSrdf: ", source_name, ": <group_state name='",
                        group_state, "'> <joint name='", joint, "'> value '", text,
                        "' is not one number; give a single joint value.");
  return value;
}
}  // namespace

Srdf parseSrdf(const std::string &xml, const std::string &source_name)
{
  tinyxml2::XMLDocument doc;
  OMPL_CCD_THROW_UNLESS(doc.Parse(xml.c_str(), xml.size()) == tinyxml2::XML_SUCCESS, "parseSrdf: ", source_name,
                        " is not well-formed XML (", doc.ErrorStr(), "); fix the file.");
  const tinyxml2::XMLElement *robot = doc.FirstChildElement("robot");
  OMPL_CCD_THROW_UNLESS(robot != nullptr, "parseSrdf: ", source_name,
                        " has no <robot> root element; is it an SRDF file?");

  Srdf srdf;
  if (const char *name = robot->Attribute("name"))
    srdf.robot_name = name;
  for (const tinyxml2::XMLElement *e = robot->FirstChildElement("disable_collisions"); e != nullptr;
       e = e->NextSiblingElement("disable_collisions"))
  {
    const char *reason = e->Attribute("reason");
    srdf.disabled_collisions.push_back({requiredAttribute(e, "link1", source_name),
                                        requiredAttribute(e, "link2", source_name), reason ? reason : ""});
  }
  std::map<std::pair<std::string, std::string>, int> state_lines;  // (name, group) → line
  for (const tinyxml2::XMLElement *g = robot->FirstChildElement("group_state"); g != nullptr;
       g = g->NextSiblingElement("group_state"))
  {
    const std::string name = requiredAttribute(g, "name", source_name);
    const std::string group = requiredAttribute(g, "group", source_name);
    const auto [first, fresh] = state_lines.emplace(std::make_pair(name, group), g->GetLineNum());
    OMPL_CCD_THROW_UNLESS(fresh, "parseSrdf: ", source_name, ": <group_state name='", name, "' group='", group,
                          "'> is declared twice (lines ", first->second, " and ", g->GetLineNum(),
                          "); keep one or rename the other.");
    std::map<std::string, double> &state = srdf.named_states[name];
    for (const tinyxml2::XMLElement *j = g->FirstChildElement("joint"); j != nullptr;
         j = j->NextSiblingElement("joint"))
    {
      const std::string joint = requiredAttribute(j, "name", source_name);
      const double value = jointValue(requiredAttribute(j, "value", source_name), name, joint, source_name);
      const auto [known, added] = state.emplace(joint, value);
      OMPL_CCD_THROW_UNLESS(added || known->second == value, "parseSrdf: ", source_name, ": named state '", name,
                            "' gives joint '", joint, "' both ", known->second, " and ", value, " (line ",
                            j->GetLineNum(), "); give each joint one value per named state.");
    }
  }
  return srdf;
}

Srdf parseSrdfFile(const std::string &path)
{
  requireInputFile(path, "parseSrdfFile", "SRDF file",
                   "check the path (relative paths start at the working directory)");
  std::ifstream file(path);
  std::ostringstream text;
  text << file.rdbuf();
  return parseSrdf(text.str(), path);
}
}  // namespace ompl_ccd
