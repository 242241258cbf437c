#pragma once
/// \file body_pair.h
/// The unit the certifiers move and test: one collision geometry of a robot link ("body"), and a
/// pair of them or of a body and a scene obstacle.

namespace ompl_ccd
{
/** \brief One collision geometry of a robot link ("body"): the unit conservative advancement moves. */
struct BodyRef
{
  /** \brief Link index in RobotModel::links(). */
  int link = -1;
  /** \brief Index in that link's geometries. */
  int geometry = -1;
};

/** \brief A pair to decide: body \e a against obstacle \e obstacle (scene pair) or against body
    \e b (self pair, b ≥ 0). Bodies index a list of BodyRef (e.g. collisionBodies()). */
struct BodyPair
{
  int a = -1;
  /** \brief Other body, or -1 for a scene pair. */
  int b = -1;
  /** \brief Obstacle index in Scene::obstacles() for a scene pair, else -1. */
  int obstacle = -1;
  /** \brief Self pair: the deepest common ancestor link of the two bodies' links (the joints above
      it move both rigidly, so their distance changes only by the joints below it); else -1. */
  int ancestor = -1;
};
}  // namespace ompl_ccd
