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

/** \brief A box's surface, its 12 triangles, as an OBBRSS hierarchy: FCL measures the distance of
    two triangle hierarchies with exact triangle–triangle distances, where a box primitive goes
    through GJK, whose error near contact was seen beyond 1e-5 m. nullptr for other shapes. Being
    a surface it misses a body wholly inside the box: check overlap with the solid too. */
FclGeometryPtr makeBoxSurface(const CollisionShape &shape);
}  // namespace ompl_ccd
