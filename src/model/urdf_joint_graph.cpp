#include "urdf_joint_graph.h"

#include <map>
#include <vector>

#include "ompl_ccd/error.h"

namespace ompl_ccd
{
namespace
{
constexpr const char *kPrefix = "RobotModel::fromUrdf: ";

/** \brief A <joint> as the graph sees it: indices of its parent and child links. */
struct GraphJoint
{
  std::string name;
  int parent = -1, child = -1;
  int line = 0;
};

/** \brief Index of the link named by <joint><\a role link='…'>, throwing when absent or undeclared. */
int jointEnd(const tinyxml2::XMLElement &joint, const char *role, const std::string &joint_name,
             const std::map<std::string, int> &link_index, const std::string &source)
{
  const tinyxml2::XMLElement *end = joint.FirstChildElement(role);
  const char *link = end ? end->Attribute("link") : nullptr;
  OMPL_CCD_THROW_UNLESS(link != nullptr, kPrefix, source, ": joint '", joint_name, "' (line ", joint.GetLineNum(),
                        ") has no <", role, " link='…'>; add it.");
  const auto it = link_index.find(link);
  OMPL_CCD_THROW_UNLESS(it != link_index.end(), kPrefix, source, ": joint '", joint_name, "' (line ",
                        joint.GetLineNum(), ") names ", role, " link '", link,
                        "', which is not declared; declare <link name='", link, "'> or fix the <", role, ">.");
  return it->second;
}

/** \brief The loop that link \a start hangs below: following parent joints from a link that the
    root does not reach never meets the root, so it comes round to a link met before. */
std::string describeLoop(int start, const std::vector<int> &parent_joint, const std::vector<GraphJoint> &joints,
                         const std::vector<std::string> &link_names)
{
  std::vector<bool> met(link_names.size(), false);
  int link = start;
  while (!met[link])  // ends: at most one step per link
  {
    met[link] = true;
    link = joints[parent_joint[link]].parent;
  }
  std::string loop;
  const int first = link;
  do
  {
    const GraphJoint &joint = joints[parent_joint[link]];
    loop = concat("'", joint.name, "' (", link_names[joint.parent], " → ", link_names[joint.child], ")",
                  loop.empty() ? "" : ", ", loop);
    link = joint.parent;
  } while (link != first);
  return loop;
}

/// The names of the <link>s of \a robot in document order, and each name's index in \a link_index.
/// \throws Error for a link without a name or declared twice.
std::vector<std::string> readLinkNames(const tinyxml2::XMLElement &robot, const std::string &source,
                                       std::map<std::string, int> &link_index)
{
  std::vector<std::string> link_names;
  for (const tinyxml2::XMLElement *link = robot.FirstChildElement("link"); link != nullptr;
       link = link->NextSiblingElement("link"))
  {
    const char *name = link->Attribute("name");
    OMPL_CCD_THROW_UNLESS(name != nullptr && *name != '\0', kPrefix, source, ": the <link> on line ",
                          link->GetLineNum(), " has no name; add name='…'.");
    OMPL_CCD_THROW_UNLESS(link_index.emplace(name, static_cast<int>(link_names.size())).second, kPrefix, source,
                          ": link '", name, "' is declared twice (again on line ", link->GetLineNum(),
                          "); rename or remove one.");
    link_names.push_back(name);
  }
  return link_names;
}

/// Which of \a links links are reached from \a root (−1: none) down \a joints: a walk with an
/// explicit stack and a visited set, so that it ends on any graph.
std::vector<bool> reachedFrom(int root, std::size_t links, const std::vector<GraphJoint> &joints)
{
  std::vector<std::vector<int>> children(links);
  for (const GraphJoint &joint : joints)
    children[joint.parent].push_back(joint.child);
  std::vector<bool> reached(links, false);
  std::vector<int> stack;
  if (root >= 0)
    stack.push_back(root);
  while (!stack.empty())
  {
    const int link = stack.back();
    stack.pop_back();
    if (reached[link])
      continue;
    reached[link] = true;
    for (const int child : children[link])
      stack.push_back(child);
  }
  return reached;
}
}  // namespace

void checkUrdfJointGraph(const tinyxml2::XMLElement &robot, const std::string &source)
{
  std::map<std::string, int> link_index;
  const std::vector<std::string> link_names = readLinkNames(robot, source, link_index);
  if (link_names.empty())
    return;  // urdfdom refuses a robot without links

  std::vector<GraphJoint> joints;
  std::map<std::string, int> joint_lines;
  std::vector<int> parent_joint(link_names.size(), -1);
  for (const tinyxml2::XMLElement *element = robot.FirstChildElement("joint"); element != nullptr;
       element = element->NextSiblingElement("joint"))
  {
    const char *name = element->Attribute("name");
    OMPL_CCD_THROW_UNLESS(name != nullptr && *name != '\0', kPrefix, source, ": the <joint> on line ",
                          element->GetLineNum(), " has no name; add name='…'.");
    const auto [previous, inserted] = joint_lines.emplace(name, element->GetLineNum());
    OMPL_CCD_THROW_UNLESS(inserted, kPrefix, source, ": joint '", name, "' is declared twice (lines ",
                          previous->second, " and ", element->GetLineNum(), "); rename or remove one.");
    GraphJoint joint{name, jointEnd(*element, "parent", name, link_index, source),
                     jointEnd(*element, "child", name, link_index, source), element->GetLineNum()};
    OMPL_CCD_THROW_UNLESS(joint.parent != joint.child, kPrefix, source, ": joint '", name, "' (line ", joint.line,
                          ") has link '", link_names[joint.child],
                          "' as both parent and child; make its child another link.");
    int &parent_of_child = parent_joint[joint.child];
    OMPL_CCD_THROW_UNLESS(parent_of_child < 0, kPrefix, source, ": link '", link_names[joint.child],
                          "' is the child of two joints, '", parent_of_child >= 0 ? joints[parent_of_child].name : "",
                          "' and '", name, "'; a URDF is a tree (closed chains are not supported): give each link "
                          "one parent joint, remove one of them or give it another child link.");
    parent_of_child = static_cast<int>(joints.size());
    joints.push_back(joint);
  }

  std::vector<std::string> roots;
  int root = -1;
  for (std::size_t l = 0; l < link_names.size(); ++l)
    if (parent_joint[l] < 0)
    {
      roots.push_back("'" + link_names[l] + "'");
      root = static_cast<int>(l);
    }
  OMPL_CCD_THROW_UNLESS(roots.size() <= 1, kPrefix, source, ": links ", joinNames(roots),
                        " have no parent joint, so the robot has ", roots.size(),
                        " roots; connect them with joints so that only the base link has no parent.");

  const std::vector<bool> reached = reachedFrom(root, link_names.size(), joints);
  for (std::size_t l = 0; l < link_names.size(); ++l)
    OMPL_CCD_THROW_UNLESS(reached[l], kPrefix, source, ": joints ",
                          describeLoop(static_cast<int>(l), parent_joint, joints, link_names),
                          " form a loop, so link '", link_names[l], "' hangs below no root",
                          root >= 0 ? concat(" ('", link_names[root], "')") : std::string(),
                          "; a URDF is a tree: remove one joint of the loop and attach its links below the root.");
}
}  // namespace ompl_ccd
