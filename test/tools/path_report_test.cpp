/// `--report` and `--clearance-profile` of `ompl_ccd validate` and `plan`, end to end: the optional
/// "clearance" array against FCL's distance, and the files tools/path_report.py draws (PNG, SVG, HTML).

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "ompl_ccd/geometry/collision_queries.h"
#include "ompl_ccd/geometry/scene_loader.h"
#include "ompl_ccd/model/joint_motion.h"
#include "support/cli_run.h"
#include "support/test_paths.h"

namespace ompl_ccd
{
namespace
{
using ::testing::HasSubstr;
using ::testing::Not;
using nlohmann::json;

std::vector<json> jsonLines(const std::string &text)
{
  std::vector<json> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    out.push_back(json::parse(line));
  return out;
}

std::string validateArmEdges()
{
  return "validate --robot " + test::examplePath("arm/arm.urdf") + " --scene " + test::examplePath("scene.yaml") +
         " --validator ca --mode first-contact --edges " + test::examplePath("arm_edges.txt");
}

/** \brief Width and height of the PNG \a path (its IHDR chunk), or {0, 0}. */
std::pair<unsigned, unsigned> pngSize(const std::string &path)
{
  std::ifstream in(path, std::ios::binary);
  unsigned char head[24] = {};
  in.read(reinterpret_cast<char *>(head), sizeof head);
  const unsigned char signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
  if (!in || !std::equal(signature, signature + 8, head))
    return {0, 0};
  const auto be32 = [&](int i) {
    return (unsigned(head[i]) << 24) | (unsigned(head[i + 1]) << 16) | (unsigned(head[i + 2]) << 8) | head[i + 3];
  };
  return {be32(16), be32(20)};
}

TEST(PathReport, ClearanceProfileIsAddedOnlyWhenAskedAndHoldsAgainstFcl)
{
  test::TestFolder folder;
  const test::CliRun plain = test::runCli(validateArmEdges(), folder.path());
  ASSERT_EQ(plain.code, 0) << plain.err;
  const test::CliRun profiled = test::runCli(validateArmEdges() + " --clearance-profile", folder.path());
  ASSERT_EQ(profiled.code, 0) << profiled.err;
  const std::vector<json> a = jsonLines(plain.out), b = jsonLines(profiled.out);
  ASSERT_EQ(a.size(), b.size());
  ASSERT_GE(a.size(), 4u);

  auto robot = std::make_shared<const RobotModel>(RobotModel::fromUrdfFile(test::examplePath("arm/arm.urdf")));
  const CollisionWorld world(robot, loadScene(test::examplePath("scene.yaml")));
  CollisionWorkspace ws(world);
  std::ifstream edges_file(test::examplePath("arm_edges.txt"));
  std::vector<Eigen::VectorXd> starts, goals;
  for (std::string line; std::getline(edges_file, line);)
  {
    if (line.empty() || line[0] == '#')
      continue;
    std::istringstream numbers(line);
    Eigen::VectorXd q(12);
    for (int i = 0; i < 12; ++i)
      numbers >> q[i];
    starts.push_back(q.head(6));
    goals.push_back(q.tail(6));
  }
  ASSERT_EQ(starts.size() + 1, a.size());

  int colliding = 0;
  for (std::size_t i = 0; i + 1 < a.size(); ++i)
  {
    SCOPED_TRACE("edge " + std::to_string(i));
    // the contract: the plain line has no "clearance", the profiled one has the same fields plus it
    EXPECT_FALSE(a[i].contains("clearance"));
    json without = b[i];
    without.erase("clearance");
    without.erase("time_us");
    json plain_line = a[i];
    plain_line.erase("time_us");
    EXPECT_EQ(without, plain_line);

    const json &profile = b[i]["clearance"];
    ASSERT_TRUE(profile.is_array());
    ASSERT_GE(profile.size(), 17u);
    EXPECT_EQ(profile.front()["t"], 0.0);
    EXPECT_EQ(profile.back()["t"], 1.0);
    const JointMotion motion(*robot, starts[i], goals[i]);
    for (std::size_t k = 0; k + 1 < profile.size(); ++k)
    {
      const double t0 = profile[k]["t"], t1 = profile[k + 1]["t"], lower = profile[k]["lower"];
      EXPECT_NEAR(profile[k]["distance"].get<double>(), minimumDistance(world, ws, motion.stateAt(t0)), 1e-9);
      // FCL at the middle of the step: above the certified bound
      EXPECT_GE(minimumDistance(world, ws, motion.stateAt(0.5 * (t0 + t1))), lower - 1e-12);
    }
    if (b[i]["verdict"] == "collision")
    {
      ++colliding;
      const double toc = b[i]["toc_upper"];
      const auto contact = std::find_if(profile.begin(), profile.end(), [&](const json &s) { return s["t"] >= toc; });
      ASSERT_NE(contact, profile.begin());
      EXPECT_EQ((*std::prev(contact))["lower"], 0.0) << "the step holding the contact";
    }
  }
  EXPECT_GE(colliding, 1);
}

TEST(PathReport, ValidateDrawsPngSvgAndHtml)
{
  test::TestFolder folder;
  const test::CliRun run =
      test::runCli(validateArmEdges() + " --report " + folder.file("report.png") + " --json " + folder.file("out.jsonl"),
                   folder.path());
  ASSERT_EQ(run.code, 0) << run.err;
  EXPECT_THAT(run.out, Not(HasSubstr("\"clearance\""))) << "the JSON lines keep their contract";
  const auto [width, height] = pngSize(folder.file("report.png"));
  EXPECT_GE(width, 1200u);
  EXPECT_GE(height, 700u);

  const std::vector<json> lines = jsonLines(run.out);
  std::vector<json> collisions;
  for (const json &line : lines)
    if (line.contains("verdict") && line["verdict"] == "collision")
      collisions.push_back(line);
  ASSERT_GE(collisions.size(), 1u);

  ASSERT_EQ(test::runCli(validateArmEdges() + " --report " + folder.file("report.svg"), folder.path()).code, 0);
  const std::string svg = test::readText(folder.file("report.svg"));
  EXPECT_THAT(svg, HasSubstr("<svg"));
  EXPECT_THAT(svg, HasSubstr("certified lower bound"));
  EXPECT_THAT(svg, HasSubstr("edge in collision (line, X: first contact)"));
  for (const json &edge : collisions)
    EXPECT_THAT(svg, HasSubstr("edge " + std::to_string(edge["edge"].get<int>()) + ": first contact at t="));
  // decide mode: the X is a configuration in contact, not the first contact (which lies somewhere
  // in the TOC bracket)
  std::string decide = validateArmEdges();
  decide.replace(decide.find("--mode first-contact"), std::string("--mode first-contact").size(), "--mode decide");
  ASSERT_EQ(test::runCli(decide + " --report " + folder.file("decide.svg"), folder.path()).code, 0);
  const std::string decide_svg = test::readText(folder.file("decide.svg"));
  EXPECT_THAT(decide_svg, HasSubstr("edge in collision (line, X: a configuration in contact)"));
  EXPECT_THAT(decide_svg, Not(HasSubstr("first contact")));
  EXPECT_THAT(decide_svg, HasSubstr(": in contact at t="));

  ASSERT_EQ(test::runCli(validateArmEdges() + " --report " + folder.file("report.html"), folder.path()).code, 0);
  const std::string html = test::readText(folder.file("report.html"));
  EXPECT_THAT(html, HasSubstr("<svg"));
  for (const json &edge : collisions)
  {
    EXPECT_THAT(html, HasSubstr("<td>" + edge["witness"]["link"].get<std::string>() + "</td>"));
    EXPECT_THAT(html, HasSubstr("<td>" + edge["witness"]["other"].get<std::string>() + "</td>"));
  }
  const std::size_t rows = std::count(html.begin(), html.end(), '\n');
  EXPECT_GT(rows, lines.size());
  EXPECT_THAT(html, HasSubstr("<span class='collision'>collision</span>"));
}

TEST(PathReport, PlanDrawsItsPath)
{
  test::TestFolder folder;
  const test::CliRun run = test::runCli("plan --config " + test::examplePath("arm_plan.yaml") +
                                            " --time-limit 5 --seed 3 --report " + folder.file("plan.svg"),
                                        folder.path());
  ASSERT_EQ(run.code, 0) << run.out << run.err;
  EXPECT_THAT(run.out, HasSubstr("report: " + folder.file("plan.svg")));
  const std::string svg = test::readText(folder.file("plan.svg"));
  EXPECT_THAT(svg, HasSubstr("ompl_ccd plan - checked by ca"));
  EXPECT_THAT(svg, HasSubstr("0 in collision"));
  EXPECT_THAT(svg, Not(HasSubstr("edge in collision"))) << "no legend entry for a shading the plot does not have";
}

// Issue 42, item 7: an edge certified free with clearance c proves the distance stays above c; the
// profile's own bound (distance at the samples less the motion bound) may dip below c, and the report
// shows c there, with the clearance drawn as a line. Discrete proves nothing: its bound is left.
TEST(PathReport, FreeEdgesShowAtLeastTheProvedClearance)
{
  test::TestFolder folder;
  const std::string samples = R"("clearance":[{"t":0.0,"distance":0.05,"lower":0.02},)"
                              R"({"t":0.5,"distance":0.012,"lower":0.0077},{"t":1.0,"distance":0.04,"lower":0.03}])";
  const auto write = [&](const std::string &name, const std::string &validator) {
    std::ofstream(folder.file(name))
        << R"({"report":{"title":"t","validator":")" << validator << R"(","mode":"decide","clearance":0.01}})" << '\n'
        << R"({"edge":0,"verdict":"free","toc_lower":1.0,"toc_upper":1.0,"witness":null,"time_us":1.0,)" << samples
        << "}\n"
        << R"({"summary":{"validator":")" << validator << R"(","edges":1,"free":1,"collision":0,"undecided":0}})" << '\n';
  };
  const std::string script = "/usr/bin/python3 " + std::string(OMPL_CCD_SOURCE_DIR) + "/tools/path_report.py";
  const auto draw = [&](const std::string &input, const std::string &output) {
    const int status =
        std::system((script + " --input " + folder.file(input) + " --output " + folder.file(output)).c_str());
    return WEXITSTATUS(status);
  };
  write("ca.jsonl", "ca");
  ASSERT_EQ(draw("ca.jsonl", "ca.html"), 0);
  const std::string html = test::readText(folder.file("ca.html"));
  EXPECT_THAT(html, HasSubstr("<td>0.0100</td><td>0.0120</td>")) << "certified min, then sampled min";
  EXPECT_THAT(html, Not(HasSubstr("0.0077")));
  EXPECT_THAT(html, HasSubstr("required clearance 0.01 m (proved on the free edges)"));
  EXPECT_THAT(html, HasSubstr("<tr><td>clearance</td><td>0.01</td></tr>"));
  write("discrete.jsonl", "discrete");
  ASSERT_EQ(draw("discrete.jsonl", "discrete.html"), 0);
  const std::string sampled = test::readText(folder.file("discrete.html"));
  EXPECT_THAT(sampled, HasSubstr("<td>0.0077</td><td>0.0120</td>"));
  EXPECT_THAT(sampled, Not(HasSubstr("required clearance 0.01 m")));

  // the programs pass the clearance to the script
  const test::CliRun run = test::runCli(validateArmEdges() + " --clearance 0.01 --report " + folder.file("arm.html"),
                                        folder.path());
  ASSERT_EQ(run.code, 0) << run.err;
  const std::string arm = test::readText(folder.file("arm.html"));
  EXPECT_THAT(arm, HasSubstr("<tr><td>clearance</td><td>0.01</td></tr>"));
  EXPECT_THAT(arm, HasSubstr("required clearance 0.01 m"));
}

TEST(PathReport, BadReportRequestsAreRefused)
{
  test::TestFolder folder;
  const test::CliRun pdf = test::runCli(validateArmEdges() + " --report " + folder.file("report.pdf"), folder.path());
  EXPECT_EQ(pdf.code, 2);
  EXPECT_THAT(pdf.err, HasSubstr("ompl_ccd validate: --report '" + folder.file("report.pdf") +
                                 "' must end in .html (page with tables and plot), .svg or .png (plot)."));
  const test::CliRun folderless =
      test::runCli(validateArmEdges() + " --report " + folder.file("no/such/report.png"), folder.path());
  EXPECT_EQ(folderless.code, 2);
  EXPECT_THAT(folderless.err, HasSubstr("folder '" + folder.file("no/such") + "' does not exist"));
  const test::CliRun python = test::runCli(validateArmEdges() + " --report " + folder.file("report.png"),
                                           folder.path(), "", "OMPL_CCD_PYTHON=/nonexistent/python3");
  EXPECT_EQ(python.code, 2);
  EXPECT_THAT(python.err, HasSubstr("--report needs Python 3 with matplotlib; '/nonexistent/python3' is not there"));
  // the script itself refuses data it cannot draw, naming the file and line
  std::ofstream(folder.file("bad.jsonl")) << "{\"edge\": 0}\nnot json\n";
  const std::string script = "/usr/bin/python3 " + std::string(OMPL_CCD_SOURCE_DIR) + "/tools/path_report.py";
  const int status = std::system((script + " --input " + folder.file("bad.jsonl") + " --output " +
                                  folder.file("bad.png") + " 2> " + folder.file("script.txt"))
                                     .c_str());
  EXPECT_EQ(WEXITSTATUS(status), 2);
  EXPECT_THAT(test::readText(folder.file("script.txt")),
              HasSubstr("path_report.py: " + folder.file("bad.jsonl") + " line 2 is not JSON"));
  const test::CliRun plan = test::runCli("plan --config " + test::examplePath("arm_plan.yaml") + " --report " +
                                             folder.file("plan.jpg"),
                                         folder.path());
  EXPECT_EQ(plan.code, 2);
  EXPECT_THAT(plan.err, HasSubstr("ompl_ccd plan: --report '"));
}
}  // namespace
}  // namespace ompl_ccd
