#include "ompl_ccd/bound/dynamic_aabb.h"

#include <cassert>
#include <limits>

namespace ompl_ccd
{
namespace
{
Interval boundOf(const TaylorModel &f) { return f.bound(); }
Interval boundOf(const Interval &f) { return f; }

template <typename S>
Eigen::AlignedBox3d cornerHull(const PoseEnclosure<S> &X_WL, const LocalBox &box)
{
  Eigen::Vector3d lo = Eigen::Vector3d::Constant(std::numeric_limits<double>::infinity());
  Eigen::Vector3d hi = -lo;
  for (int corner = 0; corner < 8; ++corner)
  {
    const Eigen::Vector3d sign((corner & 1) ? 1.0 : -1.0, (corner & 2) ? 1.0 : -1.0, (corner & 4) ? 1.0 : -1.0);
    const Eigen::Vector3d p_L = box.X_LB * Eigen::Vector3d(sign.cwiseProduct(box.half_extents));
    for (int r = 0; r < 3; ++r)
    {
      // p_W,r(t) = Σ_k R_rk(t) p_L,k + p_r(t), bounded over the interval ([Zhang2007] Sec. 5.2)
      const S x = Interval(p_L.x()) * X_WL.R[3 * r] + Interval(p_L.y()) * X_WL.R[3 * r + 1] +
                  Interval(p_L.z()) * X_WL.R[3 * r + 2] + X_WL.p[r];
      const Interval range = boundOf(x);
      // pad for the rounding of constants (offsets, corners): 1e-12 relative
      const double margin = 1e-12 * (1.0 + range.mag() + p_L.norm());
      lo(r) = std::min(lo(r), range.lo() - margin);
      hi(r) = std::max(hi(r), range.hi() + margin);
    }
  }
  return Eigen::AlignedBox3d(lo, hi);
}
}  // namespace

LocalBox localBox(const LinkGeometry &geometry)
{
  const CollisionShape &shape = geometry.shape;
  Eigen::AlignedBox3d box_G;
  switch (shape.kind)
  {
    case CollisionShape::Kind::Mesh:
      assert(shape.mesh && !shape.mesh->vertices.empty());
      for (const Eigen::Vector3d &v : shape.mesh->vertices)
        box_G.extend(v);
      break;
    case CollisionShape::Kind::Box:
      box_G = Eigen::AlignedBox3d(-0.5 * shape.box_size, 0.5 * shape.box_size);
      break;
    case CollisionShape::Kind::Cylinder:
    {
      const Eigen::Vector3d e(shape.radius, shape.radius, 0.5 * shape.length);
      box_G = Eigen::AlignedBox3d(-e, e);
      break;
    }
    case CollisionShape::Kind::Sphere:
      box_G = Eigen::AlignedBox3d(Eigen::Vector3d::Constant(-shape.radius), Eigen::Vector3d::Constant(shape.radius));
      break;
  }
  LocalBox box;
  box.X_LB = geometry.X_LG * Eigen::Translation3d(box_G.center());
  box.half_extents = 0.5 * box_G.sizes();
  return box;
}

Eigen::AlignedBox3d dynamicAabb(const TaylorPose &X_WL, const LocalBox &box) { return cornerHull(X_WL, box); }

Eigen::AlignedBox3d dynamicAabb(const IntervalPose &X_WL, const LocalBox &box) { return cornerHull(X_WL, box); }
}  // namespace ompl_ccd
