#pragma once
/// \file swept_sphere_culling.h
/// Dynamic swept-volume culling of ARTICULATE ([Redon2004] Sec. 4.2) on the CPU: one line-swept
/// sphere (LSS) per body, its sweep over a time piece enclosed by `steps` capsules, one per equal
/// sub-interval (line_swept_sphere.h: no tessellation, so never culling a colliding body). A body
/// pair is culled on the piece when, on every sub-interval, the body's capsule is farther than the
/// margin from the obstacle (FCL's distance, lowered by its slack: pair_distance.h) or from the
/// other body's capsule over the same sub-interval.
///
/// References: [Redon2004] in README.md (section References).

#include <vector>

#include "certify/interval/line_swept_sphere.h"
#include "ompl_ccd/geometry/body_pair.h"
#include "ompl_ccd/geometry/collision_world.h"
#include "ompl_ccd/model/joint_motion.h"

#include "ompl_ccd/certify/interval/interval_arithmetic.h"

namespace ompl_ccd
{
/** \brief The LSS of every body, and the test. Immutable and thread-safe. */
class SweptSphereCulling
{
public:
  /** \brief The capsules of every body over the sub-intervals of one piece (per thread). */
  struct Sweep
  {
    /** \brief capsules[k][body]: the body's LSS swept over sub-interval k, world frame. */
    std::vector<std::vector<LineSweptSphere>> capsules;
    std::vector<IntervalPose> X_WL;
  };

  /** \param world the robot and scene \param bodies the bodies' links (BodyRef::link)
      \param vertices per body, points in its link frame whose convex hull contains the body
      \param steps sub-intervals per piece (≥ 1). */
  SweptSphereCulling(CollisionWorldPtr world, std::vector<int> body_links,
                     const std::vector<std::vector<Eigen::Vector3d>> &vertices, int steps = kSweptSphereSteps);

  /** \brief Fills \a sweep for the piece [t0, t1] of \a motion. */
  void sweep(const JointMotion &motion, double t0, double t1, Sweep &sweep) const;

  /** \brief True if \a pair stays farther than \a margin apart on the whole piece of \a sweep
      (proved); false if it may not. */
  bool apart(const Sweep &sweep, const BodyPair &pair, double margin) const;

  /** \brief The LSS of each body in its link frame. */
  const std::vector<LineSweptSphere> &spheres() const { return lss_L_; }

private:
  CollisionWorldPtr world_;
  std::vector<int> body_links_;
  std::vector<LineSweptSphere> lss_L_;
  int steps_;
};
}  // namespace ompl_ccd
