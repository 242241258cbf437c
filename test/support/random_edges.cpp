#include "random_edges.h"

#include <Eigen/Geometry>
#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <utility>

namespace ompl_ccd::test
{
namespace
{
/** \brief A rotation uniform on SO(3) (Shoemake's subgroup algorithm), from \a rng. */
Eigen::Quaterniond randomRotation(std::mt19937 &rng)
{
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  const double u1 = unit(rng), u2 = 2.0 * M_PI * unit(rng), u3 = 2.0 * M_PI * unit(rng);
  const double a = std::sqrt(1.0 - u1), b = std::sqrt(u1);
  return Eigen::Quaterniond(b * std::cos(u3), a * std::sin(u2), a * std::cos(u2), b * std::sin(u3));
}

/** \brief A unit vector uniform on the sphere of dimension \a n − 1. */
Eigen::VectorXd randomDirection(int n, std::mt19937 &rng)
{
  std::normal_distribution<double> normal(0.0, 1.0);
  Eigen::VectorXd u(n);
  do
  {
    for (int i = 0; i < n; ++i)
      u[i] = normal(rng);
  } while (u.norm() < 1e-9);
  return u.normalized();
}

/** \brief The goal q0 moved by \a length along a random direction (see randomEdges). */
Eigen::VectorXd movedState(const RobotModel &model, const Eigen::VectorXd &q0, double length, double fraction,
                           std::mt19937 &rng)
{
  Eigen::VectorXd q1 = q0;
  const Eigen::VectorXd u = randomDirection(model.nq(), rng);  // quaternion entries unused
  for (const Joint &joint : model.joints())
  {
    if (joint.q_index < 0)
      continue;
    const int i = joint.q_index;
    switch (joint.type)
    {
      case JointType::Revolute:
      case JointType::Prismatic:
        q1[i] = std::clamp(q0[i] + length * u[i], joint.lower, joint.upper);
        break;
      case JointType::Continuous:
        q1[i] = std::remainder(q0[i] + length * u[i], 2.0 * M_PI);
        break;
      case JointType::Floating:
      {
        for (int k = 0; k < 3; ++k)
          q1[i + k] = std::clamp(q0[i + k] + length * u[i + k], joint.position_lower[k], joint.position_upper[k]);
        const Eigen::Quaterniond r0(q0[i + 6], q0[i + 3], q0[i + 4], q0[i + 5]);
        const Eigen::Vector3d axis = randomDirection(3, rng);
        const Eigen::Quaterniond r1 = (r0 * Eigen::Quaterniond(Eigen::AngleAxisd(fraction * M_PI, axis))).normalized();
        q1.segment<4>(i + 3) << r1.x(), r1.y(), r1.z(), r1.w();
        break;
      }
    }
  }
  return q1;
}
}  // namespace

double stateSpaceExtent(const RobotModel &model)
{
  double bounded_sq = 0.0, extent = 0.0;
  for (const Joint &joint : model.joints())
  {
    if (joint.q_index < 0)
      continue;
    switch (joint.type)
    {
      case JointType::Revolute:
      case JointType::Prismatic:
        bounded_sq += (joint.upper - joint.lower) * (joint.upper - joint.lower);
        break;
      case JointType::Continuous:
        extent += M_PI;
        break;
      case JointType::Floating:
        extent += (joint.position_upper - joint.position_lower).norm() + M_PI;
        break;
    }
  }
  return extent + std::sqrt(bounded_sq);
}

Eigen::VectorXd randomState(const RobotModel &model, std::mt19937 &rng)
{
  Eigen::VectorXd q = Eigen::VectorXd::Zero(model.nq());
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  for (const Joint &joint : model.joints())
  {
    if (joint.q_index < 0)
      continue;
    const int i = joint.q_index;
    switch (joint.type)
    {
      case JointType::Revolute:
      case JointType::Prismatic:
        q[i] = joint.lower + (joint.upper - joint.lower) * unit(rng);
        break;
      case JointType::Continuous:
        q[i] = -M_PI + 2.0 * M_PI * unit(rng);
        break;
      case JointType::Floating:
      {
        for (int k = 0; k < 3; ++k)
          q[i + k] = joint.position_lower[k] + (joint.position_upper[k] - joint.position_lower[k]) * unit(rng);
        const Eigen::Quaterniond r = randomRotation(rng);
        q.segment<4>(i + 3) << r.x(), r.y(), r.z(), r.w();
        break;
      }
    }
  }
  return q;
}

std::vector<Edge> randomEdges(const CollisionWorld &world, std::size_t count, const RandomEdgeOptions &options)
{
  const RobotModel &model = world.robot();
  const double extent = stateSpaceExtent(model);
  std::mt19937 rng(options.seed);
  std::uniform_real_distribution<double> fraction(options.min_fraction, options.max_fraction);
  CollisionWorkspace ws(world);
  std::vector<Edge> edges;
  while (edges.size() < count)
  {
    bool found = false;
    for (std::size_t attempt = 0; attempt < options.max_attempts && !found; ++attempt)
    {
      const Eigen::VectorXd q0 = randomState(model, rng);
      if (isInCollision(world, ws, q0))
        continue;
      const double f = fraction(rng);
      const Eigen::VectorXd q1 = movedState(model, q0, f * extent, f, rng);
      if (isInCollision(world, ws, q1))
        continue;
      edges.push_back({q0, q1});
      found = true;
    }
    if (!found)
      throw std::runtime_error("randomEdges: no valid edge in " + std::to_string(options.max_attempts) +
                               " draws for robot '" + model.name() + "'; free the scene or allow more attempts.");
  }
  return edges;
}

std::optional<double> firstSampledCollision(const CollisionWorld &world, CollisionWorkspace &ws,
                                            const JointMotion &motion, int samples)
{
  for (int k = 1; k < samples; ++k)
  {
    const double t = static_cast<double>(k) / samples;
    if (isInCollision(world, ws, motion.stateAt(t)))
      return t;
  }
  return std::nullopt;
}

std::vector<Edge> sampledCollidingEdges(const CollisionWorld &world, std::size_t count,
                                        const RandomEdgeOptions &options)
{
  CollisionWorkspace ws(world);
  RandomEdgeOptions batch_options = options;
  std::vector<Edge> edges;
  for (std::uint32_t batch = 0; batch < 100 && edges.size() < count; ++batch)
  {
    batch_options.seed = options.seed + batch;
    for (const Edge &edge : randomEdges(world, count, batch_options))
      if (edges.size() < count && firstSampledCollision(world, ws, JointMotion(world.robot(), edge.q0, edge.q1)))
        edges.push_back(edge);
  }
  if (edges.size() < count)
    throw std::runtime_error("sampledCollidingEdges: only " + std::to_string(edges.size()) + " of " +
                             std::to_string(count) + " edges of robot '" + world.robot().name() +
                             "' collide in 100 batches; use a more cluttered scene or fewer edges.");
  return edges;
}

std::vector<Edge> collidingThenRandomEdges(const CollisionWorld &world, std::size_t count, std::uint32_t seed)
{
  RandomEdgeOptions options;
  options.seed = seed;
  std::vector<Edge> edges = sampledCollidingEdges(world, count, options);
  for (Edge &edge : randomEdges(world, count, options))
    edges.push_back(std::move(edge));
  return edges;
}
}  // namespace ompl_ccd::test
