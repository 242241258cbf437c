#include "composite_robots.h"

#include <stdexcept>
#include <tinyxml2.h>
#include <vector>

#include "test_paths.h"

namespace ompl_ccd::test
{
namespace
{
/** \brief A URDF under construction: a <robot> element and the disabled pairs of its parts. */
class CompositeUrdf
{
public:
  explicit CompositeUrdf(const std::string &name)
  {
    robot_ = document_.NewElement("robot");
    robot_->SetAttribute("name", name.c_str());
    document_.InsertEndChild(robot_);
    if (arm_.LoadFile(examplePath("arm/arm.urdf").c_str()) != tinyxml2::XML_SUCCESS)
      throw std::runtime_error("CompositeUrdf: cannot read examples/arm/arm.urdf");
    arm_srdf_ = parseSrdfFile(examplePath("arm/arm.srdf"));
  }

  /** \brief Appends URDF elements given as text (links and joints of the assembly itself). */
  void addElements(const std::string &xml)
  {
    tinyxml2::XMLDocument part;
    if (part.Parse(("<part>" + xml + "</part>").c_str()) != tinyxml2::XML_SUCCESS)
      throw std::logic_error("CompositeUrdf: malformed part: " + xml);
    for (const tinyxml2::XMLElement *e = part.RootElement()->FirstChildElement(); e; e = e->NextSiblingElement())
      robot_->InsertEndChild(e->DeepClone(&document_));
  }

  /** \brief Appends a copy of ccd_arm, every link and joint name prefixed with \a prefix, its
      base_link fixed to \a parent at \a origin (a URDF <origin> element), and arm.srdf's pairs. */
  void addArm(const std::string &prefix, const std::string &parent, const std::string &origin)
  {
    for (const tinyxml2::XMLElement *e = arm_.RootElement()->FirstChildElement(); e; e = e->NextSiblingElement())
    {
      const std::string kind = e->Name();
      if (kind != "link" && kind != "joint")
        continue;
      auto *copy = e->DeepClone(&document_)->ToElement();
      copy->SetAttribute("name", (prefix + e->Attribute("name")).c_str());
      for (const char *end : {"parent", "child"})
        if (auto *link = copy->FirstChildElement(end))
          link->SetAttribute("link", (prefix + link->Attribute("link")).c_str());
      robot_->InsertEndChild(copy);
    }
    addElements("<joint name='" + prefix + "mount' type='fixed'><parent link='" + parent + "'/><child link='" +
                prefix + "base_link'/>" + origin + "</joint>");
    for (const Srdf::DisabledPair &pair : arm_srdf_.disabled_collisions)
      srdf_.disabled_collisions.push_back({prefix + pair.link1, prefix + pair.link2, pair.reason});
  }

  /** \brief The robot, meshes read from examples/arm. */
  RobotModelPtr build() const
  {
    tinyxml2::XMLPrinter printer;
    document_.Print(&printer);
    RobotModelOptions options;
    options.srdf = srdf_;
    return std::make_shared<const RobotModel>(RobotModel::fromUrdfString(
        printer.CStr(), examplePath("arm"), robot_->Attribute("name"), options));
  }

private:
  tinyxml2::XMLDocument document_, arm_;
  tinyxml2::XMLElement *robot_ = nullptr;
  Srdf arm_srdf_, srdf_;
};
}  // namespace

RobotModelPtr dualArmRobot()
{
  CompositeUrdf urdf("ccd_dual_arm");
  urdf.addElements(R"(
    <link name="base_link"><collision><origin xyz="0 0 0.3"/><geometry><cylinder radius="0.1" length="0.6"/></geometry></collision></link>
    <link name="lift_link"><collision><origin xyz="0 0 0.2"/><geometry><box size="0.12 0.12 0.4"/></geometry></collision></link>
    <link name="shoulder_bar"><collision><geometry><box size="0.12 0.62 0.1"/></geometry></collision></link>
    <joint name="torso_lift" type="prismatic"><parent link="base_link"/><child link="lift_link"/>
      <origin xyz="0 0 0.3"/><axis xyz="0 0 1"/><limit lower="0" upper="0.25" effort="1" velocity="1"/></joint>
    <joint name="torso_yaw" type="revolute"><parent link="lift_link"/><child link="shoulder_bar"/>
      <origin xyz="0 0 0.4"/><axis xyz="0 0 1"/><limit lower="-1.5708" upper="1.5708" effort="1" velocity="1"/></joint>)");
  urdf.addArm("left_", "shoulder_bar", "<origin xyz='0 0.25 0.05' rpy='0.3491 0 0'/>");
  urdf.addArm("right_", "shoulder_bar", "<origin xyz='0 -0.25 0.05' rpy='-0.3491 0 0'/>");
  return urdf.build();
}

RobotModelPtr armChainRobot(int arms)
{
  if (arms < 1)
    throw std::invalid_argument("armChainRobot: " + std::to_string(arms) + " arms; give at least 1.");
  CompositeUrdf urdf("ccd_arm_chain_" + std::to_string(arms));
  urdf.addElements("<link name='world'/>");
  std::string parent = "world";
  for (int k = 1; k <= arms; ++k)
  {
    const std::string prefix = "arm" + std::to_string(k) + "_";
    urdf.addArm(prefix, parent, "<origin xyz='0 0 0'/>");
    parent = prefix + "tool_tip";
  }
  return urdf.build();
}
}  // namespace ompl_ccd::test
