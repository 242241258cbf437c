#pragma once
/// \file example_worlds.h
/// The worlds tests and benchmarks certify in: the bundled examples and robots assembled from the
/// bundled arm, and, when ../shared/data is present, Panda, UR5e and the KUKA arms in their scenes
/// and Panda and UR5e among thin obstacles.

#include <functional>
#include <string>
#include <vector>

#include "ompl_ccd/geometry/collision_world.h"

namespace ompl_ccd::test
{
/** \brief examples/\a urdf in examples/\a scene (no obstacles when \a scene is empty). */
CollisionWorldPtr exampleWorld(const std::string &urdf, const std::string &scene);

/** \brief examples/\a urdf with each of the \a count occurrences of \a from in its text replaced by
    \a to (a variant of a bundled robot), in examples/\a scene.
    \throws std::runtime_error when the URDF does not hold \a from exactly \a count times. */
CollisionWorldPtr editedExampleWorld(const std::string &urdf, const std::string &scene, const std::string &from,
                                     const std::string &to, std::size_t count);

/** \brief The bundled arm with its wrist joints 4–6 turning ±7 rad (over two turns, as UR arms'
    ±2π), in examples/scene.yaml. */
CollisionWorldPtr wideWristArmWorld();

/** \brief A box obstacle \a name of side lengths \a size (metres) centred at \a p_WG, axis-aligned. */
Obstacle boxObstacle(const std::string &name, const Eigen::Vector3d &size, const Eigen::Vector3d &p_WG);

/** \brief A 1 m bar (0.1 m square section) on a revolute joint "hinge" about z at the origin,
    pointing along +x at q = 0, among \a obstacles: the hand-solved world of the certifier tests. */
CollisionWorldPtr barWorld(std::vector<Obstacle> obstacles);

/** \brief armChainRobot(\a arms) in examples/scene.yaml. */
CollisionWorldPtr armChainWorld(int arms);

/** \brief A robot in a scene, with a name for tables and messages. */
struct NamedWorld
{
  /** \brief "ccd_arm / examples/scene.yaml", "panda / table_scene_table", ... */
  std::string name;
  CollisionWorldPtr world;
  /** \brief A thinObstacleWorld: benchmarks add its grazingEdges (missed by sampling, near misses). */
  bool thin_obstacles = false;
};

/** \brief A world not built yet: its name and how to build it. */
struct WorldRecipe
{
  std::string name;
  std::function<CollisionWorldPtr()> make;
  bool thin_obstacles = false;
};

/** \brief Every world robotWorlds lists, unbuilt (building a KUKA world samples its disabled pairs,
    a thin-obstacle world its obstacles: up to seconds). */
std::vector<WorldRecipe> worldRecipes(bool shared);

/** \brief The worlds whose name contains \a name_filter (all when empty), built only when chosen:
    - bundled: ccd_arm in examples/scene.yaml and among thin obstacles (thinObstacleWorld), the
      14-DoF dualArmRobot and the 30-DoF armChainRobot(5) in examples/scene.yaml;
    - when \a shared and ../shared/data is present: every sharedProblems() world, Panda and UR5e
      among thin obstacles, and every industrialProblems() world. */
std::vector<NamedWorld> robotWorlds(bool shared, const std::string &name_filter = "");
}  // namespace ompl_ccd::test
