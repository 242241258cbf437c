#include "adversarial_scenes.h"

#include <Eigen/Geometry>
#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <random>

#include "ompl_ccd/geometry/pair_distance.h"
#include "random_edges.h"

namespace ompl_ccd::test
{
namespace
{
/** \brief Where and how fast the end link moves at t = 1/2 of an edge. */
struct MidFrame
{
  Eigen::Vector3d p_W;  ///< end link centroid at t = 1/2
  Eigen::Vector3d v_W;  ///< its velocity (per unit t), central difference
  double travel = 0.0;  ///< distance between its positions at t = 0 and t = 1
};

MidFrame midFrame(const CollisionWorld &world, CollisionWorkspace &ws, const Edge &edge)
{
  const JointMotion motion(world.robot(), edge.q0, edge.q1);
  const int link = endLink(world.robot());
  const double e = 1e-4;
  MidFrame frame;
  frame.p_W = linkCentroid(world, ws, link, motion.stateAt(0.5));
  frame.v_W = (linkCentroid(world, ws, link, motion.stateAt(0.5 + e)) -
               linkCentroid(world, ws, link, motion.stateAt(0.5 - e))) / (2.0 * e);
  frame.travel =
      (linkCentroid(world, ws, link, motion.stateAt(1.0)) - linkCentroid(world, ws, link, motion.stateAt(0.0))).norm();
  return frame;
}

/** \brief Rotation whose x axis is \a v and y axis the unit part of \a u orthogonal to v. */
Eigen::Matrix3d frameFrom(const Eigen::Vector3d &v, const Eigen::Vector3d &u)
{
  Eigen::Matrix3d R;
  R.col(0) = v.normalized();
  R.col(1) = (u - u.dot(R.col(0)) * R.col(0)).normalized();
  R.col(2) = R.col(0).cross(R.col(1));
  return R;
}

/** \brief A random unit vector orthogonal to \a v. */
Eigen::Vector3d randomOrthogonal(const Eigen::Vector3d &v, std::mt19937 &rng)
{
  std::normal_distribution<double> normal(0.0, 1.0);
  Eigen::Vector3d u;
  do
  {
    u = Eigen::Vector3d(normal(rng), normal(rng), normal(rng));
    u -= u.dot(v.normalized()) * v.normalized();
  } while (u.norm() < 1e-6);
  return u.normalized();
}

/** \brief Candidate edges for cases: long enough (PRM fraction 0.2–0.4) to carry the end link
    well past an obstacle at its midpoint. */
std::vector<Edge> candidateEdges(const CollisionWorld &world, std::size_t count, std::uint32_t seed)
{
  RandomEdgeOptions options;
  options.min_fraction = 0.2;
  options.max_fraction = 0.4;
  options.seed = seed;
  return randomEdges(world, count, options);
}

/** \brief True iff both endpoints of \a edge are free in \a world. */
bool endpointsFree(const CollisionWorld &world, const Edge &edge)
{
  CollisionWorkspace ws(world);
  return !isInCollision(world, ws, edge.q0) && !isInCollision(world, ws, edge.q1);
}

/** \brief A case of \a edge and its reverse in \a world. */
AdversarialCase bothWays(const std::string &name, CollisionWorldPtr world, const Edge &edge)
{
  return {name, std::move(world), {edge, Edge{edge.q1, edge.q0}}};
}

CollisionShape boxShape(const Eigen::Vector3d &size)
{
  CollisionShape shape;
  shape.kind = CollisionShape::Kind::Box;
  shape.box_size = size;
  return shape;
}

/** \brief Needles 0.2 m long and 2e-7 m wide (aspect ratio 1e-6) through the origin of their
    frame: along x and along z in the plane y = 0, and (\a with_y) one along y. */
CollisionShape needleShape(bool with_y)
{
  const double L = 0.2, w = L * 1e-6;
  auto mesh = std::make_shared<TriangleMesh>();
  auto needle = [&](const Eigen::Vector3d &along, const Eigen::Vector3d &across) {
    const int base = static_cast<int>(mesh->vertices.size());
    mesh->vertices.push_back(-0.5 * L * along);
    mesh->vertices.push_back(0.5 * L * along);
    mesh->vertices.push_back(w * across);
    mesh->triangles.emplace_back(base, base + 1, base + 2);
  };
  needle(Eigen::Vector3d::UnitX(), Eigen::Vector3d::UnitZ());
  needle(Eigen::Vector3d::UnitZ(), Eigen::Vector3d::UnitX());
  if (with_y)
    needle(Eigen::Vector3d::UnitY(), Eigen::Vector3d::UnitZ());
  CollisionShape shape;
  shape.kind = CollisionShape::Kind::Mesh;
  shape.mesh = mesh;
  return shape;
}

/** \brief Offset s along \a u (from \a X_WG's position) at which minDistanceAlong ≈ \a target
    (bisection on s, the distance being 1-Lipschitz in s); for a negative target, |target| closer
    than where the shape just touches (1e-6). Returns NaN when the start offset is already farther. */
double grazingOffset(const CollisionWorld &world, const JointMotion &motion, const CollisionShape &shape,
                     const Eigen::Isometry3d &X_WG, const Eigen::Vector3d &u, double target)
{
  auto distanceAt = [&](double s) {
    Eigen::Isometry3d X = X_WG;
    X.translation() += s * u;
    return minDistanceAlong(world, motion, shape, X);
  };
  const double goal = target >= 0.0 ? target : 1e-6;
  if (distanceAt(0.0) >= goal)
    return std::numeric_limits<double>::quiet_NaN();
  double lo = 0.0, hi = 0.02;
  while (distanceAt(hi) < goal)
  {
    lo = hi;
    hi *= 1.5;
    if (hi > 2.0)
      return std::numeric_limits<double>::quiet_NaN();
  }
  for (int i = 0; i < 40 && hi - lo > 1e-6; ++i)
  {
    const double mid = 0.5 * (lo + hi);
    (distanceAt(mid) < goal ? lo : hi) = mid;
  }
  return target >= 0.0 ? hi : lo + target;
}

/** \brief Cases with \a shape beside the end link's path at a grazing distance \a target. */
std::vector<AdversarialCase> grazingShapeCases(const CollisionWorldPtr &base, const CollisionShape &shape,
                                               const std::string &prefix, double target, std::size_t count,
                                               std::uint32_t seed)
{
  std::mt19937 rng(seed);
  CollisionWorkspace ws(*base);
  std::vector<AdversarialCase> cases;
  for (const Edge &edge : candidateEdges(*base, 20 * count, seed))
  {
    if (cases.size() == count)
      break;
    const MidFrame frame = midFrame(*base, ws, edge);
    if (frame.travel < 0.2 || frame.v_W.norm() < 1e-3)
      continue;
    const Eigen::Vector3d u = randomOrthogonal(frame.v_W, rng);
    Eigen::Isometry3d X_WG = Eigen::Isometry3d::Identity();
    X_WG.linear() = frameFrom(frame.v_W, u);
    X_WG.translation() = frame.p_W;
    const JointMotion motion(base->robot(), edge.q0, edge.q1);
    const double s = grazingOffset(*base, motion, shape, X_WG, u, target);
    if (std::isnan(s))
      continue;
    X_WG.translation() += s * u;
    CollisionWorldPtr world = withObstacles(*base, {Obstacle{"adversarial_block", shape, X_WG}});
    if (!endpointsFree(*world, edge))
      continue;
    cases.push_back(bothWays(prefix + std::to_string(cases.size()), world, edge));
  }
  return cases;
}
}  // namespace

CollisionWorldPtr withObstacles(const CollisionWorld &base, const std::vector<Obstacle> &extra)
{
  std::vector<Obstacle> obstacles = base.scene().obstacles();
  obstacles.insert(obstacles.end(), extra.begin(), extra.end());
  return std::make_shared<CollisionWorld>(base.robotPtr(), std::make_shared<Scene>(std::move(obstacles)));
}

int endLink(const RobotModel &model)
{
  int best = -1, best_depth = -1;
  for (int l = 0; l < static_cast<int>(model.links().size()); ++l)
  {
    if (model.links()[l].geometries.empty())
      continue;
    int depth = 0;
    for (int c = l; model.links()[c].parent_link >= 0; c = model.links()[c].parent_link)
      ++depth;
    if (depth > best_depth)
    {
      best = l;
      best_depth = depth;
    }
  }
  return best;
}

Eigen::Vector3d linkCentroid(const CollisionWorld &world, CollisionWorkspace &ws, int link, const Eigen::VectorXd &q)
{
  forwardKinematics(world.robot(), ws.kinematics, q);
  const Eigen::Isometry3d &X_WL = ws.kinematics.X_WL[link];
  Eigen::Vector3d sum = Eigen::Vector3d::Zero();
  int n = 0;
  for (const LinkGeometry &geometry : world.robot().links()[link].geometries)
  {
    if (geometry.shape.kind == CollisionShape::Kind::Mesh)
      for (const Eigen::Vector3d &p_G : geometry.shape.mesh->vertices)
      {
        sum += X_WL * geometry.X_LG * p_G;
        ++n;
      }
    else
    {
      sum += X_WL * geometry.X_LG.translation();
      ++n;
    }
  }
  return n > 0 ? Eigen::Vector3d(sum / n) : X_WL.translation();
}

double minDistanceAlong(const CollisionWorld &world, const JointMotion &motion, const CollisionShape &shape,
                        const Eigen::Isometry3d &X_WG)
{
  fcl::CollisionObjectd obstacle(makeFclGeometry(shape), X_WG);
  obstacle.computeAABB();
  CollisionWorkspace ws(world);
  auto distanceAt = [&](double t) {
    updatePoses(world, ws, motion.stateAt(t));
    double best = std::numeric_limits<double>::infinity();
    for (int l : world.collidingLinks())
      for (const auto &object : ws.objects[l])
      {
        if (object->getAABB().distance(obstacle.getAABB()) >= best)
          continue;  // the AABBs' distance is a lower bound
        best = std::min(best, pairDistanceUpperBound(*object, obstacle));
      }
    return best;
  };
  const int n = 200;
  double best = std::numeric_limits<double>::infinity(), best_t = 0.0;
  for (int k = 0; k <= n; ++k)
  {
    const double d = distanceAt(static_cast<double>(k) / n);
    if (d < best)
    {
      best = d;
      best_t = static_cast<double>(k) / n;
    }
  }
  for (double t = std::max(0.0, best_t - 1.0 / n); t <= std::min(1.0, best_t + 1.0 / n); t += 1e-4)
    best = std::min(best, distanceAt(t));
  return best;
}

std::vector<AdversarialCase> thinPlateCases(const CollisionWorldPtr &base, std::size_t count, std::uint32_t seed,
                                            double thickness)
{
  CollisionWorkspace ws(*base);
  std::vector<AdversarialCase> cases;
  for (const Edge &edge : candidateEdges(*base, 20 * count, seed))
  {
    if (cases.size() == count)
      break;
    const MidFrame frame = midFrame(*base, ws, edge);
    if (frame.travel < 0.2 || frame.v_W.norm() < 1e-3)
      continue;
    Eigen::Isometry3d X_WG = Eigen::Isometry3d::Identity();
    X_WG.linear() = Eigen::Quaterniond::FromTwoVectors(Eigen::Vector3d::UnitZ(), frame.v_W).toRotationMatrix();
    X_WG.translation() = frame.p_W;
    for (double width : {0.15, 0.1, 0.06})
    {
      const Obstacle plate{"adversarial_plate", boxShape(Eigen::Vector3d(width, width, thickness)), X_WG};
      CollisionWorldPtr world = withObstacles(*base, {plate});
      if (endpointsFree(*world, edge))
      {
        cases.push_back(bothWays("thin-plate-" + std::to_string(cases.size()), world, edge));
        break;
      }
    }
  }
  return cases;
}

std::vector<AdversarialCase> grazingCases(const CollisionWorldPtr &base, const std::vector<double> &targets,
                                          std::size_t per_distance, std::uint32_t seed)
{
  std::vector<AdversarialCase> cases;
  for (std::size_t i = 0; i < targets.size(); ++i)
  {
    const std::string prefix = "grazing" + std::string(targets[i] >= 0 ? "+" : "") + std::to_string(targets[i]) + "-";
    auto more = grazingShapeCases(base, boxShape(Eigen::Vector3d::Constant(0.03)), prefix, targets[i], per_distance,
                                  seed + static_cast<std::uint32_t>(i));
    cases.insert(cases.end(), more.begin(), more.end());
  }
  return cases;
}

std::vector<AdversarialCase> sliverCases(const CollisionWorldPtr &base, std::size_t count, std::uint32_t seed)
{
  std::vector<AdversarialCase> cases;
  const std::size_t crossing = (count + 1) / 2;
  CollisionWorkspace ws(*base);
  std::mt19937 rng(seed);
  for (const Edge &edge : candidateEdges(*base, 20 * crossing, seed))
  {
    if (cases.size() == crossing)
      break;
    const MidFrame frame = midFrame(*base, ws, edge);
    if (frame.travel < 0.2 || frame.v_W.norm() < 1e-3)
      continue;
    Eigen::Isometry3d X_WG = Eigen::Isometry3d::Identity();
    X_WG.linear() = frameFrom(frame.v_W, randomOrthogonal(frame.v_W, rng));
    X_WG.translation() = frame.p_W;
    CollisionWorldPtr world = withObstacles(*base, {Obstacle{"adversarial_needles", needleShape(true), X_WG}});
    if (endpointsFree(*world, edge))
      cases.push_back(bothWays("sliver-crossing-" + std::to_string(cases.size()), world, edge));
  }
  auto grazing = grazingShapeCases(base, needleShape(false), "sliver-grazing-", 1e-3, count - crossing, seed + 1);
  cases.insert(cases.end(), grazing.begin(), grazing.end());
  return cases;
}

AdversarialCase fastChainCase(const CollisionWorldPtr &base, std::size_t count, std::uint32_t seed)
{
  const RobotModel &model = base->robot();
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> magnitude(1.5, 2.8);
  CollisionWorkspace ws(*base);
  AdversarialCase result{"fast-chain", base, {}};
  for (std::size_t attempt = 0; result.edges.size() < count && attempt < 1000 * count; ++attempt)
  {
    const Eigen::VectorXd q0 = randomState(model, rng);
    if (isInCollision(*base, ws, q0))
      continue;
    Eigen::VectorXd q1 = q0;
    for (const Joint &joint : model.joints())
      if (joint.q_index >= 0 && joint.type != JointType::Floating)
      {
        const int i = joint.q_index;
        const double toward = joint.upper - q0[i] > q0[i] - joint.lower ? 1.0 : -1.0;
        q1[i] = std::clamp(q0[i] + toward * magnitude(rng), joint.lower, joint.upper);
      }
    if (!isInCollision(*base, ws, q1))
      result.edges.push_back({q0, q1});
  }
  return result;
}

AdversarialCase nearContactCase(const CollisionWorldPtr &base, const std::vector<Edge> &edges)
{
  const int samples = 50;
  CollisionWorkspace ws(*base);
  AdversarialCase result{"near-contact", base, {}};
  for (const Edge &edge : edges)
  {
    const JointMotion motion(base->robot(), edge.q0, edge.q1);
    const std::optional<double> contact = firstSampledCollision(*base, ws, motion, samples);
    if (!contact)
      continue;
    double free_t = *contact - 1.0 / samples, colliding_t = *contact;
    while (colliding_t - free_t > 1e-6)
    {
      const double mid = 0.5 * (free_t + colliding_t);
      (isInCollision(*base, ws, motion.stateAt(mid)) ? colliding_t : free_t) = mid;
    }
    result.edges.push_back({motion.stateAt(free_t), edge.q1});
  }
  return result;
}

AdversarialCase selfCollisionCase(const CollisionWorldPtr &base, std::size_t count, std::uint32_t seed)
{
  const RobotModel &model = base->robot();
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> curl(0.5, 1.0), side(-0.3, 0.3);
  CollisionWorkspace ws(*base);
  AdversarialCase result{"self-collision", base, {}};
  std::size_t crossing = 0, other = 0;  // edges with / without a sampled self-contact
  for (std::size_t attempt = 0; crossing + other < count && attempt < 1000 * count; ++attempt)
  {
    Eigen::VectorXd q0 = Eigen::VectorXd::Zero(model.nq()), q1 = q0;
    const double sign = rng() % 2 ? 1.0 : -1.0;
    for (const Joint &joint : model.joints())
      if (joint.q_index >= 0 && joint.type != JointType::Floating)
      {
        const bool about_z = std::abs(joint.axis.z()) > 0.9;
        q0[joint.q_index] = std::clamp(about_z ? sign * curl(rng) : side(rng), joint.lower, joint.upper);
        q1[joint.q_index] = std::clamp(about_z ? sign * curl(rng) : side(rng), joint.lower, joint.upper);
      }
    if (isInCollision(*base, ws, q0) || isInCollision(*base, ws, q1))
      continue;
    const JointMotion motion(model, q0, q1);
    bool self_contact = false;
    for (int k = 1; k < 20 && !self_contact; ++k)
    {
      Contact witness;
      self_contact = isInCollision(*base, ws, motion.stateAt(k / 20.0), &witness) &&
                     model.linkIndex(witness.other) >= 0;
    }
    // Half the edges sweep the chain through itself (seen on 19 samples), half do not (as far as
    // 19 samples tell).
    if (self_contact ? crossing < count / 2 : other < count - count / 2)
    {
      (self_contact ? crossing : other) += 1;
      result.edges.push_back({q0, q1});
    }
  }
  return result;
}
}  // namespace ompl_ccd::test
