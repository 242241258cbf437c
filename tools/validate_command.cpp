#include "validate_command.h"

#include <filesystem>
#include <fstream>
#include <iostream>

#include "ompl_ccd/edge_file.h"
#include "ompl_ccd/error.h"
#include "ompl_ccd/geometry/world_loader.h"
#include "ompl_ccd/ompl/edge_checker.h"
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
  command->add_option("--validator", options.validator, "Motion validator name")->required();
  addValidatorOptionFlags(command, options.validator_flags,
                          {"resolution", "tolerance", "clearance", "threads", "mass_distribution"});
  command->add_option("--mode", options.mode, "What to compute per edge")
      ->check(CLI::IsMember({"decide", "first-contact"}))
      ->capture_default_str();
  CLI::Option *edges = command->add_option("--edges", options.edges_file, "Edge file: start and goal state per line");
  command->add_option("--path", options.path_file, "Path file: one waypoint per line")->excludes(edges);
  command->add_option("--json", options.json_file, "Also write the JSON lines to this file");
  command->add_option("--package-path", options.package_paths, "Folder searched for package:// URIs (repeatable)");
  command->add_flag("--quiet", options.quiet, "No progress on standard error (shown only when it is a terminal)");
  command->add_option("--dask", options.dask_scheduler,
                      "Answer on the Dask cluster of this scheduler (tcp://HOST:8786) with ompl_ccd-dask; same output")
      ->type_name("SCHEDULER");
  return command;
}

int runValidate(const ValidateOptions &options, std::ostream &out)
{
  OMPL_CCD_THROW_UNLESS(!options.edges_file.empty() || !options.path_file.empty(),
                        "validate: no motions given; pass --edges EDGES.txt or --path PATH.txt.");
  if (!options.dask_scheduler.empty())
    execValidateOnDask(options);
  const Mode mode = modeFromString(options.mode, "validate");
  ValidatorOptions validator_options;
  options.validator_flags.applyTo(validator_options, "validate");
  RobotModelOptions robot_options;
  robot_options.package_paths = options.package_paths;
  const RobotModelPtr robot = loadRobot(options.robot, options.srdf, robot_options);
  robot->checkCertifiable("validate: " + options.robot);
  const std::vector<Edge> edges = options.edges_file.empty() ? readPathFile(options.path_file, *robot, "validate")
                                                             : readEdgeFile(options.edges_file, *robot, "validate");
  const CollisionWorldPtr world = loadWorld(robot, options.scene, options.package_paths);

  const EdgeChecker checker(world, options.validator, validator_options);

  std::ofstream json_file;
  if (!options.json_file.empty())
  {
    for (const std::string &input :
         {options.edges_file, options.path_file, options.robot, options.srdf, options.scene})
    {
      std::error_code ec;  // false when either does not exist: the JSON file is then no input
      OMPL_CCD_THROW_UNLESS(input.empty() || !std::filesystem::equivalent(options.json_file, input, ec),
                            "validate: --json '", options.json_file, "' is the input file '", input,
                            "': writing it would destroy it; name another file.");
    }
    json_file.open(options.json_file);
    OMPL_CCD_THROW_UNLESS(json_file, "validate: cannot write JSON file '", options.json_file,
                          "'; check that its folder exists and is writable.");
  }
  const auto emit = [&](const std::string &line) {
    out << line << '\n';
    if (json_file.is_open())
      json_file << line << '\n';
  };

  std::vector<Report> reports;
  std::vector<double> times_us;
  ProgressMeter progress(std::cerr, edges.size(), !options.quiet && ProgressMeter::stderrIsTerminal());
  for (std::size_t i = 0; i < edges.size(); ++i)
  {
    double time_us = 0.0;
    reports.push_back(checker.check(edges[i].start, edges[i].goal, mode, &time_us));
    times_us.push_back(time_us);
    emit(edgeJson(i, reports.back(), time_us).dump());
    progress.update(i + 1);
  }
  progress.finish();
  emit(summaryJson(options.validator, mode, reports, times_us).dump());
  out.flush();
  if (json_file.is_open())
  {
    json_file.close();
    OMPL_CCD_THROW_UNLESS(json_file, "validate: writing JSON file '", options.json_file,
                          "' failed; check free disk space.");
  }
  return 0;
}
}  // namespace ompl_ccd::cli
