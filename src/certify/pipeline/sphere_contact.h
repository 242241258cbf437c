#pragma once
/// \file sphere_contact.h
/// The contact rule of inner balls (docs/design.md, "The sphere front end"): when an inner ball of
/// one body overlaps the other body (a primitive) or an inner ball of it, at a configuration, the
/// two solids overlap there. That is a contact as the exact queries see it (meshes are surfaces,
/// primitives solids) when
///   - both are primitives: two solids that overlap touch;
///   - one is a closed mesh M and the other a primitive P that reaches outside M's bounding ball:
///     the segment in P (convex) from the overlap to that outside point goes from where M's winding
///     number is not 0 to where it is (outside the ball), so it crosses M's triangles inside P;
/// and otherwise (two meshes, a primitive inside the mesh's ball) when FCL's collision query at that
/// configuration says so. The overlap itself is checked again in double precision at the motion's
/// own state (stateAt), so the float lanes only propose.

#include <optional>

#include "ompl_ccd/geometry/collision_queries.h"
#include "ompl_ccd/geometry/contact.h"
#include "ompl_ccd/model/joint_motion.h"
#include "spheres/edge_sweep.h"
#include "spheres/sphere_model.h"

namespace ompl_ccd
{
/** \brief The contact at \a hit's time of its pair by the rule above, with a point inside both
    bodies (point_a = point_b) and the normal from the inner ball's centre towards it; or nothing
    when the rule does not confirm it. */
std::optional<Contact> confirmInnerHit(const spheres::SphereModel &model, CollisionWorkspace &collision,
                                       const JointMotion &motion, const spheres::InnerHit &hit);
}  // namespace ompl_ccd
