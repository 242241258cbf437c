#include "shared_problems.h"

#include <algorithm>
#include <filesystem>
#include <random>

#include "adversarial_scenes.h"
#include "ompl_ccd/geometry/collision_queries.h"
#include "ompl_ccd/geometry/scene_loader.h"
#include "ompl_ccd/model/srdf.h"
#include "random_edges.h"
#include "sampled_allowed_collisions.h"
#include "test_paths.h"

namespace ompl_ccd::test
{
std::vector<SharedProblem> sharedProblems()
{
  return {{"panda / table_scene_table", "panda", "table_scene_table.yaml", {0.1, 0.1, -0.5}},
          {"panda / bookshelf_scene_small", "panda", "bookshelf_scene_small.yaml", {0.2, 0.0, -0.7}},
          {"ur5e / table_scene_table", "ur5e", "table_scene_table.yaml", {0.0, 0.0, -0.75}},
          {"ur5e / bookshelf_scene_tall", "ur5e", "bookshelf_scene_tall.yaml", {0.1, 0.1, -0.9144}}};
}

std::vector<SharedProblem> industrialProblems()
{
  std::vector<SharedProblem> problems;
  for (const std::string robot : {"kr16_2", "kr210_l150"})
  {
    problems.push_back({robot + " / table_scene_table", "kuka_" + robot, "table_scene_table.yaml",
                        {0.0, 0.0, -0.75}, "ur5e"});
    problems.push_back({robot + " / bookshelf_scene_tall", "kuka_" + robot, "bookshelf_scene_tall.yaml",
                        {0.1, 0.1, -0.9144}, "ur5e"});
  }
  return problems;
}

namespace
{
/** \brief \a shape with every length multiplied by \a scale. */
CollisionShape scaled(CollisionShape shape, double scale)
{
  shape.box_size *= scale;
  shape.radius *= scale;
  shape.length *= scale;
  if (shape.mesh)
  {
    auto mesh = std::make_shared<TriangleMesh>(*shape.mesh);
    for (Eigen::Vector3d &vertex : mesh->vertices)
      vertex *= scale;
    shape.mesh = mesh;
  }
  return shape;
}
}  // namespace

RobotModelPtr loadSharedRobot(const std::string &data_dir, const std::string &robot)
{
  const std::string robot_dir = data_dir + "/robots/" + robot;
  const std::string urdf = robot_dir + "/robot.urdf", srdf = robot_dir + "/robot.srdf";
  RobotModelOptions options;
  if (std::filesystem::exists(srdf))
    options.srdf = parseSrdfFile(srdf);
  else
    options.srdf = sampledAllowedCollisions(std::make_shared<const RobotModel>(RobotModel::fromUrdfFile(urdf)));
  return std::make_shared<const RobotModel>(RobotModel::fromUrdfFile(urdf, options));
}

WorkspaceMedians medianWorkspace(const RobotModelPtr &robot)
{
  const CollisionWorld alone(robot, std::make_shared<Scene>(std::vector<Obstacle>{}));
  CollisionWorkspace ws(alone);
  const int end = endLink(*robot);
  int shoulder = 0;
  for (std::size_t l = 0; l < robot->links().size(); ++l)
    if (robot->links()[l].parent_joint >= 0 && robot->joints()[robot->links()[l].parent_joint].q_index == 1)
      shoulder = static_cast<int>(l);
  std::mt19937 rng(1);
  std::vector<double> reach, height;
  for (int s = 0; s < 2000; ++s)
  {
    const Eigen::Vector3d p_W = linkCentroid(alone, ws, end, randomState(*robot, rng));
    reach.push_back((p_W - ws.kinematics.X_WL[shoulder].translation()).norm());
    height.push_back(p_W.z());
  }
  const auto median = [](std::vector<double> &values) {
    std::nth_element(values.begin(), values.begin() + values.size() / 2, values.end());
    return values[values.size() / 2];
  };
  return {median(reach), median(height)};
}

CollisionWorldPtr loadSharedProblem(const std::string &data_dir, const SharedProblem &problem)
{
  const RobotModelPtr robot = loadSharedRobot(data_dir, problem.robot);
  std::vector<Obstacle> obstacles =
      loadScene(data_dir + "/scenes/motion_bench_maker/primitive_scenes/" + problem.scene)->obstacles();
  for (Obstacle &obstacle : obstacles)
    obstacle.X_WG.pretranslate(problem.base_offset);
  if (!problem.scaled_from.empty())
  {
    const WorkspaceMedians to = medianWorkspace(robot);
    const WorkspaceMedians from = medianWorkspace(loadSharedRobot(data_dir, problem.scaled_from));
    const double scale = to.reach / from.reach, lift = to.height - scale * from.height;
    for (Obstacle &obstacle : obstacles)
    {
      obstacle.X_WG.translation() = scale * obstacle.X_WG.translation() + Eigen::Vector3d(0.0, 0.0, lift);
      obstacle.shape = scaled(obstacle.shape, scale);
    }
  }
  return std::make_shared<CollisionWorld>(robot, std::make_shared<Scene>(std::move(obstacles)));
}

std::optional<std::vector<AdversarialCase>> sharedProblemCases(const SharedCaseCounts &counts, std::uint32_t seed)
{
  const std::optional<std::string> data_dir = sharedDataPath("");
  if (!data_dir)
    return std::nullopt;
  std::vector<AdversarialCase> cases;
  for (const SharedProblem &problem : sharedProblems())
  {
    const CollisionWorldPtr world = loadSharedProblem(*data_dir, problem);
    RandomEdgeOptions options;
    options.seed = seed;
    cases.push_back({problem.name + " / random", world, randomEdges(*world, counts.random, options)});
    options.seed = seed + 1;
    std::vector<Edge> colliding =
        sampledCollidingEdges(*world, counts.sampled_colliding + counts.near_contact, options);
    AdversarialCase near_contact =
        nearContactCase(world, std::vector<Edge>(colliding.begin() + counts.sampled_colliding, colliding.end()));
    colliding.resize(counts.sampled_colliding);
    cases.push_back({problem.name + " / sampled-colliding", world, std::move(colliding)});
    near_contact.name = problem.name + " / " + near_contact.name;
    cases.push_back(std::move(near_contact));
    seed += 1000;
  }
  return cases;
}
}  // namespace ompl_ccd::test
