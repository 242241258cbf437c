#pragma once
/// \file clouds_as_spheres.h
/// A world whose point clouds that are one obstacle (Scene::clouds()) are written out as one sphere
/// obstacle per point: for a certifier that examines obstacles one by one (ca, toleranced,
/// interval), so that it certifies against exactly the balls the index stands for.

#include "ompl_ccd/geometry/collision_world.h"

namespace ompl_ccd
{
/** \brief \a world itself when its scene has no cloud (or it is null); else a world of the same
    robot whose scene holds its obstacles and, for each cloud, ballObstacles() of its points (named
    "<cloud>/<i>", the names a cloud's witness has). */
CollisionWorldPtr withCloudsAsSpheres(CollisionWorldPtr world);
}  // namespace ompl_ccd
