#include "ompl_ccd/geometry/triangle_bvh.h"

#include <algorithm>
#include <cassert>
#include <numeric>

namespace ompl_ccd
{
TriangleBvh::TriangleBvh(const std::vector<std::array<Eigen::Vector3d, 3>> &triangles, int leaf_size)
{
  assert(!triangles.empty() && leaf_size >= 1);
  order_.resize(triangles.size());
  std::iota(order_.begin(), order_.end(), 0);
  nodes_.reserve(2 * triangles.size());
  build(triangles, 0, static_cast<int>(triangles.size()), leaf_size);
}

int TriangleBvh::build(const std::vector<std::array<Eigen::Vector3d, 3>> &triangles, int first, int count,
                       int leaf_size)
{
  const int index = static_cast<int>(nodes_.size());
  nodes_.emplace_back();
  Eigen::AlignedBox3d box, centroids;
  for (int i = first; i < first + count; ++i)
  {
    const auto &t = triangles[order_[i]];
    for (const Eigen::Vector3d &p : t)
      box.extend(p);
    centroids.extend((t[0] + t[1] + t[2]) / 3.0);
  }
  nodes_[index].box = box;
  nodes_[index].first = first;
  nodes_[index].count = count;
  if (count <= leaf_size)
    return index;
  int axis = 0;
  centroids.sizes().maxCoeff(&axis);
  const int half = count / 2;
  std::nth_element(order_.begin() + first, order_.begin() + first + half, order_.begin() + first + count,
                   [&](int a, int b) {
                     const auto &ta = triangles[a], &tb = triangles[b];
                     return ta[0](axis) + ta[1](axis) + ta[2](axis) < tb[0](axis) + tb[1](axis) + tb[2](axis);
                   });
  const int left = build(triangles, first, half, leaf_size);
  const int right = build(triangles, first + half, count - half, leaf_size);
  nodes_[index].left = left;
  nodes_[index].right = right;
  return index;
}
}  // namespace ompl_ccd
