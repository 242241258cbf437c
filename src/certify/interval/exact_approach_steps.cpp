// The pair service on the exact shapes, after a triangle contact that FCL does not confirm (a
// cylinder's or sphere's circumscribed triangles touch first): conservative advancement with FCL's
// distance lower bound d̲ and an interval bound on the bodies' displacement, [t, t'] being apart
// when both sides move less than d̲ − clearance over it (the step of [Zhang2007] Eq. (4), with the
// motion bound taken from the interval poses of [Redon2004] Sec. 4.1).
#include <algorithm>

#include "certify/interval/exact_pair_solver_run.h"

#include "ompl_ccd/geometry/convex_hull.h"
#include "ompl_ccd/numeric.h"

namespace ompl_ccd
{
namespace
{
/** \brief Halvings of a step before the advance gives up (a step below 2⁻⁶⁰ of the interval is
    below the rounding of the times). */
constexpr int kMaxStepHalvings = 60;
/** \brief Farther apart than this (metres, beyond the clearance) by their hulls' slab, a step is
    taken on the slab (GJK on reduced hulls) instead of the shapes' distance (a mesh traversal). */
constexpr double kHullStepDistance = 5e-3;
}  // namespace

double PairContactSolver::Run::displacements(double t, double next, double moved[2])
{
  double narrowing = 0.0;
  for (int s = 0; s < 2; ++s)
  {
    const PairSide &side = ws_.sides[s];
    moved[s] = 0.0;
    if (side.link < 0)
      continue;
    // X(t')·p − X(t)·p for t' ∈ [t, next] and p in the body's box: (R(t') − R(t)) p + p(t') − p(t).
    const IntervalPose start = ws_.poses.over(t, t)[side.link];
    const IntervalPose &over = ws_.poses.over(t, next)[side.link];
    IntervalVector3 d;
    for (int i = 0; i < 3; ++i)
    {
      d[i] = over.p[i] - start.p[i];
      for (int k = 0; k < 3; ++k)
        d[i] += (over.R[3 * i + k] - start.R[3 * i + k]) * Interval(side.box_L.min()[k], side.box_L.max()[k]);
    }
    moved[s] = sqrt(squaredNorm(d)).hi();
    // The slab min_B n·x − max_A n·x (n fixed in F) narrows by A's moves along n and B's along −n.
    const Interval along = Interval(slab_n_F_.x()) * d[0] + Interval(slab_n_F_.y()) * d[1] +
                           Interval(slab_n_F_.z()) * d[2];
    narrowing = Interval::up(narrowing + std::max(0.0, s == 0 ? along.hi() : -along.lo()));
  }
  return narrowing;
}

double PairContactSolver::Run::hullSlab()
{
  fcl::CollisionObjectd &a = const_cast<fcl::CollisionObjectd &>(*hull_a_);
  a.setTransform(object_a_->getTransform());
  if (pair_.b >= 0)
    const_cast<fcl::CollisionObjectd &>(*hull_b_).setTransform(object_b_->getTransform());
  NearestPoints nearest;
  if (!convexNearestPoints(*hull_a_, *hull_b_, nearest))
    return 0.0;
  const Eigen::Vector3d gap = nearest.p_WB - nearest.p_WA;
  if (!(gap.norm() > numeric::kMinDirectionLength))
    return 0.0;
  // GJK only picks the direction n; the slab along it bounds the distance whatever GJK's error.
  const Eigen::Vector3d n = gap.normalized();
  const double slab = slabBetween(supportAlong(*hulls_[0], hull_a_->getTransform(), n, nullptr),
                                      supportAlong(*hulls_[1], hull_b_->getTransform(), -n, nullptr));
  if (slab > 0.0)
    slab_n_F_ = frame_ >= 0 ? Eigen::Vector3d(ws_.collision.kinematics.X_WL[frame_].linear().transpose() * n) : n;
  return std::max(0.0, slab);
}

PairContactSolver::Run::Advance PairContactSolver::Run::advanceOnShapes(double from, double after, int max_steps)
{
  const double until = request_.t1, clearance = request_.clearance, touch = request_.contact_distance;
  Advance out;
  const auto stop = [&](Advance::Status status, double time, const std::string &budget = "") {
    out.status = status;
    out.time = time;
    out.budget = budget;
    return out;
  };
  double t = from, h = until - from;
  for (int steps = 0;; ++steps)
  {
    if (steps == max_steps)
      return stop(Advance::Status::Apart, t);
    if (result_.stats.shape_steps >= solver_.options_.max_shape_steps)
      return stop(Advance::Status::Capped, t, "max_shape_steps");
    ++result_.stats.shape_steps;
    placeAt(t);
    NearestPoints nearest;
    slab_n_F_.setZero();
    const double slab = far_hulls_ ? hullSlab() : 0.0;
    double d = slab;
    if (!(d - clearance > kHullStepDistance))
      d = pairDistanceLowerBound(*object_a_, *object_b_, &nearest);
    if (!(d - clearance > touch))
      return contactOrStall(t, nearest);
    // The triangles lie within surface_gap of the shapes: farther apart than that, they are apart.
    if (t > after && d - clearance > surface_gap_)
      return stop(Advance::Status::Apart, t);
    // The longest step (halving the last one doubled) over which the sides move less than the gap,
    // or narrow the hulls' slab less than its width beyond the clearance ([Zhang2007] Eq. (4),
    // undirected or along the slab's direction: a motion across n hardly narrows it).
    const double gap = d - clearance, slab_gap = slab - clearance;
    double next = until;
    h *= 2.0;
    for (int halvings = 0;; ++halvings)
    {
      next = std::min(until, t + h);
      double moved[2];
      const double narrowing = displacements(t, next, moved);
      if (Interval::up(moved[0] + moved[1]) < gap || (slab_gap > 0.0 && narrowing < slab_gap))
        break;
      if (halvings == kMaxStepHalvings || !(next > t))
        return stop(Advance::Status::Capped, t, "shape_stall");
      h *= 0.5;
    }
    // Near a contact the steps shrink geometrically: a probe half a tolerance ahead that finds the
    // shapes overlapping brackets it at once (apart before t, in contact at the probe).
    const double ahead = std::min(until, t + 0.5 * request_.tolerance);
    if (probe_ahead_ && ahead > next)
      if (std::optional<Contact> hit = solver_.probe(ws_, motion_, pair_, ahead))
      {
        out.lower = t;
        out.contact = *hit;
        return stop(Advance::Status::Contact, ahead);
      }
    if (next >= until)
      return stop(Advance::Status::Passed, until);
    t = next;
  }
}

PairContactSolver::Run::Advance PairContactSolver::Run::contactOrStall(double t, NearestPoints &nearest)
{
  const double clearance = request_.clearance, touch = request_.contact_distance;
  Advance out;
  out.lower = t;  // proved apart before t
  // Contact only on FCL's upper bound: its nearest points are real points of the shapes.
  const double above = pairDistanceUpperBound(*object_a_, *object_b_, &nearest);
  if (!(above - clearance > touch))
  {
    out.status = Advance::Status::Contact;
    out.time = t;
    out.contact = contactAt(t, above, nearest);
    return out;
  }
  // Within contact_distance by the lower bound but not by the upper one: only the gap between
  // the bounds (a cylinder's GJK points not quite the nearest) separates them, and steps
  // shorter than d̲/μ would creep forever. A contact just ahead, within half the bracket, still
  // brackets the first one; otherwise nothing more can be certified here.
  const double probe = std::min(request_.t1, t + 0.5 * request_.tolerance);
  const double ahead = probe > t ? distanceAt(probe, &nearest) : numeric::kInfinity;
  if (!(ahead - clearance > touch))
  {
    out.status = Advance::Status::Contact;
    out.time = probe;
    out.contact = contactAt(probe, ahead, nearest);
    return out;
  }
  out.status = Advance::Status::Capped;
  out.time = t;
  out.budget = "shape_stall";
  return out;
}

PairContactResult PairContactSolver::Run::approach()
{
  probe_ahead_ = true;
  const Advance advance = advanceOnShapes(request_.t0, request_.t1, request_.approach_steps);
  result_.toc_lower = advance.time;
  result_.toc_upper = request_.t1;
  switch (advance.status)
  {
    case Advance::Status::Contact:
      result_.verdict = Verdict::Collision;
      result_.toc_lower = advance.lower;
      result_.toc_upper = advance.contact.time;
      result_.witness = advance.contact;
      break;
    case Advance::Status::Passed:
      result_.verdict = Verdict::Free;
      break;
    case Advance::Status::Apart:  // out of steps
    case Advance::Status::Capped:  // a stall near a pass: the solver tells it from a contact
      result_.verdict = Verdict::Undecided;
      break;
  }
  return result_;
}
}  // namespace ompl_ccd
