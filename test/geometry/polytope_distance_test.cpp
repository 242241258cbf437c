#include "ompl_ccd/geometry/polytope_distance.h"

#include <gtest/gtest.h>

#include <cmath>

namespace ompl_ccd
{
namespace
{
Eigen::Isometry3d at(const Eigen::Vector3d &p, double yaw = 0.0)
{
  Eigen::Isometry3d X = Eigen::Isometry3d::Identity();
  X.linear() = Eigen::AngleAxisd(yaw, Eigen::Vector3d::UnitZ()).toRotationMatrix();
  X.translation() = p;
  return X;
}

/// lower ≤ d ≤ upper, both within \a tolerance of d, in both orders; the points \a upper apart.
void expectDistance(const RoundedPolytope &P, const RoundedPolytope &Q, double d, double tolerance = 1e-9)
{
  for (const bool swap : {false, true})
  {
    const DistanceBounds bounds = swap ? polytopeDistance(Q, P) : polytopeDistance(P, Q);
    EXPECT_LE(bounds.lower, d) << (swap ? "Q–P" : "P–Q");
    EXPECT_GE(bounds.lower, d - tolerance) << (swap ? "Q–P" : "P–Q");
    EXPECT_GE(bounds.upper, d) << (swap ? "Q–P" : "P–Q");
    EXPECT_LE(bounds.upper, d + tolerance) << (swap ? "Q–P" : "P–Q");
    EXPECT_NEAR((bounds.nearest.p_WB - bounds.nearest.p_WA).norm(), d, tolerance);
  }
}

TEST(PolytopeDistance, FacingBoxes)
{
  const Eigen::Vector3d half(0.5, 0.5, 0.5);
  expectDistance(RoundedPolytope::box(at({0, 0, 0}), half), RoundedPolytope::box(at({1.25, 0.3, -0.2}), half), 0.25);
}

TEST(PolytopeDistance, ParallelEdges)
{
  // B turned 45° about z: its upright edge at x = 2 − √2/2 faces A's upright edges, the nearest
  // pair is the edge of B and A's face x = 0.5
  const Eigen::Vector3d half(0.5, 0.5, 0.5);
  const RoundedPolytope A = RoundedPolytope::box(at({0, 0, 0}), half);
  expectDistance(A, RoundedPolytope::box(at({2, 0, 0.3}, M_PI / 4), half), 1.5 - std::sqrt(0.5));
  // both turned 45°: upright edges facing each other, sqrt(2)·(…)
  const RoundedPolytope C = RoundedPolytope::box(at({0, 0, 0}, M_PI / 4), half);
  expectDistance(C, RoundedPolytope::box(at({2, 0, 0.1}, M_PI / 4), half), 2.0 - std::sqrt(2.0));
}

TEST(PolytopeDistance, SegmentThroughABoxOverlapsIt)
{
  // no end inside the box, no crossing of its edges: only the separating axes show the overlap
  const DistanceBounds bounds = polytopeDistance(RoundedPolytope::segment({-2, 0.1, 0.2}, {2, 0.1, 0.2}, 0.0),
                                                 RoundedPolytope::box(at({0, 0, 0}), Eigen::Vector3d(0.5, 0.5, 0.5)));
  EXPECT_EQ(bounds.lower, 0.0);
  EXPECT_EQ(bounds.upper, 0.0);
}

TEST(PolytopeDistance, CapsulesAndBalls)
{
  // parallel capsules 1 apart, radii 0.1 and 0.2
  expectDistance(RoundedPolytope::segment({0, 0, 0}, {0, 0, 1}, 0.1), RoundedPolytope::segment({1, 0, 0.5}, {1, 0, 2}, 0.2),
                 0.7);
  // a ball beyond a box's corner
  expectDistance(RoundedPolytope::point({1.5, 1.5, 1.5}, 0.1), RoundedPolytope::box(at({0, 0, 0}), Eigen::Vector3d(0.5, 0.5, 0.5)),
                 std::sqrt(3.0) - 0.1);
  // cores apart, widened into each other
  const DistanceBounds touching = polytopeDistance(RoundedPolytope::point({0, 0, 0}, 0.6), RoundedPolytope::point({1, 0, 0}, 0.6));
  EXPECT_EQ(touching.lower, 0.0);
  EXPECT_EQ(touching.upper, 0.0);
}

TEST(PolytopeDistance, TriangleAgainstBox)
{
  const RoundedPolytope box = RoundedPolytope::box(at({0, 0, 0}), Eigen::Vector3d(0.5, 0.5, 0.5));
  // above the top face, parallel to it
  expectDistance(RoundedPolytope::triangle({-0.2, -0.2, 0.8}, {0.3, -0.2, 0.8}, {0, 0.3, 0.8}), box, 0.3);
  // a collapsed triangle (a segment) beside an edge
  expectDistance(RoundedPolytope::triangle({1, 1, -2}, {1, 1, 2}, {1, 1, 0}), box, std::sqrt(0.5));
  // a corner of the box pokes through the triangle: no corner of the triangle inside the box
  const DistanceBounds pierced = polytopeDistance(RoundedPolytope::triangle({-3, -3, 0.4}, {3, -3, 0.4}, {0, 3, 0.4}), box);
  EXPECT_EQ(pierced.upper, 0.0);
}
}  // namespace
}  // namespace ompl_ccd
