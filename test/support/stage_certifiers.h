#pragma once
/// \file stage_certifiers.h
/// The three certifiers by name, at their default options, with the sphere front end on or off:
/// for the tests that hold the stage's verdicts against the oracle and against the stage off.

#include <memory>
#include <string>

#include "ompl_ccd/certify/certifier.h"
#include "ompl_ccd/geometry/collision_world.h"

namespace ompl_ccd::test
{
/** \brief "ca", "toleranced" or "interval" (any other name) on \a world, the sphere front end \a on. */
std::unique_ptr<Certifier> certifierWithSphereStage(const std::string &name, const CollisionWorldPtr &world, bool on);
}  // namespace ompl_ccd::test
