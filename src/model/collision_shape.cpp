#include "ompl_ccd/model/collision_shape.h"

#include "ompl_ccd/error.h"

namespace ompl_ccd
{
std::string CollisionShape::describe() const
{
  switch (kind)
  {
    case Kind::Mesh:
      return concat("mesh '", mesh ? mesh->source : std::string(), "'");
    case Kind::Box:
      return concat("box [", box_size.x(), " ", box_size.y(), " ", box_size.z(), "]");
    case Kind::Cylinder:
      return concat("cylinder r ", radius, " l ", length);
    case Kind::Sphere:
      return concat("sphere r ", radius);
  }
  return "unknown shape";
}
}  // namespace ompl_ccd
