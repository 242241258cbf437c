#pragma once
/// \file urdf_joint_graph.h
/// Private: the check that a URDF's links and joints form a tree, made on the raw XML before
/// urdfdom builds its own. urdfdom does not make it: a joint loop sends a depth-first walk round
/// for ever, a joint whose parent is its child silently loses that link and joint, and a link that
/// is the child of two joints is visited twice (and adds a state dimension).

#include <tinyxml2.h>

#include <string>

namespace ompl_ccd
{
/** \brief Refuses a URDF whose joint graph is not a tree rooted at one link: a <link> or <joint>
    without name or declared twice, a joint without <parent link>/<child link> or naming an
    undeclared link, a joint whose parent is its child, a link that is the child of two joints,
    several links without a parent joint (several roots), and a loop of joints (a link not reached
    from the root). The walk from the root is iterative with a visited set: it ends on any input.
    \param source file name for messages.
    \throws Error naming the file, the joints and links involved, and the fix. */
void checkUrdfJointGraph(const tinyxml2::XMLElement &robot, const std::string &source);
}  // namespace ompl_ccd
