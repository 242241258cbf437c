/// End-to-end tests of the `ompl_ccd` command line: each test runs the built program and checks
/// its exit code, its stdout (JSON or report) and its stderr messages.

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <memory>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "ompl_ccd/geometry/collision_queries.h"
#include "ompl_ccd/geometry/scene_loader.h"
#include "ompl_ccd/model/robot_model.h"
#include "ompl_ccd/ompl/validator_options.h"
#include "support/cli_run.h"
#include "support/test_paths.h"

namespace ompl_ccd
{
namespace
{
using ::testing::HasSubstr;
using ::testing::Not;
using ::testing::StartsWith;
using nlohmann::json;

using test::CliRun;
using test::readText;

void writeText(const std::filesystem::path &path, const std::string &text)
{
  std::ofstream(path) << text;
}

std::vector<std::string> lines(const std::string &text)
{
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    out.push_back(line);
  return out;
}

std::string stateText(const Eigen::VectorXd &q)
{
  std::ostringstream out;
  out.precision(17);
  for (int i = 0; i < q.size(); ++i)
    out << (i == 0 ? "" : " ") << q[i];
  return out.str();
}

Eigen::VectorXd state(std::initializer_list<double> values)
{
  Eigen::VectorXd q(values.size());
  int i = 0;
  for (const double v : values)
    q[i++] = v;
  return q;
}

/** \brief A bad input: the arguments, and what stderr must contain. */
struct ErrorCase
{
  std::string name;
  std::string args;
  std::vector<std::string> expected;
};

class CliTest : public ::testing::Test
{
protected:
  void SetUp() override
  {
    const auto *info = ::testing::UnitTest::GetInstance()->current_test_info();
    dir_ = std::filesystem::temp_directory_path() /
           ("ompl_ccd_cli_test_" + std::to_string(::getpid()) + "_" + info->name());
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  /** \brief Runs the CLI with \a args; its standard output goes to \a stdout_to if given (e.g.
      /dev/full), else into CliRun::out. */
  CliRun run(const std::string &args, const std::string &stdout_to = "") const
  {
    return test::runCli(args, dir_, stdout_to);
  }

  /** \brief Runs the CLI with \a args under `script`, so that its standard error is a terminal;
      CliRun::out holds all it printed (the terminal merges stdout and stderr). */
  CliRun runInTerminal(const std::string &args) const
  {
    const std::filesystem::path out = dir_ / "terminal.txt";
    const std::string command =
        "script -qec '" + test::cliPath() + " " + args + "' /dev/null >" + out.string() + " 2>&1";
    const int status = std::system(command.c_str());
    CliRun result;
    result.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    result.out = readText(out);
    return result;
  }

  /** \brief Each case exits with code 2 and its stderr holds every expected text. */
  void expectRefused(const std::vector<ErrorCase> &cases) const
  {
    for (const ErrorCase &c : cases)
    {
      const CliRun r = run(c.args);
      EXPECT_EQ(r.code, 2) << c.name << "\n" << r.out << r.err;
      for (const std::string &text : c.expected)
        EXPECT_THAT(r.err, HasSubstr(text)) << c.name;
    }
  }

  std::string arm() const { return test::examplePath("arm/arm.urdf"); }
  std::string scene() const { return test::examplePath("scene.yaml"); }
  std::string robotAndScene() const { return "--robot " + arm() + " --scene " + scene(); }
  std::string file(const std::string &name) const { return (dir_ / name).string(); }

  /** \brief The arm in the example scene, to pick edges whose verdicts are known. */
  std::shared_ptr<const CollisionWorld> world() const
  {
    auto robot = std::make_shared<const RobotModel>(RobotModel::fromUrdfFile(arm()));
    return std::make_shared<const CollisionWorld>(robot, loadScene(scene()));
  }

  /** \brief Smallest distance to anything along the linear motion q1 → q2, sampled densely. */
  static double sampledClearance(const CollisionWorld &world, const Eigen::VectorXd &q1, const Eigen::VectorXd &q2)
  {
    CollisionWorkspace ws(world);
    double clearance = INFINITY;
    for (int i = 0; i <= 200; ++i)
      clearance = std::min(clearance, minimumDistance(world, ws, q1 + (q2 - q1) * (i / 200.0)));
    return clearance;
  }

  std::filesystem::path dir_;
};

// Arm straight up (nothing touches it there), turned, and bent down into the table.
const Eigen::VectorXd kHome = state({0, 0, 0, 0, 0, 0});
const Eigen::VectorXd kTurned = state({0.5, 0, 0, 0, 0, 0});
const Eigen::VectorXd kLeaning = state({0.5, 0.3, 0.2, 0, 0, 0});
const Eigen::VectorXd kIntoTable = state({0, 1.2, 0.9, 0, 0, 0});

TEST_F(CliTest, InfoPrintsTheArm)
{
  const CliRun r = run("info --robot " + arm());
  ASSERT_EQ(r.code, 0) << r.err;
  const json info = json::parse(r.out);
  EXPECT_EQ(info["robot"], "ccd_arm");
  EXPECT_EQ(info["nq"], 6);
  ASSERT_EQ(info["joints"].size(), 6u);
  for (int i = 0; i < 6; ++i)
  {
    const json &joint = info["joints"][i];
    EXPECT_EQ(joint["name"], "joint_" + std::to_string(i + 1));
    EXPECT_EQ(joint["type"], "revolute");
    EXPECT_EQ(joint["q_index"], i);
    EXPECT_TRUE(joint["lower"].is_number() && joint["upper"].is_number() && joint["velocity"].is_number());
    EXPECT_EQ(info["state"][i], "joint_" + std::to_string(i + 1));
  }
  EXPECT_DOUBLE_EQ(info["joints"][1]["lower"].get<double>(), -2.0);
  EXPECT_DOUBLE_EQ(info["joints"][1]["upper"].get<double>(), 2.0);
  EXPECT_DOUBLE_EQ(info["joints"][0]["velocity"].get<double>(), 3.15);
  EXPECT_TRUE(info["mimic_joints"].is_array() && info["mimic_joints"].empty());
  EXPECT_TRUE(info["named_states"].is_object());

  // tool_link and tool_tip are fixed to wrist_3_link: merged into it.
  bool found_wrist_3 = false;
  for (const json &link : info["links"])
  {
    EXPECT_TRUE(link["name"].is_string() && link["merged"].is_array() && link["geometry"].is_array());
    EXPECT_TRUE(link["parent"].is_string() || link["parent"].is_null());
    for (const json &g : link["geometry"])
    {
      EXPECT_TRUE(g["urdf_link"].is_string() && g["shape"].is_string());
      // the sphere front end's tree of it: 1–64 leaves under 1–8 children, the leaves reaching at
      // most 2 cm past the solid, and inner balls (every link of the arm is a closed mesh or a
      // primitive)
      const json &spheres = g["spheres"];
      EXPECT_GE(spheres["leaves"].get<int>(), 1) << link["name"];
      EXPECT_LE(spheres["leaves"].get<int>(), 64) << link["name"];
      EXPECT_GE(spheres["children"].get<int>(), 1) << link["name"];
      EXPECT_LE(spheres["children"].get<int>(), 8) << link["name"];
      EXPECT_GT(spheres["cover_excess"]["leaves"].get<double>(), 0.0) << link["name"];
      EXPECT_LE(spheres["cover_excess"]["leaves"].get<double>(), 0.02) << link["name"];
      EXPECT_TRUE(spheres["cover_excess"]["root"].is_number() && spheres["cover_excess"]["children"].is_number())
          << link["name"] << ": every level's excess";
      EXPECT_GE(g["spheres"]["inner"].get<int>(), 1) << link["name"];
    }
    if (link["name"] == "wrist_3_link")
    {
      found_wrist_3 = true;
      EXPECT_EQ(link["parent"], "wrist_2_link");
      EXPECT_THAT(link["merged"].get<std::vector<std::string>>(), ::testing::Contains("tool_link"));
    }
  }
  EXPECT_TRUE(found_wrist_3);
  EXPECT_EQ(info["links"][0]["name"], "base_link");
  EXPECT_TRUE(info["links"][0]["parent"].is_null());

  const auto excluded = [&](const std::string &a, const std::string &b) {
    for (const json &pair : info["excluded_pairs"])
      if ((pair["link1"] == a && pair["link2"] == b) || (pair["link1"] == b && pair["link2"] == a))
        return pair["reason"].get<std::string>();
    return std::string();
  };
  EXPECT_EQ(excluded("base_link", "shoulder_link"), "adjacent");
  EXPECT_EQ(excluded("upper_arm_link", "forearm_link"), "adjacent");
}

TEST_F(CliTest, InfoReadsTheSrdf)
{
  const CliRun r = run("info --robot " + arm() + " --srdf " + test::testDataPath("tools/arm_named.srdf"));
  ASSERT_EQ(r.code, 0) << r.err;
  const json info = json::parse(r.out);
  EXPECT_EQ(info["named_states"]["turned"], json::array({0.5, 0.1, 0.0, 0.0, 0.0, 0.0}));
  EXPECT_EQ(info["named_states"]["up"], json::array({0.0, 0.0, 0.0, 0.0, 0.0, 0.0}));
  bool never = false;
  for (const json &pair : info["excluded_pairs"])
    never = never || (pair["link1"] == "base_link" && pair["link2"] == "upper_arm_link");
  EXPECT_TRUE(never);
}

/** \brief Checks one validate edge line against the contract; returns its verdict. */
std::string checkEdgeLine(const json &line, std::size_t index)
{
  EXPECT_EQ(line["edge"], index);
  EXPECT_TRUE(line["verdict"].is_string());
  EXPECT_TRUE(line["toc_lower"].is_number() && line["toc_upper"].is_number());
  EXPECT_TRUE(line["time_us"].is_number());
  EXPECT_GE(line["time_us"].get<double>(), 0.0);
  EXPECT_TRUE(line["stats"].is_object());
  const json &witness = line["witness"];
  EXPECT_TRUE(witness.is_null() || witness.is_object());
  if (witness.is_object())
  {
    EXPECT_TRUE(witness["time"].is_number());
    EXPECT_TRUE(witness["link"].is_string() && witness["other"].is_string());
    for (const char *key : {"point_a", "point_b", "normal"})
    {
      EXPECT_TRUE(witness[key].is_array() && witness[key].size() == 3) << key;
      for (const json &x : witness[key])
        EXPECT_TRUE(x.is_number()) << key;
    }
  }
  return line["verdict"].get<std::string>();
}

TEST_F(CliTest, ValidateEdgesAnswersEveryEdge)
{
  const auto w = world();
  ASSERT_GT(sampledClearance(*w, kHome, kTurned), 0.02) << "the free edge must stay clear";
  CollisionWorkspace ws(*w);
  ASSERT_TRUE(isInCollision(*w, ws, kIntoTable)) << "the arm must hit the table";

  writeText(file("edges.txt"), "# free, into the table, starting in the table\n" + stateText(kHome) + ", " +
                                   stateText(kTurned) + "  # turn\n\n" + stateText(kHome) + " " +
                                   stateText(kIntoTable) + "\n" + stateText(kIntoTable) + " " + stateText(kHome) +
                                   "\n");
  const CliRun r = run("validate " + robotAndScene() + " --validator discrete --edges " + file("edges.txt") +
                    " --json " + file("out.jsonl"));
  ASSERT_EQ(r.code, 0) << r.err;
  const std::vector<std::string> out = lines(r.out);
  ASSERT_EQ(out.size(), 4u) << r.out;

  EXPECT_EQ(checkEdgeLine(json::parse(out[0]), 0), "free");
  const json into_table = json::parse(out[1]);
  EXPECT_EQ(checkEdgeLine(into_table, 1), "collision");
  EXPECT_TRUE(into_table["witness"].is_object());
  EXPECT_LE(into_table["toc_lower"].get<double>(), into_table["toc_upper"].get<double>());
  const json from_table = json::parse(out[2]);
  EXPECT_EQ(checkEdgeLine(from_table, 2), "collision");
  EXPECT_EQ(from_table["toc_lower"], 0.0);
  EXPECT_EQ(from_table["toc_upper"], 0.0);

  const json summary = json::parse(out[3])["summary"];
  EXPECT_EQ(summary["validator"], "discrete");
  EXPECT_EQ(summary["mode"], "decide");
  EXPECT_EQ(summary["edges"], 3);
  EXPECT_EQ(summary["free"], 1);
  EXPECT_EQ(summary["collision"], 2);
  EXPECT_EQ(summary["undecided"], 0);
  EXPECT_TRUE(summary["total_time_us"].is_number() && summary["median_time_us"].is_number());
  EXPECT_GE(summary["total_time_us"].get<double>(), summary["median_time_us"].get<double>());

  EXPECT_EQ(readText(file("out.jsonl")), r.out);
}

TEST_F(CliTest, ValidateFirstContactModeIsReported)
{
  writeText(file("edges.txt"), stateText(kHome) + " " + stateText(kIntoTable) + "\n");
  const CliRun r = run("validate " + robotAndScene() + " --validator discrete --mode first-contact --edges " +
                    file("edges.txt"));
  ASSERT_EQ(r.code, 0) << r.err;
  const std::vector<std::string> out = lines(r.out);
  ASSERT_EQ(out.size(), 2u);
  EXPECT_EQ(checkEdgeLine(json::parse(out[0]), 0), "collision");
  EXPECT_EQ(json::parse(out[1])["summary"]["mode"], "first-contact");
}

TEST_F(CliTest, ValidateIntervalGivesTheFirstContactWithItsWitness)
{
  writeText(file("edges.txt"), stateText(kHome) + " " + stateText(kTurned) + "\n" + stateText(kHome) + " " +
                                   stateText(kIntoTable) + "\n");
  const CliRun r = run("validate " + robotAndScene() + " --validator interval --mode first-contact --edges " +
                       file("edges.txt"));
  ASSERT_EQ(r.code, 0) << r.err;
  const std::vector<std::string> out = lines(r.out);
  ASSERT_EQ(out.size(), 3u) << r.out;
  EXPECT_EQ(checkEdgeLine(json::parse(out[0]), 0), "free");
  const json hit = json::parse(out[1]);
  EXPECT_EQ(checkEdgeLine(hit, 1), "collision");
  EXPECT_EQ(hit["witness"]["other"], "table");
  EXPECT_LE(hit["toc_upper"].get<double>() - hit["toc_lower"].get<double>(), 1e-3);
  EXPECT_FALSE(hit["witness"].contains("features")) << "only with --features";

  // With --features the witness names the touching features: the arm's mesh and the table's box,
  // a vertex, an edge or a face each; an interval option from the command line takes effect.
  const CliRun features = run("validate " + robotAndScene() + " --validator interval --mode first-contact --features "
                              "--option max_shape_steps=50 --edges " + file("edges.txt"));
  ASSERT_EQ(features.code, 0) << features.err;
  const json with = json::parse(lines(features.out)[1]);
  EXPECT_EQ(checkEdgeLine(with, 1), "collision");
  EXPECT_EQ(with["toc_upper"], hit["toc_upper"]);
  const json &touching = with["witness"]["features"];
  ASSERT_TRUE(touching["link"].is_object() && touching["other"].is_object()) << with.dump();
  EXPECT_THAT(touching["link"]["shape"].get<std::string>(), HasSubstr("mesh"));
  EXPECT_THAT(touching["other"]["shape"].get<std::string>(), HasSubstr("box"));
  const std::size_t on_link = touching["link"]["vertices"].size(), on_other = touching["other"]["vertices"].size();
  EXPECT_TRUE((on_link == 1 && on_other == 3) || (on_link == 3 && on_other == 1) || (on_link == 2 && on_other == 2))
      << with.dump();
  EXPECT_EQ(touching["link"]["triangle"].get<int>() >= 0, on_link == 3);
  // ompl_ccd-dask prints no features: asking for both is refused, not silently half-answered.
  const CliRun dask = run("validate " + robotAndScene() + " --validator interval --features --dask tcp://127.0.0.1:1 "
                          "--edges " + file("edges.txt"));
  EXPECT_NE(dask.code, 0);
  EXPECT_THAT(dask.err, HasSubstr("--features is not answered on a Dask cluster"));
}

TEST_F(CliTest, ValidateTolerancedTakesEitherMassDistribution)
{
  writeText(file("edges.txt"), stateText(kHome) + " " + stateText(kTurned) + "\n" + stateText(kHome) + " " +
                                   stateText(kIntoTable) + "\n");
  for (const std::string distribution : {"mesh-vertices", "obb-corners"})
  {
    const CliRun r = run("validate " + robotAndScene() + " --validator toleranced --threads 2 --mass-distribution " +
                         distribution + " --edges " + file("edges.txt"));
    ASSERT_EQ(r.code, 0) << distribution << "\n" << r.err;
    const std::vector<std::string> out = lines(r.out);
    ASSERT_EQ(out.size(), 3u) << r.out;
    EXPECT_EQ(checkEdgeLine(json::parse(out[0]), 0), "free") << distribution;
    EXPECT_EQ(checkEdgeLine(json::parse(out[1]), 1), "collision") << distribution;
  }
}

TEST_F(CliTest, ValidatePathUsesConsecutiveWaypoints)
{
  const auto w = world();
  ASSERT_GT(sampledClearance(*w, kHome, kTurned), 0.02);
  ASSERT_GT(sampledClearance(*w, kTurned, kLeaning), 0.02);
  writeText(file("path.txt"), "# ompl_ccd path: ccd_arm\n" + stateText(kHome) + "\n" + stateText(kTurned) + "\n" +
                                  stateText(kLeaning) + "\n");
  const CliRun r = run("validate " + robotAndScene() + " --validator discrete --path " + file("path.txt"));
  ASSERT_EQ(r.code, 0) << r.err;
  const std::vector<std::string> out = lines(r.out);
  ASSERT_EQ(out.size(), 3u) << r.out;
  EXPECT_EQ(checkEdgeLine(json::parse(out[0]), 0), "free");
  EXPECT_EQ(checkEdgeLine(json::parse(out[1]), 1), "free");
  EXPECT_EQ(json::parse(out[2])["summary"]["edges"], 2);
}

TEST_F(CliTest, PlanCertifiesAndItsPathValidates)
{
  const std::string config = test::examplePath("arm_plan.yaml");
  ASSERT_TRUE(std::filesystem::exists(config)) << config;
  const CliRun plan = run("plan --config " + config + " --time-limit 5 --seed 7 --path-file " + file("path.txt"));
  ASSERT_EQ(plan.code, 0) << plan.out << plan.err;
  EXPECT_THAT(plan.out, HasSubstr("status: "));
  EXPECT_THAT(plan.out, HasSubstr("waypoints: "));
  std::smatch certified;
  ASSERT_TRUE(std::regex_search(plan.out, certified, std::regex("certified by ca: ([0-9]+)/([0-9]+) edges free")));
  EXPECT_EQ(certified[1], certified[2]);

  const std::vector<std::string> path = lines(readText(file("path.txt")));
  ASSERT_GE(path.size(), 3u);
  EXPECT_EQ(std::stoul(certified[2]), path.size() - 2);  // one edge between consecutive waypoints
  EXPECT_THAT(path[0], StartsWith("# ompl_ccd path: ccd_arm, joints: joint_1 joint_2 joint_3 joint_4 joint_5 joint_6"));

  const CliRun check = run("validate " + robotAndScene() + " --validator discrete --path " + file("path.txt"));
  ASSERT_EQ(check.code, 0) << check.err;
  const json summary = json::parse(lines(check.out).back())["summary"];
  EXPECT_EQ(summary["edges"], path.size() - 2);
  EXPECT_EQ(summary["free"], summary["edges"]);
}

TEST_F(CliTest, PlanWithoutSimplifyAndOverridesStillCertifies)
{
  const std::string config = test::examplePath("arm_plan.yaml");
  ASSERT_TRUE(std::filesystem::exists(config)) << config;
  const CliRun plan = run("plan --config " + config +
                       " --time-limit 5 --seed 3 --no-simplify --validator discrete --resolution 0.005 --planner RRT");
  ASSERT_EQ(plan.code, 0) << plan.out << plan.err;
  EXPECT_THAT(plan.out, HasSubstr("planner: RRT,"));
  EXPECT_THAT(plan.out, HasSubstr("validator: discrete"));
}

TEST_F(CliTest, PlanBetweenNamedStatesWithRelativePaths)
{
  std::filesystem::copy_file(test::testDataPath("tools/arm_named.srdf"), file("arm.srdf"));
  writeText(file("plan.yaml"), "robot: " + arm() + "\nsrdf: arm.srdf\nscene: " + scene() +
                                   "\nstart: up\ngoal: turned\ntime_limit: 2\nseed: 1\nsimplify: false\n"
                                   "validator_options: {resolution: 0.005, tolerance: 0.001, clearance: 0, threads: 1}\n"
                                   "disabled_pairs: [[base_link, forearm_link]]\npackage_paths: [.]\n"
                                   "floating_root: false\npath_file: out/path.txt\n");
  std::filesystem::create_directories(file("out"));
  const CliRun r = run("plan --config " + file("plan.yaml"));
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_THAT(r.out, HasSubstr("start: [0.000000, 0.000000, 0.000000, 0.000000, 0.000000, 0.000000]"));
  EXPECT_THAT(r.out, HasSubstr("goal: [0.500000, 0.100000, 0.000000, 0.000000, 0.000000, 0.000000]"));
  EXPECT_TRUE(std::filesystem::exists(file("out/path.txt")));
}

TEST_F(CliTest, BadInputIsRefusedWithAMessage)
{
  const std::string ok = stateText(kHome) + " " + stateText(kTurned) + "\n";
  writeText(file("ok.txt"), ok);
  writeText(file("short.txt"), ok + "0 0 0 0 0 0 0 0 0 0 0\n");
  writeText(file("nan.txt"), ok + "0 0 nan 0 0 0 0 0 0 0 0 0\n");
  writeText(file("limits.txt"), "0 0 0 0 0 0 0 2.5 0 0 0 0\n");
  writeText(file("word.txt"), "0 0 0 0 0 0 0 zero 0 0 0 0\n");
  writeText(file("empty.txt"), "# nothing\n\n");
  writeText(file("one_waypoint.txt"), stateText(kHome) + "\n");
  writeText(file("path_short.txt"), stateText(kHome) + "\n0 0 0\n");
  const std::string validate = "validate " + robotAndScene() + " --validator discrete ";
  const std::string edges = validate + "--edges ";

  const std::vector<ErrorCase> cases = {
      {"missing robot", "info --robot " + file("no_robot.urdf"), {"ompl_ccd info: ", "no_robot.urdf"}},
      {"malformed urdf", "info --robot " + test::testDataPath("tools/malformed.urdf"), {"malformed.urdf"}},
      {"missing mesh", "info --robot " + test::testDataPath("tools/missing_mesh.urdf"), {"no_such_mesh.stl"}},
      // Issue 19: a folder where a mesh file belongs was "does not exist".
      {"scene mesh is a folder", "validate --robot " + arm() + " --scene " + test::testDataPath("geometry/errors/mesh_is_folder.yaml") +
           " --validator discrete --edges " + file("ok.txt"),
       {"ompl_ccd validate: ", "('crate'): `mesh` file '", "' is a folder, not a file (line 3); name the file itself."}},
      {"mimic of a continuous joint",
       "info --robot " + test::testDataPath("tools/mimic_of_wheel.urdf"),
       {"mimic_of_wheel.urdf", "joint 'armj' mimics continuous joint 'wheel' with multiplier 0.5"}},
      // Used to segfault (exit -1 here): the joint loop was walked for ever.
      {"joint loop",
       "info --robot " + test::testDataPath("tools/joint_loop.urdf"),
       {"ompl_ccd info: RobotModel::fromUrdf: ", "joint_loop.urdf: link 'a' is the child of two joints, 'j1' and "
        "'j3'; a URDF is a tree"}},
      {"joint loop in a scene urdf item",
       "validate --robot " + arm() + " --scene " + test::testDataPath("tools/loop_scene.yaml") +
           " --validator discrete --edges " + file("ok.txt"),
       {"loop_scene.yaml", "joint_loop.urdf: link 'a' is the child of two joints"}},
      // Used to exit 0 with the tool missing: urdfdom drops the <collision> and reads on.
      {"dropped collision",
       "info --robot " + test::testDataPath("tools/dropped_collision.urdf"),
       {"dropped_collision.urdf: link 'tool' <collision> 1: <box size='0.1 0.1'> on line 9 is not 3 numbers",
        "give the 3 side lengths in metres"}},
      {"dropped collision in validate",
       "validate --robot " + test::testDataPath("tools/dropped_collision.urdf") + " --scene " + scene() +
           " --validator ca --edges " + file("ok.txt"),
       {"ompl_ccd validate: ", "dropped_collision.urdf: link 'tool' <collision> 1: <box size='0.1 0.1'>"}},
      {"no moving joint",
       "validate --robot " + test::testDataPath("tools/fixed_only.urdf") + " --scene " + scene() +
           " --validator discrete --edges " + file("ok.txt"),
       {"fixed_only.urdf: robot 'fixed_only' has no moving joint (only fixed joints), so it has no motion"}},
      {"no collision geometry",
       "validate --robot " + test::testDataPath("tools/no_collision.urdf") + " --scene " + scene() +
           " --validator ca --edges " + file("ok.txt"),
       {"no_collision.urdf: robot 'no_collision' has no <collision> element in any link, so every motion would be "
        "certified free"}},
      {"MoveIt object in a moving link's frame",
       "validate --robot " + arm() + " --scene " + test::testDataPath("tools/moveit_in_link_frame.yaml") +
           " --validator ca --edges " + file("ok.txt"),
       {"ompl_ccd validate: CollisionWorld: obstacle 'held_box' is given in frame 'forearm_link' (MoveIt "
        "header.frame_id), a link of robot 'ccd_arm' that is not its root 'base_link'"}},
      {"bad scene key",
       "validate --robot " + arm() + " --scene " + test::testDataPath("tools/bad_key_scene.yaml") +
           " --validator discrete --edges " + file("ok.txt"),
       {"bad_key_scene.yaml", "colour"}},
      {"wrong dimension",
       edges + file("short.txt"),
       {"ompl_ccd validate: ", "short.txt line 2: expected 12 numbers (2 × 6 joints), got 11"}},
      {"nan", edges + file("nan.txt"), {"nan.txt line 2 (start)", "joint_3"}},
      {"out of limits", edges + file("limits.txt"), {"limits.txt line 1 (goal)", "joint_2"}},
      {"not a number", edges + file("word.txt"), {"word.txt line 1: 'zero' is not a number"}},
      {"no edge", edges + file("empty.txt"), {"empty.txt holds no edge"}},
      {"missing edge file", edges + file("absent.txt"), {"edge file '", "absent.txt' does not exist"}},
      {"edge file is a folder", edges + test::testDataPath("tools"), {"edge file '", "is a folder, not a file"}},
      {"robot is a folder",
       "validate --robot " + test::testDataPath("tools") + " --scene " + scene() + " --validator ca --edges " +
           file("ok.txt"),
       {"URDF file '", "is a folder, not a file"}},
      {"scene is a folder",
       "validate --robot " + arm() + " --scene " + test::testDataPath("tools") + " --validator ca --edges " +
           file("ok.txt"),
       {"scene file '", "is a folder, not a file"}},
      {"plan config is a folder", "plan --config " + test::testDataPath("tools"),
       {"ompl_ccd plan: ", "config file '", "is a folder, not a file"}},
      {"one waypoint", validate + "--path " + file("one_waypoint.txt"), {"one_waypoint.txt holds 1 waypoint(s)"}},
      {"path line size", validate + "--path " + file("path_short.txt"),
       {"path_short.txt line 2: expected 6 numbers (one waypoint of 6 joints), got 3"}},
      {"no motions", validate, {"no motions given; pass --edges EDGES.txt or --path PATH.txt"}},
      {"unknown validator",
       "validate " + robotAndScene() + " --validator bogus --edges " + file("ok.txt"),
       {"bogus", "discrete"}},
      {"unknown option", validate + "--frobnicate 3", {"ompl_ccd validate: ", "--frobnicate"}},
      {"bad mode", validate + "--mode sometimes --edges " + file("ok.txt"), {"ompl_ccd validate: ", "sometimes"}},
      {"bad mass distribution",
       validate + "--mass-distribution heavy --edges " + file("ok.txt"),
       {"ompl_ccd validate: option 'mass_distribution' is 'heavy'; allowed: one of mesh-vertices, obb-corners"}},
      // the cluster's workers answer the edges: threads, reports and profiles are not for it
      {"dask with jobs", edges + file("ok.txt") + " --dask tcp://127.0.0.1:1 --jobs 2",
       {"ompl_ccd validate: ", "excludes", "--dask", "--jobs"}},
      {"dask with a report", edges + file("ok.txt") + " --dask tcp://127.0.0.1:1 --report " + file("r.png"),
       {"ompl_ccd validate: ", "excludes", "--dask", "--report"}},
      {"dask with a clearance profile", edges + file("ok.txt") + " --dask tcp://127.0.0.1:1 --clearance-profile",
       {"ompl_ccd validate: ", "excludes", "--dask", "--clearance-profile"}},
      {"no command", "", {"ompl_ccd: "}},
  };
  expectRefused(cases);
}

TEST_F(CliTest, JsonFileThatCannotBeWrittenIsRefused)
{
  writeText(file("edges.txt"), stateText(kHome) + " " + stateText(kTurned) + "\n");
  const CliRun r = run("validate " + robotAndScene() + " --validator discrete --edges " + file("edges.txt") +
                    " --json " + file("no/dir/out.jsonl"));
  EXPECT_EQ(r.code, 2);
  EXPECT_THAT(r.err, HasSubstr("ompl_ccd validate: cannot write --json '" + file("no/dir/out.jsonl") +
                               "': folder '" + file("no/dir") + "' does not exist; create it or name another file."));
}

TEST_F(CliTest, PlanWithDiscreteIsCertifiedByCaOrSaysItIsOnlySampled)
{
  // sampling guarantees nothing: a path planned with discrete is certified by ca unless the user
  // asks for sampling, which the report then names as such
  const std::string plan = "plan --config " + test::examplePath("arm_plan.yaml") + " --time-limit 5 --seed 3 "
                           "--validator discrete";
  const CliRun certified = run(plan);
  EXPECT_THAT(certified.out, testing::ContainsRegex("certified by ca: [0-9]+/[0-9]+ edges free"));
  const CliRun sampled = run(plan + " --certify-with discrete");
  EXPECT_THAT(sampled.out, testing::ContainsRegex("checked by sampling \\(discrete, no guarantee\\): [0-9]+/[0-9]+ "
                                                  "edges valid"));
  EXPECT_THAT(sampled.out, testing::Not(HasSubstr("certified by")));
  const CliRun unknown = run(plan + " --certify-with bogus");
  EXPECT_EQ(unknown.code, 2);
  EXPECT_THAT(unknown.err, HasSubstr("bogus"));
}

TEST_F(CliTest, ValidateShowsProgressOnATerminalOnly)
{
  // 20,000 edges sampled at resolution 2e-4 (~200 states each) take seconds even on two idle
  // cores, long enough for the meter to draw (at 0.01 they took < 0.2 s on an idle machine);
  // `script` gives the run a terminal (its output, stdout and stderr merged, lands in CliRun::out)
  std::string many;
  for (int i = 0; i < 20000; ++i)
    many += stateText(kHome) + " " + stateText(kTurned) + "\n";
  writeText(file("many.txt"), many);
  const std::string validate =
      "validate " + robotAndScene() + " --validator discrete --resolution 2e-4 --edges " + file("many.txt");
  const CliRun plain = run(validate);
  EXPECT_EQ(plain.code, 0);
  EXPECT_EQ(plain.err, "") << "no progress when standard error is not a terminal";
  // on two threads (the meter is drawn by the thread that prints the lines), with the time left
  // while edges remain, the lines in a JSON file free of it
  const CliRun terminal = runInTerminal(validate + " --jobs 2 --json " + file("many.jsonl"));
  EXPECT_EQ(terminal.code, 0) << terminal.out;
  EXPECT_THAT(terminal.out, testing::ContainsRegex("\r[0-9]+/20000 edges, [0-9]+ edges/s, [0-9]+ s left"));
  EXPECT_THAT(terminal.out, HasSubstr("20000/20000 edges"));
  const std::vector<std::string> written = lines(readText(file("many.jsonl")));
  ASSERT_EQ(written.size(), 20001u);
  for (std::size_t i = 0; i + 1 < written.size(); i += 997)
    EXPECT_THAT(written[i], StartsWith("{\"edge\":" + std::to_string(i) + ","));
  EXPECT_THAT(written.back(), StartsWith("{\"summary\""));
  const CliRun quiet = runInTerminal(validate + " --quiet");
  EXPECT_THAT(quiet.out, testing::Not(HasSubstr("edges/s")));
  EXPECT_THAT(quiet.out, HasSubstr("\"summary\""));
}

TEST_F(CliTest, JobsGiveTheLinesOfOneThreadInEdgeOrder)
{
  // edges with known verdicts, many times over: the threads finish them out of order
  std::string edges;
  for (int i = 0; i < 40; ++i)
    for (const Eigen::VectorXd &goal : {kTurned, kIntoTable, kLeaning})
      edges += stateText(kHome) + " " + stateText(goal) + "\n";
  writeText(file("edges.txt"), edges);
  const std::string validate = "validate " + robotAndScene() + " --validator ca --mode first-contact --edges " +
                               file("edges.txt");
  const CliRun one = run(validate + " --jobs 1"), two = run(validate + " --jobs 2"), all = run(validate);
  for (const CliRun *r : {&one, &two, &all})
    ASSERT_EQ(r->code, 0) << r->err;
  const std::vector<std::string> a = lines(one.out), b = lines(two.out), c = lines(all.out);
  ASSERT_EQ(a.size(), 121u);
  ASSERT_EQ(b.size(), a.size());
  ASSERT_EQ(c.size(), a.size());
  double summed = 0.0;
  for (std::size_t i = 0; i + 1 < a.size(); ++i)
  {
    json x = json::parse(a[i]), y = json::parse(b[i]), z = json::parse(c[i]);
    EXPECT_EQ(checkEdgeLine(y, i), i % 3 == 1 ? "collision" : x["verdict"].get<std::string>());
    summed += y["time_us"].get<double>();
    for (json *line : {&x, &y, &z})
      line->erase("time_us");
    EXPECT_EQ(x, y) << "edge " << i;
    EXPECT_EQ(x, z) << "edge " << i;
  }
  // the summary's times are the edges' own, whatever the threads
  const json summary = json::parse(b.back())["summary"];
  EXPECT_EQ(summary["edges"], 120);
  EXPECT_NEAR(summary["total_time_us"].get<double>(), summed, 1e-6 * summed);
  // the words of Python's Validator.check(..., jobs=) too: one check, edgeJobs
  for (const std::string jobs : {"0", "-1", "257", "two"})
  {
    const CliRun refused = run(validate + " --jobs " + jobs);
    EXPECT_EQ(refused.code, 2) << jobs;
    EXPECT_THAT(refused.err, HasSubstr("ompl_ccd validate: --jobs is " + jobs +
                                       "; give an integer in [1, 256] (threads answering edges)."));
  }
}

TEST_F(CliTest, JsonFileThatIsAnInputIsRefusedAndTheInputKept)
{
  const std::string edge = stateText(kHome) + " " + stateText(kTurned) + "\n";
  writeText(file("edges.txt"), edge);
  const CliRun r = run("validate " + robotAndScene() + " --validator discrete --edges " + file("edges.txt") +
                    " --json " + file("edges.txt"));
  EXPECT_EQ(r.code, 2);
  EXPECT_THAT(r.err, HasSubstr("--json '" + file("edges.txt") + "' is the input file"));
  EXPECT_EQ(readText(file("edges.txt")), edge);
}

// Issue 19: plan overwrote its own config (or the URDF, the SRDF, the scene) with the path, after
// planning; outputs are now checked before any work, by canonical path (symlinks, . and ..).
TEST_F(CliTest, PlanOutputThatIsAnInputIsRefusedBeforePlanningAndTheInputKept)
{
  std::filesystem::copy_file(arm(), file("arm.urdf"));
  std::filesystem::copy_file(test::testDataPath("tools/arm_named.srdf"), file("arm.srdf"));
  std::filesystem::copy_file(scene(), file("scene.yaml"));
  std::filesystem::create_directories(file("sub"));
  std::filesystem::create_symlink(file("arm.urdf"), file("link_to_arm.urdf"));
  std::filesystem::create_symlink(file("scene.yaml"), file("scene.yaml.svg"));
  const std::string plan_text = "robot: arm.urdf\nsrdf: arm.srdf\nscene: scene.yaml\n"
                                "start: [0, 0, 0, 0, 0, 0]\ngoal: [0.5, 0, 0, 0, 0, 0]\ntime_limit: 2\nseed: 1\n";
  writeText(file("plan.yaml"), plan_text);
  writeText(file("self.yaml"), plan_text + "path_file: self.yaml\n");
  const std::string plan = "plan --config " + file("plan.yaml");
  const std::vector<std::string> inputs = {"plan.yaml", "arm.urdf", "arm.srdf", "scene.yaml"};
  std::vector<std::string> before;
  for (const std::string &input : inputs)
    before.push_back(readText(file(input)));

  const std::vector<ErrorCase> cases = {
      {"--path-file is the config", plan + " --path-file " + file("plan.yaml"),
       {"ompl_ccd plan: --path-file '" + file("plan.yaml") + "' is the input file '" + file("plan.yaml") +
        "': writing it would destroy it; name another file."}},
      {"path_file is the config", "plan --config " + file("self.yaml"),
       {"ompl_ccd plan: path_file '", "self.yaml' is the input file '" + file("self.yaml") + "'"}},
      {"--path-file is the URDF, by . and ..", plan + " --path-file " + file("sub/../././arm.urdf"),
       {"--path-file '" + file("sub/../././arm.urdf") + "' is the input file '", "arm.urdf'"}},
      {"--path-file is the URDF, by a symlink", plan + " --path-file " + file("link_to_arm.urdf"),
       {"--path-file '" + file("link_to_arm.urdf") + "' is the input file '", "arm.urdf'"}},
      {"--path-file is the SRDF", plan + " --path-file " + file("arm.srdf"), {"is the input file '", "arm.srdf'"}},
      {"--path-file is the scene", plan + " --path-file " + file("scene.yaml"),
       {"is the input file '", "scene.yaml'"}},
      {"--report is the scene, by a symlink", plan + " --report " + file("scene.yaml.svg"),
       {"--report '" + file("scene.yaml.svg") + "' is the input file '", "scene.yaml'"}},
      {"--report is --path-file", plan + " --path-file " + file("out.svg") + " --report " + file("sub/../out.svg"),
       {"ompl_ccd plan: --report '" + file("sub/../out.svg") + "' is the file of --path-file '" + file("out.svg") +
        "': one would overwrite the other; name two files."}},
  };
  for (const ErrorCase &c : cases)
  {
    const CliRun r = run(c.args);
    EXPECT_EQ(r.code, 2) << c.name << "\n" << r.out << r.err;
    EXPECT_EQ(r.out, "") << c.name << ": refused before loading or planning";
    for (const std::string &text : c.expected)
      EXPECT_THAT(r.err, HasSubstr(text)) << c.name;
  }
  for (std::size_t i = 0; i < inputs.size(); ++i)
    EXPECT_EQ(readText(file(inputs[i])), before[i]) << inputs[i] << " was changed";
  EXPECT_EQ(readText(file("self.yaml")), plan_text + "path_file: self.yaml\n");
  EXPECT_FALSE(std::filesystem::exists(file("out.svg")));
}

TEST_F(CliTest, ValidateReportThatIsTheJsonFileOrAnInputIsRefused)
{
  // copies: a failing check must not overwrite the bundled example
  std::filesystem::copy_file(arm(), file("arm.urdf"));
  std::filesystem::copy_file(scene(), file("scene.yaml"));
  std::filesystem::create_directories(file("sub"));
  const std::string edge = stateText(kHome) + " " + stateText(kTurned) + "\n";
  writeText(file("edges.txt"), edge);
  const std::string validate = "validate --robot " + file("arm.urdf") + " --scene " + file("scene.yaml") +
                               " --validator discrete --edges " + file("edges.txt");
  const std::vector<ErrorCase> cases = {
      {"--report is --json", validate + " --json " + file("out.svg") + " --report " + file("out.svg"),
       {"ompl_ccd validate: --report '" + file("out.svg") + "' is the file of --json '" + file("out.svg") +
        "': one would overwrite the other; name two files."}},
      {"--json is the URDF", validate + " --json " + file("arm.urdf"),
       {"--json '" + file("arm.urdf") + "' is the input file '" + file("arm.urdf") + "'"}},
      {"--json is the scene by ..", validate + " --json " + file("sub/../scene.yaml"),
       {"is the input file '" + file("scene.yaml") + "'"}},
  };
  expectRefused(cases);
  {
    // relative paths, from the folder the program runs in: "out.svg" and "./out.svg" are one file
    struct WorkingFolder
    {
      std::filesystem::path before = std::filesystem::current_path();
      ~WorkingFolder() { std::filesystem::current_path(before); }
    } restore;
    std::filesystem::current_path(dir_);
    const CliRun r = run(validate + " --json out.svg --report ./out.svg");
    EXPECT_EQ(r.code, 2) << r.out << r.err;
    EXPECT_THAT(r.err, HasSubstr("ompl_ccd validate: --report './out.svg' is the file of --json 'out.svg'"));
  }
  EXPECT_EQ(readText(file("edges.txt")), edge);
  EXPECT_EQ(readText(file("arm.urdf")), readText(arm()));
  EXPECT_EQ(readText(file("scene.yaml")), readText(scene()));
  EXPECT_FALSE(std::filesystem::exists(file("out.svg")));
}

// Issue 19: a folder named as an output was "cannot write JSON file" after the work (--json), or
// refused only after planning (--path-file).
TEST_F(CliTest, OutputThatIsAFolderIsRefusedAsAFolderBeforeAnyWork)
{
  writeText(file("edges.txt"), stateText(kHome) + " " + stateText(kTurned) + "\n");
  std::filesystem::create_directories(file("out.svg"));
  writeText(file("plan.yaml"), "robot: " + arm() + "\nscene: " + scene() +
                                   "\nstart: [0, 0, 0, 0, 0, 0]\ngoal: [0.5, 0, 0, 0, 0, 0]\ntime_limit: 2\nseed: 1\n");
  const std::string validate = "validate " + robotAndScene() + " --validator discrete --edges " + file("edges.txt");
  const std::string plan = "plan --config " + file("plan.yaml");
  const std::vector<ErrorCase> cases = {
      {"--json folder", validate + " --json " + dir_.string(),
       {"ompl_ccd validate: --json '" + dir_.string() + "' is a folder, not a file; name a file (in that folder or "
        "elsewhere)."}},
      {"--report folder", validate + " --report " + file("out.svg"),
       {"ompl_ccd validate: --report '" + file("out.svg") + "' is a folder, not a file"}},
      {"--path-file folder", plan + " --path-file " + dir_.string(),
       {"ompl_ccd plan: --path-file '" + dir_.string() + "' is a folder, not a file"}},
      {"plan --report folder", plan + " --report " + file("out.svg"),
       {"ompl_ccd plan: --report '" + file("out.svg") + "' is a folder, not a file"}},
  };
  for (const ErrorCase &c : cases)
  {
    const CliRun r = run(c.args);
    EXPECT_EQ(r.code, 2) << c.name << "\n" << r.out << r.err;
    EXPECT_EQ(r.out, "") << c.name << ": refused before any answer or any planning";
    for (const std::string &text : c.expected)
      EXPECT_THAT(r.err, HasSubstr(text)) << c.name;
  }
}

TEST_F(CliTest, StandardOutputThatCannotBeWrittenFails)
{
  // every result lost on a full disk: not a success
  writeText(file("edges.txt"), stateText(kHome) + " " + stateText(kTurned) + "\n");
  const CliRun r = run("validate " + robotAndScene() + " --validator ca --edges " + file("edges.txt"), "/dev/full");
  EXPECT_EQ(r.code, 3);
  EXPECT_THAT(r.err, HasSubstr("ompl_ccd validate: writing to standard output failed"));
  EXPECT_THAT(r.err, HasSubstr("or use --json FILE."));
  // Issue 19: info, plan and options offered --json, which they do not have.
  const CliRun info = run("info --robot " + arm(), "/dev/full");
  EXPECT_EQ(info.code, 3);
  EXPECT_THAT(info.err, HasSubstr("ompl_ccd info: writing to standard output failed"));
  EXPECT_THAT(info.err, HasSubstr("redirect standard output where there is room."));
  const CliRun options = run("options", "/dev/full");
  EXPECT_EQ(options.code, 3);
  EXPECT_THAT(options.err, HasSubstr("ompl_ccd options: writing to standard output failed"));
  writeText(file("plan.yaml"), "robot: " + arm() + "\nscene: " + scene() +
                                   "\nstart: [0, 0, 0, 0, 0, 0]\ngoal: [0.5, 0, 0, 0, 0, 0]\ntime_limit: 2\nseed: 1\n");
  const CliRun plan = run("plan --config " + file("plan.yaml"), "/dev/full");
  EXPECT_EQ(plan.code, 3);
  EXPECT_THAT(plan.err, HasSubstr("(--path-file FILE keeps the path itself)."));
  for (const CliRun *other : {&info, &options, &plan})
    EXPECT_THAT(other->err, Not(HasSubstr("--json")));
  const CliRun ok = run("validate " + robotAndScene() + " --validator ca --edges " + file("edges.txt"));
  EXPECT_EQ(ok.code, 0) << ok.err;
}

TEST_F(CliTest, BadPlanConfigIsRefusedWithAMessage)
{
  const std::string head = "robot: " + arm() + "\nscene: " + scene() + "\n";
  const std::string states = "start: [0, 0, 0, 0, 0, 0]\ngoal: [0.5, 0, 0, 0, 0, 0]\n";
  writeText(file("unknown_key.yaml"), head + states + "colour: red\n");
  writeText(file("unknown_sub_key.yaml"), head + states + "validator_options: {resolution: 0.01, speed: 2}\n");
  writeText(file("missing.yaml"), head + "start: [0, 0, 0, 0, 0, 0]\n");
  writeText(file("type.yaml"), head + states + "time_limit: soon\n");
  writeText(file("malformed.yaml"), head + states + "planner: [RRT\n");
  writeText(file("repeated.yaml"), head + states + "planner: RRT\nseed: 1\nplanner: PRM\n");
  writeText(file("not_map.yaml"), "- robot\n");
  writeText(file("named.yaml"), head + "start: nowhere\ngoal: [0, 0, 0, 0, 0, 0]\n");
  writeText(file("start_map.yaml"), head + "start: {a: 1}\ngoal: [0, 0, 0, 0, 0, 0]\n");
  writeText(file("short_start.yaml"), head + "start: [0, 0, 0]\ngoal: [0, 0, 0, 0, 0, 0]\n");
  writeText(file("pairs.yaml"), head + states + "disabled_pairs: [[base_link]]\n");
  writeText(file("pairs_map.yaml"), head + states + "disabled_pairs: {a: b}\n");
  writeText(file("package_paths.yaml"), head + states + "package_paths: here\n");
  writeText(file("package_entry.yaml"), head + states + "package_paths: [[a]]\n");
  writeText(file("options.yaml"), head + states + "validator_options: 3\n");
  writeText(file("planner.yaml"), head + states + "time_limit: 1\n");
  writeText(file("distribution.yaml"), head + states + "validator_options: {mass_distribution: heavy}\n");
  writeText(file("loop.yaml"), "robot: " + test::testDataPath("tools/joint_loop.urdf") + "\nscene: " + scene() +
                                   "\nstart: [0, 0, 0]\ngoal: [0.5, 0, 0]\n");

  const std::vector<ErrorCase> cases = {
      {"unknown key",
       "plan --config " + file("unknown_key.yaml"),
       {"ompl_ccd plan: ", "unknown_key.yaml: unknown key 'colour'; allowed keys are: robot, srdf, scene"}},
      {"unknown sub-key",
       "plan --config " + file("unknown_sub_key.yaml"),
       {"unknown_sub_key.yaml: validator_options: unknown option 'speed'; the options are resolution, tolerance, "
        "clearance, threads, mass_distribution, "}},
      {"missing key", "plan --config " + file("missing.yaml"), {"missing.yaml: missing required key 'goal'"}},
      {"wrong type", "plan --config " + file("type.yaml"), {"key 'time_limit' must be a number of seconds (got 'soon')"}},
      {"malformed yaml", "plan --config " + file("malformed.yaml"),
       {"ompl_ccd plan: cannot parse '", "malformed.yaml' at line 6, column 1 ("}},
      // yaml-cpp keeps both and gives the first: PRM was silently ignored.
      {"repeated key", "plan --config " + file("repeated.yaml"),
       {"repeated.yaml: key 'planner' is given twice in one map (lines 5 and 7); keep one of them."}},
      {"not a map", "plan --config " + file("not_map.yaml"), {"expected a map of keys at the top level"}},
      {"missing config", "plan --config " + file("absent.yaml"), {"config file", "absent.yaml' does not exist"}},
      {"unknown named state", "plan --config " + file("named.yaml"), {"named.yaml: start: 'nowhere' is not a named state of the SRDF (known: none)"}},
      {"start not a list", "plan --config " + file("start_map.yaml"), {"key 'start' must be a list of joint values"}},
      {"start size", "plan --config " + file("short_start.yaml"), {"short_start.yaml: start"}},
      {"pair size", "plan --config " + file("pairs.yaml"), {"key 'disabled_pairs[0]' must name two links (got 1)"}},
      {"pairs not a list", "plan --config " + file("pairs_map.yaml"), {"key 'disabled_pairs' must be a list"}},
      {"package_paths not a list", "plan --config " + file("package_paths.yaml"), {"key 'package_paths' must be a list"}},
      {"package path not a string", "plan --config " + file("package_entry.yaml"),
       {"key 'package_paths[0]' must be a string (got a list)"}},
      {"options not a map", "plan --config " + file("options.yaml"), {"options.yaml: validator_options must be a map of option: value (got '3')"}},
      {"unknown mass distribution",
       "plan --config " + file("distribution.yaml"),
       {"distribution.yaml: validator_options: option 'mass_distribution' is 'heavy'; allowed: one of mesh-vertices, "
        "obb-corners"}},
      {"joint loop", "plan --config " + file("loop.yaml"),
       {"ompl_ccd plan: ", "joint_loop.urdf: link 'a' is the child of two joints, 'j1' and 'j3'"}},
      {"unknown planner", "plan --config " + file("planner.yaml") + " --planner Bogus", {"Bogus", "RRTConnect"}},
      {"unknown validator", "plan --config " + file("planner.yaml") + " --validator bogus", {"bogus", "discrete"}},
      {"unknown option", "plan --config " + file("planner.yaml") + " --speed 3", {"ompl_ccd plan: ", "--speed"}},
  };
  expectRefused(cases);
}

TEST_F(CliTest, PathFileThatCannotBeWrittenIsRefused)
{
  writeText(file("plan.yaml"), "robot: " + arm() + "\nscene: " + scene() +
                                   "\nstart: [0, 0, 0, 0, 0, 0]\ngoal: [0.5, 0, 0, 0, 0, 0]\ntime_limit: 2\nseed: 1\n"
                                   "path_file: no/dir/path.txt\n");
  const CliRun r = run("plan --config " + file("plan.yaml"));
  EXPECT_EQ(r.code, 2) << r.out << r.err;
  EXPECT_THAT(r.err, HasSubstr("ompl_ccd plan: cannot write path_file '" + file("no/dir/path.txt") + "': folder '" +
                               file("no/dir") + "' does not exist"));
}

/** \brief The "segments" count of the discrete validator on the first edge of run \a r. */
int discreteSegments(const CliRun &r)
{
  EXPECT_EQ(r.code, 0) << r.err;
  const std::vector<std::string> out = lines(r.out);
  return out.empty() ? -1 : json::parse(out[0])["stats"]["segments"].get<int>();
}

TEST_F(CliTest, OptionFlagAndNamedFlagSetTheSameOption)
{
  writeText(file("edges.txt"), stateText(kHome) + " " + stateText(kTurned) + "\n");
  const std::string validate = "validate " + robotAndScene() + " --validator discrete --edges " + file("edges.txt");
  const int by_default = discreteSegments(run(validate));
  const int named = discreteSegments(run(validate + " --resolution 0.5"));
  const int generic = discreteSegments(run(validate + " --option resolution=0.5"));
  EXPECT_LT(named, by_default);
  EXPECT_EQ(generic, named);
  // --option comes after the named flags.
  EXPECT_EQ(discreteSegments(run(validate + " --option resolution=0.5 --resolution 0.01")), named);
}

TEST_F(CliTest, CertifierOptionsAreReadFromTheCommandLineAndTheYaml)
{
  writeText(file("edges.txt"), stateText(kHome) + " " + stateText(kTurned) + "\n" + stateText(kHome) + " " +
                                   stateText(kIntoTable) + "\n");
  const CliRun r = run("validate " + robotAndScene() + " --validator ca --option early_probes=0 --option "
                       "temporal_culling=false --option certificate_max_dims=0 --option contact_distance=1e-5 --edges " + file("edges.txt"));
  ASSERT_EQ(r.code, 0) << r.err;
  const std::vector<std::string> out = lines(r.out);
  ASSERT_EQ(out.size(), 3u) << r.out;
  EXPECT_EQ(checkEdgeLine(json::parse(out[0]), 0), "free");
  EXPECT_EQ(checkEdgeLine(json::parse(out[1]), 1), "collision");

  writeText(file("plan.yaml"), "robot: " + arm() + "\nscene: " + scene() +
                                   "\nstart: [0, 0, 0, 0, 0, 0]\ngoal: [0.5, 0, 0, 0, 0, 0]\ntime_limit: 2\nseed: 1\n"
                                   "validator: ca\nvalidator_options: {tolerance: 1e-4, collision_probes: 0, "
                                   "taylor_models: true}\n");
  const CliRun plan = run("plan --config " + file("plan.yaml") + " --option swept_box_samples=4");
  EXPECT_EQ(plan.code, 0) << plan.out << plan.err;
  EXPECT_THAT(plan.out, HasSubstr("validator: ca"));
}

/// Two `validate` runs at once write the joint-space certificates and hulls of the arm to the
/// folder of --option certificate_cache, a third reads them: whole files, the same verdicts, no warning;
/// with certificate_cache=off nothing is written.
TEST_F(CliTest, ValidateRunsShareTheirCertificateCache)
{
  writeText(file("edges.txt"), stateText(kHome) + " " + stateText(kTurned) + "\n" + stateText(kHome) + " " +
                                   stateText(kIntoTable) + "\n" + stateText(kLeaning) + " " + stateText(kIntoTable) +
                                   "\n");
  const std::string cache = file("certificates");
  const std::string ca = " --validator ca --option certificate_max_cells=1024 --edges " + file("edges.txt");
  const std::string validate = test::cliPath() + " validate " + robotAndScene() + ca + " --option certificate_cache=" + cache;
  const std::string both = "(" + validate + " >" + file("a.jsonl") + " 2>" + file("a.err") + " & " + validate + " >" +
                           file("b.jsonl") + " 2>" + file("b.err") + " & wait)";
  ASSERT_EQ(std::system(both.c_str()), 0);
  const CliRun warm = run("validate " + robotAndScene() + ca + " --option certificate_cache=" + cache);
  ASSERT_EQ(warm.code, 0) << warm.err;
  EXPECT_EQ(warm.err, "");
  EXPECT_EQ(readText(file("a.err")) + readText(file("b.err")), "");
  const auto verdicts = [](const std::string &jsonl) {
    std::vector<std::string> out;
    for (const std::string &line : lines(jsonl))
      if (json::parse(line).contains("edge"))
        out.push_back(json::parse(line)["verdict"].get<std::string>() + " " +
                      json::parse(line)["toc_lower"].dump() + " " + json::parse(line)["toc_upper"].dump());
    return out;
  };
  EXPECT_EQ(verdicts(warm.out).size(), 3u);
  EXPECT_EQ(verdicts(readText(file("a.jsonl"))), verdicts(warm.out));
  EXPECT_EQ(verdicts(readText(file("b.jsonl"))), verdicts(warm.out));
  std::set<std::string> names;
  for (const auto &entry : std::filesystem::directory_iterator(cache))
    names.insert(std::regex_replace(entry.path().filename().string(), std::regex("[0-9a-f]{32}"), "KEY"));
  // one file of certificates, one of hulls, no temporary one left
  EXPECT_EQ(names, (std::set<std::string>{"ccd_arm-KEY.certificates", "ccd_arm-KEY.hulls"}));

  const CliRun off = run("validate " + robotAndScene() + ca + " --option certificate_cache=off");
  EXPECT_EQ(off.code, 0) << off.err;
  EXPECT_EQ(verdicts(off.out), verdicts(warm.out));
}

TEST_F(CliTest, IntervalOptionsAreReadFromTheCommandLineAndTheYaml)
{
  writeText(file("edges.txt"), stateText(kHome) + " " + stateText(kTurned) + "\n" + stateText(kHome) + " " +
                                   stateText(kIntoTable) + "\n");
  const CliRun r = run("validate " + robotAndScene() + " --validator interval --mode first-contact --option "
                       "time_pieces=3 --option max_splits=0 --edges " + file("edges.txt"));
  ASSERT_EQ(r.code, 0) << r.err;
  const std::vector<std::string> out = lines(r.out);
  ASSERT_EQ(out.size(), 3u) << r.out;
  const json turn = json::parse(out[0]), hit = json::parse(out[1]);
  EXPECT_EQ(checkEdgeLine(turn, 0), "free");
  EXPECT_EQ(checkEdgeLine(hit, 1), "collision");
  // Only the pieces of the front end's live runs are boxed: at most the 3 asked for, and the
  // contact's at least.
  EXPECT_LE(turn["stats"]["pieces"].get<double>(), 3.0);
  EXPECT_GE(hit["stats"]["pieces"].get<double>(), 1.0);
  EXPECT_LE(hit["stats"]["pieces"].get<double>(), 3.0);

  const std::string head = "robot: " + arm() + "\nscene: " + scene() +
                           "\nstart: [0, 0, 0, 0, 0, 0]\ngoal: [0.5, 0, 0, 0, 0, 0]\ntime_limit: 2\nseed: 1\n";
  writeText(file("plan.yaml"), head + "validator: interval\nvalidator_options: {time_pieces: 8, "
                                      "swept_sphere_culling: true}\n");
  const CliRun plan = run("plan --config " + file("plan.yaml") + " --option solver_max_depth=40");
  EXPECT_EQ(plan.code, 0) << plan.out << plan.err;
  EXPECT_THAT(plan.out, HasSubstr("validator: interval"));
  writeText(file("bad.yaml"), head + "validator: interval\nvalidator_options: {time_pieces: 0}\n");
  const std::string refusal = "option 'time_pieces' is '0'; allowed: an integer >= 1; e.g. the default 16.";
  expectRefused({
      {"interval --option", "validate " + robotAndScene() + " --validator interval --option time_pieces=0 --edges " +
                                file("edges.txt"), {"ompl_ccd validate: " + refusal}},
      {"interval yaml", "plan --config " + file("bad.yaml"), {"bad.yaml: validator_options: " + refusal}},
  });
}

TEST_F(CliTest, BadValidatorOptionIsRefusedAlikeByEveryFrontEnd)
{
  writeText(file("edges.txt"), stateText(kHome) + " " + stateText(kTurned) + "\n");
  const std::string validate = "validate " + robotAndScene() + " --validator toleranced --edges " + file("edges.txt");
  const std::string head = "robot: " + arm() + "\nscene: " + scene() +
                           "\nstart: [0, 0, 0, 0, 0, 0]\ngoal: [0.5, 0, 0, 0, 0, 0]\n";
  writeText(file("threads.yaml"), head + "validator_options: {threads: 300}\n");
  writeText(file("ok.yaml"), head);
  writeText(file("typo.yaml"), head + "validator_options: {tolerence: 0.1}\n");
  const std::string threads = "option 'threads' is '300'; allowed: an integer in [1, 256] (more threads than cores "
                              "gain nothing and each costs a start-up); e.g. the default 1.";
  const std::string typo = "unknown option 'tolerence' (did you mean 'tolerance'?); the options are resolution, "
                           "tolerance, clearance, threads, ";
  const std::vector<ErrorCase> cases = {
      {"named flag", validate + " --threads 300", {"ompl_ccd validate: " + threads}},
      {"--option", validate + " --option threads=300", {"ompl_ccd validate: " + threads}},
      {"plan --option", "plan --config " + file("ok.yaml") + " --option threads=300", {"ompl_ccd plan: " + threads}},
      {"yaml", "plan --config " + file("threads.yaml"), {"threads.yaml: validator_options: " + threads}},
      {"unknown --option", validate + " --option tolerence=0.1", {"ompl_ccd validate: " + typo}},
      {"unknown yaml key", "plan --config " + file("typo.yaml"), {"typo.yaml: validator_options: " + typo}},
      {"--option without value", validate + " --option threads", {"option 'threads' has no value; write NAME=VALUE"}},
      {"not a number", validate + " --tolerance small", {"option 'tolerance' is 'small'; allowed: a finite number >= 1e-14"}},
  };
  expectRefused(cases);
}

// Issue 19: options that ended in "internal error" (exit 3), ran for minutes or wrapped around.
TEST_F(CliTest, RunawayAndWrappingOptionsAreRefused)
{
  writeText(file("edges.txt"), stateText(kHome) + " " + stateText(kTurned) + "\n");
  const std::string validate = "validate " + robotAndScene() + " --edges " + file("edges.txt") + " --validator ";
  writeText(file("ok.yaml"), "robot: " + arm() + "\nscene: " + scene() +
                                 "\nstart: [0, 0, 0, 0, 0, 0]\ngoal: [0.5, 0, 0, 0, 0, 0]\n");
  writeText(file("seed.yaml"), "robot: " + arm() + "\nscene: " + scene() +
                                   "\nstart: [0, 0, 0, 0, 0, 0]\ngoal: [0.5, 0, 0, 0, 0, 0]\nseed: -1\n");
  writeText(file("big_seed.yaml"), "robot: " + arm() + "\nscene: " + scene() +
                                       "\nstart: [0, 0, 0, 0, 0, 0]\ngoal: [0.5, 0, 0, 0, 0, 0]\n"
                                       "seed: 18446744073709551616\n");
  writeText(file("fixed.yaml"), "robot: " + test::testDataPath("tools/fixed_only.urdf") + "\nscene: " + scene() +
                                    "\nstart: []\ngoal: []\n");
  const std::vector<ErrorCase> cases = {
      {"resolution 1", validate + "discrete --resolution 1", {"option 'resolution' is '1'; allowed: a number in "
                                                              "[1e-05, 1) (OMPL needs a fraction below 1"}},
      {"resolution below the floor", validate + "discrete --resolution 1e-9",
       {"option 'resolution' is '1e-9'; allowed: a number in [1e-05, 1)", "over 1e5 states per edge"}},
      {"threads 10000", validate + "toleranced --threads 10000", {"option 'threads' is '10000'; allowed: an integer "
                                                                 "in [1, 256]"}},
      {"negative seed", "plan --config " + file("ok.yaml") + " --seed -1",
       {"ompl_ccd plan: --seed must be a non-negative integer up to 18446744073709551615 (got '-1'); pass 0 or "
        "more, or leave it out."}},
      {"negative yaml seed", "plan --config " + file("seed.yaml"),
       {"seed.yaml: key 'seed' must be a non-negative integer up to 18446744073709551615 (got '-1'); fix its "
        "value."}},
      // Issue 19: 2^64 was clamped to 2^63 - 1 ("seed 9223372036854775807") where the YAML refused it.
      {"seed beyond 2^64 - 1", "plan --config " + file("ok.yaml") + " --seed 18446744073709551616",
       {"ompl_ccd plan: --seed must be a non-negative integer up to 18446744073709551615 (got "
        "'18446744073709551616')"}},
      {"yaml seed beyond 2^64 - 1", "plan --config " + file("big_seed.yaml"),
       {"big_seed.yaml: key 'seed' must be a non-negative integer up to 18446744073709551615 (got "
        "'18446744073709551616')"}},
      {"fractional seed", "plan --config " + file("ok.yaml") + " --seed 1.5", {"--seed must be a non-negative integer"}},
      {"benchmark seed beyond 2^64 - 1",
       "benchmark --config " + test::examplePath("arm_benchmark.yaml") + " --seed 18446744073709551616",
       {"ompl_ccd benchmark: --seed must be a non-negative integer up to 18446744073709551615 (got "
        "'18446744073709551616')"}},
      {"no moving joint", "plan --config " + file("fixed.yaml"), {"has no moving joint"}},
  };
  expectRefused(cases);
  // The edges of the documented range still work.
  EXPECT_GT(discreteSegments(run(validate + "discrete --resolution 1e-5")), 0);
  EXPECT_GT(discreteSegments(run(validate + "discrete --resolution 0.999")), 0);
}

TEST_F(CliTest, OptionsListsEverySchemaEntry)
{
  const CliRun r = run("options");
  ASSERT_EQ(r.code, 0) << r.err;
  const std::vector<std::string> out = lines(r.out);
  ASSERT_EQ(out.size(), 2 + validatorOptionNames().size()) << r.out;
  EXPECT_EQ(out[0], "| option | validators | default | allowed | meaning |");
  EXPECT_THAT(r.out, HasSubstr("| `resolution` | discrete | `0.01` | a number in [1e-05, 1) | "));
  EXPECT_THAT(r.out, HasSubstr("| `threads` | toleranced | `1` | an integer in [1, 256] | "));
  EXPECT_THAT(r.out, HasSubstr("| `collision_probes` | ca | `8` | an integer >= 0 | "));
  EXPECT_THAT(r.out, HasSubstr("| `max_depth` | toleranced | `30` | an integer in [1, 60] | "));
  EXPECT_THAT(r.out, HasSubstr("| `time_pieces` | interval | `16` | an integer >= 1 | "));
  EXPECT_THAT(r.out, HasSubstr("| `swept_box_travel` | ca, toleranced, interval | `0.5` | a finite number > 0 | "));
  EXPECT_THAT(r.out, HasSubstr("| `certificate_cache` | ca, toleranced, interval | `default` | "));
}

// Issue 42, item 8: an option the validator does not read is warned about on standard error, naming
// the validators that read it; the JSON lines are the same as without it.
TEST_F(CliTest, OptionsTheValidatorDoesNotReadAreWarned)
{
  const std::string validate =
      "validate " + robotAndScene() + " --edges " + test::examplePath("arm_edges.txt") + " --jobs 1 --validator ";
  const auto without_times = [](const std::string &out) {
    return std::regex_replace(out, std::regex(R"re("(time_us|total_time_us|median_time_us)":[0-9.e+-]+)re"), "");
  };
  const CliRun plain = run(validate + "discrete");
  ASSERT_EQ(plain.code, 0) << plain.err;
  EXPECT_EQ(plain.err, "");
  const CliRun discrete = run(validate + "discrete --tolerance 1e-4 --option clearance=0.01");
  ASSERT_EQ(discrete.code, 0) << discrete.err;
  EXPECT_EQ(without_times(discrete.out), without_times(plain.out));
  EXPECT_EQ(discrete.err,
            "ompl_ccd validate: warning: option 'tolerance' has no effect: discrete does not read it (ca, toleranced, "
            "interval do); drop it, or choose a validator that reads it.\n"
            "ompl_ccd validate: warning: option 'clearance' has no effect: discrete does not read it (ca, toleranced, "
            "interval do); drop it, or choose a validator that reads it.\n");
  const CliRun ca = run(validate + "ca --resolution 0.02 --option max_intervals=10");
  ASSERT_EQ(ca.code, 0) << ca.err;
  EXPECT_THAT(ca.err, HasSubstr("warning: option 'resolution' has no effect: ca does not read it (discrete does)"));
  EXPECT_THAT(ca.err, HasSubstr("warning: option 'max_intervals' has no effect: ca does not read it (toleranced does)"));
  const CliRun read = run(validate + "ca --tolerance 1e-4 --option max_steps_per_pair=100");
  ASSERT_EQ(read.code, 0) << read.err;
  EXPECT_EQ(read.err, "");

  // plan: read by neither the planning validator nor the certifying one
  const std::string head = "robot: " + arm() + "\nscene: " + scene() +
                           "\nstart: [0, 0, 0, 0, 0, 0]\ngoal: [0.5, 0, 0, 0, 0, 0]\nseed: 1\n";
  writeText(file("ca.yaml"), head + "validator: ca\nvalidator_options: {resolution: 0.01, tolerance: 0.001}\n");
  const CliRun plan = run("plan --config " + file("ca.yaml"));
  ASSERT_EQ(plan.code, 0) << plan.err;
  EXPECT_EQ(plan.err, "ompl_ccd plan: warning: option 'resolution' has no effect: ca does not read it (discrete "
                      "does); drop it, or choose a validator that reads it.\n");
  // issue 42, item 11: a free edge has no first contact, and no bracket is printed for it
  EXPECT_THAT(plan.out, HasSubstr("\nedge 0: free\n"));
  EXPECT_THAT(plan.out, Not(HasSubstr("toc in")));
  // discrete plans, ca certifies: both options are read
  const CliRun both = run("plan --config " + file("ca.yaml") + " --validator discrete --clearance 0");
  ASSERT_EQ(both.code, 0) << both.err;
  EXPECT_EQ(both.err, "");
  const CliRun flag = run("plan --config " + file("ca.yaml") + " --certify-with interval --validator interval "
                          "--option max_steps_per_pair=10");
  ASSERT_EQ(flag.code, 0) << flag.err;
  EXPECT_THAT(flag.err, HasSubstr("option 'max_steps_per_pair' has no effect: interval does not read it (ca does)"));
}

// Issue 42, item 9: --fail-unless-free makes an edge that is not free exit 1; the output is unchanged.
TEST_F(CliTest, FailUnlessFreeExitsOneWhenAnEdgeIsNotFree)
{
  const std::string validate = "validate " + robotAndScene() + " --validator ca --jobs 1 --edges ";
  const CliRun answered = run(validate + test::examplePath("arm_edges.txt"));
  EXPECT_EQ(answered.code, 0) << answered.err;  // collisions are answers
  const CliRun strict = run(validate + test::examplePath("arm_edges.txt") + " --fail-unless-free");
  EXPECT_EQ(strict.code, 1) << strict.err;
  EXPECT_EQ(lines(strict.out).size(), 4u) << strict.out;  // every edge and the summary still printed
  EXPECT_THAT(strict.out, HasSubstr(R"("free":1,"collision":2,"undecided":0)"));
  EXPECT_EQ(strict.err, "ompl_ccd validate: 2 of 3 edges not free (2 collision, 0 undecided): exit code 1 "
                        "(--fail-unless-free)\n");
  writeText(file("free.txt"), stateText(kHome) + " " + stateText(kTurned) + "\n");
  const CliRun free = run(validate + file("free.txt") + " --fail-unless-free");
  EXPECT_EQ(free.code, 0) << free.err;
  EXPECT_EQ(free.err, "");
}

// Issue 42, item 10: a mistyped flag, option or validator name is answered with the name meant, and
// --validator's help lists the names.
TEST_F(CliTest, TyposGetADidYouMean)
{
  writeText(file("edges.txt"), stateText(kHome) + " " + stateText(kTurned) + "\n");
  const std::string validate = "validate " + robotAndScene() + " --edges " + file("edges.txt") + " --validator ";
  const std::vector<ErrorCase> cases = {
      {"flag", validate + "ca --tolerence 1e-4", {"--tolerence (did you mean '--tolerance'?)"}},
      {"flag=value", validate + "ca --clearence=0.1", {"--clearence=0.1 (did you mean '--clearance'?)"}},
      {"plan flag", "plan --config " + file("none.yaml") + " --time-limt 3", {"(did you mean '--time-limit'?)"}},
      {"--option", validate + "ca --option tolerence=1e-4", {"unknown option 'tolerence' (did you mean 'tolerance'?)"}},
      {"validator", validate + "cca", {"unknown motion validator 'cca' (did you mean 'ca'?); use one of: discrete, "}},
  };
  expectRefused(cases);
  const CliRun far = run(validate + "ca --frobnicate 3");
  EXPECT_EQ(far.code, 2);
  EXPECT_THAT(far.err, Not(HasSubstr("did you mean")));
  for (const std::string command : {"validate", "plan"})
  {
    const CliRun help = run(command + std::string(" --help"));
    EXPECT_EQ(help.code, 0);
    EXPECT_THAT(help.out, HasSubstr("Motion validator: discrete, ca, toleranced or interval")) << command;
  }
}
}  // namespace
}  // namespace ompl_ccd
