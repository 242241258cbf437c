#pragma once
/// \file example_worlds.h
/// The worlds tests and benchmarks certify in: the bundled examples, and Panda and UR5e in their
/// scenes when ../shared/data is present.

#include <string>
#include <vector>

#include "ompl_ccd/geometry/collision_world.h"

namespace ompl_ccd::test
{
/** \brief examples/\a urdf in examples/\a scene (no obstacles when \a scene is empty). */
CollisionWorldPtr exampleWorld(const std::string &urdf, const std::string &scene);

/** \brief A box obstacle \a name of side lengths \a size (metres) centred at \a p_WG, axis-aligned. */
Obstacle boxObstacle(const std::string &name, const Eigen::Vector3d &size, const Eigen::Vector3d &p_WG);

/** \brief A 1 m bar (0.1 m square section) on a revolute joint "hinge" about z at the origin,
    pointing along +x at q = 0, among \a obstacles: the hand-solved world of the certifier tests. */
CollisionWorldPtr barWorld(std::vector<Obstacle> obstacles);

/** \brief A robot in a scene, with a name for tables and messages. */
struct NamedWorld
{
  /** \brief "ccd_arm / examples/scene.yaml", "panda / table_scene_table", ... */
  std::string name;
  CollisionWorldPtr world;
};

/** \brief The bundled arm in examples/scene.yaml, then, when \a shared and ../shared/data is
    present, every sharedProblems() world. */
std::vector<NamedWorld> robotWorlds(bool shared);
}  // namespace ompl_ccd::test
