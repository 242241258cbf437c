#pragma once
/// \file fat_primitive_tests.h
/// The basic collision tests between a "fat" moving triangle — its orbit under a ball B_R(id) of
/// affine displacements, in its zero position — and a fixed triangle ([SchroeckerWeber] Sec. 3–4).
///
/// The orbit of a point x is the ball of radius R ϱ(x) about x (Eq. 4); of an edge, the union of
/// its vertex balls and a piece of the one-sheeted hyperboloid of revolution Φ (Eq. 6); of the
/// face, the vertex and edge orbits and the part of the two-sheeted hyperboloid Ψ (Eq. 8) over the
/// scaled polygon σ(P) (Prop. 1, Eq. 9). The paper's three tests (moving vertex/fixed face, moving
/// edge/fixed edge, moving face/fixed vertex) find the first contact of an initially separated
/// pair; two more — moving edge/fixed face interior and fixed edge/moving face interior, built the
/// same way — make the test complete for any pair, including one that already penetrates, so a
/// "no" never depends on the state at the start of the sub-motion.
///
/// Soundness under rounding: every "no" is a strict inequality with margin. Quadratics are declared
/// positive only above 1e-10 times the sum of their terms' magnitudes, clipping of parameter ranges
/// is widened, near-degenerate (sliver) triangles are replaced by their longest edge with the
/// radius enlarged by the sliver's height, and the caller pads R (paddedRadius) for the rounding of
/// the metric data and of the transformation into the zero position.
///
/// References: [SchroeckerWeber] in README.md (section References).

#include <Eigen/Core>
#include <array>

#include "certify/toleranced/affine_metric.h"

namespace ompl_ccd
{
/** \brief Orbit data of a moving edge: the segment a + s b, s ∈ [s0, s1], of a line with metric
    data (a, b, ϱ₀², ν²) ([SchroeckerWeber] Eq. 5). */
struct FatEdge
{
  LineMetricData line;
  /** \brief Parameter range of the segment on the line, measured from line.a. */
  double s0 = 0.0, s1 = 0.0;
};

/** \brief Orbit data of a moving face: the plane's metric data (Eq. 7) and the triangle's vertices
    in the plane coordinates (b₁, b₂) about a, counter-clockwise. */
struct FatFace
{
  PlaneMetricData plane;
  std::array<Eigen::Vector2d, 3> p;
};

/** \brief A triangle of a moving body, in the body's frame, with everything the tests need that
    depends only on the triangle and the body's metric (precomputed once, [SchroeckerWeber] Sec. 6). */
struct FatTriangle
{
  /** \brief Precomputes the metric data of the vertices, edges and face of v0 v1 v2 in \a metric. */
  FatTriangle(const AffineMetric &metric, const Eigen::Vector3d &v0, const Eigen::Vector3d &v1,
              const Eigen::Vector3d &v2);

  /** \brief Vertices and their squared distortion ϱ²(vᵢ). */
  std::array<Eigen::Vector3d, 3> v;
  std::array<double, 3> rho_sq;
  /** \brief max ϱ over the triangle (ϱ² is convex: attained at a vertex), for Eq. (11). */
  double rho_max = 1.0;
  /** \brief Edge i joins v[i] and v[(i + 1) % 3]. */
  std::array<FatEdge, 3> edges;
  /** \brief Face orbit data (unused for a sliver). */
  FatFace face;
  /** \brief True when the height over the longest edge is below 1e-6 of its length: the face is
      then replaced by that edge, fattened by the height (no unreliable normal is ever used). */
  bool sliver = false;
  /** \brief Index of the longest edge and the height of the third vertex over it. */
  int longest_edge = 0;
  double height = 0.0;
  /** \brief Centroid and the radius of the ball about it that contains the triangle. */
  Eigen::Vector3d centre = Eigen::Vector3d::Zero();
  double extent = 0.0;
  /** \brief 1/√μ_min of the metric: bounds ‖D‖₂ ≤ R/√μ_min for the linear part of a displacement
      in B_R (enlargement of a sliver's orbit). */
  double inv_sqrt_min_moment = 0.0;
};

/** \brief A fixed triangle, already mapped into the moving body's zero position (g⁻¹ applied). */
using FixedTriangle = std::array<Eigen::Vector3d, 3>;

/** \brief Radius the tests must be given for a ball of radius \a R: R (1 + 1e-8) for the rounding of
    the metric data, plus \a clearance (orbits grown by the clearance: ϱ ≥ 1), plus \a margin, an
    absolute length covering the rounding of poses and of the zero-position transform (metres). */
double paddedRadius(double R, double clearance, double margin);

/** \brief Moving vertex vs fixed face: does the ball of radius R ϱ(x) about x touch the closed
    triangle F? ([SchroeckerWeber] Sec. 4, sphere vs polygon). */
bool fatVertexHitsTriangle(const Eigen::Vector3d &x, double rho_sq, double R, const FixedTriangle &F);

/** \brief Moving edge vs fixed edge: does the segment y0 y1 meet the hyperboloid Φ (Eq. 6) between
    the planes of its parallel circles? (The end balls are the vertex tests'.) For R ≥ ν the edge
    orbit lies in its end balls and the answer is false ([SchroeckerWeber] Remark 1). */
bool fatEdgeHitsSegment(const FatEdge &e, double R, const Eigen::Vector3d &y0, const Eigen::Vector3d &y1);

/** \brief Moving face vs fixed vertex: is y between the sheets of Ψ (Eq. 8) over the scaled polygon
    σ(P) (Prop. 1)? False when R ≥ min(ν₁, ν₂): the face orbit then adds nothing to the edges'. */
bool fatFaceHitsPoint(const FatFace &f, double R, const Eigen::Vector3d &y);

/** \brief Moving edge vs the interior of a fixed face: is there a point of the edge whose ball
    reaches F's plane at a foot point inside F? (Completes the paper's three tests.) */
bool fatEdgeHitsTriangle(const FatEdge &e, double R, const FixedTriangle &F);

/** \brief Fixed edge vs the interior of the moving face: does the segment y0 y1 meet Ψ over σ(P)?
    (Completes the paper's three tests; the vertex test is its special case at the end points.) */
bool fatFaceHitsSegment(const FatFace &f, double R, const Eigen::Vector3d &y0, const Eigen::Vector3d &y1);

/** \brief [SchroeckerWeber] Listing 2 completed: true unless the orbit of P under B_R(id) provably
    misses the closed triangle F. \a R must be padded (paddedRadius). */
bool fatTriangleHitsTriangle(const FatTriangle &P, double R, const FixedTriangle &F);
}  // namespace ompl_ccd
