#include "ompl_ccd/geometry/mesh_box_collision.h"

#include <algorithm>
#include <boost/container/small_vector.hpp>

#include "ompl_ccd/numeric.h"

namespace ompl_ccd
{
namespace
{
/// The triangle cut by the six faces of the box [−half, half] (Sutherland–Hodgman): the centre of
/// the polygon left, a point of both; the box's point nearest the triangle's vertices when
/// rounding leaves none.
Eigen::Vector3d sharedPoint(const Eigen::Vector3d &v0, const Eigen::Vector3d &v1, const Eigen::Vector3d &v2,
                            const Eigen::Vector3d &half)
{
  boost::container::small_vector<Eigen::Vector3d, 9> polygon{v0, v1, v2}, clipped;
  for (int k = 0; k < 3; ++k)
    for (const double side : {1.0, -1.0})
    {
      // keep side · x_k ≤ half_k
      clipped.clear();
      for (std::size_t i = 0; i < polygon.size(); ++i)
      {
        const Eigen::Vector3d &p = polygon[i], &q = polygon[(i + 1) % polygon.size()];
        const double hp = side * p[k] - half[k], hq = side * q[k] - half[k];
        if (hp <= 0.0)
          clipped.push_back(p);
        if ((hp < 0.0 && hq > 0.0) || (hp > 0.0 && hq < 0.0))
          clipped.push_back(p + (q - p) * (hp / (hp - hq)));
      }
      polygon.swap(clipped);
    }
  if (!polygon.empty())
  {
    Eigen::Vector3d centre = Eigen::Vector3d::Zero();
    for (const Eigen::Vector3d &p : polygon)
      centre += p;
    return centre / static_cast<double>(polygon.size());
  }
  Eigen::Vector3d nearest = v0;
  double best = numeric::kInfinity;
  for (const Eigen::Vector3d &v : {v0, v1, v2})
  {
    const Eigen::Vector3d clamped = v.cwiseMax(-half).cwiseMin(half);
    if ((v - clamped).squaredNorm() < best)
    {
      best = (v - clamped).squaredNorm();
      nearest = clamped;
    }
  }
  return nearest;
}
}  // namespace

bool triangleTouchesBox(const Eigen::Vector3d &v0, const Eigen::Vector3d &v1, const Eigen::Vector3d &v2,
                        const Eigen::Vector3d &half)
{
  // separated along an axis a iff the triangle's projection [min a·v, max a·v] misses the box's
  // [−r, r], r = Σ half_k |a_k|
  const auto apart = [&](const Eigen::Vector3d &a) {
    const double p0 = a.dot(v0), p1 = a.dot(v1), p2 = a.dot(v2);
    const double r = half.dot(a.cwiseAbs());
    return std::min({p0, p1, p2}) > r || std::max({p0, p1, p2}) < -r;
  };
  // the box's face normals: the triangle's own box against it
  for (int k = 0; k < 3; ++k)
    if (std::min({v0[k], v1[k], v2[k]}) > half[k] || std::max({v0[k], v1[k], v2[k]}) < -half[k])
      return false;
  const Eigen::Vector3d edges[3] = {v1 - v0, v2 - v1, v0 - v2};
  if (apart(edges[0].cross(edges[1])))  // the triangle's normal
    return false;
  for (const Eigen::Vector3d &f : edges)  // box axis × triangle edge (a zero axis separates nothing)
    for (int k = 0; k < 3; ++k)
      if (apart(Eigen::Vector3d::Unit(k).cross(f)))
        return false;
  return true;
}

std::optional<Eigen::Vector3d> meshBoxContact(const fcl::BVHModel<fcl::OBBRSSd> &mesh, const Eigen::Isometry3d &X_WM,
                                              const Eigen::Vector3d &half, const Eigen::Isometry3d &X_WB)
{
  if (mesh.getNumBVs() == 0)
    return std::nullopt;
  const Eigen::Isometry3d X_MB = X_WM.inverse() * X_WB, X_BM = X_MB.inverse();
  fcl::OBBd box;  // in the mesh frame, as the tree's boxes
  box.axis = X_MB.linear();
  box.To = X_MB.translation();
  box.extent = half;
  boost::container::small_vector<int, 64> pending{0};
  while (!pending.empty())
  {
    const fcl::BVNode<fcl::OBBRSSd> &node = mesh.getBV(pending.back());
    pending.pop_back();
    if (!node.bv.obb.overlap(box))
      continue;
    if (!node.isLeaf())
    {
      pending.push_back(node.rightChild());
      pending.push_back(node.leftChild());
      continue;
    }
    const fcl::Triangle &triangle = mesh.tri_indices[node.primitiveId()];
    const Eigen::Vector3d v0 = X_BM * mesh.vertices[triangle[0]], v1 = X_BM * mesh.vertices[triangle[1]],
                          v2 = X_BM * mesh.vertices[triangle[2]];
    if (triangleTouchesBox(v0, v1, v2, half))
      return X_WB * sharedPoint(v0, v1, v2, half);
  }
  return std::nullopt;
}
}  // namespace ompl_ccd
