// Slab separation of the CA certifier: the slab between a pair's hulls along a direction (the
// last distance query's, or a box obstacle's face normal), measured in the pair's frame (the world
// for a scene pair, the deepest common ancestor's link frame for a self pair). See
// convex_hull.h (slabBetween); the step it certifies is in ca_advance.cpp.
#include "ompl_ccd/geometry/convex_hull.h"

#include <cmath>

#include "certify/ca/ca_workspace.h"
#include "ompl_ccd/geometry/pair_distance.h"

namespace ompl_ccd
{
double ca::Model::slabWidth(Workspace &ws, const BodyPair &pair, const Eigen::Vector3d &n) const
{
  // s = min_{x∈B} x·n − max_{x∈A} x·n = −h_B(−n) − h_A(n), h the support function of the hull; each
  // hull's search starts from its last extreme vertex (n turns little from step to step)
  const auto support = [&](int body, const Eigen::Vector3d &dir, int &hint) {
    return supportAlong(*bodies_[body].hull, ws.hull_objects[body]->getTransform(), dir, &hint);
  };
  const double h_A = support(pair.a, n, ws.support_hints[2 * pair.a]);
  double h_B;
  if (pair.b >= 0)
    h_B = support(pair.b, -n, ws.support_hints[2 * pair.b + 1]);
  else
    h_B = supportAlong(*obstacle_hulls_[pair.obstacle], world_->scene().obstacles()[pair.obstacle].X_WG, -n,
                           &ws.obstacle_support_hints[pair.obstacle]);
  return slabBetween(h_A, h_B);
}

ca::Model::Separation ca::Model::boxFaceSeparation(Workspace &ws,
                                                                             const BodyPair &pair) const
{
  // The face the body's centre lies farthest beyond: its normal is most often the widest slab's
  // (any direction gives a valid slab; only the first guess is made cheaply).
  const Obstacle &box = world_->scene().obstacles()[pair.obstacle];
  const BodyRef &ref = bodies_[pair.a].ref;
  const Eigen::Vector3d centre_W = ws.kinematics.X_WL[ref.link] * bodies_[pair.a].box.X_LB.translation();
  const Eigen::Vector3d centre_O = box.X_WG.inverse() * centre_W;
  int axis = 0;
  (centre_O.cwiseAbs() - 0.5 * box.shape.box_size).maxCoeff(&axis);
  Separation best;
  best.n = best.n_F = (centre_O[axis] < 0.0 ? 1.0 : -1.0) * box.X_WG.linear().col(axis);  // body → box
  best.width = slabWidth(ws, pair, best.n);  // a scene pair's frame is the world
  best.valid = true;
  return best;
}

Eigen::Matrix3d ca::Model::pairFrameRotation(const Workspace &ws, const BodyPair &pair) const
{
  if (pair.ancestor < 0)
    return Eigen::Matrix3d::Identity();
  return ws.kinematics.X_WL[pair.ancestor].linear();
}

void ca::Model::remeasureSlab(Workspace &ws, const BodyPair &pair, Separation &separation) const
{
  // n is fixed in the pair's frame F: turned with it to the current time, then measured again
  separation.n = (pairFrameRotation(ws, pair) * separation.n_F).normalized();
  separation.width = slabWidth(ws, pair, separation.n);
}

void ca::Model::slabAlongNearest(Workspace &ws, const BodyPair &pair, const NearestPoints &nearest,
                                               Separation &separation) const
{
  const Eigen::Vector3d gap = nearest.p_WB - nearest.p_WA;
  separation.valid = gap.norm() > numeric::kMinDirectionLength;
  if (separation.valid)
  {
    separation.n = gap.normalized();
    separation.n_F = pairFrameRotation(ws, pair).transpose() * separation.n;
    separation.width = slabWidth(ws, pair, separation.n);
  }
}
}  // namespace ompl_ccd
