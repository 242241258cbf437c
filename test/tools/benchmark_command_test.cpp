/// `ompl_ccd benchmark` end to end: the bundled example's logs go through OMPL's own
/// ompl_benchmark_statistics (Debian's ompl-demos) into the SQLite database Planner Arena reads,
/// whose content is then checked with Python's sqlite3.

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>

#include "support/cli_run.h"
#include "support/test_paths.h"

namespace ompl_ccd
{
namespace
{
using ::testing::HasSubstr;
using ::testing::Not;
using nlohmann::json;

constexpr const char *kStatistics = "/usr/bin/ompl_benchmark_statistics";

/** \brief Runs \a command in the shell; its exit code. */
int shell(const std::string &command)
{
  const int status = std::system(command.c_str());
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/** \brief The rows of \a sql on the SQLite database \a db, as JSON objects (via Python's sqlite3). */
json query(const std::filesystem::path &db, const std::string &sql, const test::TestFolder &folder)
{
  const std::string script = folder.file("query.py"), out = folder.file("query.json");
  std::ofstream(script) << "import json, sqlite3, sys\n"
                           "c = sqlite3.connect(sys.argv[1])\nc.row_factory = sqlite3.Row\n"
                           "print(json.dumps([dict(r) for r in c.execute(sys.argv[2])]))\n";
  EXPECT_EQ(shell("/usr/bin/python3 " + script + " '" + db.string() + "' \"" + sql + "\" > " + out), 0) << sql;
  return json::parse(test::readText(out));
}

TEST(BenchmarkCommand, BundledExampleGivesAPlannerArenaDatabase)
{
  ASSERT_TRUE(std::filesystem::exists(kStatistics))
      << kStatistics << " is missing: install Debian's ompl-demos (scripts/install-deps does)";
  test::TestFolder folder;
  const std::filesystem::path logs = folder.path() / "logs";
  const test::CliRun run = test::runCli("benchmark --config " + test::examplePath("arm_benchmark.yaml") +
                                            " --output-dir " + logs.string() + " --runs 2 --time-limit 1",
                                        folder.path());
  ASSERT_EQ(run.code, 0) << run.out << run.err;
  EXPECT_THAT(run.out, HasSubstr("| problem | validator | planner | runs | solved | paths | approximate | certified "
                                 "free by ca |"));
  EXPECT_THAT(run.out, HasSubstr("| around_the_plate | discrete:resolution=0.05 | geometric_RRTConnect | 2 |"));

  std::vector<std::string> files;
  for (const auto &entry : std::filesystem::directory_iterator(logs))
    files.push_back(entry.path().string());
  ASSERT_EQ(files.size(), 6u) << "2 problems x 3 validators";
  std::string command = std::string(kStatistics) + " -d " + (folder.path() / "arm.db").string();
  for (const std::string &file : files)
    command += " '" + file + "'";
  ASSERT_EQ(shell(command + " > " + folder.file("statistics.txt") + " 2>&1"), 0)
      << test::readText(folder.file("statistics.txt"));
  const std::filesystem::path db = folder.path() / "arm.db";

  const json experiments =
      query(db, "SELECT name, problem, validator, validator_label, validator_options, certified_by, runcount "
                "FROM experiments ORDER BY name",
            folder);
  ASSERT_EQ(experiments.size(), 6u);
  std::set<std::string> labels;
  for (const json &experiment : experiments)
  {
    EXPECT_EQ(experiment["name"], "arm." + experiment["problem"].get<std::string>() + "." +
                                      experiment["validator_label"].get<std::string>());
    EXPECT_EQ(experiment["certified_by"], "ca");
    EXPECT_EQ(experiment["runcount"], 2);
    labels.insert(experiment["validator_label"].get<std::string>());
    if (experiment["validator_label"] == "discrete:resolution=0.05")
    {
      EXPECT_EQ(experiment["validator_options"], "resolution=0.05");
    }
  }
  EXPECT_EQ(labels, (std::set<std::string>{"ca", "discrete", "discrete:resolution=0.05"}));

  const json runs = query(db,
                          "SELECT e.validator AS validator, p.name AS planner, r.solved, r.validator_time, "
                          "r.validator_motions, r.certified_collision_free, r.colliding_edges, r.undecided_edges, "
                          "r.certify_time, r.simplified_solution_segments AS segments, r.time, "
                          "r.approximate_solution AS approximate "
                          "FROM runs r JOIN experiments e ON r.experimentid = e.id "
                          "JOIN plannerConfigs p ON r.plannerid = p.id",
                          folder);
  ASSERT_EQ(runs.size(), 24u) << "6 experiments x 2 planners x 2 runs";
  int solved = 0;
  for (const json &r : runs)
  {
    SCOPED_TRACE(r.dump());
    EXPECT_TRUE(r["planner"] == "geometric_RRTConnect" || r["planner"] == "geometric_RRT");
    // the validator's calls during solve(): some, taking part of the solve time
    EXPECT_GT(r["validator_motions"].get<double>(), 0);
    EXPECT_GE(r["validator_time"].get<double>(), 0.0);
    EXPECT_LE(r["validator_time"].get<double>(), r["time"].get<double>() + 1e-3);
    if (r["approximate"] == 1)
    {
      EXPECT_TRUE(r["certified_collision_free"].is_null()) << "an approximate path is not re-checked";
    }
    if (r["certified_collision_free"].is_null())
      continue;  // no exact solution path: nothing to re-check
    EXPECT_EQ(r["solved"], 1);
    ++solved;
    const double colliding = r["colliding_edges"], undecided = r["undecided_edges"];
    EXPECT_LE(colliding + undecided, r["segments"].get<double>());
    EXPECT_EQ(r["certified_collision_free"].get<int>() == 1, colliding == 0 && undecided == 0);
    EXPECT_GT(r["certify_time"].get<double>(), 0.0);
    // a path ca planned is ca-certified
    if (r["validator"] == "ca" && r["solved"] == 1)
    {
      EXPECT_EQ(r["certified_collision_free"], 1);
    }
  }
  EXPECT_GE(solved, 12) << "most runs should find a path within 1 s";
}

// Issue 20: a run that stopped short of the goal (RRT's approximate solution: solved 0) was
// counted as a path and, re-certified free, as "certified free by ca".
/** \brief slider.urdf in \a folder: a 10 cm box sliding along x in [-1, 1]. */
void writeSlider(const test::TestFolder &folder)
{
  std::ofstream(folder.file("slider.urdf"))
      << "<robot name='slider'><link name='base'/>"
         "<link name='block'><collision><geometry><box size='0.1 0.1 0.1'/></geometry></collision></link>"
         "<joint name='x' type='prismatic'><parent link='base'/><child link='block'/><axis xyz='1 0 0'/>"
         "<limit lower='-1' upper='1' effort='1' velocity='1'/></joint></robot>\n";
}

TEST(BenchmarkCommand, ApproximateSolutionsAreNotCountedAsCertifiedPaths)
{
  ASSERT_TRUE(std::filesystem::exists(kStatistics)) << kStatistics << " is missing: install Debian's ompl-demos";
  test::TestFolder folder;
  // a box sliding along x in [-1, 1]; a wall across x = 0 that it cannot pass or go around
  writeSlider(folder);
  std::ofstream(folder.file("wall.yaml"))
      << "obstacles:\n  - name: wall\n    box: [0.05, 10, 10]\n"
         "    pose: {position: [0, 0, 0], orientation: [0, 0, 0, 1]}\n";
  std::ofstream(folder.file("walled.yaml"))
      << "name: walled\nrobot: slider.urdf\nscene: wall.yaml\n"
         "problems:\n  - {name: across, start: [-0.5], goal: [0.5]}\n  - {name: same_side, start: [-0.5], goal: [-0.2]}\n"
         "planners: [RRT]\nvalidators: [ca]\ntime_limit: 0.2\nruns: 2\nseed: 1\n";
  const std::filesystem::path logs = folder.path() / "logs";
  const test::CliRun run =
      test::runCli("benchmark --config " + folder.file("walled.yaml") + " --output-dir " + logs.string(), folder.path());
  ASSERT_EQ(run.code, 0) << run.out << run.err;
  // runs, solved, paths, approximate, certified free, in collision, colliding edges
  EXPECT_THAT(run.out, HasSubstr("| problem | validator | planner | runs | solved | paths | approximate | certified "
                                 "free by ca | paths in collision | colliding edges |"));
  EXPECT_THAT(run.out, HasSubstr("| across | ca | geometric_RRT | 2 | 0 | 0 | 2 | 0 | 0 | 0 |"));
  EXPECT_THAT(run.out, HasSubstr("| same_side | ca | geometric_RRT | 2 | 2 | 2 | 0 | 2 | 0 | 0 |"));

  std::string command = std::string(kStatistics) + " -d " + (folder.path() / "walled.db").string();
  for (const auto &entry : std::filesystem::directory_iterator(logs))
    command += " '" + entry.path().string() + "'";
  ASSERT_EQ(shell(command + " > " + folder.file("statistics.txt") + " 2>&1"), 0)
      << test::readText(folder.file("statistics.txt"));
  const json runs = query(folder.path() / "walled.db",
                          "SELECT e.problem AS problem, r.solved, r.approximate_solution AS approximate, "
                          "r.certified_collision_free AS free FROM runs r JOIN experiments e ON r.experimentid = e.id",
                          folder);
  ASSERT_EQ(runs.size(), 4u);
  for (const json &r : runs)
  {
    SCOPED_TRACE(r.dump());
    if (r["problem"] == "across")
    {
      EXPECT_EQ(r["solved"], 0);
      EXPECT_EQ(r["approximate"], 1);
      EXPECT_TRUE(r["free"].is_null()) << "an approximate path is not re-certified";
    }
    else
    {
      EXPECT_EQ(r["solved"], 1);
      EXPECT_EQ(r["approximate"], 0);
      EXPECT_EQ(r["free"], 1);
    }
  }
}

// Issue 42, item 8: an option under validators[i] that validator does not read, or a top-level one
// that neither a listed validator nor certify_with reads, is warned about on standard error.
TEST(BenchmarkCommand, OptionsNoValidatorReadsAreWarned)
{
  test::TestFolder folder;
  writeSlider(folder);
  std::ofstream(folder.file("empty.yaml")) << "obstacles: []\n";
  std::ofstream(folder.file("options.yaml"))
      << "name: options\nrobot: slider.urdf\nscene: empty.yaml\n"
         "problems:\n  - {name: slide, start: [-0.5], goal: [0.5]}\n"
         "planners: [RRT]\nvalidators: [{validator: ca, validator_options: {resolution: 0.02, tolerance: 1e-4}}, "
         "discrete]\nvalidator_options: {max_intervals: 10, tolerance: 1e-3, resolution: 0.05}\n"
         "time_limit: 0.2\nruns: 1\nseed: 1\n";
  const test::CliRun run = test::runCli("benchmark --config " + folder.file("options.yaml") + " --output-dir " +
                                            (folder.path() / "logs").string(),
                                        folder.path());
  ASSERT_EQ(run.code, 0) << run.out << run.err;
  EXPECT_THAT(run.err, HasSubstr("ompl_ccd benchmark: warning: " + folder.file("options.yaml") +
                                 ": validators[0].validator_options: option 'resolution' has no effect: ca does not "
                                 "read it (discrete does)"));
  EXPECT_THAT(run.err, HasSubstr(": validator_options: option 'max_intervals' has no effect: ca and discrete do not "
                                 "read it (toleranced does)"));
  EXPECT_THAT(run.err, Not(HasSubstr("'tolerance' has no effect")));        // ca reads it
  EXPECT_THAT(run.err, Not(HasSubstr(folder.file("options.yaml") + ": validator_options: option 'resolution")))
      << "discrete reads the top-level one";
}

TEST(BenchmarkCommand, BadConfigurationIsRefusedWithAMessage)
{
  test::TestFolder folder;
  const std::string head = "robot: " + test::examplePath("arm/arm.urdf") + "\nscene: " +
                           test::examplePath("scene.yaml") + "\nstart: [0, 0, 0, 0, 0, 0]\ngoal: [0.5, 0, 0, 0, 0, 0]\n";
  const struct
  {
    std::string name, yaml, expected;
  } cases[] = {
      {"unknown planner", head + "planners: [Bogus]\nvalidators: [ca]\n",
       "key 'planners[0]': unknown name 'Bogus'; use one of: "},
      {"unknown validator", head + "planners: [RRT]\nvalidators: [ca, bogus]\n",
       "key 'validators[1]': unknown name 'bogus'"},
      {"same label", head + "planners: [RRT]\nvalidators: [ca, ca]\n",
       "validators[1]: label 'ca' is already used by another validator"},
      {"spaced label", head + "planners: [RRT]\nvalidators: [{validator: ca, label: my ca}]\n",
       "key 'validators[0].label' is 'my ca'; it names an experiment of OMPL's log"},
      {"no problem", "robot: a.urdf\nscene: b.yaml\nplanners: [RRT]\nvalidators: [ca]\n",
       "give either start and goal (one problem) or problems"},
      {"no runs", head + "planners: [RRT]\nvalidators: [ca]\nruns: 0\n", "key 'runs' must be at least 1 (got 0)"},
      {"bad option", head + "planners: [RRT]\nvalidators: [{validator: discrete, validator_options: {resolution: 2}}]\n",
       "validators[0].validator_options: option 'resolution' is '2'"},
      {"unknown key", head + "planners: [RRT]\nvalidators: [ca]\nplanner: RRT\n", "unknown key 'planner'"},
      {"start in collision",
       "robot: " + test::examplePath("arm/arm.urdf") + "\nscene: " + test::examplePath("scene.yaml") +
           "\nstart: [0, 1.2, 0.9, 0, 0, 0]\ngoal: [0, 0, 0, 0, 0, 0]\nplanners: [RRT]\nvalidators: [ca]\n",
       "problem 'default': the start state is in collision"},
  };
  for (const auto &c : cases)
  {
    std::ofstream(folder.file("config.yaml")) << c.yaml;
    const test::CliRun run = test::runCli("benchmark --config " + folder.file("config.yaml") + " --output-dir " +
                                              folder.file("logs"),
                                          folder.path());
    EXPECT_EQ(run.code, 2) << c.name << "\n" << run.out << run.err;
    EXPECT_THAT(run.err, HasSubstr("ompl_ccd benchmark: ")) << c.name;
    EXPECT_THAT(run.err, HasSubstr(c.expected)) << c.name;
  }
}
}  // namespace
}  // namespace ompl_ccd
