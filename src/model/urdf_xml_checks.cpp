#include "urdf_xml_checks.h"

#include <locale.h>

#include <cmath>
#include <cstdlib>
#include <locale>
#include <sstream>

#include "ompl_ccd/error.h"

namespace ompl_ccd
{
namespace
{
constexpr const char *kPrefix = "RobotModel::fromUrdf: ";

/** \brief The numbers of a whitespace-separated list, false if a token is not a number. Read in
    the C locale whatever the program's (URDF numbers use a decimal point, as urdfdom reads them);
    "nan" and "inf" are read, so that they are refused as not finite rather than as not numbers. */
bool parseNumbers(const char *text, std::vector<double> &values)
{
  static const locale_t c_locale = newlocale(LC_ALL_MASK, "C", nullptr);
  values.clear();
  std::istringstream in(text);
  in.imbue(std::locale::classic());
  for (std::string token; in >> token;)
  {
    char *end = nullptr;
    const double value = strtod_l(token.c_str(), &end, c_locale);
    if (end != token.c_str() + token.size())
      return false;
    values.push_back(value);
  }
  return true;
}

/** \brief "<box size='1 2'> on line 7", as the element appears in the file. */
std::string quoted(const tinyxml2::XMLElement &element, const char *attribute)
{
  const char *text = element.Attribute(attribute);
  return concat("<", element.Name(), " ", attribute, "='", text ? text : "", "'> on line ", element.GetLineNum());
}

/** \brief The \a count numbers of \a attribute of \a element, each finite and, when \a bounded,
    within ±kMaxMagnitude. \a fix tells what to give ("the 3 side lengths in metres"). */
std::vector<double> readNumbers(const tinyxml2::XMLElement &element, const char *attribute, std::size_t count,
                                bool bounded, const std::string &where, const std::string &fix)
{
  const char *text = element.Attribute(attribute);
  OMPL_CCD_THROW_UNLESS(text != nullptr, kPrefix, where, ": <", element.Name(), "> on line ", element.GetLineNum(),
                        " has no ", attribute, "; add ", attribute, "='…' with ", fix, ".");
  std::vector<double> values;
  OMPL_CCD_THROW_UNLESS(parseNumbers(text, values) && values.size() == count, kPrefix, where, ": ",
                        quoted(element, attribute), " is not ", count == 1 ? "one number" : concat(count, " numbers"),
                        " (urdfdom would drop or misread it); give ", fix, ".");
  for (const double value : values)
  {
    OMPL_CCD_THROW_UNLESS(std::isfinite(value), kPrefix, where, ": ", quoted(element, attribute),
                          " holds a value that is not finite; give ", fix, ".");
    OMPL_CCD_THROW_UNLESS(!bounded || std::abs(value) <= kMaxMagnitude, kPrefix, where, ": ",
                          quoted(element, attribute), " holds ", value, ", beyond ±", kMaxMagnitude,
                          " (no robot is that large; is it a placeholder?); give ", fix, ".");
  }
  return values;
}

/** \brief Optional attribute: checked as readNumbers when present. */
void checkNumbersIfPresent(const tinyxml2::XMLElement &element, const char *attribute, std::size_t count,
                           bool bounded, const std::string &where, const std::string &fix)
{
  if (element.Attribute(attribute) != nullptr)
    readNumbers(element, attribute, count, bounded, where, fix);
}

/** \brief The <origin> of a <collision> or <joint>: at most one, xyz and rpy 3 finite numbers each. */
void checkOrigin(const tinyxml2::XMLElement &parent, const std::string &where)
{
  const tinyxml2::XMLElement *origin = parent.FirstChildElement("origin");
  if (origin == nullptr)
    return;
  const tinyxml2::XMLElement *second = origin->NextSiblingElement("origin");
  OMPL_CCD_THROW_UNLESS(second == nullptr, kPrefix, where, ": has two <origin> elements (lines ",
                        origin->GetLineNum(), " and ", second ? second->GetLineNum() : 0,
                        "); urdfdom reads only the first, keep one.");
  checkNumbersIfPresent(*origin, "xyz", 3, true, where, "the position as 3 numbers in metres");
  checkNumbersIfPresent(*origin, "rpy", 3, true, where, "roll, pitch and yaw as 3 numbers in radians");
}

/** \brief Sizes of a primitive: all > 0 (a zero or negative size is no solid). */
void requirePositive(const std::vector<double> &sizes, const tinyxml2::XMLElement &shape, const char *attribute,
                     const std::string &where)
{
  for (const double size : sizes)
    OMPL_CCD_THROW_UNLESS(size > 0.0, kPrefix, where, ": ", quoted(shape, attribute), " has size ", size,
                          ", which is no solid; give sizes > 0 in metres (a thin plate still needs a thickness).");
}

/** \brief The <geometry> of a <collision>: exactly one, holding exactly one shape urdfdom reads. */
void checkGeometry(const tinyxml2::XMLElement &collision, const std::string &where)
{
  const tinyxml2::XMLElement *geometry = collision.FirstChildElement("geometry");
  OMPL_CCD_THROW_UNLESS(geometry != nullptr, kPrefix, where, " (line ", collision.GetLineNum(),
                        ") has no <geometry> (urdfdom would drop the <collision>); add one with a box, cylinder, "
                        "sphere or mesh.");
  const tinyxml2::XMLElement *second = geometry->NextSiblingElement("geometry");
  OMPL_CCD_THROW_UNLESS(second == nullptr, kPrefix, where, ": has two <geometry> elements (lines ",
                        geometry->GetLineNum(), " and ", second ? second->GetLineNum() : 0,
                        "); urdfdom reads only the first: give each shape its own <collision>.");
  const tinyxml2::XMLElement *shape = geometry->FirstChildElement();
  OMPL_CCD_THROW_UNLESS(shape != nullptr, kPrefix, where, ": <geometry> on line ", geometry->GetLineNum(),
                        " is empty (urdfdom would drop the <collision>); add a box, cylinder, sphere or mesh.");
  const tinyxml2::XMLElement *extra = shape->NextSiblingElement();
  OMPL_CCD_THROW_UNLESS(extra == nullptr, kPrefix, where, ": <geometry> on line ", geometry->GetLineNum(),
                        " holds <", shape->Name(), "> and <", extra ? extra->Name() : "", ">; urdfdom reads only the "
                        "first: give each shape its own <collision>.");
  const std::string kind = shape->Name();
  if (kind == "box")
  {
    requirePositive(readNumbers(*shape, "size", 3, true, where, "the 3 side lengths in metres"), *shape, "size",
                    where);
  }
  else if (kind == "cylinder" || kind == "sphere")
  {
    requirePositive(readNumbers(*shape, "radius", 1, true, where, "the radius in metres"), *shape, "radius", where);
    if (kind == "cylinder")
      requirePositive(readNumbers(*shape, "length", 1, true, where, "the length along z in metres"), *shape,
                      "length", where);
  }
  else if (kind == "mesh")
  {
    const char *filename = shape->Attribute("filename");
    OMPL_CCD_THROW_UNLESS(filename != nullptr && *filename != '\0', kPrefix, where, ": <mesh> on line ",
                          shape->GetLineNum(), " has no filename; add filename='package://…', 'file://…' or a path.");
    if (shape->Attribute("scale") != nullptr)
    {
      const std::vector<double> scale =
          readNumbers(*shape, "scale", 3, true, where, "3 non-zero scale factors (x y z)");
      for (const double factor : scale)
        OMPL_CCD_THROW_UNLESS(factor != 0.0, kPrefix, where, ": ", quoted(*shape, "scale"),
                              " flattens the mesh (a factor is 0); give 3 non-zero scale factors (x y z).");
    }
  }
  else
  {
    OMPL_CCD_THROW_UNLESS(false, kPrefix, where, ": <", kind, "> on line ", shape->GetLineNum(),
                          " is not a URDF shape (urdfdom would drop the <collision>); use box, cylinder, sphere or "
                          "mesh (a capsule: a cylinder and two spheres).");
  }
}
}  // namespace

std::map<std::string, int> checkUrdfCollisions(const tinyxml2::XMLElement &robot, const std::string &source)
{
  std::map<std::string, int> declared;
  for (const tinyxml2::XMLElement *link = robot.FirstChildElement("link"); link != nullptr;
       link = link->NextSiblingElement("link"))
  {
    const char *name = link->Attribute("name");
    if (name == nullptr)
      continue;  // the joint graph check refuses it
    int number = 0;
    for (const tinyxml2::XMLElement *collision = link->FirstChildElement("collision"); collision != nullptr;
         collision = collision->NextSiblingElement("collision"))
    {
      const std::string where = concat(source, ": link '", name, "' <collision> ", ++number);
      checkOrigin(*collision, where);
      checkGeometry(*collision, where);
    }
    declared[name] += number;
  }
  return declared;
}

void checkUrdfJointElements(const tinyxml2::XMLElement &robot, const std::string &source)
{
  for (const tinyxml2::XMLElement *joint = robot.FirstChildElement("joint"); joint != nullptr;
       joint = joint->NextSiblingElement("joint"))
  {
    const char *name = joint->Attribute("name");
    const std::string where = concat(source, ": joint '", name ? name : "", "'");
    checkOrigin(*joint, where);
    if (const tinyxml2::XMLElement *axis = joint->FirstChildElement("axis"))
      checkNumbersIfPresent(*axis, "xyz", 3, true, where, "the axis as 3 numbers");
    if (const tinyxml2::XMLElement *limit = joint->FirstChildElement("limit"))
    {
      const std::string range = "the joint's real range (rad or m; a joint without limits is `continuous`)";
      checkNumbersIfPresent(*limit, "lower", 1, true, where, range);
      checkNumbersIfPresent(*limit, "upper", 1, true, where, range);
      checkNumbersIfPresent(*limit, "effort", 1, false, where, "one number");
      checkNumbersIfPresent(*limit, "velocity", 1, false, where, "one number");
    }
    if (const tinyxml2::XMLElement *mimic = joint->FirstChildElement("mimic"))
    {
      const char *followed = mimic->Attribute("joint");
      OMPL_CCD_THROW_UNLESS(followed != nullptr && *followed != '\0', kPrefix, where, ": <mimic> on line ",
                            mimic->GetLineNum(), " names no joint; add joint='…' (the joint it follows).");
      checkNumbersIfPresent(*mimic, "multiplier", 1, true, where, "one number");
      checkNumbersIfPresent(*mimic, "offset", 1, true, where, "one number");
    }
  }
}

void checkEveryCollisionLoaded(const std::map<std::string, int> &declared, const std::vector<Link> &links,
                               const std::string &source)
{
  std::map<std::string, int> loaded;
  for (const Link &link : links)
    for (const LinkGeometry &geometry : link.geometries)
      ++loaded[geometry.urdf_link];
  for (const auto &[link, count] : declared)
  {
    const auto it = loaded.find(link);
    const int read = it == loaded.end() ? 0 : it->second;
    OMPL_CCD_THROW_UNLESS(read == count, kPrefix, source, ": link '", link, "' has ", count,
                          " <collision> element(s) but urdfdom read ", read,
                          " (its reason is logged above); fix the <collision> it names, a robot is not certified "
                          "with a part missing.");
  }
}
}  // namespace ompl_ccd
