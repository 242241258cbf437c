#include "validate_command.h"

#include <fstream>
#include <iostream>

#include "ompl_ccd/error.h"
#include "ompl_ccd/geometry/world_loader.h"
#include "ompl_ccd/model/edge_file.h"
#include "ompl_ccd/ompl/edge_checker.h"
#include "ompl_ccd/ompl/path_certification.h"
#include "ompl_ccd/ompl/simple_setup.h"
#include "output_file.h"
#include "path_report.h"
#include "progress_meter.h"
#include "report_json.h"
#include "validate_dask.h"

namespace ompl_ccd::cli
{
CLI::App *addValidateCommand(CLI::App &app, ValidateOptions &options)
{
  CLI::App *command = app.add_subcommand("validate", "Answer every edge of an edge or path file with one validator "
                                                     "(JSON lines: one per edge, then a summary)");
  command->add_option("--robot", options.robot, "URDF file")->required();
  command->add_option("--srdf", options.srdf, "SRDF file (disabled pairs)");
  command->add_option("--scene", options.scene, "Scene file (scene YAML, MoveIt scene YAML, URDF or mesh)")
      ->required();
  command->add_option("--validator", options.validator, validatorFlagHelp())->required();
  addValidatorOptionFlags(command, options.validator_flags,
                          {"resolution", "tolerance", "clearance", "threads", "mass_distribution"});
  command->add_option("--mode", options.mode, "What to compute per edge")
      ->check(CLI::IsMember({"decide", "first-contact"}))
      ->capture_default_str();
  CLI::Option *edges = command->add_option("--edges", options.edges_file, "Edge file: start and goal state per line");
  command->add_option("--path", options.path_file, "Path file: one waypoint per line")->excludes(edges);
  command->add_option("--json", options.json_file, "Also write the JSON lines to this file");
  command->add_option("--package-path", options.package_paths, "Folder searched for package:// URIs (repeatable)");
  CLI::Option *jobs = command->add_option(
      "--jobs", options.jobs,
      "Threads answering edges, 1 to 256 (default: every core); the JSON lines stay in edge order and time_us is "
      "each edge's own time")
      ->type_name("UINT");
  CLI::Option *report = command->add_option(
      "--report", options.report_file,
      "Also draw a certified path report: .html (tables and plot), .svg or .png (plot)");
  CLI::Option *profile = command->add_flag(
      "--clearance-profile", options.clearance_profile,
      "Add each edge's clearance profile to its JSON line (\"clearance\": t, distance, lower)");
  command->add_flag("--quiet", options.quiet, "No progress on standard error (shown only when it is a terminal)");
  command->add_flag("--features", options.features,
                    "Add the touching features to each witness: \"features\": {\"link\", \"other\"}, each a vertex, "
                    "edge or face of the shape's triangles, or null when the validator does not know them");
  command->add_flag("--fail-unless-free", options.fail_unless_free,
                    "Exit with 1 when an edge is not free (collision or undecided); without it the exit code is 0 "
                    "once every edge is answered, whatever the verdicts");
  command->add_option("--dask", options.dask_scheduler,
                      "Answer on the Dask cluster of this scheduler (tcp://HOST:8786) with ompl_ccd-dask; same output")
      ->type_name("SCHEDULER")
      ->excludes(jobs)  // the cluster's workers answer the edges
      ->excludes(report)
      ->excludes(profile);
  return command;
}

int runValidate(const ValidateOptions &options, std::ostream &out)
{
  OMPL_CCD_THROW_UNLESS(!options.edges_file.empty() || !options.path_file.empty(),
                        "validate: no motions given; pass --edges EDGES.txt or --path PATH.txt.");
  OMPL_CCD_THROW_UNLESS(!options.features || options.dask_scheduler.empty(),
                        "validate: --features is not answered on a Dask cluster (ompl_ccd-dask prints no "
                        "features); drop --features or --dask.");
  if (!options.report_file.empty())
    checkReportFile(options.report_file, "validate");
  checkOutputFiles("validate", {{options.json_file, "--json"}, {options.report_file, "--report"}},
                   {options.edges_file, options.path_file, options.robot, options.srdf, options.scene});
  const unsigned int jobs =
      options.jobs.empty() ? 0u : static_cast<unsigned int>(edgeJobs(options.jobs, "validate: --jobs"));
  const Mode mode = modeFromString(options.mode, "validate");
  ValidatorOptions validator_options;
  options.validator_flags.applyTo(validator_options, "validate");
  warnUnreadOptions(options.validator_flags.names(), {options.validator}, "validate", std::cerr);
  if (!options.dask_scheduler.empty())
    execValidateOnDask(options);
  RobotModelOptions robot_options;
  robot_options.package_paths = options.package_paths;
  const RobotModelPtr robot = loadRobot(options.robot, options.srdf, robot_options);
  robot->checkCertifiable("validate: " + options.robot);
  const std::vector<Edge> edges = options.edges_file.empty() ? readPathFile(options.path_file, *robot, "validate")
                                                             : readEdgeFile(options.edges_file, *robot, "validate");
  const CollisionWorldPtr world = loadWorld(robot, options.scene, options.package_paths);

  const ompl::base::SpaceInformationPtr si = makeSpaceInformation(world, options.validator, validator_options);

  std::ofstream json_file;
  if (!options.json_file.empty())
  {
    json_file.open(options.json_file);
    OMPL_CCD_THROW_UNLESS(json_file, "validate: cannot write JSON file '", options.json_file,
                          "'; check that its folder exists and is writable.");
  }
  const auto emit = [&](const std::string &line) {
    out << line << '\n';
    if (json_file.is_open())
      json_file << line << '\n';
  };

  std::vector<nlohmann::ordered_json> report_lines;
  ProgressMeter progress(std::cerr, edges.size(), !options.quiet && ProgressMeter::stderrIsTerminal());
  CertifyOptions certify;
  certify.mode = mode;
  certify.jobs = jobs;  // 0: every core
  certify.clearance_profile = options.clearance_profile || !options.report_file.empty();
  certify.on_edge = [&](std::size_t i, const EdgeReport &edge) {
    nlohmann::ordered_json line = edgeJson(i, edge.report, edge.time_us, options.features);
    if (certify.clearance_profile)
      line["clearance"] = clearanceJson(edge.clearance);
    if (!options.report_file.empty())
      report_lines.push_back(line);
    if (!options.clearance_profile)
      line.erase("clearance");
    emit(line.dump());
    progress.update(i + 1);
  };
  const std::vector<EdgeReport> reports = certifyEdges(si, world, edges, certify);
  progress.finish();
  const nlohmann::ordered_json summary = summaryJson(options.validator, mode, reports);
  emit(summary.dump());
  out.flush();
  if (json_file.is_open())
  {
    json_file.close();
    OMPL_CCD_THROW_UNLESS(json_file, "validate: writing JSON file '", options.json_file,
                          "' failed; check free disk space.");
  }
  if (!options.report_file.empty())
  {
    report_lines.push_back(summary);
    writePathReport(options.report_file,
                    {{"title", "ompl_ccd validate"},
                     {"robot", options.robot},
                     {"scene", options.scene},
                     {"validator", options.validator},
                     {"mode", toString(mode)},
                     {"clearance", validator_options.clearance}},
                    report_lines, "validate");
  }
  if (options.fail_unless_free)
  {
    const std::size_t free = summary["summary"]["free"].get<std::size_t>();
    if (free < reports.size())
    {
      std::cerr << "ompl_ccd validate: " << reports.size() - free << " of " << reports.size()
                << " edges not free (" << summary["summary"]["collision"].get<std::size_t>() << " collision, "
                << summary["summary"]["undecided"].get<std::size_t>() << " undecided): exit code 1 (--fail-unless-free)"
                << std::endl;
      return 1;
    }
  }
  return 0;
}
}  // namespace ompl_ccd::cli
