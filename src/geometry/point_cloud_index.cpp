#include "ompl_ccd/geometry/point_cloud_index.h"

#include <cassert>
#include <cmath>
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

/** \brief Collects the indices of a radius search (nanoflann's result-set interface), unsorted. */
class WithinResult
{
public:
  WithinResult(double squared_radius, std::vector<std::uint32_t> &out) : squared_radius_(squared_radius), out_(out) {}
  std::size_t size() const { return out_.size(); }
  bool full() const { return true; }
  bool addPoint(double squared_distance, std::uint32_t index)
  {
    if (squared_distance <= squared_radius_)
      out_.push_back(index);
    return true;
  }
  double worstDist() const { return squared_radius_; }

private:
  double squared_radius_;
  std::vector<std::uint32_t> &out_;
};
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

void PointCloudIndex::pointsWithin(const Eigen::Vector3d &c, double reach, std::vector<std::uint32_t> &out) const
{
  out.clear();
  if (p_WP_.empty())
    return;
  // The tree sums squared coordinate differences and prunes on partial sums of squared distances
  // to its cells' split planes; for a point within reach both the point and those planes lie within
  // |c| + reach of the origin on every axis, so each term rounds by a relative ulp of at most
  // (|c| + reach)²: a pad of 10⁻¹² of that, far above a few ulps, keeps every point within reach.
  const double scale = c.cwiseAbs().maxCoeff() + reach;
  const double padded = reach * (1.0 + numeric::kFinePadRel) + numeric::kFinePadAbs;
  const double squared = padded * padded * (1.0 + numeric::kFinePadRel) + numeric::kFinePadRel * scale * scale;
  WithinResult result(squared, out);
  tree_->tree.findNeighbors(result, c.data(), nanoflann::SearchParams(0, 0.0f, false));
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
