#include "certify/toleranced/fat_primitive_tests.h"

#include <Eigen/Geometry>
#include <algorithm>
#include <cmath>
#include <initializer_list>

#include "ompl_ccd/numeric.h"

namespace ompl_ccd
{
namespace
{
/// A quadratic is "maybe ≤ 0" unless it exceeds this fraction of the sum of its terms' magnitudes
/// (double rounding is ~1e-16 of that sum; the rest is margin).
constexpr double kRelative = 1e-10;
/// Relative widening of every clipped parameter range and inside test.
constexpr double kWiden = 1e-9;
/// Height/length ratio below which a triangle is a sliver.
constexpr double kSliver = 1e-6;
/// Relative pad on a ball radius R (paddedRadius) for the rounding of the metric data it was
/// computed from (principal moments, their roots and inverses): far above that rounding, far
/// below any tolerance.
constexpr double kMetricPadRel = 1e-8;

/// NaN answers "maybe": only a provably positive value excludes contact.
bool maybeNonPositive(double value, double magnitude) { return !(value > kRelative * magnitude); }

double cross2(const Eigen::Vector2d &a, const Eigen::Vector2d &b) { return a.x() * b.y() - a.y() * b.x(); }

/// Squared distance from x to the segment p q (a point if p = q).
double segmentDistanceSquared(const Eigen::Vector3d &x, const Eigen::Vector3d &p, const Eigen::Vector3d &q)
{
  const Eigen::Vector3d d = q - p;
  const double dd = d.squaredNorm();
  const double t = dd > 0.0 ? std::clamp((x - p).dot(d) / dd, 0.0, 1.0) : 0.0;
  return (x - (p + t * d)).squaredNorm();
}

/// A lower bound (up to rounding) on the squared distance from x to the closed triangle F: the
/// edge distances, and the plane distance unless x surely projects outside F (projecting inside
/// is decided with a widened test, so doubt keeps the smaller plane distance).
double triangleDistanceSquared(const Eigen::Vector3d &x, const FixedTriangle &F)
{
  double d_sq = std::min({segmentDistanceSquared(x, F[0], F[1]), segmentDistanceSquared(x, F[1], F[2]),
                          segmentDistanceSquared(x, F[2], F[0])});
  const Eigen::Vector3d n = (F[1] - F[0]).cross(F[2] - F[0]);
  const double nn = n.squaredNorm();
  if (nn <= 0.0)
    return d_sq;
  const double n_norm = std::sqrt(nn);
  for (int i = 0; i < 3; ++i)
  {
    const Eigen::Vector3d e = F[(i + 1) % 3] - F[i], w = x - F[i];
    if (e.cross(w).dot(n) < -kWiden * e.norm() * w.norm() * n_norm)
      return d_sq;
  }
  const double h = (x - F[0]).dot(n);
  return std::min(d_sq, h * h / nn);
}

/// Restricts [lo, hi] to the parameters u with f0 + u·df ∈ [fmin, fmax]; false if none is left.
bool clipLinear(double f0, double df, double fmin, double fmax, double &lo, double &hi)
{
  if (df == 0.0)
    return fmin <= f0 && f0 <= fmax;
  double a = (fmin - f0) / df, b = (fmax - f0) / df;
  if (df < 0.0)
    std::swap(a, b);
  lo = std::max(lo, a);
  hi = std::min(hi, b);
  return lo <= hi;
}

/// Restricts [lo, hi] to the u with s0 + u·ds inside the counter-clockwise triangle p (widened).
bool clipToTriangle2(const std::array<Eigen::Vector2d, 3> &p, const Eigen::Vector2d &s0, const Eigen::Vector2d &ds,
                     double &lo, double &hi)
{
  for (int i = 0; i < 3; ++i)
  {
    const Eigen::Vector2d e = p[(i + 1) % 3] - p[i];
    const double tol = kWiden * e.norm() * ((s0 - p[i]).norm() + ds.norm() * std::max(std::fabs(lo), std::fabs(hi)));
    if (!clipLinear(cross2(e, s0 - p[i]), cross2(e, ds), -tol, numeric::kInfinity, lo, hi))
      return false;
  }
  return true;
}

/// Whether the quadratic q(u) = A u² + B u + C0 (evaluated by \a value, with term magnitudes by
/// \a magnitude) is maybe ≤ 0 somewhere on [lo, hi]: ends, and the vertex when convex.
template <typename Value, typename Magnitude>
bool quadraticMaybeNonPositive(double A, double B, double lo, double hi, const Value &value,
                               const Magnitude &magnitude)
{
  for (double u : {lo, hi})
    if (maybeNonPositive(value(u), magnitude(u)))
      return true;
  if (A > 0.0)
  {
    const double u = -B / (2.0 * A);
    if (u > lo && u < hi && maybeNonPositive(value(u), magnitude(u)))
      return true;
  }
  return false;
}

/// Longest edge index of three points, its length and the third point's height over it.
void longestEdge(const std::array<Eigen::Vector3d, 3> &v, int &index, double &length, double &height)
{
  index = 0;
  length = 0.0;
  for (int i = 0; i < 3; ++i)
  {
    const double l = (v[(i + 1) % 3] - v[i]).norm();
    if (l > length)
    {
      length = l;
      index = i;
    }
  }
  height = length > 0.0 ? (v[1] - v[0]).cross(v[2] - v[0]).norm() / length : 0.0;
}
}  // namespace

FatTriangle::FatTriangle(const AffineMetric &metric, const Eigen::Vector3d &v0, const Eigen::Vector3d &v1,
                         const Eigen::Vector3d &v2)
  : v{v0, v1, v2}
{
  double rho_max_sq = 0.0;
  for (int i = 0; i < 3; ++i)
  {
    rho_sq[i] = metric.distortionSquared(v[i]);
    rho_max_sq = std::max(rho_max_sq, rho_sq[i]);
  }
  rho_max = std::sqrt(rho_max_sq);
  for (int i = 0; i < 3; ++i)
  {
    const Eigen::Vector3d &p = v[i], &q = v[(i + 1) % 3];
    const Eigen::Vector3d d = q - p;
    FatEdge &e = edges[i];
    e.line = metric.lineData(p, d.squaredNorm() > 0.0 ? d : Eigen::Vector3d::UnitX());
    e.s0 = e.line.b.dot(p - e.line.a);
    e.s1 = e.line.b.dot(q - e.line.a);
    if (e.s1 < e.s0)
      std::swap(e.s0, e.s1);
  }
  double length = 0.0;
  longestEdge(v, longest_edge, length, height);
  sliver = !(height > kSliver * length);
  if (!sliver)
  {
    face.plane = metric.planeData(v0, v1 - v0, v2 - v0);
    for (int i = 0; i < 3; ++i)
      face.p[i] = Eigen::Vector2d(face.plane.b1.dot(v[i] - face.plane.a), face.plane.b2.dot(v[i] - face.plane.a));
    if (cross2(face.p[1] - face.p[0], face.p[2] - face.p[0]) < 0.0)
      std::swap(face.p[1], face.p[2]);
  }
  centre = (v0 + v1 + v2) / 3.0;
  for (int i = 0; i < 3; ++i)
    extent = std::max(extent, (v[i] - centre).norm());
  inv_sqrt_min_moment = 1.0 / std::sqrt(metric.principalMoments()(0));
}

double paddedRadius(double R, double clearance, double margin)
{
  return R * (1.0 + kMetricPadRel) + clearance + margin;
}

bool fatVertexHitsTriangle(const Eigen::Vector3d &x, double rho_sq, double R, const FixedTriangle &F)
{
  // Orbit of x: the ball of radius r = R ϱ(x) about x, [SchroeckerWeber] Eq. (4).
  const double r_sq = R * R * rho_sq;
  const double d_sq = triangleDistanceSquared(x, F);
  return maybeNonPositive(d_sq - r_sq, d_sq + r_sq);
}

bool fatEdgeHitsSegment(const FatEdge &e, double R, const Eigen::Vector3d &y0, const Eigen::Vector3d &y1)
{
  // In the frame (a; b, ·, ·): the balls of radius² R²(ϱ₀² + s²/ν²) about a + s b envelope
  // Φ: ρ² − c X² = R² ϱ₀², c = k/(1 − k), k = R²/ν² — [SchroeckerWeber] Eq. (6) — where the
  // touching ball's s = X/(1 − k) lies in [s0, s1] (the slab between Φ's parallel circles).
  const double k = R * R / e.line.nu_sq;
  if (!(k < 1.0))
    return false;  // concave in s: the edge orbit is its two end balls (Remark 1)
  const double c = k / (1.0 - k), C = R * R * e.line.rho0_sq;
  const Eigen::Vector3d &a = e.line.a, &b = e.line.b;
  const Eigen::Vector3d w0 = y0 - a, dw = y1 - y0;
  const double X0 = b.dot(w0), dX = b.dot(dw);
  const double slab_lo = (1.0 - k) * e.s0, slab_hi = (1.0 - k) * e.s1;
  const double widen = kWiden * (std::fabs(slab_lo) + std::fabs(slab_hi) + std::fabs(X0) + std::fabs(dX));
  double lo = 0.0, hi = 1.0;
  if (!clipLinear(X0, dX, slab_lo - widen, slab_hi + widen, lo, hi))
    return false;
  // q(u) = ρ²(u) − c X(u)² − C along y(u) = y0 + u (y1 − y0): a quadratic in u.
  const Eigen::Vector3d r0 = w0 - X0 * b, dr = dw - dX * b;
  const auto value = [&](double u) {
    const double X = X0 + u * dX;
    return (r0 + u * dr).squaredNorm() - c * X * X - C;
  };
  const auto magnitude = [&](double u) {
    const double X = X0 + u * dX;
    return (r0 + u * dr).squaredNorm() + c * X * X + C;
  };
  return quadraticMaybeNonPositive(dr.squaredNorm() - c * dX * dX, 2.0 * (r0.dot(dr) - c * X0 * dX), lo, hi, value,
                                   magnitude);
}

bool fatFaceHitsPoint(const FatFace &f, double R, const Eigen::Vector3d &y)
{
  const PlaneMetricData &pl = f.plane;
  const double k1 = R * R / pl.nu1_sq, k2 = R * R / pl.nu2_sq;
  if (!(k1 < 1.0 && k2 < 1.0))
    return false;  // a concave direction: the least ball is on the boundary (edge tests)
  const Eigen::Vector3d w = y - pl.a;
  const double X = pl.b1.dot(w), Y = pl.b2.dot(w), Z = pl.n.dot(w);
  // The ball touching y is centred at (X/(1−k₁), Y/(1−k₂)): inside P ⇔ (X, Y) ∈ σ(P), Prop. 1.
  double lo = 0.0, hi = 0.0;
  if (!clipToTriangle2(f.p, Eigen::Vector2d(X / (1.0 - k1), Y / (1.0 - k2)), Eigen::Vector2d::Zero(), lo, hi))
    return false;
  // Ψ: Z² − c₁X² − c₂Y² = R² ϱ₀², cᵢ = kᵢ/(1 − kᵢ) — [SchroeckerWeber] Eq. (8); y is between the
  // sheets when the left side is ≤ the right.
  const double c1 = k1 / (1.0 - k1), c2 = k2 / (1.0 - k2), C = R * R * pl.rho0_sq;
  return maybeNonPositive(Z * Z - c1 * X * X - c2 * Y * Y - C, Z * Z + c1 * X * X + c2 * Y * Y + C);
}

bool fatEdgeHitsTriangle(const FatEdge &e, double R, const FixedTriangle &F)
{
  const Eigen::Vector3d n_raw = (F[1] - F[0]).cross(F[2] - F[0]);
  const double n_norm = n_raw.norm();
  if (!(n_norm > 0.0))
    return false;  // zero area: F is its edges
  const Eigen::Vector3d n = n_raw / n_norm;
  const Eigen::Vector3d &a = e.line.a, &b = e.line.b;
  // Keep the s whose foot point on F's plane lies inside F (widened).
  double lo = e.s0, hi = e.s1;
  const double s_mag = std::max(std::fabs(lo), std::fabs(hi));
  for (int i = 0; i < 3; ++i)
  {
    const Eigen::Vector3d edge = F[(i + 1) % 3] - F[i];
    const double tol = kWiden * edge.norm() * ((a - F[i]).norm() + s_mag);
    if (!clipLinear(edge.cross(a - F[i]).dot(n), edge.cross(b).dot(n), -tol, numeric::kInfinity, lo, hi))
      return false;
  }
  // ψ(s) = (n·(a + s b − F₀))² − R² (ϱ₀² + s²/ν²): squared plane distance minus squared ball radius.
  const double h0 = n.dot(a - F[0]), hb = n.dot(b), k = R * R / e.line.nu_sq, C = R * R * e.line.rho0_sq;
  const auto value = [&](double s) {
    const double h = h0 + s * hb;
    return h * h - k * s * s - C;
  };
  const auto magnitude = [&](double s) {
    const double h = h0 + s * hb;
    return h * h + k * s * s + C;
  };
  return quadraticMaybeNonPositive(hb * hb - k, 2.0 * h0 * hb, lo, hi, value, magnitude);
}

bool fatFaceHitsSegment(const FatFace &f, double R, const Eigen::Vector3d &y0, const Eigen::Vector3d &y1)
{
  const PlaneMetricData &pl = f.plane;
  const double k1 = R * R / pl.nu1_sq, k2 = R * R / pl.nu2_sq;
  if (!(k1 < 1.0 && k2 < 1.0))
    return false;
  const Eigen::Vector3d w0 = y0 - pl.a, dw = y1 - y0;
  const double X0 = pl.b1.dot(w0), Y0 = pl.b2.dot(w0), Z0 = pl.n.dot(w0);
  const double dX = pl.b1.dot(dw), dY = pl.b2.dot(dw), dZ = pl.n.dot(dw);
  // Keep the u whose touching-ball centre lies in P (Prop. 1, σ⁻¹ applied to the segment).
  double lo = 0.0, hi = 1.0;
  if (!clipToTriangle2(f.p, Eigen::Vector2d(X0 / (1.0 - k1), Y0 / (1.0 - k2)),
                       Eigen::Vector2d(dX / (1.0 - k1), dY / (1.0 - k2)), lo, hi))
    return false;
  const double c1 = k1 / (1.0 - k1), c2 = k2 / (1.0 - k2), C = R * R * pl.rho0_sq;
  const auto value = [&](double u) {
    const double X = X0 + u * dX, Y = Y0 + u * dY, Z = Z0 + u * dZ;
    return Z * Z - c1 * X * X - c2 * Y * Y - C;
  };
  const auto magnitude = [&](double u) {
    const double X = X0 + u * dX, Y = Y0 + u * dY, Z = Z0 + u * dZ;
    return Z * Z + c1 * X * X + c2 * Y * Y + C;
  };
  return quadraticMaybeNonPositive(dZ * dZ - c1 * dX * dX - c2 * dY * dY, 2.0 * (Z0 * dZ - c1 * X0 * dX - c2 * Y0 * dY),
                                   lo, hi, value, magnitude);
}

bool fatTriangleHitsTriangle(const FatTriangle &P, double R, const FixedTriangle &F)
{
  // Cheap reject: the orbit of P lies in the ball of radius extent + R max ϱ about its centroid.
  const double reach = P.extent + R * P.rho_max;
  const double d_sq = triangleDistanceSquared(P.centre, F);
  if (!maybeNonPositive(d_sq - reach * reach, d_sq + reach * reach))
    return false;

  // A sliver F is replaced, for the tests against its interior, by its longest edge with the
  // radius grown by its height (F ⊂ edge ⊕ ball(height), ϱ ≥ 1).
  int f_long = 0;
  double f_length = 0.0, f_height = 0.0;
  longestEdge(F, f_long, f_length, f_height);
  const bool f_sliver = !(f_height > kSliver * f_length);
  const FixedTriangle F_long = {F[f_long], F[(f_long + 1) % 3], F[(f_long + 1) % 3]};

  // Moving vertex vs fixed face, moving edge vs fixed edge, moving edge vs fixed face interior.
  const auto edge_parts_hit = [&](const FatEdge &e, const Eigen::Vector3d &p, double rho_p, const Eigen::Vector3d &q,
                                  double rho_q, double radius) {
    if (fatVertexHitsTriangle(p, rho_p, radius, F) || fatVertexHitsTriangle(q, rho_q, radius, F))
      return true;
    for (int j = 0; j < 3; ++j)
      if (fatEdgeHitsSegment(e, radius, F[j], F[(j + 1) % 3]))
        return true;
    if (!f_sliver)
      return fatEdgeHitsTriangle(e, radius, F);
    const double grown = radius + f_height;
    return fatVertexHitsTriangle(p, rho_p, grown, F_long) || fatVertexHitsTriangle(q, rho_q, grown, F_long) ||
           fatEdgeHitsSegment(e, grown, F_long[0], F_long[1]);
  };
  for (int i = 0; i < 3; ++i)
    if (edge_parts_hit(P.edges[i], P.v[i], P.rho_sq[i], P.v[(i + 1) % 3], P.rho_sq[(i + 1) % 3], R))
      return true;

  if (P.sliver)
  {
    // P ⊂ its longest edge ⊕ ball(height); a displacement of B_R moves that offset by at most
    // height (1 + ‖D‖₂) ≤ height (1 + R/√μ_min).
    const int i = P.longest_edge;
    const double grown = R + P.height * (1.0 + R * P.inv_sqrt_min_moment);
    return edge_parts_hit(P.edges[i], P.v[i], P.rho_sq[i], P.v[(i + 1) % 3], P.rho_sq[(i + 1) % 3], grown);
  }
  // Moving face vs fixed vertex, and vs the fixed edges' interiors.
  for (int j = 0; j < 3; ++j)
    if (fatFaceHitsPoint(P.face, R, F[j]) || fatFaceHitsSegment(P.face, R, F[j], F[(j + 1) % 3]))
      return true;
  return false;
}
}  // namespace ompl_ccd
