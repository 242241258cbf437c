#include "benchmark_command.h"

#include <ompl/base/ScopedState.h>
#include <ompl/tools/benchmark/Benchmark.h>
#include <ompl/util/RandomNumbers.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <map>

#include "benchmark_config.h"
#include "seed.h"
#include "ompl_ccd/error.h"
#include "ompl_ccd/geometry/world_loader.h"
#include "ompl_ccd/ompl/path_certification.h"
#include "ompl_ccd/ompl/planner_factory.h"
#include "ompl_ccd/ompl/planning.h"
#include "ompl_ccd/ompl/simple_setup.h"
#include "ompl_ccd/ompl/state_space.h"
#include "validator_timing.h"

namespace ompl_ccd::cli
{
namespace ob = ompl::base;
namespace fs = std::filesystem;

namespace
{
/** \brief What the summary table shows of one planner in one experiment. */
struct PlannerTally
{
  /** \brief solutions: exact solution paths, re-certified; approximate: paths that end short of the
      goal (OMPL's "approximate solution"), left out of the re-check and its counts. */
  unsigned int runs = 0, solved = 0, solutions = 0, approximate = 0, certified_free = 0, colliding_paths = 0,
               colliding_edges = 0;
  std::vector<double> validator_seconds;
};

/** \brief One experiment: a problem solved with one validator. */
struct Experiment
{
  std::string problem, validator;
  std::map<std::string, PlannerTally> planners;
};

double median(std::vector<double> values)
{
  if (values.empty())
    return 0.0;
  std::sort(values.begin(), values.end());
  const std::size_t mid = values.size() / 2;
  return values.size() % 2 == 1 ? values[mid] : 0.5 * (values[mid - 1] + values[mid]);
}

/** \brief The certified re-check of the run's exact solution path (if any), into \a run and
    \a tally. An approximate solution (the planner ran out of time short of the goal: OMPL's log says
    "approximate solution" 1 and "solved" 0) is no path from start to goal: it is counted apart and
    not re-checked, so that "certified free" counts only paths a user would execute. */
void recheckSolution(const ompl::geometric::SimpleSetup &setup, const ob::SpaceInformationPtr &certify_si,
                     const CollisionWorldPtr &world, ompl::tools::Benchmark::RunProperties &run, PlannerTally &tally)
{
  const ob::ProblemDefinitionPtr &pdef = setup.getProblemDefinition();
  if (!pdef->hasSolution())
    return;
  if (pdef->hasApproximateSolution())
  {
    ++tally.approximate;
    return;
  }
  const auto *path = pdef->getSolutionPath()->as<ompl::geometric::PathGeometric>();
  CertifyOptions options;
  options.mode = Mode::Decide;
  const std::vector<EdgeReport> edges = certifyPath(*path, certify_si, world, options);
  const std::size_t colliding = countVerdicts(edges, Verdict::Collision);
  const bool free = countVerdicts(edges, Verdict::Free) == edges.size();
  double seconds = 0.0;
  for (const EdgeReport &edge : edges)
    seconds += 1e-6 * edge.time_us;
  run["certified collision free BOOLEAN"] = free ? "1" : "0";
  run["colliding edges INTEGER"] = std::to_string(colliding);
  run["undecided edges INTEGER"] = std::to_string(countVerdicts(edges, Verdict::Undecided));
  run["certify time REAL"] = numberText(seconds);
  ++tally.solutions;
  tally.certified_free += free ? 1 : 0;
  tally.colliding_paths += colliding > 0 ? 1 : 0;
  tally.colliding_edges += static_cast<unsigned int>(colliding);
}

/** \brief Runs one experiment (\a problem with \a validator, every planner) and writes its log. */
Experiment runExperiment(const BenchmarkConfig &config, const CollisionWorldPtr &world,
                         const ob::SpaceInformationPtr &certify_si, const BenchmarkProblem &problem,
                         const Eigen::VectorXd &start, const Eigen::VectorXd &goal,
                         const BenchmarkValidator &validator, const fs::path &log)
{
  const ompl::geometric::SimpleSetupPtr setup = makeSimpleSetup(world, validator.name, validator.options);
  const ob::SpaceInformationPtr &si = setup->getSpaceInformation();
  const auto timed = std::make_shared<TimedMotionValidator>(si, si->getMotionValidator());
  si->setMotionValidator(timed);
  ob::ScopedState<> start_state(si), goal_state(si);
  vectorToState(world->robot(), start, start_state.get());
  vectorToState(world->robot(), goal, goal_state.get());
  setup->setStartAndGoalStates(start_state, goal_state);

  const std::string name = config.name + "." + problem.name + "." + validator.label;
  ompl::tools::Benchmark benchmark(*setup, name);
  benchmark.addExperimentParameter("problem", "TEXT", problem.name);
  benchmark.addExperimentParameter("validator", "TEXT", validator.name);
  benchmark.addExperimentParameter("validator_label", "TEXT", validator.label);
  benchmark.addExperimentParameter("validator_options", "TEXT", validator.options_text);
  benchmark.addExperimentParameter("certified_by", "TEXT", config.certify_with);
  for (const std::string &planner : config.planners)
    benchmark.addPlanner(std::make_shared<ValidatorTimedPlanner>(makePlanner(planner, si), timed));

  Experiment experiment{problem.name, validator.label, {}};
  benchmark.setPostRunEvent([&](const ob::PlannerPtr &planner, ompl::tools::Benchmark::RunProperties &run) {
    PlannerTally &tally = experiment.planners["geometric_" + planner->getName()];
    ++tally.runs;
    tally.solved += run["solved BOOLEAN"] == "1" ? 1 : 0;
    const ValidatorUse &use = static_cast<const ValidatorTimedPlanner &>(*planner).lastSolve();
    run["validator time REAL"] = numberText(use.seconds);
    run["validator motions INTEGER"] = std::to_string(use.motions);
    tally.validator_seconds.push_back(use.seconds);
    recheckSolution(*setup, certify_si, world, run, tally);
  });
  ompl::tools::Benchmark::Request request(config.time_limit, config.memory_limit, config.runs, 0.05,
                                          /*displayProgress=*/false, /*saveConsoleOutput=*/false, config.simplify);
  benchmark.benchmark(request);
  OMPL_CCD_THROW_UNLESS(benchmark.saveResultsToFile(log.c_str()), "benchmark: cannot write the log '", log.string(),
                        "'; check that its folder is writable and has room.");
  return experiment;
}

/** \brief The Markdown table of every experiment, one row per planner. */
void printTable(const std::vector<Experiment> &experiments, const std::string &certify_with, std::ostream &out)
{
  out << "\n| problem | validator | planner | runs | solved | paths | approximate | certified free by " << certify_with
      << " | paths in collision | colliding edges | median validator time (ms) |\n"
         "|---|---|---|---|---|---|---|---|---|---|---|\n";
  char time[32];
  for (const Experiment &experiment : experiments)
    for (const auto &[planner, tally] : experiment.planners)
    {
      std::snprintf(time, sizeof time, "%.2f", 1e3 * median(tally.validator_seconds));
      out << "| " << experiment.problem << " | " << experiment.validator << " | " << planner << " | " << tally.runs
          << " | " << tally.solved << " | " << tally.solutions << " | " << tally.approximate << " | "
          << tally.certified_free << " | " << tally.colliding_paths << " | "
          << tally.colliding_edges << " | " << time << " |\n";
    }
}
}  // namespace

CLI::App *addBenchmarkCommand(CLI::App &app, BenchmarkOptions &options)
{
  CLI::App *command = app.add_subcommand(
      "benchmark", "Benchmark planners x validators with OMPL's Benchmark; writes OMPL benchmark logs (Planner Arena)");
  command->add_option("--config", options.config, "Benchmark configuration YAML")->required();
  command->add_option("--output-dir", options.output_dir, "Folder of the logs (made if missing)")->capture_default_str();
  command->add_option_function<unsigned int>(
             "--runs", [&options](unsigned int runs) { options.runs = runs; }, "Runs per planner (overrides the config)")
      ->check(CLI::Range(1u, 1000000u));
  command->add_option_function<double>(
      "--time-limit", [&options](double seconds) { options.time_limit = seconds; }, "Seconds per run");
  command->add_option_function<std::string>(
      "--seed", [&options](const std::string &seed) { options.seed = seed; }, "Seed of OMPL's random generators")
      ->type_name("UINT");
  return command;
}

int runBenchmark(const BenchmarkOptions &options, std::ostream &out)
{
  BenchmarkConfig config = loadBenchmarkConfig(options.config);
  for (const std::string &warning : config.warnings)
    std::cerr << "ompl_ccd benchmark: warning: " << warning << '\n';
  config.runs = options.runs.value_or(config.runs);
  if (options.time_limit)
  {
    OMPL_CCD_THROW_UNLESS(*options.time_limit > 0.0, "benchmark: --time-limit must be > 0 seconds (got ",
                          *options.time_limit, ").");
    config.time_limit = *options.time_limit;
  }
  if (options.seed)
    config.seed = parseSeed(*options.seed, "benchmark: --seed", "pass 0 or more, or leave it out");
  // OMPL's seed is process-wide and only takes effect before its first random generator exists.
  if (config.seed)
    ompl::RNG::setSeed(static_cast<std::uint_fast32_t>(*config.seed));
  std::error_code ec;
  fs::create_directories(options.output_dir, ec);
  OMPL_CCD_THROW_UNLESS(fs::is_directory(options.output_dir), "benchmark: cannot make the output folder '",
                        options.output_dir, "'; pass a writable --output-dir.");

  const RobotModelPtr robot = loadRobot(config.robot, config.srdf, config.robot_options);
  robot->checkCertifiable("benchmark: " + config.robot);
  const CollisionWorldPtr world = loadWorld(robot, config.scene, config.robot_options.package_paths);
  const ob::SpaceInformationPtr certify_si = makeSpaceInformation(world, config.certify_with, config.certify_options);

  std::vector<Experiment> experiments;
  std::vector<std::string> logs;
  for (const BenchmarkProblem &problem : config.problems)
  {
    const std::string where = concat("benchmark: ", config.file, ": problem '", problem.name, "'");
    const Eigen::VectorXd start = resolveState(problem.start, *robot, where + ": start");
    const Eigen::VectorXd goal = resolveState(problem.goal, *robot, where + ": goal");
    requireCollisionFree(*world, start, where, "start");
    requireCollisionFree(*world, goal, where, "goal");
    for (const BenchmarkValidator &validator : config.validators)
    {
      const fs::path log = fs::path(options.output_dir) / (config.name + "." + problem.name + "." + validator.label + ".log");
      out << "experiment " << problem.name << " / " << validator.label << ": " << config.planners.size()
          << " planner(s) x " << config.runs << " run(s) of at most " << config.time_limit << " s ..." << std::flush;
      experiments.push_back(runExperiment(config, world, certify_si, problem, start, goal, validator, log));
      logs.push_back(log.string());
      out << " log " << log.string() << '\n';
    }
  }
  printTable(experiments, config.certify_with, out);
  out << "\nDatabase for Planner Arena (Debian: ompl-demos):\n  ompl_benchmark_statistics";
  for (const std::string &log : logs)
    out << ' ' << log;
  out << " -d " << (fs::path(options.output_dir) / (config.name + ".db")).string() << '\n';
  return 0;
}
}  // namespace ompl_ccd::cli
