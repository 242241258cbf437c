// Tests of the object-oriented metric on affine displacements ([SchroeckerWeber] Sec. 2–3).
#include "certify/toleranced/affine_metric.h"

#include <Eigen/LU>
#include <gtest/gtest.h>

#include <random>

namespace ompl_ccd
{
namespace
{
Eigen::Vector3d randomVector(std::mt19937 &rng, double scale = 1.0)
{
  std::uniform_real_distribution<double> u(-scale, scale);
  return {u(rng), u(rng), u(rng)};
}

AffineDisplacement randomDisplacement(std::mt19937 &rng)
{
  AffineDisplacement alpha;
  alpha.A = Eigen::Matrix3d::Random();
  alpha.a = randomVector(rng, 2.0);
  return alpha;
}

struct MassPoints
{
  std::vector<Eigen::Vector3d> points;
  std::vector<double> weights;
};

MassPoints randomMass(std::mt19937 &rng, int n)
{
  MassPoints m;
  std::uniform_real_distribution<double> w(0.1, 3.0);
  for (int i = 0; i < n; ++i)
  {
    m.points.push_back(randomVector(rng) + Eigen::Vector3d(0.5, -0.2, 0.1));
    m.weights.push_back(w(rng));
  }
  return m;
}

// dist² by its definition Σ wᵢ ‖α(mᵢ) − β(mᵢ)‖² with weights normalised to |μ| = 1.
double definitionDistance(const MassPoints &m, const AffineDisplacement &alpha, const AffineDisplacement &beta)
{
  double total = 0.0, sum = 0.0;
  for (double w : m.weights)
    total += w;
  for (std::size_t i = 0; i < m.points.size(); ++i)
    sum += m.weights[i] / total * (alpha(m.points[i]) - beta(m.points[i])).squaredNorm();
  return sum;
}

TEST(AffineMetric, ClosedFormDistanceEqualsDefinitionOnRandomDisplacements)
{
  std::mt19937 rng(7);
  for (int trial = 0; trial < 200; ++trial)
  {
    const MassPoints m = randomMass(rng, 4 + trial % 20);
    const AffineMetric metric = AffineMetric::fromPoints(m.points, m.weights);
    ASSERT_EQ(metric.regularization(), 0.0);
    const AffineDisplacement alpha = randomDisplacement(rng), beta = randomDisplacement(rng);
    const double expected = definitionDistance(m, alpha, beta);
    EXPECT_NEAR(metric.squaredDistance(alpha, beta), expected, 1e-11 * (1.0 + expected));
  }
}

TEST(AffineMetric, OrbitOfAPointIsTheBallOfRadiusRTimesDistortion)
{
  // Eq. (4): max ‖δ(x)‖ over ‖δ‖ ≤ R is R ϱ(x); random δ stay inside, the extremal δ reaches it.
  std::mt19937 rng(11);
  for (int trial = 0; trial < 100; ++trial)
  {
    const MassPoints m = randomMass(rng, 8);
    const AffineMetric metric = AffineMetric::fromPoints(m.points, m.weights);
    const AffineDisplacement identity;
    const Eigen::Vector3d x = randomVector(rng, 3.0);
    const double R = 0.37, rho = metric.distortion(x);
    for (int k = 0; k < 20; ++k)
    {
      AffineDisplacement delta = randomDisplacement(rng);
      delta.A += identity.A;
      const double scale = R / std::sqrt(metric.squaredDistance(delta, identity));
      delta.A = identity.A + scale * (delta.A - identity.A);
      delta.a *= scale;
      EXPECT_LE((delta(x) - x).norm(), R * rho * (1.0 + 1e-12));
    }
    // δ = (R/ϱ) u [1 + (x − b)ᵀ J⁻¹ (· − b)] attains it.
    const Eigen::Vector3d u = randomVector(rng).normalized();
    const Eigen::Vector3d b = metric.barycenter();
    const Eigen::Vector3d Jx = metric.inertia().inverse() * (x - b);
    AffineDisplacement extremal;
    extremal.A = identity.A + (R / rho) * u * Jx.transpose();
    extremal.a = (R / rho) * (u - u * Jx.dot(b));
    EXPECT_NEAR(std::sqrt(metric.squaredDistance(extremal, identity)), R, 1e-12);
    EXPECT_NEAR((extremal(x) - x).norm(), R * rho, 1e-12);
  }
}

TEST(AffineMetric, DistortionIsLeastAtTheBarycenterAndUsesThePrincipalMoments)
{
  const std::vector<Eigen::Vector3d> box = {{-1, -2, -3}, {1, -2, -3}, {-1, 2, -3}, {1, 2, -3},
                                            {-1, -2, 3},  {1, -2, 3},  {-1, 2, 3},  {1, 2, 3}};
  const AffineMetric metric = AffineMetric::fromPoints(box, std::vector<double>(8, 2.0));
  EXPECT_TRUE(metric.barycenter().isZero(1e-15));
  EXPECT_NEAR(metric.principalMoments()(0), 1.0, 1e-12);
  EXPECT_NEAR(metric.principalMoments()(1), 4.0, 1e-12);
  EXPECT_NEAR(metric.principalMoments()(2), 9.0, 1e-12);
  EXPECT_DOUBLE_EQ(metric.distortionSquared(Eigen::Vector3d::Zero()), 1.0);
  // ϱ²(1, 2, 3) = 1 + 1/1 + 4/4 + 9/9.
  EXPECT_NEAR(metric.distortionSquared(Eigen::Vector3d(1, 2, 3)), 4.0, 1e-12);
}

TEST(AffineMetric, LineAndPlaneMetricDataReproduceTheDistortion)
{
  std::mt19937 rng(3);
  for (int trial = 0; trial < 50; ++trial)
  {
    const MassPoints m = randomMass(rng, 10);
    const AffineMetric metric = AffineMetric::fromPoints(m.points, m.weights);
    const Eigen::Vector3d p = randomVector(rng, 2.0), d = randomVector(rng), e = randomVector(rng);
    const LineMetricData line = metric.lineData(p, d);
    const PlaneMetricData plane = metric.planeData(p, d, e);
    EXPECT_NEAR(line.b.norm(), 1.0, 1e-14);
    EXPECT_NEAR(std::fabs(line.b.dot(d.normalized())), 1.0, 1e-12);
    EXPECT_NEAR(plane.n.dot(d), 0.0, 1e-12);
    EXPECT_NEAR(plane.n.dot(e), 0.0, 1e-12);
    for (int k = 0; k < 10; ++k)
    {
      std::uniform_real_distribution<double> s(-3.0, 3.0);
      const double a = s(rng), b = s(rng);
      // Eq. (5) and Eq. (7).
      EXPECT_NEAR(metric.distortionSquared(line.a + a * line.b), line.rho0_sq + a * a / line.nu_sq,
                  1e-9 * metric.distortionSquared(line.a + a * line.b));
      const Eigen::Vector3d x = plane.a + a * plane.b1 + b * plane.b2;
      EXPECT_NEAR(metric.distortionSquared(x), plane.rho0_sq + a * a / plane.nu1_sq + b * b / plane.nu2_sq,
                  1e-9 * metric.distortionSquared(x));
    }
  }
}

TEST(AffineMetric, ObbCornersOfABoxEqualItsVertices)
{
  std::vector<Eigen::Vector3d> box;
  for (int k = 0; k < 8; ++k)
    box.emplace_back((k & 1) ? 0.4 : -0.2, (k & 2) ? 0.3 : -0.1, (k & 4) ? 1.0 : 0.0);
  const AffineMetric vertices = AffineMetric::fromVertices(box, MassDistribution::MeshVertices);
  const AffineMetric corners = AffineMetric::fromVertices(box, MassDistribution::ObbCorners);
  EXPECT_TRUE(vertices.barycenter().isApprox(corners.barycenter(), 1e-12));
  EXPECT_TRUE(vertices.inertia().isApprox(corners.inertia(), 1e-12));
}

TEST(AffineMetric, MassDistributionsAreFoundByName)
{
  EXPECT_EQ(massDistributionNames(), (std::vector<std::string>{"mesh-vertices", "obb-corners"}));
  for (const std::string &name : massDistributionNames())
  {
    const std::optional<MassDistribution> kind = massDistributionNamed(name);
    ASSERT_TRUE(kind.has_value()) << name;
    EXPECT_EQ(toString(*kind), name);
  }
  EXPECT_FALSE(massDistributionNamed("heavy").has_value());
}

TEST(AffineMetric, FlatFeatureSetsAreRegularised)
{
  // A square in z = 0 has no inertia along z: a small isotropic inertia keeps J invertible.
  const std::vector<Eigen::Vector3d> square = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 1, 0}};
  const AffineMetric metric = AffineMetric::fromVertices(square, MassDistribution::ObbCorners);
  EXPECT_GT(metric.regularization(), 0.0);
  // The least moment is raised to 1e-4 of the largest one of the feature points.
  EXPECT_NEAR(metric.principalMoments()(0), 1e-4 * (metric.principalMoments()(2) - metric.regularization()), 1e-15);
  EXPECT_TRUE(std::isfinite(metric.distortion(Eigen::Vector3d(0.5, 0.5, 1.0))));
}
}  // namespace
}  // namespace ompl_ccd
