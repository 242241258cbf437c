// Per-pair conservative advancement of the CA certifier: the step Δt = (d − clearance)/μ of
// [Zhang2007] Eq. (4), undirected and along the slab's direction (ca_slab_separation.cpp), and the
// advance loop that takes those steps over the pair's live pieces (culling_front_end.h) on its
// convex hulls (the τ̌ of temporal culling) or on its exact geometry. See ca_advance.h.
#include "certify/ca/ca_advance.h"

#include <algorithm>
#include <fcl/narrowphase/collision.h>

#include "certify/ca/ca_workspace.h"
#include "ompl_ccd/bound/interval.h"
#include "ompl_ccd/bound/motion_bound.h"
#include "ompl_ccd/geometry/pair_distance.h"

namespace ompl_ccd
{
/// The FCL objects CA measures a pair on.
struct ca::Model::PairObjects
{
  /** \brief The pair's bodies as measured (convex hulls, or the geometries: meshes, primitives). */
  const fcl::CollisionObjectd *a = nullptr, *other = nullptr;
  /** \brief A box's or cylinder's surface triangles (exact distances), else null. */
  const fcl::CollisionObjectd *surface_a = nullptr, *surface_other = nullptr;
  /** \brief What exact distances are measured on: the surface if any, else the body. */
  const fcl::CollisionObjectd *exact_a = nullptr, *exact_other = nullptr;
  /** \brief How far the surfaces lie off their primitives, both bodies together (metres). */
  double surface_gap = 0.0;
  /** \brief A cylinder's axis, else null; the radii of the cylinders among the two bodies. */
  const fcl::CollisionObjectd *axis_a = nullptr, *axis_other = nullptr;
  double axis_radii = 0.0;
};

/// Mode::Decide: the state of the creep probes of a hull pass.
struct ca::Model::CreepState
{
  bool enabled = false;
  /** \brief The previous step's time and distance bound (previous_t < 0: none yet). */
  double previous_t = -1.0, previous_d = 0.0;
  /** \brief Steps since the last probe. */
  int since_probe = 0;
};

double ca::Model::stepLength(Workspace &ws, const JointMotion &motion, const BodyPair &pair, double t,
                                           double t_limit, double d, const Separation &separation,
                                           const Query &query) const
{
  const std::vector<Eigen::Isometry3d> &X_WL = ws.kinematics.X_WL;
  const Body &A = bodies_[pair.a];
  // Undirected: the distance shrinks at most at the relative speed, [Zhang2007] Eq. (4)
  // (a self pair's motions relative to its common ancestor)
  double mu = motionBound(motion, A.ref.link, A.reach, t, t_limit, pair.ancestor);
  if (pair.b >= 0)
    mu += motionBound(motion, bodies_[pair.b].ref.link, bodies_[pair.b].reach, t, t_limit, pair.ancestor);
  double dt = ca::eq4Step(d, query.clearance, mu);
  // Directed: the slab between the hulls along n (fixed in the pair's frame) shrinks at most at
  // μ_A(n) + μ_B(n)
  if (separation.valid && separation.width > query.clearance)
  {
    const Eigen::Vector3d &n = separation.n;
    double mu_n = motionBoundAlong(motion, X_WL, A.ref.link, A.reach, t, t_limit, n, pair.ancestor);
    if (pair.b >= 0)
      mu_n += motionBoundAlong(motion, X_WL, bodies_[pair.b].ref.link, bodies_[pair.b].reach, t, t_limit, n,
                               pair.ancestor);
    dt = std::max(dt, ca::eq4Step(separation.width, query.clearance, mu_n));
  }
  return ca::roundedStep(dt);
}

ca::Model::PairObjects ca::Model::pairObjects(const Workspace &ws, const BodyPair &pair,
                                                                         Geometry geometry) const
{
  const bool hulls = geometry == Geometry::Hulls;
  const auto objectOf = [&](int body) -> const fcl::CollisionObjectd * {
    return hulls ? ws.hull_objects[body].get() : ws.mesh_objects[body].get();
  };
  PairObjects objects;
  objects.a = objectOf(pair.a);
  objects.other = pair.b >= 0 ? objectOf(pair.b)
                              : (hulls ? obstacle_hull_objects_[pair.obstacle].get()
                                       : &world_->scene().object(pair.obstacle));
  // exact distances: a box or cylinder as triangles around it, within `gap` of it
  objects.surface_a = ws.surface_objects[pair.a].get();
  objects.surface_other =
      pair.b >= 0 ? ws.surface_objects[pair.b].get() : obstacle_surface_objects_[pair.obstacle].get();
  const auto gapOf = [&](int body) { return bodies_[body].surface ? bodies_[body].surface->gap : 0.0; };
  objects.surface_gap = gapOf(pair.a) + (pair.b >= 0 ? gapOf(pair.b) : obstacle_surface_gaps_[pair.obstacle]);
  objects.exact_a = objects.surface_a ? objects.surface_a : objects.a;
  objects.exact_other = objects.surface_other ? objects.surface_other : objects.other;
  objects.axis_a = ws.axis_objects[pair.a].get();
  objects.axis_other = pair.b >= 0 ? ws.axis_objects[pair.b].get() : obstacle_axis_objects_[pair.obstacle].get();
  const auto radiusOf = [&](int body) { return bodies_[body].axis ? bodies_[body].axis->radius : 0.0; };
  objects.axis_radii = radiusOf(pair.a) + (pair.b >= 0 ? radiusOf(pair.b) : obstacle_axis_radii_[pair.obstacle]);
  return objects;
}

std::optional<double> ca::Model::axisDistance(const PairObjects &objects, double contact_distance,
                                                           const Query &query, NearestPoints &nearest) const
{
  // A cylinder lies within its radius of its axis: the axis distance less the radii bounds the
  // distance from below, in closed form and cheaply (a long thin cylinder's prism makes FCL's
  // mesh traversal slow), exactly beside the cylinder. A box's surface (gap 0) or a mesh stands
  // for the other body. Near contact (or past a cap, where the bound is loose) the prism decides.
  if (!objects.axis_a && !objects.axis_other)
    return std::nullopt;
  NearestPoints on_axis;
  const double d = pairDistanceLowerBound(objects.axis_a ? *objects.axis_a : *objects.exact_a,
                                          objects.axis_other ? *objects.axis_other : *objects.exact_other, &on_axis) -
                   objects.axis_radii;
  if (!(d - query.clearance > contact_distance))
    return std::nullopt;
  nearest = on_axis;
  return d;
}

double ca::Model::exactDistance(Workspace &ws, const BodyPair &pair, const PairObjects &objects,
                                              double contact_distance, bool first_step, const Query &query,
                                              NearestPoints &nearest) const
{
  double d = 0.0;
  if (const std::optional<double> beside = axisDistance(objects, contact_distance, query, nearest))
  {
    d = *beside;
    ws.stats.distance_queries += 1;
  }
  else
  {
    // Far from contact a distance within the factor 1 + distance_rel_err is enough for a step;
    // contact is only ever decided on the exact distance.
    d = pairDistanceLowerBound(*objects.exact_a, *objects.exact_other, &nearest, options_.distance_rel_err);
    ws.stats.distance_queries += 1;
    if (options_.distance_rel_err > 0.0 && !(d - query.clearance >= contact_distance))
    {
      d = pairDistanceLowerBound(*objects.exact_a, *objects.exact_other, &nearest);
      ws.stats.distance_queries += 1;
    }
    // a body between a cylinder and its prism is up to surface_gap nearer the prism's surface than
    // the cylinder's: d − surface_gap bounds the distance in every case
    d = std::max(0.0, d - objects.surface_gap);
  }
  // a primitive's surface misses a body wholly inside it; no body gets inside without crossing the
  // surface, so the solids are checked once, at the run's start
  if (first_step && (objects.surface_a || objects.surface_other) && d > 0.0)
  {
    fcl::CollisionRequestd request(1, true);
    fcl::CollisionResultd overlap;
    if (collides(ws, pair, request, overlap))
    {
      d = 0.0;
      nearest.p_WA = nearest.p_WB = overlap.getContact(0).pos;
    }
  }
  return d;
}

bool ca::Model::confirmContact(Workspace &ws, const PairObjects &objects, double contact_distance,
                                             const Query &query, Advance &result) const
{
  // FCL's exact distance on the bodies is an upper bound (its points are real): a contact only
  // when it is within contact_distance, so a Collision's witness really is
  NearestPoints on_bodies;
  const double above = pairDistanceUpperBound(*objects.a, *objects.other, &on_bodies);
  ws.stats.distance_queries += 1;
  const bool touching = above - query.clearance <= contact_distance;
  if (touching)
  {
    result.distance = above;
    result.p_WA = on_bodies.p_WA;
    result.p_WB = on_bodies.p_WB;
  }
  return touching;
}

bool ca::Model::measure(Workspace &ws, const BodyPair &pair, const PairObjects &objects,
                                      const AdvanceRequest &request, int step, const Query &query,
                                      Separation &separation, Advance &result) const
{
  const bool hulls = request.geometry == Geometry::Hulls;
  NearestPoints nearest;
  bool apart = true;
  double d = 0.0;
  if (hulls)
  {
    apart = convexNearestPoints(*objects.a, *objects.other, nearest);
    ws.stats.hull_distance_queries += 1;
  }
  else
    d = exactDistance(ws, pair, objects, request.contact_distance, step == 0, query, nearest);
  slabAlongNearest(ws, pair, nearest, separation);
  // Hulls: GJK only picked the direction n; the slab along it (reduced hulls widened by their
  // gaps) is the certified distance bound, whatever GJK's error.
  if (hulls)
    d = apart && separation.valid ? std::max(0.0, separation.width) : 0.0;
  result.distance = d;
  result.p_WA = nearest.p_WA;
  result.p_WB = nearest.p_WB;
  // contact: d ≤ clearance + contact_distance ([Zhang2007] Alg. 1 line 20); NaN counts as near.
  // A hull pass only bounds τ̌; on the exact geometry the lower bound d (surface gaps and FCL's
  // rounding subtracted) is only a hint, and the contact is confirmed on the bodies themselves.
  const bool near = !(d - query.clearance > request.contact_distance);
  if (!near || hulls)
    return near;
  return confirmContact(ws, objects, request.contact_distance, query, result);
}

std::optional<ca::Model::Advance> ca::Model::creepProbe(Workspace &ws,
                                                                                 const JointMotion &motion,
                                                                                 std::size_t i, CreepState &creep,
                                                                                 double t, double d, double dt,
                                                                                 double t_limit) const
{
  // the bound shrinks: where would it reach zero at this rate? probe as far again past it
  if (++creep.since_probe >= 2 && creep.previous_t >= 0.0 && d < creep.previous_d)
  {
    const double t_zero = t + d * (t - creep.previous_t) / (creep.previous_d - d);
    const double t_probe = std::min(2.0 * t_zero - t, 0.5 * (t_zero + t_limit));
    if (t_zero < t_limit && t_probe > t + dt)  // then t_probe < t_limit too
    {
      creep.since_probe = 0;
      if (auto hit = collideAt(ws, motion, i, t_probe))
        return hit;
    }
  }
  creep.previous_t = t;
  creep.previous_d = d;
  return std::nullopt;
}

ca::Model::Advance ca::Model::advance(Workspace &ws, const JointMotion &motion,
                                                                  std::size_t i, const AdvanceRequest &request,
                                                                  const Query &query) const
{
  const BodyPair &pair = ws.pcl[i];
  const bool hulls = request.geometry == Geometry::Hulls;
  const PairObjects objects = pairObjects(ws, pair, request.geometry);
  Advance result;
  Separation separation;
  double queried_distance = 0.0;  // distance at the last query
  double t = request.t_start;
  CreepState creep;
  creep.enabled = hulls && query.mode == Mode::Decide && options_.creep_probes;
  for (int step = 0;; ++step)
  {
    t = ws.nextLiveTime(i, t);  // pieces where the pair's boxes are apart need no step
    if (!(t < request.t_limit))
      break;
    front_end_.poseAt(ws, motion, t);
    placePair(ws, pair);
    // The slab along the last query's direction n still separates the hulls by s at t: s ≤ the
    // distance, so it certifies a step without a distance query while it stays wide.
    if (separation.valid)
      remeasureSlab(ws, pair, separation);
    // Against a box obstacle the slab along its best face normal often separates the hulls well
    // enough that GJK is not needed to pick a direction.
    if (hulls && !separation.valid && pair.b < 0 &&
        world_->scene().obstacles()[pair.obstacle].shape.kind == CollisionShape::Kind::Box)
    {
      separation = boxFaceSeparation(ws, pair);
      queried_distance = separation.width;
    }
    double d = 0.0;
    if (separation.valid && separation.width - query.clearance >= request.contact_distance &&
        separation.width >= options_.slab_reuse * queried_distance)
    {
      d = separation.width;
      ws.stats.slab_steps += 1;
    }
    else
    {
      const bool touching = measure(ws, pair, objects, request, step, query, separation, result);
      d = queried_distance = result.distance;
      if (touching)
      {
        result.t = t;
        result.status = Advance::Status::Contact;
        return result;
      }
    }
    result.t = t;
    // within rounding of contact_distance but not confirmed, with no positive step: only the cap
    // would follow (a lower bound d ≤ clearance certifies nothing further)
    if (step >= request.max_steps || !(d > query.clearance))
    {
      result.status = Advance::Status::Capped;
      return result;
    }
    // Δt ≤ (d − clearance)/μ, [Zhang2007] Eq. (4); rounded down so [t, t + Δt] stays certified
    const double dt = stepLength(ws, motion, pair, t, request.t_limit, d, separation, query);
    (hulls ? ws.stats.hull_ca_steps : ws.stats.ca_steps) += 1;
    if (!(t + dt < request.t_limit))
      break;
    if (creep.enabled)
      if (auto hit = creepProbe(ws, motion, i, creep, t, d, dt, request.t_limit))
        return *hit;
    t = Interval::down(t + dt);
  }
  result.status = Advance::Status::Passed;
  result.t = request.t_limit;
  return result;
}
}  // namespace ompl_ccd
