#include "certify/interval/exact_obb_tree.h"

#include <algorithm>
#include <cmath>

#include <fcl/geometry/bvh/BVH_model.h>
#include <fcl/math/bv/OBB.h>

#include "ompl_ccd/numeric.h"

namespace ompl_ccd
{
namespace
{
/// Largest |det − 1| of the Gram–Schmidt axes still taken as a rotation: det(e1, e2, e1 × e2) =
/// 1 − (e1 · e2)², which is 1 within rounding for FCL's orthonormal eigenvector axes; 10⁻⁶ off
/// means its first two axes were (nearly) parallel.
constexpr double kRotationDeterminantSlack = 1e-6;

/// FCL's axes made orthonormal by Gram–Schmidt; the identity if they are degenerate.
Eigen::Matrix3d orthonormal(const Eigen::Matrix3d &axes)
{
  const Eigen::Vector3d e1 = axes.col(0).normalized();
  const Eigen::Vector3d e2 = (axes.col(1) - axes.col(1).dot(e1) * e1).normalized();
  Eigen::Matrix3d out;
  out << e1, e2, e1.cross(e2);
  const bool rotation = out.allFinite() && std::fabs(out.determinant() - 1.0) < kRotationDeterminantSlack;
  return rotation ? out : Eigen::Matrix3d::Identity();
}

/// Refits node \a i of \a nodes (and its subtree) to the vertices of its triangles; appends those
/// vertex indices to \a below.
void refit(std::vector<ObbNode> &nodes, int i, const TriangleFeatures &f, std::vector<int> &below)
{
  const std::size_t first = below.size();
  if (nodes[i].leaf())
    for (int k = 0; k < 3; ++k)
      below.push_back(f.triangles[nodes[i].triangle][k]);
  else
  {
    refit(nodes, nodes[i].left, f, below);
    refit(nodes, nodes[i].left + 1, f, below);
  }
  ObbNode &node = nodes[i];
  Eigen::Vector3d lo = Eigen::Vector3d::Constant(numeric::kInfinity), hi = -lo;
  for (std::size_t k = first; k < below.size(); ++k)
  {
    const Eigen::Vector3d alpha = node.axes.transpose() * f.vertices[below[k]];
    lo = lo.cwiseMin(alpha);
    hi = hi.cwiseMax(alpha);
  }
  const Eigen::Vector3d mid = 0.5 * (lo + hi);
  node.center = node.axes * mid;
  // Each vertex is centre + axes α with |α_i| ≤ (hi − lo)/2 up to the rounding of the projections
  // and of the axes' orthonormality (≈ 10⁻¹⁶ of the coordinates): padUp's nanometre covers both.
  for (int k = 0; k < 3; ++k)
    node.half[k] = numeric::padUp(std::max(hi[k] - mid[k], mid[k] - lo[k]));
}
}  // namespace

ObbTree::ObbTree(const TriangleFeatures &features)
{
  if (features.triangles.empty())
    return;
  fcl::BVHModel<fcl::OBBd> model;
  std::vector<fcl::Triangle> triangles;
  for (const Eigen::Vector3i &t : features.triangles)
    triangles.emplace_back(t[0], t[1], t[2]);
  model.beginModel(static_cast<int>(triangles.size()), static_cast<int>(features.vertices.size()));
  model.addSubModel(features.vertices, triangles);
  model.endModel();
  nodes_.resize(static_cast<std::size_t>(model.getNumBVs()));
  for (int i = 0; i < model.getNumBVs(); ++i)
  {
    const fcl::BVNode<fcl::OBBd> &bv = model.getBV(i);
    nodes_[i].axes = orthonormal(bv.bv.axis);
    // FCL: a leaf holds one primitive, stored as −(index + 1); children are first_child and + 1.
    if (bv.first_child < 0)
      nodes_[i].triangle = -(bv.first_child + 1);
    else
      nodes_[i].left = bv.first_child;
  }
  std::vector<int> below;
  refit(nodes_, 0, features, below);
}
}  // namespace ompl_ccd
