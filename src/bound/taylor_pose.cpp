#include "ompl_ccd/bound/taylor_pose.h"

#include <Eigen/Geometry>
#include <algorithm>
#include <optional>

#include "ompl_ccd/bound/motion_bound.h"

namespace ompl_ccd
{
namespace
{
/// Elementary enclosures over the sub-interval for S = TaylorModel.
struct TaylorFactory
{
  TaylorDomain domain;
  TaylorModel constant(double c) const { return TaylorModel::constant(Interval(c), domain); }
  TaylorModel linear(double a, double b) const { return TaylorModel::linear(a, b, domain); }
  TaylorModel sinLinear(double a, double b) const { return TaylorModel::sinLinear(a, b, domain); }
  TaylorModel cosLinear(double a, double b) const { return TaylorModel::cosLinear(a, b, domain); }
};

/// Elementary enclosures over the sub-interval [t0, t1] for S = Interval.
struct IntervalFactory
{
  Interval t;
  Interval constant(double c) const { return Interval(c); }
  Interval linear(double a, double b) const { return Interval(a) + Interval(b) * t; }
  Interval sinLinear(double a, double b) const { return sin(linear(a, b)); }
  Interval cosLinear(double a, double b) const { return cos(linear(a, b)); }
};

/// c₀x₀ + c₁x₁ + c₂x₂ without the terms whose coefficient is exactly 0 and without a product for
/// an exact 1 (both exact), so joint axes and frames along coordinate axes cost fewer enclosure
/// products; nullopt when every coefficient is 0.
template <typename S>
std::optional<S> combination(const Eigen::Vector3d &c, const S &x0, const S &x1, const S &x2)
{
  const S *x[3] = {&x0, &x1, &x2};
  std::optional<S> sum;
  for (int k = 0; k < 3; ++k)
  {
    if (c(k) == 0.0)
      continue;
    const S term = c(k) == 1.0 ? *x[k] : Interval(c(k)) * *x[k];
    sum = sum ? *sum + term : term;
  }
  return sum;
}

/// base + c₀x₀ + c₁x₁ + c₂x₂ (combination's skipped terms).
template <typename S>
S plusCombination(const S &base, const Eigen::Vector3d &c, const S &x0, const S &x1, const S &x2)
{
  const std::optional<S> sum = combination(c, x0, x1, x2);
  return sum ? base + *sum : base;
}

template <typename S, typename Factory>
PoseEnclosure<S> constantPose(const Eigen::Isometry3d &X, const Factory &make)
{
  PoseEnclosure<S> pose;
  for (int i = 0; i < 3; ++i)
  {
    for (int k = 0; k < 3; ++k)
      pose.R[3 * i + k] = make.constant(X.linear()(i, k));
    pose.p[i] = make.constant(X.translation()(i));
  }
  return pose;
}

/// X · C for a constant rigid transform C: R·R_C and p + R·p_C (scalings only, no products of
/// enclosures).
template <typename S>
PoseEnclosure<S> timesConstant(const PoseEnclosure<S> &X, const Eigen::Isometry3d &C)
{
  PoseEnclosure<S> Y;
  for (int i = 0; i < 3; ++i)
  {
    for (int k = 0; k < 3; ++k)  // a column of a rotation is never all zero
      Y.R[3 * i + k] = *combination<S>(C.linear().col(k), X.R[3 * i], X.R[3 * i + 1], X.R[3 * i + 2]);
    Y.p[i] = plusCombination<S>(X.p[i], C.translation(), X.R[3 * i], X.R[3 * i + 1], X.R[3 * i + 2]);
  }
  return Y;
}

/// X · Rot(u, a + b t): Rodrigues, R_J(θ) = I + sin θ [u]× + (1 − cos θ) [u]×², so
/// R·R_J = R + sin θ (R [u]×) + (1 − cos θ)(R [u]×²) with two enclosure products per entry.
template <typename S, typename Factory>
PoseEnclosure<S> timesRotation(const PoseEnclosure<S> &X, const Eigen::Vector3d &u, double a, double b,
                               const Factory &make)
{
  Eigen::Matrix3d K;
  K << 0.0, -u.z(), u.y(), u.z(), 0.0, -u.x(), -u.y(), u.x(), 0.0;
  const Eigen::Matrix3d K2 = K * K;
  const S s = make.sinLinear(a, b);
  const S one_minus_c = make.constant(1.0) - make.cosLinear(a, b);
  PoseEnclosure<S> Y = X;
  for (int i = 0; i < 3; ++i)
    for (int k = 0; k < 3; ++k)
    {
      // column k of [u]× is zero iff column k of [u]×² is (both vanish for the axis's own coordinate)
      const std::optional<S> RK = combination<S>(K.col(k), X.R[3 * i], X.R[3 * i + 1], X.R[3 * i + 2]);
      const std::optional<S> RK2 = combination<S>(K2.col(k), X.R[3 * i], X.R[3 * i + 1], X.R[3 * i + 2]);
      if (RK)
        Y.R[3 * i + k] = Y.R[3 * i + k] + s * *RK;
      if (RK2)
        Y.R[3 * i + k] = Y.R[3 * i + k] + one_minus_c * *RK2;
    }
  return Y;
}

/// The pose of link \a i from its parent link's \a X_WP (ignored for a root, whose parent is the
/// world): X_WC(t) = X_WP(t) · X_PJ · M_J(value(t)).
template <typename S, typename Factory>
PoseEnclosure<S> childPose(const JointMotion &motion, const Factory &make, const PoseEnclosure<S> *X_WP, int i)
{
  const RobotModel &model = motion.model();
  const Link &link = model.links()[i];
  const int j = link.parent_joint;
  const Joint &joint = model.joints()[j];
  // X_WJ = X_WP · X_PJ ([Zhang2007] Eq. (1)); the floating root's parent is the world.
  const PoseEnclosure<S> X_WJ =
      link.parent_link < 0 ? constantPose<S>(joint.X_PJ, make) : timesConstant(*X_WP, joint.X_PJ);
  switch (joint.type)
  {
    case JointType::Revolute:
    case JointType::Continuous:
      // value(t) = start + t δ: constant angular velocity about the joint axis, Eq. (2)
      return timesRotation<S>(X_WJ, joint.axis, motion.jointStart(j), motion.jointDelta(j), make);
    case JointType::Prismatic:
    {
      PoseEnclosure<S> X_WC = X_WJ;
      const S v = make.linear(motion.jointStart(j), motion.jointDelta(j));
      for (int r = 0; r < 3; ++r)
      {
        const std::optional<S> axis_W = combination<S>(joint.axis, X_WJ.R[3 * r], X_WJ.R[3 * r + 1], X_WJ.R[3 * r + 2]);
        if (axis_W)
          X_WC.p[r] = X_WJ.p[r] + *axis_W * v;
      }
      return X_WC;
    }
    case JointType::Floating:
      break;
  }
  // X_WL = X_PJ · [R0 · Rot(axis, t·angle), p0 + t dp]: the rotation about a fixed axis at
  // constant rate, the position linear (OMPL's SE3 interpolation).
  const Eigen::Isometry3d X_WJ0 = joint.X_PJ;
  Eigen::Isometry3d X_R0 = Eigen::Isometry3d::Identity();
  X_R0.linear() = X_WJ0.linear() * motion.rootRotationStart().toRotationMatrix();
  PoseEnclosure<S> X_WC =
      timesRotation<S>(constantPose<S>(X_R0, make), motion.rootRotationAxis(), 0.0, motion.rootRotationAngle(), make);
  const Eigen::Vector3d a = X_WJ0 * motion.rootPositionStart();
  const Eigen::Vector3d b = X_WJ0.linear() * motion.rootPositionDelta();
  for (int r = 0; r < 3; ++r)
    X_WC.p[r] = make.linear(a(r), b(r));
  return X_WC;
}

template <typename S, typename Factory>
void composeChain(const JointMotion &motion, const Factory &make, std::vector<PoseEnclosure<S>> &X_WL, int frame)
{
  const auto &links = motion.model().links();
  X_WL.resize(links.size());
  for (std::size_t i = 0; i < links.size(); ++i)
  {
    const int parent = links[i].parent_link;
    X_WL[i] = links[i].parent_joint < 0 || static_cast<int>(i) == frame  // the chain's start: X_FF = I
                  ? constantPose<S>(Eigen::Isometry3d::Identity(), make)
                  : childPose<S>(motion, make, parent < 0 ? nullptr : &X_WL[parent], static_cast<int>(i));
  }
}

/// Whether link \a ancestor is \a link or on its path to the root.
bool isAncestorOrSelf(const RobotModel &model, int ancestor, int link)
{
  for (int l = link; l >= 0; l = model.links()[l].parent_link)
    if (l == ancestor)
      return true;
  return false;
}

/// [lo, hi] of a within r of every point of m: m widened by r both ways, intersected with \a a.
Interval intersectWidened(const Interval &a, const Interval &m, double r)
{
  return {std::max(a.lo(), Interval::down(m.lo() - r)), std::min(a.hi(), Interval::up(m.hi() + r))};
}

/// Narrows the interval products \a X_WL over [t0, t1] (composeChain) by the mean-value form
/// about the midpoint t_m: along a long chain the products' widths grow link by link (every 3×3
/// product adds its factors' widths: the wrapping effect), while a link's origin stays within
/// μ |t − t_m| of its place at t_m (motionBound, the origin's speed) and its rotation within the
/// angle ω̄ |t − t_m| of R(t_m) (turnRateBound) — entrywise within that angle too, since
/// |R_m Q e_k − R_m e_k| = |Q e_k − e_k| ≤ 2 sin(θ/2) ≤ θ for R = R_m Q. Both enclose the pose,
/// so does their intersection. The pose at t_m is itself an interval product (rounding-wide).
void tightenAboutMidpoint(const JointMotion &motion, double t0, double t1, std::vector<IntervalPose> &X_WL,
                          int frame)
{
  const double tm = 0.5 * (t0 + t1);
  const double half = Interval::up(std::max(t1 - tm, tm - t0));
  thread_local std::vector<IntervalPose> at_midpoint;  // scratch, reused call after call
  composeChain<Interval>(motion, IntervalFactory{Interval(tm, tm)}, at_midpoint, frame);
  const RobotModel &model = motion.model();
  for (std::size_t i = 0; i < X_WL.size(); ++i)
  {
    const int link = static_cast<int>(i);
    if (link == frame || model.links()[i].parent_joint < 0)
      continue;  // a constant pose: the product is exact up to rounding
    const int relative_to = frame >= 0 && isAncestorOrSelf(model, frame, link) ? frame : -1;
    const double moved = Interval::up(motionBound(motion, link, BodyReach{}, t0, t1, relative_to) * half);
    const double turned = std::min(2.0, Interval::up(turnRateBound(motion, link, relative_to) * half));
    for (int r = 0; r < 3; ++r)
      X_WL[i].p[r] = intersectWidened(X_WL[i].p[r], at_midpoint[i].p[r], moved);
    for (int e = 0; e < 9; ++e)
      X_WL[i].R[e] = intersectWidened(X_WL[i].R[e], at_midpoint[i].R[e], turned);
  }
}
}  // namespace

void linkTaylorPoses(const JointMotion &motion, const TaylorDomain &domain, std::vector<TaylorPose> &X_WL)
{
  composeChain<TaylorModel>(motion, TaylorFactory{domain}, X_WL, -1);
}

TaylorPose linkTaylorPose(const JointMotion &motion, const TaylorDomain &domain, int link, int frame)
{
  const auto &links = motion.model().links();
  // the chain from the frame (or the root) down to the link, composed from its top
  std::vector<int> chain;
  for (int i = link; i >= 0 && i != frame && links[i].parent_joint >= 0; i = links[i].parent_link)
    chain.push_back(i);
  const TaylorFactory make{domain};
  TaylorPose X_FL = constantPose<TaylorModel>(Eigen::Isometry3d::Identity(), make);
  for (auto i = chain.rbegin(); i != chain.rend(); ++i)
    X_FL = childPose<TaylorModel>(motion, make, &X_FL, *i);
  return X_FL;
}

void linkIntervalPoses(const JointMotion &motion, double t0, double t1, std::vector<IntervalPose> &X_WL, int frame)
{
  plainLinkIntervalPoses(motion, t0, t1, X_WL, frame);
  if (t1 > t0)
    tightenAboutMidpoint(motion, t0, t1, X_WL, frame);
}

void plainLinkIntervalPoses(const JointMotion &motion, double t0, double t1, std::vector<IntervalPose> &X_WL,
                            int frame)
{
  composeChain<Interval>(motion, IntervalFactory{Interval(t0, t1)}, X_WL, frame);
}
}  // namespace ompl_ccd
