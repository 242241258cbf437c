#include "plan_command.h"

#include <algorithm>
#include <cstdio>
#include <iostream>

#include "ompl_ccd/error.h"
#include "ompl_ccd/geometry/world_loader.h"
#include "ompl_ccd/model/edge_file.h"
#include "ompl_ccd/ompl/path_certification.h"
#include "output_file.h"
#include "path_report.h"
#include "plan_config.h"
#include "report_json.h"
#include "seed.h"

namespace ompl_ccd::cli
{
namespace
{
/** \brief printf into a std::string (numbers in the report). */
template <typename... Args>
std::string format(const char *pattern, Args... args)
{
  char buffer[256];
  std::snprintf(buffer, sizeof(buffer), pattern, args...);
  return buffer;
}

std::string stateText(const Eigen::VectorXd &q)
{
  std::string text = "[";
  for (int i = 0; i < q.size(); ++i)
    text += format(i == 0 ? "%.6f" : ", %.6f", q[i]);
  return text + "]";
}

/** \brief The path report of \a result (planned for \a config and \a request): each edge's JSON line
    as `validate` prints it (without time_us: the plan times its edges together) with its clearance
    profile. */
void drawPlanReport(const std::string &file, const PlanConfig &config, const PlanRequest &request,
                     const CollisionWorld &world, const PlanResult &result)
{
  CollisionWorkspace ws(world);
  std::vector<nlohmann::ordered_json> lines;
  for (std::size_t i = 0; i < result.edge_reports.size(); ++i)
  {
    nlohmann::ordered_json line = edgeJson(i, result.edge_reports[i], 0.0);
    line.erase("time_us");
    line["clearance"] =
        clearanceJson(clearanceProfile(world, ws, JointMotion(world.robot(), result.path[i], result.path[i + 1])));
    lines.push_back(line);
  }
  writePathReport(file,
                  {{"title", "ompl_ccd plan"},
                   {"robot", config.robot},
                   {"scene", config.scene},
                   {"planner", request.planner},
                   {"validator", result.certified_by},
                   {"mode", toString(CertifyOptions{}.mode)},  // the path is certified in certifyPath's default mode
                   {"clearance", request.validator_options.clearance},
                   {"status", result.status}},
                  lines, "plan");
}

/** \brief Binds an optional override: set only when the option is given. */
template <typename T>
CLI::Option *addOverride(CLI::App *command, const std::string &name, std::optional<T> &target,
                         const std::string &help)
{
  return command->add_option_function<T>(name, [&target](const T &value) { target = value; }, help);
}
}  // namespace

CLI::App *addPlanCommand(CLI::App &app, PlanOptions &options)
{
  CLI::App *command = app.add_subcommand("plan", "Plan from a YAML configuration and certify every edge of the path");
  command->add_option("--config", options.config, "Plan configuration YAML")->required();
  addOverride(command, "--planner", options.planner, "Planner (overrides the config)");
  addOverride(command, "--time-limit", options.time_limit, "Planning time limit, seconds");
  addOverride(command, "--validator", options.validator, validatorFlagHelp());
  addOverride(command, "--certify-with", options.certify_with,
              "Validator that checks the path's edges (default: the planning validator; ca after discrete)");
  addValidatorOptionFlags(command, options.validator_flags, {"resolution", "tolerance", "clearance"});
  addOverride(command, "--seed", options.seed, "Seed of OMPL's random generators")->type_name("UINT");
  addOverride(command, "--path-file", options.path_file, "Write the path here (one waypoint per line)");
  addOverride(command, "--report", options.report_file,
              "Also draw a certified path report: .html (tables and plot), .svg or .png (plot)");
  command->add_flag("--no-simplify", options.no_simplify, "Do not shorten/smooth the path before certifying");
  return command;
}

void printPlanReport(const PlanResult &result, std::ostream &out)
{
  out << "status: " << result.status << (result.solved ? " (solved)" : " (not solved)") << '\n';
  out << "planning time: " << format("%.3f s", result.planning_time)
      << format(" (+ %.3f s simplifying)", result.simplify_time) << '\n';
  out << "path length: " << format("%.6f", result.path_length) << '\n';
  out << "waypoints: " << result.path.size() << '\n';
  for (std::size_t i = 0; i < result.path.size(); ++i)
    out << "  " << i << ": " << stateText(result.path[i]) << '\n';
  out << "validator motions while planning: " << result.valid_motions << " valid, " << result.invalid_motions
      << " invalid\n";
  std::size_t free = 0;
  for (std::size_t i = 0; i < result.edge_reports.size(); ++i)
  {
    const Report &report = result.edge_reports[i];
    free += report.verdict == Verdict::Free ? 1 : 0;
    out << "edge " << i << ": " << toString(report.verdict);
    if (report.verdict != Verdict::Free)  // a free edge has no first contact to bracket
      out << format(", toc in [%.6f, %.6f]", report.toc_lower, report.toc_upper);
    if (report.witness)
      out << ", contact " << report.witness->link << " / " << report.witness->other;
    out << '\n';
  }
  out << format("certify time: %.1f us", result.certify_time_us) << '\n';
  if (result.certified_by == "discrete")
    out << "checked by sampling (discrete, no guarantee): " << free << '/' << result.edge_reports.size()
        << " edges valid\n";
  else
    out << "certified by " << result.certified_by << ": " << free << '/' << result.edge_reports.size()
        << " edges free\n";
}

int runPlan(const PlanOptions &options, std::ostream &out)
{
  PlanConfig config = loadPlanConfig(options.config);
  PlanRequest &request = config.request;
  request.planner = options.planner.value_or(request.planner);
  request.time_limit = options.time_limit.value_or(request.time_limit);
  request.validator = options.validator.value_or(request.validator);
  request.certify_with = options.certify_with.value_or(request.certify_with);
  options.validator_flags.applyTo(request.validator_options, "plan");
  // An option neither the planning nor the certifying validator reads is a mistake worth a warning.
  std::vector<std::string> given = config.validator_option_names;
  for (const std::string &name : options.validator_flags.names())
    if (std::find(given.begin(), given.end(), name) == given.end())
      given.push_back(name);
  warnUnreadOptions(given, {request.validator, certifyingValidator(request)}, "plan", std::cerr);
  if (options.seed)
    request.seed = parseSeed(*options.seed, "plan: --seed", "pass 0 or more, or leave it out");
  if (options.no_simplify)
    request.simplify = false;
  config.path_file = options.path_file.value_or(config.path_file);
  if (options.report_file)
    checkReportFile(*options.report_file, "plan");
  // Before planning: a path file that could not be written, or would overwrite an input, is refused
  // now rather than after the planning time is spent.
  checkOutputFiles("plan",
                   {{config.path_file, options.path_file ? "--path-file" : "path_file"},
                    {options.report_file.value_or(""), "--report"}},
                   {config.file, config.robot, config.srdf, config.scene});
  const RobotModelPtr robot = loadRobot(config.robot, config.srdf, config.robot_options);
  robot->checkCertifiable("plan: " + config.robot);
  request.start = resolveState(config.start, *robot, concat("plan: ", config.file, ": start"));
  request.goal = resolveState(config.goal, *robot, concat("plan: ", config.file, ": goal"));
  const CollisionWorldPtr world = loadWorld(robot, config.scene, config.robot_options.package_paths);

  out << "robot: " << robot->name() << " (" << config.robot << ", " << robot->nq() << " joints)\n";
  out << "scene: " << config.scene << " (" << world->scene().obstacles().size() << " obstacles)\n";
  out << "planner: " << request.planner << format(", time limit %g s", request.time_limit)
      << (request.seed ? ", seed " + std::to_string(*request.seed) : std::string()) << '\n';
  out << "validator: " << request.validator << '\n';
  out << "start: " << stateText(request.start) << '\n';
  out << "goal: " << stateText(request.goal) << '\n';

  const PlanResult result = planAndCertify(world, request);
  printPlanReport(result, out);
  if (!config.path_file.empty() && result.solved)
  {
    writePathFile(config.path_file, *robot, result.path);
    out << "path file: " << config.path_file << '\n';
  }
  if (options.report_file && result.solved)
  {
    drawPlanReport(*options.report_file, config, request, *world, result);
    out << "report: " << *options.report_file << '\n';
  }
  else if (options.report_file)
    out << "report: not written (no path found)\n";
  return result.certified() ? 0 : 1;
}
}  // namespace ompl_ccd::cli
