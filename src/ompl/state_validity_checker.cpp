#include "ompl_ccd/ompl/state_validity_checker.h"

#include <ompl/base/SpaceInformation.h>

#include "ompl_ccd/error.h"
#include "ompl_ccd/ompl/state_space.h"

namespace ompl_ccd
{
StateValidityChecker::StateValidityChecker(const ompl::base::SpaceInformationPtr &si, CollisionWorldPtr world)
  : ompl::base::StateValidityChecker(si)
  , world_(std::move(world))
  , thread_data_([this] {
    auto data = std::make_unique<ThreadData>(*world_);
    data->q.resize(world_->robot().nq());
    return data;
  })
{
  OMPL_CCD_THROW_UNLESS(world_ != nullptr, "StateValidityChecker: the collision world is null; pass the "
                                           "CollisionWorld the space was made for.");
  // minimumDistance() is exact but for rounding (a cylinder's: GJK's, verified by a slab).
  specs_.clearanceComputationType = ompl::base::StateValidityCheckerSpecs::EXACT;
}

bool StateValidityChecker::isValid(const ompl::base::State *state) const
{
  // Out-of-bounds states are refused before any geometry is touched.
  if (!si_->satisfiesBounds(state))
    return false;
  ThreadData &data = thread_data_.local();
  stateToVector(world_->robot(), state, data.q);
  return !isInCollision(*world_, data.collision, data.q);
}

bool StateValidityChecker::isValid(const ompl::base::State *state, double &dist) const
{
  // Validity from the collision query (as isValid(state)), so both overloads always agree.
  const bool valid = isValid(state);
  dist = clearance(state);
  return valid;
}

double StateValidityChecker::clearance(const ompl::base::State *state) const
{
  ThreadData &data = thread_data_.local();
  stateToVector(world_->robot(), state, data.q);
  return minimumDistance(*world_, data.collision, data.q);
}
}  // namespace ompl_ccd
