#include "ompl_ccd/bound/motion_bound.h"

#include <algorithm>
#include <cassert>
#include <cmath>

#include "ompl_ccd/numeric.h"

namespace ompl_ccd
{
namespace
{
using numeric::kPi;
/// Slack on angles computed with acos and on sums of rates (radians).
constexpr double kAngleSlack = 1e-9;

/// Angle in [0, π] between unit vectors a and n, widened by the slack.
double angleBetween(const Eigen::Vector3d &a, const Eigen::Vector3d &n)
{
  return std::acos(std::clamp(a.dot(n), -1.0, 1.0));
}

/// max |sin φ| for φ within θ of φ₀ ∈ [0, π] (|a × n| when a is within θ of a₀, φ₀ = ∠(a₀, n)).
double maxSinNear(double phi0, double theta)
{
  const double lo = phi0 - theta - kAngleSlack, hi = phi0 + theta + kAngleSlack;
  if (lo <= 0.5 * kPi && 0.5 * kPi <= hi)
    return 1.0;
  return std::min(1.0, std::max(std::fabs(std::sin(std::clamp(lo, 0.0, kPi))),
                                std::fabs(std::sin(std::clamp(hi, 0.0, kPi)))) + numeric::kUlpPadAbs);
}

/// max |cos φ| for φ within θ of φ₀ ∈ [0, π] (|a · n|).
double maxCosNear(double phi0, double theta)
{
  const double lo = phi0 - theta - kAngleSlack, hi = phi0 + theta + kAngleSlack;
  if (lo <= 0.0 || hi >= kPi)
    return 1.0;
  return std::min(1.0, std::max(std::fabs(std::cos(lo)), std::fabs(std::cos(hi))) + numeric::kUlpPadAbs);
}
}  // namespace

double jointTurnRate(const JointMotion &motion, int link)
{
  const int j = motion.model().links()[link].parent_joint;
  if (j < 0)
    return 0.0;
  switch (motion.model().joints()[j].type)
  {
    case JointType::Revolute:
    case JointType::Continuous:
      return std::fabs(motion.jointDelta(j));
    case JointType::Floating:
      return std::fabs(motion.rootRotationAngle());
    case JointType::Prismatic:
      return 0.0;
  }
  return 0.0;
}

namespace
{
/// max over [t_a, t_b] of |c_l − c_parent|, the offset of link l's origin from its parent's
/// ([Zhang2007] Eq. (9)): constant for a revolute joint, largest at an end of the stroke for a
/// prismatic one (the norm of an affine function is convex).
double linkOffset(const JointMotion &motion, int link, double t_a, double t_b)
{
  const Link &l = motion.model().links()[link];
  const Joint &joint = motion.model().joints()[l.parent_joint];
  const Eigen::Vector3d &t_PJ = joint.X_PJ.translation();
  if (joint.type != JointType::Prismatic)
    return t_PJ.norm();
  const int j = l.parent_joint;
  const Eigen::Vector3d u_P = joint.X_PJ.linear() * joint.axis;
  const double v_a = motion.jointStart(j) + t_a * motion.jointDelta(j);
  const double v_b = motion.jointStart(j) + t_b * motion.jointDelta(j);
  return std::max((t_PJ + v_a * u_P).norm(), (t_PJ + v_b * u_P).norm());
}

/// Largest measure over a geometry, in the link frame: \a point(p_L) at a mesh's vertices or a
/// box's corners (which bounds it over the whole shape for a convex measure), \a rim(c, w, ρ) over
/// a cylinder's two rim circles (centre c, normal w, radius ρ), \a ball(c, ρ) for a sphere; then
/// widened for rounding.
template <typename Point, typename Rim, typename Ball>
double largestOverShape(const LinkGeometry &geometry, const Point &point, const Rim &rim, const Ball &ball)
{
  const CollisionShape &shape = geometry.shape;
  const Eigen::Isometry3d &X_LG = geometry.X_LG;
  double largest = 0.0;
  switch (shape.kind)
  {
    case CollisionShape::Kind::Mesh:
      for (const Eigen::Vector3d &v : shape.mesh->vertices)
        largest = std::max(largest, point(X_LG * v));
      break;
    case CollisionShape::Kind::Box:
      for (int corner = 0; corner < 8; ++corner)
      {
        const Eigen::Vector3d s((corner & 1) ? 0.5 : -0.5, (corner & 2) ? 0.5 : -0.5, (corner & 4) ? 0.5 : -0.5);
        largest = std::max(largest, point(X_LG * Eigen::Vector3d(s.cwiseProduct(shape.box_size))));
      }
      break;
    case CollisionShape::Kind::Cylinder:
      for (double z : {-0.5 * shape.length, 0.5 * shape.length})
        largest = std::max(largest, rim(Eigen::Vector3d(X_LG * Eigen::Vector3d(0.0, 0.0, z)),
                                        Eigen::Vector3d(X_LG.linear().col(2)), shape.radius));
      break;
    case CollisionShape::Kind::Sphere:
      largest = ball(X_LG.translation(), shape.radius);
      break;
  }
  return largest * (1.0 + numeric::kFinePadRel) + numeric::kUlpPadAbs;
}

/// One moving joint k on the path from a body's link up to the reference frame.
struct ChainJoint
{
  const Joint &joint;
  /** \brief |δ_k|: the joint's change over [0,1] (a prismatic joint's stroke, the floating root's
      rotation angle). */
  double delta;
  /** \brief L_k ([Zhang2007] Eq. (9)): bound on |p − o_k| over the body, or on its distance from
      the axis for the link's own revolute joint. */
  double lever;
  /** \brief Σ of the rotation rates of the joints strictly above k (up to the reference frame). */
  double rate_above;
  /** \brief Link k moves (its pose at t_a carries the axis's world direction). */
  int link;
};

/// Calls visit(ChainJoint) for each joint on the path from \a link up to \a relative_to (or the
/// root), bottom-up, the levers growing by the link offsets passed (Eq. (9)).
template <typename Visit>
void forEachChainJoint(const JointMotion &motion, int link, const BodyReach &reach, double t_a, double t_b,
                       int relative_to, const Visit &visit)
{
  const RobotModel &model = motion.model();
  const auto &links = model.links();
  // Total rotation rate on the path, so that the rate strictly above a joint is a difference of
  // running sums (no allocation).
  double rate_to_link = 0.0;
  for (int l = link; l >= 0 && l != relative_to; l = links[l].parent_link)
    rate_to_link += jointTurnRate(motion, l);
  double lever = reach.radius;
  double rate_below = 0.0;  // rotation rates of the joints visited so far (k and below)
  for (int l = link; l >= 0 && l != relative_to; l = links[l].parent_link)
  {
    const int j = links[l].parent_joint;
    if (j < 0)
      break;
    const Joint &joint = model.joints()[j];
    const double rate = jointTurnRate(motion, l);
    rate_below += rate;
    const bool turns = joint.type == JointType::Revolute || joint.type == JointType::Continuous;
    const double delta = joint.type == JointType::Prismatic ? std::fabs(motion.jointDelta(j)) : rate;
    visit(ChainJoint{joint, delta, turns && l == link ? reach.axis_radius : lever,
                     std::max(0.0, rate_to_link - rate_below), l});
    if (joint.type != JointType::Floating)
      lever += linkOffset(motion, l, t_a, t_b);
  }
}
}  // namespace

double radiusAboutLinkOrigin(const LinkGeometry &geometry)
{
  return largestOverShape(
      geometry, [](const Eigen::Vector3d &p_L) { return p_L.norm(); },
      // farthest point of a rim circle: √((|c_⊥| + ρ)² + (c·w)²)
      [](const Eigen::Vector3d &c, const Eigen::Vector3d &w, double rho) {
        const double along = c.dot(w);
        return std::hypot((c - along * w).norm() + rho, along);
      },
      [](const Eigen::Vector3d &c, double rho) { return c.norm() + rho; });
}

BodyReach bodyReach(const RobotModel &model, int link, const LinkGeometry &geometry)
{
  BodyReach reach;
  reach.radius = radiusAboutLinkOrigin(geometry);
  reach.axis_radius = reach.radius;
  const int j = model.links()[link].parent_joint;
  if (j < 0 || (model.joints()[j].type != JointType::Revolute && model.joints()[j].type != JointType::Continuous))
    return reach;
  // distance from the axis line through the link origin: |a × p|; a circle or ball of radius ρ
  // centred at c stays within |a × c| + ρ of it
  const Eigen::Vector3d &a = model.joints()[j].axis;
  const auto fromAxis = [&](const Eigen::Vector3d &c, double rho = 0.0) { return a.cross(c).norm() + rho; };
  reach.axis_radius = std::min(
      reach.radius,
      largestOverShape(
          geometry, [&](const Eigen::Vector3d &p_L) { return fromAxis(p_L); },
          [&](const Eigen::Vector3d &c, const Eigen::Vector3d &, double rho) { return fromAxis(c, rho); }, fromAxis));
  return reach;
}

double motionBound(const JointMotion &motion, int link, const BodyReach &reach, double t_a, double t_b,
                   int relative_to)
{
  assert(0.0 <= t_a && t_a <= t_b && t_b <= 1.0);
  double mu = 0.0;
  forEachChainJoint(motion, link, reach, t_a, t_b, relative_to, [&](const ChainJoint &k) {
    switch (k.joint.type)
    {
      case JointType::Revolute:
      case JointType::Continuous:
        mu += k.delta * k.lever;  // |δ (a × r)| ≤ |δ| |r_⊥a|, Eq. (7)
        break;
      case JointType::Prismatic:
        mu += k.delta;
        break;
      case JointType::Floating:  // ṗ₀ = R_PJ dp and ω₀ = angle · a
        mu += (k.joint.X_PJ.linear() * motion.rootPositionDelta()).norm() + k.delta * k.lever;
        break;
    }
  });
  return (mu + numeric::kUlpPadAbs) * (1.0 + numeric::kFinePadRel);
}

double turnRateBound(const JointMotion &motion, int link, int relative_to)
{
  double rate = 0.0;
  const auto &links = motion.model().links();
  for (int l = link; l >= 0 && l != relative_to; l = links[l].parent_link)
    rate += jointTurnRate(motion, l);
  return (rate + numeric::kUlpPadAbs) * (1.0 + numeric::kFinePadRel);
}

double motionBoundAlong(const JointMotion &motion, const std::vector<Eigen::Isometry3d> &X_WL, int link,
                        const BodyReach &reach, double t_a, double t_b, const Eigen::Vector3d &n, int relative_to)
{
  assert(0.0 <= t_a && t_a <= t_b && t_b <= 1.0);
  const double span = t_b - t_a;
  double mu = 0.0;
  forEachChainJoint(motion, link, reach, t_a, t_b, relative_to, [&](const ChainJoint &k) {
    // θ_k: how far the joint's axis can turn against n during [t_a, t_b]: the rotations strictly
    // above it (up to relative_to, whose frame carries n along)
    const double theta = k.rate_above * span * (1.0 + numeric::kFinePadRel);
    const Eigen::Vector3d a_W =
        X_WL[k.link].linear() * (k.joint.type == JointType::Floating ? motion.rootRotationAxis() : k.joint.axis);
    const double phi0 = angleBetween(a_W.normalized(), n);
    switch (k.joint.type)
    {
      case JointType::Revolute:
      case JointType::Continuous:
        // |δ (a × r) · n| = |δ| |r·(n × a)| ≤ |δ| |r_⊥a| |a × n|, Eq. (7); r_⊥a, r's part across
        // the axis, is within axis_radius for the link's own joint and within L_k for the others
        mu += k.delta * k.lever * maxSinNear(phi0, theta);
        break;
      case JointType::Prismatic:
        mu += k.delta * maxCosNear(phi0, theta);
        break;
      case JointType::Floating:
        // ṗ₀ = R_PJ dp (constant) and ω₀ = angle · R_WL a (constant axis, θ = 0)
        mu += std::fabs((k.joint.X_PJ.linear() * motion.rootPositionDelta()).dot(n)) +
              k.delta * k.lever * maxSinNear(phi0, 0.0);
        break;
    }
  });
  return (mu + numeric::kUlpPadAbs) * (1.0 + numeric::kFinePadRel);
}

double accelerationBound(const JointMotion &motion, int link, const BodyReach &reach, double t_a, double t_b,
                         int relative_to)
{
  assert(0.0 <= t_a && t_a <= t_b && t_b <= 1.0);
  double acceleration = 0.0;
  forEachChainJoint(motion, link, reach, t_a, t_b, relative_to, [&](const ChainJoint &k) {
    if (k.joint.type == JointType::Prismatic)
      acceleration += k.delta * 2.0 * k.rate_above;  // 2 δ_k δ_i (a_i × a_k), i above k
    else  // δ_k² a_k × (a_k × r) + 2 δ_k δ_i a_i × (a_k × r), i above k
      acceleration += k.delta * k.lever * (k.delta + 2.0 * k.rate_above);
  });
  return (acceleration + numeric::kUlpPadAbs) * (1.0 + numeric::kFinePadRel);
}

double sweptBoxWidening(double speed, double acceleration, double span)
{
  return std::min(0.5 * speed * span, 0.125 * acceleration * span * span);
}

int commonAncestor(const RobotModel &model, int a, int b)
{
  const auto &links = model.links();
  for (int x = a; x >= 0; x = links[x].parent_link)
    for (int y = b; y >= 0; y = links[y].parent_link)
      if (x == y)
        return x;
  return -1;
}
}  // namespace ompl_ccd
