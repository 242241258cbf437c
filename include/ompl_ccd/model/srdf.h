#pragma once
/// \file srdf.h
/// The parts of a MoveIt SRDF that ompl_ccd uses.

#include <map>
#include <string>
#include <vector>

namespace ompl_ccd
{
/** \brief Contents of an SRDF we use: disabled collision pairs and named joint states. */
struct Srdf
{
  /** \brief <robot name>: the robot it describes (checked against the URDF's); empty if absent. */
  std::string robot_name;
  struct DisabledPair
  {
    std::string link1, link2, reason;
  };
  std::vector<DisabledPair> disabled_collisions;
  /** \brief <group_state name=...>: joint name → value; states of several groups with the same
      name are merged (a joint given two different values is refused, as is a <group_state>
      declared twice for one group). */
  std::map<std::string, std::map<std::string, double>> named_states;
};

/** \brief Parses SRDF text. \param source_name file name for messages.
    \throws Error on malformed XML, a <disable_collisions>/<joint> missing an attribute, a
    <group_state> declared twice for the same group, or a joint given two values in one named state. */
Srdf parseSrdf(const std::string &xml, const std::string &source_name);
/** \brief Reads and parses an SRDF file. \throws Error if missing or malformed. */
Srdf parseSrdfFile(const std::string &path);
}  // namespace ompl_ccd
