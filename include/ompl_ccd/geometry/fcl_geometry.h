#pragma once
/// \file fcl_geometry.h
/// Conversion of a CollisionShape to the FCL geometry used for queries.

#include <fcl/geometry/collision_geometry.h>
#include <memory>

#include "ompl_ccd/model/collision_shape.h"

namespace ompl_ccd
{
using FclGeometryPtr = std::shared_ptr<fcl::CollisionGeometryd>;

/** \brief Mesh → fcl::BVHModel<fcl::OBBRSSd>; box, cylinder, sphere → the FCL primitive.
    The result is built once and only read afterwards (safe to share between threads). */
FclGeometryPtr makeFclGeometry(const CollisionShape &shape);
}  // namespace ompl_ccd
