#pragma once
/// \file shared_sphere_model.h
/// One SphereModel per collision world, built on first use and shared by every certifier, state
/// validity checker and thread of the process while the world lives.

#include <memory>
#include <vector>

#include "spheres/sphere_model.h"

namespace ompl_ccd::spheres
{
/** \brief The model of \a world with \a bodies and \a self_pairs: built once per world object and
    body list, then the same object for every later call while \a world and it live. Thread-safe. */
std::shared_ptr<const SphereModel> sharedSphereModel(const CollisionWorldPtr &world, const std::vector<BodyRef> &bodies,
                                                     const std::vector<BodyPair> &self_pairs);
}  // namespace ompl_ccd::spheres
