#pragma once
/// \file scene_bound.h
/// Where a scene's obstacles may lie: each within the cube of half side kMaxMagnitude (10⁶ m,
/// magnitude_bound.h) about the world origin, every size of its shape within that bound too.
/// Each reader refuses a value beyond the bound where it reads it (the file, the line or point, the
/// fix); requireShapeInBounds refuses an obstacle that leaves the cube once placed (a pose far out,
/// a rotation, a chain of offsets), and Scene refuses any that still does, so that no value that
/// large reaches FCL.

#include <Eigen/Geometry>
#include <string>

#include "ompl_ccd/model/collision_shape.h"

namespace ompl_ccd
{
/** \brief Refuses \a shape placed at \a X_WG unless its sizes (box sides, radius, length) lie in
    [0, kMaxMagnitude], its pose is finite and the shape lies within ±kMaxMagnitude of the world
    origin on every axis (a primitive's bounding box, a mesh's every vertex).
    \throws Error "<where>: <what lies beyond the bound> (<values>); <fix>". */
void requireShapeInBounds(const CollisionShape &shape, const Eigen::Isometry3d &X_WG, const std::string &where);
}  // namespace ompl_ccd
