#pragma once
/// \file triangle_bvh.h
/// An axis-aligned bounding-box tree over the triangles of one body, in the body's frame: the
/// hierarchy that keeps the toleranced-motion certifier from testing every triangle pair
/// ([SchroeckerWeber] Sec. 7, conclusions).
///
/// References: [SchroeckerWeber] in README.md (section References).

#include <Eigen/Geometry>
#include <array>
#include <vector>

namespace ompl_ccd
{
/** \brief Binary AABB tree over triangles, built by median splits along the longest axis of the
    triangle centroids. Immutable once built. */
class TriangleBvh
{
public:
  /** \brief A node: its box, its children (none for a leaf) and, for a leaf, its triangles
      order()[first, first + count). */
  struct Node
  {
    Eigen::AlignedBox3d box;
    int left = -1, right = -1;
    int first = 0, count = 0;
    /** \brief True for a leaf. */
    bool leaf() const { return left < 0; }
  };

  TriangleBvh() = default;
  /** \brief Builds the tree; leaves hold at most \a leaf_size triangles. \pre triangles non-empty. */
  explicit TriangleBvh(const std::vector<std::array<Eigen::Vector3d, 3>> &triangles, int leaf_size = 4);

  /** \brief Nodes; nodes()[0] is the root. */
  const std::vector<Node> &nodes() const { return nodes_; }
  /** \brief Triangle indices in leaf order. */
  const std::vector<int> &order() const { return order_; }

private:
  int build(const std::vector<std::array<Eigen::Vector3d, 3>> &triangles, int first, int count, int leaf_size);

  std::vector<Node> nodes_;
  std::vector<int> order_;
};
}  // namespace ompl_ccd
