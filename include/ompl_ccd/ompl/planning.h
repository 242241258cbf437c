#pragma once
/// \file planning.h
/// Plan a path with an OMPL planner and certify every edge of it: the main job of the CLI's
/// `plan` command and of the ROS node.

#include <Eigen/Core>
#include <optional>
#include <string>
#include <vector>

#include "ompl_ccd/certify/certifier.h"
#include "ompl_ccd/geometry/collision_queries.h"
#include "ompl_ccd/geometry/collision_world.h"
#include "ompl_ccd/ompl/motion_validator_factory.h"

namespace ompl_ccd
{
/** \brief What to plan. States are full state vectors (RobotModel state order). */
struct PlanRequest
{
  Eigen::VectorXd start, goal;
  /** \brief Planner name (see plannerNames()). */
  std::string planner = "RRTConnect";
  /** \brief Wall-clock limit for solve(), seconds. */
  double time_limit = 10.0;
  /** \brief Motion validator used while planning (see motionValidatorNames()); "ca" by default, as
      the certify node's ~validator (README, "Which one"). */
  std::string validator = "ca";
  /** \brief Motion validator that checks the path's edges afterwards; empty: \e validator, except
      that a path planned with "discrete" is certified by "ca" (sampling guarantees nothing). */
  std::string certify_with;
  ValidatorOptions validator_options;
  /** \brief Seed of OMPL's random generators; unset = OMPL's own. Applies to the process (OMPL's
      seed is global) and only before OMPL's first random generator is made. */
  std::optional<unsigned long> seed;
  /** \brief Shorten and smooth the path (SimpleSetup::simplifySolution) before certifying it. */
  bool simplify = true;
};

/** \brief What planning and certification produced. */
struct PlanResult
{
  /** \brief An exact solution was found (the path reaches the goal). */
  bool solved = false;
  /** \brief OMPL's status string ("Exact solution", "Timeout", ...). */
  std::string status;
  /** \brief Waypoints, start first (empty if not solved). */
  std::vector<Eigen::VectorXd> path;
  double planning_time = 0.0;    ///< seconds spent in solve()
  double simplify_time = 0.0;    ///< seconds spent simplifying
  double path_length = 0.0;      ///< in the state space's metric
  unsigned int valid_motions = 0;    ///< the validator's valid_ counter after planning
  unsigned int invalid_motions = 0;  ///< the validator's invalid_ counter after planning
  /** \brief The validator that checked the path's edges (PlanRequest::certify_with resolved). */
  std::string certified_by;
  /** \brief One report per path edge (waypoint i → i+1), certified in Mode::FirstContact. */
  std::vector<Report> edge_reports;
  /** \brief Time spent certifying the path edges, microseconds. */
  double certify_time_us = 0.0;
  /** \brief True iff solved and every edge report is Verdict::Free. */
  bool certified() const;
};

/** \brief The validator that certifies \a request's path: certify_with, or when empty the planning
    validator, except "ca" after "discrete". */
std::string certifyingValidator(const PlanRequest &request);

/** \brief Validates the request (states via RobotModel::acceptState, names via the factories), plans
    with OMPL, simplifies, then certifies every edge with the same validator (a "discrete"
    validator's edges are reported by sampling: not a guarantee).
    \throws Error for bad input (state size/NaN/bounds, start or goal in collision, unknown
            planner or validator, time_limit ≤ 0). */
PlanResult planAndCertify(const CollisionWorldPtr &world, const PlanRequest &request);

/** \brief Refuses \a q (a valid state of world.robot()) when the robot touches something there.
    \throws Error "<context>: the <which> state is in collision (link 'a' touches 'b'); choose a
            collision-free <which> state." */
void requireCollisionFree(const CollisionWorld &world, const Eigen::VectorXd &q, const std::string &context,
                          const std::string &which);
}  // namespace ompl_ccd
