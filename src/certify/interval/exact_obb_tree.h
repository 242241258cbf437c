#pragma once
/// \file exact_obb_tree.h
/// The OBB tree of one body's triangles, built once per body ([Redon2004] Sec. 5.1, after
/// [Gottschalk1996]): the hierarchy whose continuous overlap tests (exact_continuous_obb_overlap.h) cull the
/// triangle pairs of a body pair before the elementary contact solver.
///
/// Built with FCL's top-down BVHModel<OBB> (covariance axes, one triangle per leaf); each node's box
/// is then refitted along its (re-orthonormalised) axes to the vertices of the triangles below it
/// and padded outward (numeric::padUp), so that every box contains its triangles despite rounding:
/// the overlap test may then never separate two nodes whose triangles touch.
///
/// References: [Redon2004] in README.md, [Gottschalk1996] in docs/design.md (sections References).

#include <vector>

#include <Eigen/Core>

#include "certify/interval/exact_triangle_features.h"

namespace ompl_ccd
{
/** \brief One box of an ObbTree, in the body's frame B: {center + axes · α : |α_i| ≤ half_i}. */
struct ObbNode
{
  /** \brief Box axes e₁, e₂, e₃ as columns (orthonormal up to rounding). */
  Eigen::Matrix3d axes = Eigen::Matrix3d::Identity();
  /** \brief Centre p_BC (metres). */
  Eigen::Vector3d center = Eigen::Vector3d::Zero();
  /** \brief Half-sizes along the axes (metres, ≥ 0). */
  Eigen::Vector3d half = Eigen::Vector3d::Zero();
  /** \brief Children left and left + 1, or −1 for a leaf. */
  int left = -1;
  /** \brief Leaf: index of its triangle in TriangleFeatures::triangles; −1 for an inner node. */
  int triangle = -1;
  /** \brief True for a leaf. */
  bool leaf() const { return left < 0; }
};

/** \brief OBB tree over the triangles of one body (or obstacle). Immutable once built. */
class ObbTree
{
public:
  /** \brief An empty tree (no nodes). */
  ObbTree() = default;
  /** \brief Builds the tree over \a features' triangles (in their frame); empty if it has none. */
  explicit ObbTree(const TriangleFeatures &features);

  /** \brief Nodes; nodes()[0] is the root (when not empty). */
  const std::vector<ObbNode> &nodes() const { return nodes_; }

private:
  std::vector<ObbNode> nodes_;
};
}  // namespace ompl_ccd
