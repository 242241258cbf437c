#pragma once
/// \file shared_problems.h
/// Panda and UR5e in motion_bench_maker's primitive scenes (../shared/data, absent in a user's
/// clone): the real-robot worlds of the soundness tests and of bench/validator_benchmark; and the
/// two KUKA industrial arms in the same scenes, scaled to their reach.

#include <Eigen/Core>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "adversarial_scenes.h"
#include "ompl_ccd/geometry/collision_world.h"

namespace ompl_ccd::test
{
/** \brief One robot in one scene, placed as an upstream problem config places it. */
struct SharedProblem
{
  /** \brief "panda / table_scene_table", ... */
  std::string name;
  /** \brief Folder under robots/ with robot.urdf and robot.srdf; without robot.srdf, the disabled
      pairs are sampled (sampled_allowed_collisions.h). */
  std::string robot;
  /** \brief File under scenes/motion_bench_maker/primitive_scenes/. */
  std::string scene;
  /** \brief problem_configs' base_offset: the scene's position relative to the robot base (m). */
  Eigen::Vector3d base_offset = Eigen::Vector3d::Zero();
  /** \brief When set (a folder under robots/), the problem was made for that robot: the scene,
      placed by base_offset, is scaled about the robot base by the ratio of the two robots' median
      reach and lifted by the difference of their median heights (medianWorkspace), to stand in
      this robot's workspace as it stood in that one's. */
  std::string scaled_from;
};

/** \brief Medians over 2,000 random states (seed 1, collisions ignored) of where a robot's end link
    (endLink) goes: its centroid's distance from the shoulder (the origin of the link moved by
    the second state value's joint, in the same state) and its height z. */
struct WorkspaceMedians
{
  double reach = 0.0, height = 0.0;
};
WorkspaceMedians medianWorkspace(const RobotModelPtr &robot);

/** \brief Panda in table_scene_table and bookshelf_scene_small, UR5e in table_scene_table and
    bookshelf_scene_tall, with the offsets of problem_configs/{table_pick_panda,
    bookshelf_small_panda, table_pick_ur5, bookshelf_tall_ur5}.yaml. */
std::vector<SharedProblem> sharedProblems();

/** \brief KUKA KR16-2 and KR210 L150 (no SRDF) in table_scene_table and bookshelf_scene_tall,
    placed as for the UR5e (problem_configs/{table_pick_ur5, bookshelf_tall_ur5}.yaml), then scaled
    and lifted from the UR5e's workspace to theirs (SharedProblem::scaled_from). */
std::vector<SharedProblem> industrialProblems();

/** \brief robots/\a robot of the ../shared/data folder \a data_dir: its URDF with its SRDF or,
    when it has none, with sampled disabled pairs (sampledAllowedCollisions).
    \throws Error when a file is missing or malformed. */
RobotModelPtr loadSharedRobot(const std::string &data_dir, const std::string &robot);

/** \brief The robot (URDF + SRDF, or sampled disabled pairs) in its scene, every obstacle moved
    by the base offset, then scaled and lifted.
    \param data_dir the ../shared/data folder. \throws Error when a file is missing or malformed. */
CollisionWorldPtr loadSharedProblem(const std::string &data_dir, const SharedProblem &problem);

/** \brief How many edges of each kind sharedProblemCases draws per problem. */
struct SharedCaseCounts
{
  /** \brief Random PRM-length edges (randomEdges). */
  std::size_t random = 0;
  /** \brief Random PRM-length edges with a sampled contact (sampledCollidingEdges). */
  std::size_t sampled_colliding = 0;
  /** \brief Edges from an obstacle's surface into it (nearContactCase of more such edges). */
  std::size_t near_contact = 0;
};

/** \brief For every shared problem, the cases "<name> / random", "<name> / sampled-colliding" and
    "<name> / near-contact" of \a counts edges (seeds \a seed + 1000 k for the k-th problem), or
    nullopt when ../shared/data is absent: the caller GTEST_SKIP()s then. */
std::optional<std::vector<AdversarialCase>> sharedProblemCases(const SharedCaseCounts &counts, std::uint32_t seed);
}  // namespace ompl_ccd::test
