#pragma once
/// \file state_validity_checker.h
/// OMPL StateValidityChecker backed by FCL (robot vs scene and non-excluded self pairs).

#include <ompl/base/StateValidityChecker.h>

#include "ompl_ccd/geometry/collision_queries.h"
#include "ompl_ccd/ompl/per_thread.h"

namespace ompl_ccd
{
/** \brief A state is valid iff it is within bounds and the robot touches neither the scene nor
    itself. clearance() is minimumDistance(): the exact minimum distance but for rounding (GJK's
    estimate from above for a cylinder; 0 in collision). Thread-safe: each thread
    has its own CollisionWorkspace. */
class StateValidityChecker : public ompl::base::StateValidityChecker
{
public:
  StateValidityChecker(const ompl::base::SpaceInformationPtr &si, CollisionWorldPtr world);

  /** \brief True iff \a state is collision-free. */
  bool isValid(const ompl::base::State *state) const override;
  /** \brief Validity, with \a dist set to clearance(state). */
  bool isValid(const ompl::base::State *state, double &dist) const override;
  /** \brief Minimum distance to the scene and between checked link pairs (0 in collision). */
  double clearance(const ompl::base::State *state) const override;

  const CollisionWorld &world() const { return *world_; }

private:
  struct ThreadData
  {
    explicit ThreadData(const CollisionWorld &world) : collision(world) {}
    CollisionWorkspace collision;
    Eigen::VectorXd q;
  };
  CollisionWorldPtr world_;
  PerThread<ThreadData> thread_data_;
};
}  // namespace ompl_ccd
