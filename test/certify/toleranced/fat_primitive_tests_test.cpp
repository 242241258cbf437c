// Tests of the basic fat-primitive tests ([SchroeckerWeber] Sec. 3–4): hand-solved orbits, and
// random and near-degenerate triangle pairs against a brute-force reference (dense sampling of the
// moving triangle, exact point–triangle distances in long double).
#include "certify/toleranced/fat_primitive_tests.h"

#include <gtest/gtest.h>

#include <random>

namespace ompl_ccd
{
namespace
{
/// Metric of the box corners (±1, ±2, ±3): barycenter 0, moments 1, 4, 9, so
/// ϱ²(x) = 1 + x² + y²/4 + z²/9.
AffineMetric boxMetric()
{
  std::vector<Eigen::Vector3d> corners;
  for (int k = 0; k < 8; ++k)
    corners.emplace_back((k & 1) ? 1 : -1, (k & 2) ? 2 : -2, (k & 4) ? 3 : -3);
  return AffineMetric::fromVertices(corners, MassDistribution::MeshVertices);
}

using Vec = Eigen::Matrix<long double, 3, 1>;

/// Closest point of triangle abc to p (Ericson, Real-Time Collision Detection, p. 141), long double.
Vec closestOnTriangle(const Vec &p, const Vec &a, const Vec &b, const Vec &c)
{
  const Vec ab = b - a, ac = c - a, ap = p - a;
  const long double d1 = ab.dot(ap), d2 = ac.dot(ap);
  if (d1 <= 0 && d2 <= 0)
    return a;
  const Vec bp = p - b;
  const long double d3 = ab.dot(bp), d4 = ac.dot(bp);
  if (d3 >= 0 && d4 <= d3)
    return b;
  const long double vc = d1 * d4 - d3 * d2;
  if (vc <= 0 && d1 >= 0 && d3 <= 0)
    return a + d1 / (d1 - d3) * ab;
  const Vec cp = p - c;
  const long double d5 = ab.dot(cp), d6 = ac.dot(cp);
  if (d6 >= 0 && d5 <= d6)
    return c;
  const long double vb = d5 * d2 - d1 * d6;
  if (vb <= 0 && d2 >= 0 && d6 <= 0)
    return a + d2 / (d2 - d6) * ac;
  const long double va = d3 * d6 - d5 * d4;
  if (va <= 0 && (d4 - d3) >= 0 && (d5 - d6) >= 0)
    return b + (d4 - d3) / ((d4 - d3) + (d5 - d6)) * (c - b);
  const long double denom = va + vb + vc;
  if (denom == 0)  // degenerate triangle: nearest of its edges
  {
    const auto seg = [&](const Vec &u, const Vec &v) {
      const Vec d = v - u;
      const long double dd = d.squaredNorm();
      const long double t = dd > 0 ? std::clamp<long double>((p - u).dot(d) / dd, 0, 1) : 0;
      return Vec(u + t * d);
    };
    Vec best = seg(a, b);
    for (const Vec &q : {seg(b, c), seg(c, a)})
      if ((q - p).squaredNorm() < (best - p).squaredNorm())
        best = q;
    return best;
  }
  return a + (vb / denom) * ab + (vc / denom) * ac;
}

/// min over sampled x ∈ P of dist(x, F) − R ϱ(x), and over sampled y ∈ F of ‖x − y‖ − R ϱ(x)
/// with x the point of P nearest to y; and the grid's Lipschitz slack.
struct Reference
{
  double min_gap = INFINITY;
  double slack = 0.0;
};

Reference bruteForce(const AffineMetric &metric, const std::array<Eigen::Vector3d, 3> &P, double R,
                     const FixedTriangle &F, int n = 60)
{
  Reference ref;
  const Vec a = F[0].cast<long double>(), b = F[1].cast<long double>(), c = F[2].cast<long double>();
  for (int i = 0; i <= n; ++i)
    for (int j = 0; i + j <= n; ++j)
    {
      const double u = double(i) / n, v = double(j) / n;
      const Eigen::Vector3d x = P[0] + u * (P[1] - P[0]) + v * (P[2] - P[0]);
      const Vec xl = x.cast<long double>();
      const double d = static_cast<double>((closestOnTriangle(xl, a, b, c) - xl).norm());
      ref.min_gap = std::min(ref.min_gap, d - R * metric.distortion(x));
    }
  const Vec pa = P[0].cast<long double>(), pb = P[1].cast<long double>(), pc = P[2].cast<long double>();
  for (int i = 0; i <= n; ++i)
    for (int j = 0; i + j <= n; ++j)
    {
      const long double u = (long double)i / n, v = (long double)j / n;
      const Vec y = a + u * (b - a) + v * (c - a);
      const Vec x = closestOnTriangle(y, pa, pb, pc);
      ref.min_gap = std::min(ref.min_gap, static_cast<double>((x - y).norm()) -
                                              R * metric.distortion(x.cast<double>()));
    }
  // Grid spacing times the Lipschitz constant of dist − R ϱ (|∇ϱ| ≤ 1/√μ_min).
  const double spacing = std::max({(P[1] - P[0]).norm(), (P[2] - P[0]).norm(), (P[2] - P[1]).norm()}) / n;
  ref.slack = spacing * (1.0 + R / std::sqrt(metric.principalMoments()(0)));
  return ref;
}

TEST(FatPrimitiveTests, VertexOrbitIsTheBallOfRadiusRRho)
{
  const AffineMetric metric = boxMetric();
  const Eigen::Vector3d x(1.0, 2.0, 3.0);  // ϱ² = 4
  const FixedTriangle F = {Eigen::Vector3d(-5, -5, 4), Eigen::Vector3d(5, -5, 4), Eigen::Vector3d(0, 5, 4)};
  // Distance 1 to the plane z = 4, foot inside F: hit iff R·2 ≥ 1.
  EXPECT_TRUE(fatVertexHitsTriangle(x, metric.distortionSquared(x), 0.5 * (1 + 1e-6), F));
  EXPECT_FALSE(fatVertexHitsTriangle(x, metric.distortionSquared(x), 0.5 * (1 - 1e-6), F));
}

TEST(FatPrimitiveTests, EdgeOrbitIsBoundedByTheOneSheetedHyperboloid)
{
  // Edge (−1,0,0)–(1,0,0): ϱ² = 1 + s², so ϱ₀² = 1, ν² = 1. R = 1/2: k = 1/4, c = 1/3 and
  // Φ: ρ² − X²/3 = 1/4 (Eq. 6). The fixed segment x = 0.6, z = h crosses the axis plane at
  // ρ = h: inside iff h² ≤ 1/4 + 0.36/3 = 0.37.
  const AffineMetric metric = boxMetric();
  const FatTriangle P(metric, Eigen::Vector3d(-1, 0, 0), Eigen::Vector3d(1, 0, 0), Eigen::Vector3d(0, 0, -5));
  const FatEdge &e = P.edges[0];
  EXPECT_NEAR(e.line.rho0_sq, 1.0, 1e-12);
  EXPECT_NEAR(e.line.nu_sq, 1.0, 1e-12);
  const double h = std::sqrt(0.37);
  for (const double sign : {1.0, -1.0})
  {
    EXPECT_TRUE(fatEdgeHitsSegment(e, 0.5, Eigen::Vector3d(0.6, -sign, h * (1 - 1e-6)),
                                   Eigen::Vector3d(0.6, sign, h * (1 - 1e-6))));
    EXPECT_FALSE(fatEdgeHitsSegment(e, 0.5, Eigen::Vector3d(0.6, -sign, h * (1 + 1e-6)),
                                    Eigen::Vector3d(0.6, sign, h * (1 + 1e-6))));
  }
  // Beyond the slab the hyperboloid does not count (the end balls are the vertex tests').
  EXPECT_FALSE(fatEdgeHitsSegment(e, 0.5, Eigen::Vector3d(1.2, -1, 0.3), Eigen::Vector3d(1.2, 1, 0.3)));
  // R ≥ ν: the orbit is the two end balls (Remark 1).
  EXPECT_FALSE(fatEdgeHitsSegment(e, 1.0, Eigen::Vector3d(0, -1, 0.1), Eigen::Vector3d(0, 1, 0.1)));
}

TEST(FatPrimitiveTests, FaceOrbitIsBoundedByTheTwoSheetedHyperboloidOverTheScaledPolygon)
{
  // Face z = 0: ϱ² = 1 + x² + y²/4: ϱ₀² = 1, ν₁² = 1, ν₂² = 4. R = 1/2: k₁ = 1/4, k₂ = 1/16;
  // Ψ: Z² − X²/3 − Y²/15 = 1/4 (Eq. 8). At (0.3, 0.2): Z² ≤ 0.25 + 0.03 + 0.04/15.
  const AffineMetric metric = boxMetric();
  const FatTriangle P(metric, Eigen::Vector3d(-1, -1, 0), Eigen::Vector3d(2, -1, 0), Eigen::Vector3d(-1, 2, 0));
  const double h = std::sqrt(0.25 + 0.03 + 0.04 / 15.0);
  EXPECT_TRUE(fatFaceHitsPoint(P.face, 0.5, Eigen::Vector3d(0.3, 0.2, h * (1 - 1e-6))));
  EXPECT_FALSE(fatFaceHitsPoint(P.face, 0.5, Eigen::Vector3d(0.3, 0.2, h * (1 + 1e-6))));
  EXPECT_TRUE(fatFaceHitsPoint(P.face, 0.5, Eigen::Vector3d(0.3, 0.2, -h * (1 - 1e-6))));
  // Prop. 1: the foot (X/(1−k₁), Y/(1−k₂)) of (0.6, 0.6) is (0.8, 0.64), outside P (x + y ≤ 1):
  // the edge tests cover that point.
  EXPECT_FALSE(fatFaceHitsPoint(P.face, 0.5, Eigen::Vector3d(0.6, 0.6, 0.1)));
  // A segment piercing the sheets: the point test misses its end points, the segment test hits.
  EXPECT_FALSE(fatFaceHitsPoint(P.face, 0.5, Eigen::Vector3d(0.3, 0.2, 2.0)));
  EXPECT_TRUE(fatFaceHitsSegment(P.face, 0.5, Eigen::Vector3d(0.3, 0.2, 2.0), Eigen::Vector3d(0.3, 0.2, -2.0)));
}

TEST(FatPrimitiveTests, PenetratingPairsAreFoundWithoutAnyFeatureContact)
{
  // The moving triangle's edge pierces the interior of a large fixed triangle, every vertex and
  // edge far from the other triangle: only the completing tests see it.
  const AffineMetric metric = boxMetric();
  const FatTriangle P(metric, Eigen::Vector3d(0, 0, -1), Eigen::Vector3d(0.1, 0, 1), Eigen::Vector3d(0, -3, 0));
  const FixedTriangle F = {Eigen::Vector3d(-5, -2, 0), Eigen::Vector3d(5, -2, 0), Eigen::Vector3d(0, 6, 0)};
  EXPECT_TRUE(fatTriangleHitsTriangle(P, 1e-9, F));
  // Mirror: a fixed edge pierces the moving face.
  const FatTriangle Q(metric, Eigen::Vector3d(-5, -2, 0), Eigen::Vector3d(5, -2, 0), Eigen::Vector3d(0, 6, 0));
  const FixedTriangle G = {Eigen::Vector3d(0, 0, -1), Eigen::Vector3d(0.1, 0, 1), Eigen::Vector3d(0, -3, 0)};
  EXPECT_TRUE(fatTriangleHitsTriangle(Q, 1e-9, G));
  // Moved 0.5 off along x the pair is apart.
  const FixedTriangle G_apart = {Eigen::Vector3d(0, 0, -1), Eigen::Vector3d(0.1, 0, 1), Eigen::Vector3d(0, -3, 0)};
  const FatTriangle Q_apart(metric, Eigen::Vector3d(-5, -2, 5), Eigen::Vector3d(5, -2, 5), Eigen::Vector3d(0, 6, 5));
  EXPECT_FALSE(fatTriangleHitsTriangle(Q_apart, 1e-3, G_apart));
}

Eigen::Vector3d randomPoint(std::mt19937 &rng, double scale)
{
  std::uniform_real_distribution<double> u(-scale, scale);
  return {u(rng), u(rng), u(rng)};
}

TEST(FatPrimitiveTests, AgreesWithBruteForceOnRandomPairs)
{
  // Whenever the sampled reference finds a point of P whose orbit reaches F, the test says "hit";
  // whenever the reference proves a gap (beyond its sampling slack), it says "miss" — exactness.
  std::mt19937 rng(17);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  int hits = 0, misses = 0;
  for (int trial = 0; trial < 3000; ++trial)
  {
    std::vector<Eigen::Vector3d> points;
    for (int k = 0; k < 6; ++k)
      points.push_back(randomPoint(rng, 1.0));
    const AffineMetric metric = AffineMetric::fromVertices(points, MassDistribution::MeshVertices);
    const std::array<Eigen::Vector3d, 3> p = {randomPoint(rng, 1.0), randomPoint(rng, 1.0), randomPoint(rng, 1.0)};
    const Eigen::Vector3d shift = randomPoint(rng, 1.5);
    const FixedTriangle F = {randomPoint(rng, 1.0) + shift, randomPoint(rng, 1.0) + shift,
                             randomPoint(rng, 1.0) + shift};
    const double R = 0.3 * std::pow(unit(rng), 2.0);
    const FatTriangle P(metric, p[0], p[1], p[2]);
    const bool hit = fatTriangleHitsTriangle(P, R, F);
    const Reference ref = bruteForce(metric, p, R, F);
    if (ref.min_gap <= 0.0)
    {
      EXPECT_TRUE(hit) << "trial " << trial << " gap " << ref.min_gap;
      ++hits;
    }
    else if (ref.min_gap > ref.slack)
    {
      EXPECT_FALSE(hit) << "trial " << trial << " gap " << ref.min_gap << " slack " << ref.slack;
      ++misses;
    }
  }
  EXPECT_GT(hits, 300);
  EXPECT_GT(misses, 300);
}

TEST(FatPrimitiveTests, NearDegenerateTrianglesNeverGiveAFalseMiss)
{
  // Slivers (height 1e-7 … 1e-15 of the length), needles, and contacts at exactly zero distance:
  // the reference's witnesses must all be reported as hits.
  std::mt19937 rng(23);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  int witnessed = 0;
  for (int trial = 0; trial < 3000; ++trial)
  {
    std::vector<Eigen::Vector3d> points;
    for (int k = 0; k < 5; ++k)
      points.push_back(randomPoint(rng, 1.0));
    const AffineMetric metric = AffineMetric::fromVertices(points, MassDistribution::MeshVertices);
    const auto sliver = [&](double scale) -> std::array<Eigen::Vector3d, 3> {
      const Eigen::Vector3d a = randomPoint(rng, 1.0), b = randomPoint(rng, 1.0);
      const double eps = std::pow(10.0, -7.0 - 8.0 * unit(rng));
      const Eigen::Vector3d c = a + unit(rng) * (b - a) + scale * eps * randomPoint(rng, 1.0);
      return {a, b, c};
    };
    std::array<Eigen::Vector3d, 3> p = trial % 3 == 1 ? std::array<Eigen::Vector3d, 3>{randomPoint(rng, 1.0),
                                                                                        randomPoint(rng, 1.0),
                                                                                        randomPoint(rng, 1.0)}
                                                       : sliver(1.0);
    FixedTriangle F = trial % 3 == 0 ? FixedTriangle{randomPoint(rng, 1.0), randomPoint(rng, 1.0),
                                                     randomPoint(rng, 1.0)}
                                     : sliver(1.0);
    // Place F's first vertex exactly on P (zero distance) in a third of the cases.
    if (trial % 2 == 0)
    {
      const double u = unit(rng), v = unit(rng) * (1.0 - u);
      F[0] = p[0] + u * (p[1] - p[0]) + v * (p[2] - p[0]);
    }
    const double R = trial % 4 == 0 ? 1e-12 : 1e-3 * unit(rng);
    const FatTriangle P(metric, p[0], p[1], p[2]);
    const bool hit = fatTriangleHitsTriangle(P, paddedRadius(R, 0.0, 1e-9), F);
    const Reference ref = bruteForce(metric, p, R, F, 40);
    if (ref.min_gap <= 0.0)
    {
      ++witnessed;
      EXPECT_TRUE(hit) << "trial " << trial << " gap " << ref.min_gap;
    }
  }
  EXPECT_GT(witnessed, 1000) << witnessed;
}
}  // namespace
}  // namespace ompl_ccd
