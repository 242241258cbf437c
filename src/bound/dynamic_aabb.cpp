#include "ompl_ccd/bound/dynamic_aabb.h"

#include <array>
#include <cassert>

#include "ompl_ccd/numeric.h"

namespace ompl_ccd
{
namespace
{
/// Largest max|R − P| of a rotation R still taken as the quarter-turn P (localBox): URDF digits such
/// as rpy 1.5708 miss π/2 by ≈ 4·10⁻⁶, and the pad 3 off max h stays below 0.3 mm per metre of box.
constexpr double kQuarterTurnSlack = 1e-4;

Interval boundOf(const TaylorModel &f) { return f.bound(); }
Interval boundOf(const Interval &f) { return f; }

template <typename S>
Eigen::AlignedBox3d cornerHull(const PoseEnclosure<S> &X_WL, const LocalBox &box)
{
  Eigen::Vector3d lo = Eigen::Vector3d::Constant(numeric::kInfinity);
  Eigen::Vector3d hi = -lo;
  std::array<Eigen::Vector3d, 8> p_L;
  for (int corner = 0; corner < 8; ++corner)
  {
    const Eigen::Vector3d sign((corner & 1) ? 1.0 : -1.0, (corner & 2) ? 1.0 : -1.0, (corner & 4) ? 1.0 : -1.0);
    p_L[corner] = box.X_LB * Eigen::Vector3d(sign.cwiseProduct(box.half_extents));
  }
  for (int r = 0; r < 3; ++r)
  {
    // the products R_rk(t) p_L,k, computed once per distinct coordinate (two per k for a box
    // aligned with its link)
    std::array<std::array<S, 8>, 3> product;
    for (int k = 0; k < 3; ++k)
      for (int corner = 0; corner < 8; ++corner)
      {
        int same = 0;
        while (p_L[same](k) != p_L[corner](k))
          ++same;
        product[k][corner] = same < corner ? product[k][same] : Interval(p_L[corner](k)) * X_WL.R[3 * r + k];
      }
    for (int corner = 0; corner < 8; ++corner)
    {
      // p_W,r(t) = Σ_k R_rk(t) p_L,k + p_r(t), bounded over the interval ([Zhang2007] Sec. 5.2)
      const S x = product[0][corner] + product[1][corner] + product[2][corner] + X_WL.p[r];
      const Interval range = boundOf(x);
      // pad for the rounding of constants (offsets, corners): kFinePadRel relative
      const double margin = numeric::kFinePadRel * (1.0 + range.mag() + p_L[corner].norm());
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
  // A quarter-turn rotation (URDF rpy in multiples of π/2, R a signed permutation P up to the
  // rounding of the file's digits): the box is taken axis-aligned with the link, half extents
  // |P| h padded by 3 max|R − P| max h ≥ |R − P| h (microns at most).
  const Eigen::Matrix3d P = box.X_LB.linear().array().round();
  const double off = (box.X_LB.linear() - P).cwiseAbs().maxCoeff();
  if (off < kQuarterTurnSlack && P.cwiseAbs().colwise().sum().isOnes() && P.cwiseAbs().rowwise().sum().isOnes())
  {
    box.half_extents = (P.cwiseAbs() * box.half_extents).array() + 3.0 * (1.0 + numeric::kPadRel) * off * box.half_extents.maxCoeff();
    box.X_LB.linear().setIdentity();
    box.aligned_with_link = true;
  }
  return box;
}

Eigen::AlignedBox3d worldAabb(const Eigen::Isometry3d &X_WL, const LocalBox &box)
{
  const Eigen::Vector3d center = X_WL * box.X_LB.translation();
  const Eigen::Vector3d extent = box.aligned_with_link
                                     ? Eigen::Vector3d(X_WL.linear().cwiseAbs() * box.half_extents)
                                     : Eigen::Vector3d((X_WL.linear() * box.X_LB.linear()).cwiseAbs() * box.half_extents);
  // padded for the rounding of the products, as dynamicAabb
  const Eigen::Vector3d padded =
      extent.array() + numeric::kFinePadRel * (1.0 + center.cwiseAbs().maxCoeff() + extent.maxCoeff());
  return Eigen::AlignedBox3d(center - padded, center + padded);
}

Eigen::AlignedBox3d dynamicAabb(const TaylorPose &X_WL, const LocalBox &box) { return cornerHull(X_WL, box); }

Eigen::AlignedBox3d dynamicAabb(const IntervalPose &X_WL, const LocalBox &box) { return cornerHull(X_WL, box); }
}  // namespace ompl_ccd
