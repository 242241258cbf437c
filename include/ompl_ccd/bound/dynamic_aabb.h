#pragma once
/// \file dynamic_aabb.h
/// Dynamic AABBs ([Zhang2007] Sec. 5.2): a world-axis-aligned box that contains a link geometry's
/// bounding box at every time of a sub-interval, from the enclosure of the link pose.
///
/// References: [Zhang2007] in README.md (section References).

#include <Eigen/Geometry>

#include "ompl_ccd/bound/taylor_pose.h"
#include "ompl_ccd/model/link.h"

namespace ompl_ccd
{
/** \brief An oriented box B fixed in a link L that contains one of its collision geometries. */
struct LocalBox
{
  /** \brief Pose of the box frame B (centred, axis-aligned with the box) in the link frame L. */
  Eigen::Isometry3d X_LB = Eigen::Isometry3d::Identity();
  /** \brief Half side lengths along B's axes, metres. */
  Eigen::Vector3d half_extents = Eigen::Vector3d::Zero();
  /** \brief B's axes are L's (X_LB's rotation is the identity): a world AABB needs no product. */
  bool aligned_with_link = false;
};

/** \brief The box of \a geometry in its own frame G (mesh vertices' AABB, or the primitive's
    extent), placed in the link frame; aligned with the link when the geometry is turned by quarter
    turns only. \pre a mesh geometry has at least one vertex. */
LocalBox localBox(const LinkGeometry &geometry);

/** \brief World AABB of \a box at the link pose \a X_WL: centre X_WL p_LB, half extents
    |R_WL R_LB| h (|R_WL| h when the box is aligned with its link), padded by 1e-12 (1 + |x|) for
    rounding. */
Eigen::AlignedBox3d worldAabb(const Eigen::Isometry3d &X_WL, const LocalBox &box);

/** \brief Dynamic AABB: encloses every corner p_LB of \a box at every time of the enclosure,
    p_W(t) = R_WL(t) p_L + p_WL(t) bounded per coordinate; by convexity it contains the moving
    box, [Zhang2007] Sec. 5.2 and Fig. 4. Padded by 1e-12 (1 + |x|) for the rounding of constants. */
Eigen::AlignedBox3d dynamicAabb(const TaylorPose &X_WL, const LocalBox &box);
/** \brief The same box from an interval-arithmetic pose (the baseline of [Zhang2007] Fig. 5). */
Eigen::AlignedBox3d dynamicAabb(const IntervalPose &X_WL, const LocalBox &box);
}  // namespace ompl_ccd
