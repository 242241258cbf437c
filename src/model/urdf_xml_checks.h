#pragma once
/// \file urdf_xml_checks.h
/// Private: checks of the raw URDF XML that urdfdom does not make. urdfdom logs `Error: …` and
/// drops a <collision> it cannot read (a 2-value <box size>, <sphere/> without radius, <capsule>,
/// an origin "0 0 zz", a `nan` mesh scale) and accepts sizes no solid can have; read on, the robot
/// would miss that link's geometry and every motion of it could be certified free. These checks
/// run on the XML before urdfdom, so a robot is loaded whole or refused.

#include <tinyxml2.h>

#include <map>
#include <string>
#include <vector>

#include "ompl_ccd/model/link.h"
#include "ompl_ccd/model/magnitude_bound.h"

namespace ompl_ccd
{
/** \brief Refuses every <link>'s <collision> that urdfdom would drop or read wrongly: a missing or
    doubled <geometry>, a shape that is not box/cylinder/sphere/mesh, a size that is not finite,
    > 0 and ≤ kMaxMagnitude, a mesh without filename or with a scale that is not finite,
    non-zero and ≤ kMaxMagnitude per axis, an <origin> that is not 3 + 3 finite numbers
    within ±kMaxMagnitude.
    \param source file name for messages. \returns the number of <collision> elements of each link
    (to check afterwards that every one was loaded, see checkEveryCollisionLoaded).
    \throws Error naming the file, the link, the <collision> (1-based), the line and the fix. */
std::map<std::string, int> checkUrdfCollisions(const tinyxml2::XMLElement &robot, const std::string &source);

/** \brief Refuses every <joint> element urdfdom would reject with a logged reason only or read
    wrongly: an <origin> as above, an <axis xyz> that is not 3 finite numbers, a <limit> value that
    is not one finite number or whose lower/upper lies beyond ±kMaxMagnitude, a <mimic>
    without joint or with a multiplier/offset that is not one finite number within
    ±kMaxMagnitude. \throws Error naming the file, the joint, the element, the line and the fix. */
void checkUrdfJointElements(const tinyxml2::XMLElement &robot, const std::string &source);

/** \brief Refuses a robot that lost a <collision> on the way through urdfdom: \a declared (from
    checkUrdfCollisions) against the geometries of \a links. A net under the checks above: should
    urdfdom drop an element they let pass, the robot is still refused. */
void checkEveryCollisionLoaded(const std::map<std::string, int> &declared, const std::vector<Link> &links,
                               const std::string &source);
}  // namespace ompl_ccd
