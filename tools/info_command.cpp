#include "info_command.h"

#include "ompl_ccd/geometry/world_loader.h"
#include "ompl_ccd/spheres/inner_spheres.h"
#include "ompl_ccd/spheres/outer_cover.h"

namespace ompl_ccd::cli
{
CLI::App *addInfoCommand(CLI::App &app, InfoOptions &options)
{
  CLI::App *command = app.add_subcommand("info", "Print the robot's joints, state order, links (with their sphere covers) and excluded pairs as JSON");
  command->add_option("--robot", options.robot, "URDF file")->required();
  command->add_option("--srdf", options.srdf, "SRDF file (disabled pairs, named states)");
  command->add_option("--package-path", options.package_paths, "Folder searched for package:// URIs (repeatable)");
  return command;
}

nlohmann::ordered_json robotInfoJson(const RobotModel &model)
{
  const std::vector<Joint> &joints = model.joints();
  const std::vector<Link> &links = model.links();
  nlohmann::ordered_json active = nlohmann::ordered_json::array(), mimic = nlohmann::ordered_json::array();
  for (const Joint &joint : joints)
  {
    if (joint.mimic_source >= 0)
      mimic.push_back({{"name", joint.name},
                       {"follows", joints[joint.mimic_source].name},
                       {"multiplier", joint.mimic_multiplier},
                       {"offset", joint.mimic_offset}});
    else
      active.push_back({{"name", joint.name},
                        {"type", toString(joint.type)},
                        {"lower", joint.lower},
                        {"upper", joint.upper},
                        {"velocity", joint.velocity},
                        {"q_index", joint.q_index}});
  }
  nlohmann::ordered_json state = nlohmann::ordered_json::array();
  for (int i = 0; i < model.nq(); ++i)
    state.push_back(model.stateName(i));

  nlohmann::ordered_json link_list = nlohmann::ordered_json::array();
  for (const Link &link : links)
  {
    nlohmann::ordered_json geometry = nlohmann::ordered_json::array();
    for (const LinkGeometry &g : link.geometries)
    {
      // what the sphere front end makes of it: its tree's leaves and children, how far each level
      // reaches beyond the solid (OuterCover::excess), its inner balls
      const OuterCover cover = outerCover(g.shape, g.X_LG, kRobotCoverOptions);
      geometry.push_back({{"urdf_link", g.urdf_link},
                          {"shape", g.shape.describe()},
                          {"spheres",
                           {{"leaves", cover.leaves.size()},
                            {"children", cover.children.size()},
                            {"cover_excess",
                             {{"root", cover.bound_excess}, {"children", cover.children_excess}, {"leaves", cover.excess}}},
                            {"inner", innerSpheres(g.shape, g.X_LG).size()}}}});
    }
    link_list.push_back({{"name", link.name},
                         {"parent", link.parent_link >= 0 ? nlohmann::ordered_json(links[link.parent_link].name)
                                                          : nlohmann::ordered_json(nullptr)},
                         {"merged", link.merged_links},
                         {"geometry", geometry}});
  }

  const AllowedCollisionMatrix &acm = model.allowedCollisions();
  nlohmann::ordered_json excluded = nlohmann::ordered_json::array();
  for (const auto &[a, b] : acm.allowedPairs())
    excluded.push_back({{"link1", links[a].name}, {"link2", links[b].name}, {"reason", acm.reason(a, b)}});

  nlohmann::ordered_json named = nlohmann::ordered_json::object();
  for (const auto &[name, q] : model.namedStates())
    named[name] = std::vector<double>(q.data(), q.data() + q.size());

  return {{"robot", model.name()},       {"nq", model.nq()},           {"joints", active},
          {"mimic_joints", mimic},       {"state", state},             {"links", link_list},
          {"excluded_pairs", excluded},  {"named_states", named}};
}

int runInfo(const InfoOptions &options, std::ostream &out)
{
  RobotModelOptions robot_options;
  robot_options.package_paths = options.package_paths;
  const RobotModelPtr model = loadRobot(options.robot, options.srdf, robot_options);
  out << robotInfoJson(*model).dump(2) << '\n';
  return 0;
}
}  // namespace ompl_ccd::cli
