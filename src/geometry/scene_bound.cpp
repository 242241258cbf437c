#include "ompl_ccd/geometry/scene_bound.h"

#include <sstream>

#include "ompl_ccd/error.h"
#include "ompl_ccd/model/magnitude_bound.h"

namespace ompl_ccd
{
namespace
{
/** \brief What a message says to do about a value beyond the bound. */
std::string fix()
{
  return concat("keep every obstacle within ", kMaxMagnitude,
                " m of the world origin, in metres (is a value in millimetres, a placeholder or a flipped exponent?)");
}

std::string shown(const Eigen::Vector3d &p)
{
  std::ostringstream out;
  out << "[" << p.x() << ", " << p.y() << ", " << p.z() << "]";
  return out.str();
}

/** \brief Half of each side of a primitive's own axis-aligned box about its frame's origin. */
Eigen::Vector3d halfExtents(const CollisionShape &shape)
{
  switch (shape.kind)
  {
    case CollisionShape::Kind::Box:
      return 0.5 * shape.box_size;
    case CollisionShape::Kind::Cylinder:
      return Eigen::Vector3d(shape.radius, shape.radius, 0.5 * shape.length);
    case CollisionShape::Kind::Sphere:
      return Eigen::Vector3d::Constant(shape.radius);
    case CollisionShape::Kind::Mesh:
      break;
  }
  return Eigen::Vector3d::Zero();
}

/** \brief Refuses a size (\a what of the shape) outside [0, kMaxMagnitude]. */
void requireSize(double size, const char *what, const std::string &where)
{
  OMPL_CCD_THROW_UNLESS(size >= 0.0 && size <= kMaxMagnitude, where, ": its ", what, " ", size,
                        " is not a size within [0, ", kMaxMagnitude, "] m; ", fix(), ".");
}
}  // namespace

void requireShapeInBounds(const CollisionShape &shape, const Eigen::Isometry3d &X_WG, const std::string &where)
{
  for (int k = 0; k < 3; ++k)
    requireSize(shape.box_size[k], "box side", where);
  requireSize(shape.radius, "radius", where);
  requireSize(shape.length, "length", where);
  OMPL_CCD_THROW_UNLESS(X_WG.linear().allFinite(), where, ": its pose's rotation is not finite; give a unit "
                        "quaternion or rotation matrix.");
  OMPL_CCD_THROW_UNLESS(withinMagnitudeBound(X_WG.translation()), where, ": it is placed at ",
                        shown(X_WG.translation()), " in the world, beyond ±", kMaxMagnitude, " m; ", fix(), ".");
  if (shape.kind == CollisionShape::Kind::Mesh)
  {
    if (shape.mesh)
      for (const Eigen::Vector3d &p_GV : shape.mesh->vertices)
        OMPL_CCD_THROW_UNLESS(withinMagnitudeBound(X_WG * p_GV), where, ": its mesh vertex ", shown(p_GV),
                              " lies at ", shown(X_WG * p_GV), " in the world, beyond ±", kMaxMagnitude, " m; ",
                              fix(), ".");
    return;
  }
  // |R| h bounds the placed primitive's half extents on the world axes.
  const Eigen::Vector3d reach = X_WG.linear().cwiseAbs() * halfExtents(shape);
  const Eigen::Vector3d low = X_WG.translation() - reach, high = X_WG.translation() + reach;
  OMPL_CCD_THROW_UNLESS(withinMagnitudeBound(low) && withinMagnitudeBound(high), where, ": it reaches from ",
                        shown(low), " to ", shown(high), " in the world, beyond ±", kMaxMagnitude, " m; ", fix(),
                        ".");
}
}  // namespace ompl_ccd
