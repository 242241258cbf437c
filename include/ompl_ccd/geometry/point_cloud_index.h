#pragma once
/// \file point_cloud_index.h
/// A point cloud as one obstacle: the balls of one radius r about its points, the points in a k-d
/// tree (nanoflann, [Blanco2014]) that finds those in a box or nearest to a point, so that a body
/// is checked against the few balls near it and no ball is an object of its own.
///
/// Immutable once built; every query is const and thread-safe (nanoflann's searches write only into
/// the caller's result).
///
/// [Blanco2014] J. L. Blanco, P. K. Rai. nanoflann: a C++ header-only fork of FLANN, a library for
/// nearest neighbor (NN) with kd-trees. https://github.com/jlblancoc/nanoflann, 2014.

#include <Eigen/Geometry>
#include <cstdint>
#include <memory>
#include <vector>

namespace ompl_ccd
{
/** \brief The balls of radius radius() about points p_WP (world frame), in a k-d tree. */
class PointCloudIndex
{
public:
  /** \brief Indexes \a p_WP (copied in). @pre radius > 0; every coordinate finite, within
      ±kMaxMagnitude (magnitude_bound.h): the scene's readers refuse other input. */
  PointCloudIndex(std::vector<Eigen::Vector3d> p_WP, double radius);
  ~PointCloudIndex();
  PointCloudIndex(const PointCloudIndex &) = delete;
  PointCloudIndex &operator=(const PointCloudIndex &) = delete;

  /** \brief Radius of every point's ball (metres). */
  double radius() const { return radius_; }
  /** \brief The points, world frame, in the order given. */
  const std::vector<Eigen::Vector3d> &points() const { return p_WP_; }
  /** \brief The box of every ball (the points' box grown by the radius, padded outward). */
  const Eigen::AlignedBox3d &ballBounds() const { return ball_bounds_; }

  /** \brief Appends to \a out (cleared first) every point inside the closed box [\a lo, \a hi]: the
      tree's nodes are cut by coordinates of points, compared exactly, so no point is missed or
      added by rounding. In the tree's order (which depends on the cloud only). */
  void pointsInBox(const Eigen::Vector3d &lo, const Eigen::Vector3d &hi, std::vector<std::uint32_t> &out) const;

  /** \brief The \a k points nearest to \a c (fewer when the cloud is smaller), nearest first, with
      their squared distances as the tree computed them (exact but for rounding): written to
      \a indices and \a squared_distances, resized to the count returned. */
  std::size_t nearest(const Eigen::Vector3d &c, std::size_t k, std::vector<std::uint32_t> &indices,
                      std::vector<double> &squared_distances) const;

private:
  struct Tree;
  std::vector<Eigen::Vector3d> p_WP_;
  double radius_;
  Eigen::AlignedBox3d ball_bounds_;
  std::unique_ptr<Tree> tree_;
};

using PointCloudIndexPtr = std::shared_ptr<const PointCloudIndex>;
}  // namespace ompl_ccd
