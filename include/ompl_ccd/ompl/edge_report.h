#pragma once
/// \file edge_report.h
/// The report of one edge with any OMPL motion validator: a certifier's own, or one built from a
/// sampling validator's checkMotion (not a guarantee). What `plan`, `validate`, `benchmark` and the
/// ROS node print for an edge.

#include <Eigen/Core>
#include <ompl/base/MotionValidator.h>
#include <ompl/base/SpaceInformation.h>

#include "ompl_ccd/certify/certifier.h"
#include "ompl_ccd/geometry/collision_queries.h"
#include "ompl_ccd/geometry/collision_world.h"

namespace ompl_ccd
{
/** \brief Report for the single edge s1 → s2 with the validator \a mv in \a mode, timed in
    microseconds into \a time_us. Certifying validators report directly; any other OMPL validator
    (e.g. discrete) is asked checkMotion(s1, s2[, lastValid]) and its report is built from that:
    Free → [1, 1]; collision → [lastValid.second, next sample] (sampled, not guaranteed) with a
    witness from the collision checker at the upper bound (computed outside the timed call). A
    start state in collision is reported as Collision at [0, 0] for every validator. */
Report reportEdge(const ompl::base::SpaceInformationPtr &si, const CollisionWorldPtr &world,
                  const ompl::base::MotionValidatorPtr &mv, const Eigen::VectorXd &q1, const Eigen::VectorXd &q2,
                  Mode mode, double *time_us);

/** \brief reportEdge with the collision workspace \a ws of the calling thread (for the start state
    and a sampling validator's witness), made once by a caller that answers many edges rather than
    once per edge. \pre \a ws was made for *world. */
Report reportEdge(const ompl::base::SpaceInformationPtr &si, const CollisionWorldPtr &world,
                  const ompl::base::MotionValidatorPtr &mv, const Eigen::VectorXd &q1, const Eigen::VectorXd &q2,
                  Mode mode, double *time_us, CollisionWorkspace &ws);
}  // namespace ompl_ccd
