#pragma once
/// \file fcl_geometry.h
/// Conversion of a CollisionShape to the FCL geometry used for queries.

#include <fcl/geometry/collision_geometry.h>
#include <memory>
#include <optional>

#include "ompl_ccd/model/collision_shape.h"

namespace ompl_ccd
{
using FclGeometryPtr = std::shared_ptr<fcl::CollisionGeometryd>;

/** \brief Mesh → fcl::BVHModel<fcl::OBBRSSd>; box, cylinder, sphere → the FCL primitive.
    The result is built once and only read afterwards (safe to share between threads). */
FclGeometryPtr makeFclGeometry(const CollisionShape &shape);

/** \brief Triangles around a primitive, for exact distances: FCL measures two triangle
    hierarchies with exact triangle–triangle distances, where a box or cylinder primitive goes
    through GJK, whose error near contact was seen beyond 1e-5 m. */
struct PrimitiveSurface
{
  /** \brief OBBRSS hierarchy of the triangles (geometry frame). */
  FclGeometryPtr triangles;
  /** \brief Every point of the triangles is within \e gap of the primitive, which they enclose:
      distance(x, triangles) ≤ distance(x, primitive) ≤ distance(x, triangles) + gap outside. */
  double gap = 0.0;
};

/** \brief A box's 12 surface triangles (gap 0), or the prism circumscribing a cylinder over an
    n-gon with as many sides as bring the gap r (1/cos(π/n) − 1) within \a max_gap (at most 2^14);
    nothing for meshes and spheres (FCL's sphere–triangle distance is in closed form). Being a
    surface it misses a body wholly inside the primitive: check overlap with the solid too. */
std::optional<PrimitiveSurface> makePrimitiveSurface(const CollisionShape &shape, double max_gap = 1e-7);
}  // namespace ompl_ccd
