#include "ompl_ccd/geometry/point_cloud_index.h"

#include <cassert>
#include <nanoflann.hpp>

#include "ompl_ccd/numeric.h"

namespace ompl_ccd
{
namespace
{
/** \brief nanoflann's view of the points (its dataset adaptor). */
struct PointsAdaptor
{
  const std::vector<Eigen::Vector3d> *points = nullptr;
  std::size_t kdtree_get_point_count() const { return points->size(); }
  double kdtree_get_pt(std::size_t i, std::size_t dim) const { return (*points)[i][static_cast<int>(dim)]; }
  /** \brief No precomputed box: the tree computes its own. */
  template <class Box>
  bool kdtree_get_bbox(Box &) const
  {
    return false;
  }
};

using KdTree = nanoflann::KDTreeSingleIndexAdaptor<nanoflann::L2_Simple_Adaptor<double, PointsAdaptor>, PointsAdaptor,
                                                   3, std::uint32_t>;

/** \brief The points of \a node's subtree inside [lo, hi], appended to \a out. A node's children
    hold the points whose coordinate divfeat is ≤ divlow (child1) and ≥ divhigh (child2), both
    coordinates of points (nanoflann's divideTree). */
void collectInBox(const KdTree &tree, const KdTree::Node *node, const std::vector<Eigen::Vector3d> &points,
                  const Eigen::Vector3d &lo, const Eigen::Vector3d &hi, std::vector<std::uint32_t> &out)
{
  if (node->child1 == nullptr && node->child2 == nullptr)
  {
    for (auto i = node->node_type.lr.left; i < node->node_type.lr.right; ++i)
    {
      const std::uint32_t index = tree.vAcc[i];
      const Eigen::Vector3d &p = points[index];
      if ((p.array() >= lo.array()).all() && (p.array() <= hi.array()).all())
        out.push_back(index);
    }
    return;
  }
  const int axis = static_cast<int>(node->node_type.sub.divfeat);
  if (lo[axis] <= node->node_type.sub.divlow)
    collectInBox(tree, node->child1, points, lo, hi, out);
  if (hi[axis] >= node->node_type.sub.divhigh)
    collectInBox(tree, node->child2, points, lo, hi, out);
}
}  // namespace

struct PointCloudIndex::Tree
{
  explicit Tree(const std::vector<Eigen::Vector3d> &points)
    : adaptor{&points}, tree(3, adaptor, nanoflann::KDTreeSingleIndexAdaptorParams(16))
  {
    tree.buildIndex();
  }
  PointsAdaptor adaptor;
  KdTree tree;
};

PointCloudIndex::PointCloudIndex(std::vector<Eigen::Vector3d> p_WP, double radius)
  : p_WP_(std::move(p_WP)), radius_(radius)
{
  assert(radius > 0.0 && "a cloud's balls need a radius > 0");
  for (const Eigen::Vector3d &p : p_WP_)
    ball_bounds_.extend(p);
  if (!ball_bounds_.isEmpty())
  {
    // the box's corners are coordinates of points (exact); the sum with r rounds by half an ulp
    const double pad = radius_ * (1.0 + numeric::kFinePadRel) + numeric::kFinePadAbs +
                       numeric::kFinePadRel * ball_bounds_.min().cwiseAbs().cwiseMax(ball_bounds_.max().cwiseAbs()).maxCoeff();
    ball_bounds_.min().array() -= pad;
    ball_bounds_.max().array() += pad;
  }
  tree_ = std::make_unique<Tree>(p_WP_);
}

PointCloudIndex::~PointCloudIndex() = default;

void PointCloudIndex::pointsInBox(const Eigen::Vector3d &lo, const Eigen::Vector3d &hi,
                                  std::vector<std::uint32_t> &out) const
{
  out.clear();
  if (!p_WP_.empty())
    collectInBox(tree_->tree, tree_->tree.root_node, p_WP_, lo, hi, out);
}

std::size_t PointCloudIndex::nearest(const Eigen::Vector3d &c, std::size_t k, std::vector<std::uint32_t> &indices,
                                     std::vector<double> &squared_distances) const
{
  indices.resize(k);
  squared_distances.resize(k);
  const std::size_t found = p_WP_.empty() || k == 0 ? 0 : tree_->tree.knnSearch(c.data(), k, indices.data(),
                                                                                  squared_distances.data());
  indices.resize(found);
  squared_distances.resize(found);
  return found;
}
}  // namespace ompl_ccd
