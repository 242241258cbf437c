#pragma once
/// \file shared_problems.h
/// Panda and UR5e in motion_bench_maker's primitive scenes (../shared/data, absent in a user's
/// clone): the real-robot worlds of the soundness tests and of bench/validator_benchmark.

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
  /** \brief Folder under robots/ with robot.urdf and robot.srdf. */
  std::string robot;
  /** \brief File under scenes/motion_bench_maker/primitive_scenes/. */
  std::string scene;
  /** \brief problem_configs' base_offset: the scene's position relative to the robot base (m). */
  Eigen::Vector3d base_offset = Eigen::Vector3d::Zero();
};

/** \brief Panda in table_scene_table and bookshelf_scene_small, UR5e in table_scene_table and
    bookshelf_scene_tall, with the offsets of problem_configs/{table_pick_panda,
    bookshelf_small_panda, table_pick_ur5, bookshelf_tall_ur5}.yaml. */
std::vector<SharedProblem> sharedProblems();

/** \brief The robot (URDF + SRDF) in its scene, every obstacle moved by the base offset.
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
