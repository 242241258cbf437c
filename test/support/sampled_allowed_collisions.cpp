#include "sampled_allowed_collisions.h"

#include <algorithm>
#include <random>
#include <vector>

#include "ompl_ccd/geometry/collision_queries.h"
#include "random_edges.h"

namespace ompl_ccd::test
{
namespace
{
/** \brief Whether any geometry of link \a a touches any of link \a b at the poses in \a ws. */
bool linksTouch(const CollisionWorkspace &ws, int a, int b)
{
  const fcl::CollisionRequestd request;
  for (const auto &object_a : ws.objects[a])
    for (const auto &object_b : ws.objects[b])
    {
      fcl::CollisionResultd result;
      if (object_a->getAABB().overlap(object_b->getAABB()) &&
          fcl::collide(object_a.get(), object_b.get(), request, result) > 0)
        return true;
    }
  return false;
}

/** \brief The zero state, every joint clamped into its limits (a floating root at the identity). */
Eigen::VectorXd zeroPose(const RobotModel &model)
{
  Eigen::VectorXd q = Eigen::VectorXd::Zero(model.nq());
  for (const Joint &joint : model.joints())
  {
    if (joint.q_index < 0)
      continue;
    if (joint.type == JointType::Floating)
      q[joint.q_index + 6] = 1.0;
    else if (joint.type != JointType::Continuous)
      q[joint.q_index] = std::clamp(0.0, joint.lower, joint.upper);
  }
  return q;
}
}  // namespace

Srdf sampledAllowedCollisions(const RobotModelPtr &model, const SampledAllowedCollisionOptions &options)
{
  const CollisionWorld alone(model, std::make_shared<Scene>(std::vector<Obstacle>{}));
  const std::vector<std::pair<int, int>> &pairs = alone.selfPairs();
  CollisionWorkspace ws(alone);
  updatePoses(alone, ws, zeroPose(*model));
  std::vector<bool> at_zero(pairs.size());
  for (std::size_t p = 0; p < pairs.size(); ++p)
    at_zero[p] = linksTouch(ws, pairs[p].first, pairs[p].second);
  std::vector<std::size_t> contacts(pairs.size(), 0);
  std::mt19937 rng(options.seed);
  for (std::size_t s = 0; s < options.samples; ++s)
  {
    updatePoses(alone, ws, randomState(*model, rng));
    for (std::size_t p = 0; p < pairs.size(); ++p)
      contacts[p] += linksTouch(ws, pairs[p].first, pairs[p].second);
  }
  Srdf srdf;
  for (std::size_t p = 0; p < pairs.size(); ++p)
  {
    const char *reason = at_zero[p]                                                       ? "Default"
                         : contacts[p] >= options.always_fraction * options.samples ? "Always"
                         : contacts[p] == 0                                                 ? "Never"
                                                                                            : nullptr;
    if (reason)
      srdf.disabled_collisions.push_back(
          {model->links()[pairs[p].first].name, model->links()[pairs[p].second].name, reason});
  }
  return srdf;
}
}  // namespace ompl_ccd::test
