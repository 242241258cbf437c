#include "certify/toleranced/affine_metric.h"

#include <Eigen/Eigenvalues>
#include <Eigen/LU>
#include <algorithm>
#include <cassert>
#include <cmath>

#include "ompl_ccd/numeric.h"

namespace ompl_ccd
{
namespace
{
/// Smallest principal moment kept, relative to the largest: bounds the condition number of J
/// (and so the rounding error of J⁻¹) by 10⁴.
constexpr double kRelativeMomentFloor = 1e-4;
/// Smallest principal moment kept in absolute terms (m²): a radius of gyration of 0.1 mm.
constexpr double kAbsoluteMomentFloor = 1e-8;
}  // namespace

const char *toString(MassDistribution kind)
{
  switch (kind)
  {
    case MassDistribution::MeshVertices:
      return "mesh-vertices";
    case MassDistribution::ObbCorners:
      return "obb-corners";
  }
  return "unknown";
}

std::vector<std::string> massDistributionNames()
{
  return {toString(MassDistribution::MeshVertices), toString(MassDistribution::ObbCorners)};
}

std::optional<MassDistribution> massDistributionNamed(const std::string &name)
{
  for (const MassDistribution kind : {MassDistribution::MeshVertices, MassDistribution::ObbCorners})
    if (name == toString(kind))
      return kind;
  return std::nullopt;
}

AffineMetric::AffineMetric(const Eigen::Vector3d &b, const Eigen::Matrix3d &J) : b_(b)
{
  Eigen::SelfAdjointEigenSolver<Eigen::Matrix3d> eig(J);
  const double floor = std::max(kRelativeMomentFloor * eig.eigenvalues()(2), kAbsoluteMomentFloor);
  regularization_ = std::max(0.0, floor - eig.eigenvalues()(0));
  J_ = J + regularization_ * Eigen::Matrix3d::Identity();
  moments_ = eig.eigenvalues().array() + regularization_;
  axes_ = eig.eigenvectors();
  J_inv_ = axes_ * moments_.cwiseInverse().asDiagonal() * axes_.transpose();
}

AffineMetric AffineMetric::fromPoints(const std::vector<Eigen::Vector3d> &points, const std::vector<double> &weights)
{
  assert(!points.empty() && points.size() == weights.size());
  double mass = 0.0;
  for (double w : weights)
    mass += w;
  // |μ| = 1, b = Σ wᵢ mᵢ, J = Σ wᵢ (mᵢ − b)(mᵢ − b)ᵀ ([SchroeckerWeber] Eq. 3, central form).
  Eigen::Vector3d b = Eigen::Vector3d::Zero();
  for (std::size_t i = 0; i < points.size(); ++i)
    b += (weights[i] / mass) * points[i];
  Eigen::Matrix3d J = Eigen::Matrix3d::Zero();
  for (std::size_t i = 0; i < points.size(); ++i)
  {
    const Eigen::Vector3d r = points[i] - b;
    J += (weights[i] / mass) * r * r.transpose();
  }
  return AffineMetric(b, J);
}

AffineMetric AffineMetric::fromVertices(const std::vector<Eigen::Vector3d> &vertices, MassDistribution kind)
{
  assert(!vertices.empty());
  if (kind == MassDistribution::MeshVertices)
    return fromPoints(vertices, std::vector<double>(vertices.size(), 1.0));
  // Principal-axes box of the vertices: axes from their covariance, extents from projections.
  Eigen::Vector3d c = Eigen::Vector3d::Zero();
  for (const Eigen::Vector3d &v : vertices)
    c += v;
  c /= static_cast<double>(vertices.size());
  Eigen::Matrix3d C = Eigen::Matrix3d::Zero();
  for (const Eigen::Vector3d &v : vertices)
    C += (v - c) * (v - c).transpose();
  const Eigen::Matrix3d axes = Eigen::SelfAdjointEigenSolver<Eigen::Matrix3d>(C).eigenvectors();
  Eigen::Vector3d lo = Eigen::Vector3d::Constant(numeric::kInfinity), hi = Eigen::Vector3d::Constant(-numeric::kInfinity);
  for (const Eigen::Vector3d &v : vertices)
  {
    const Eigen::Vector3d p = axes.transpose() * (v - c);
    lo = lo.cwiseMin(p);
    hi = hi.cwiseMax(p);
  }
  std::vector<Eigen::Vector3d> corners;
  for (int k = 0; k < 8; ++k)
  {
    const Eigen::Vector3d p((k & 1) ? hi.x() : lo.x(), (k & 2) ? hi.y() : lo.y(), (k & 4) ? hi.z() : lo.z());
    corners.push_back(c + axes * p);
  }
  return fromPoints(corners, std::vector<double>(8, 1.0));
}

double AffineMetric::distortionSquared(const Eigen::Vector3d &x) const
{
  // ϱ²(x) = 1/|μ| + Σ xᵢ²/μᵢ, [SchroeckerWeber] Eq. (4), with |μ| = 1 and x about b.
  const Eigen::Vector3d r = axes_.transpose() * (x - b_);
  return 1.0 + r.cwiseAbs2().cwiseQuotient(moments_).sum();
}

double AffineMetric::distortion(const Eigen::Vector3d &x) const { return std::sqrt(distortionSquared(x)); }

double AffineMetric::squaredDistance(const AffineDisplacement &alpha, const AffineDisplacement &beta) const
{
  // δ(x) = D x + d; Σ wᵢ ‖δ(mᵢ)‖² = ‖δ(b)‖² + tr(D J Dᵀ) (cross terms vanish about b).
  const Eigen::Matrix3d D = alpha.A - beta.A;
  const Eigen::Vector3d delta_b = alpha(b_) - beta(b_);
  return delta_b.squaredNorm() + (D * J_ * D.transpose()).trace();
}

LineMetricData AffineMetric::lineData(const Eigen::Vector3d &p, const Eigen::Vector3d &d) const
{
  // ϱ²(p + s d̂) = 1 + (p − b + s d̂)ᵀ J⁻¹ (p − b + s d̂) = α s² + 2 β s + γ, least at s_f = −β/α;
  // so ν² = 1/α, [SchroeckerWeber] Eq. (5).
  LineMetricData data;
  data.b = d.normalized();
  const double alpha = data.b.dot(J_inv_ * data.b);
  const double beta = data.b.dot(J_inv_ * (p - b_));
  data.a = p - (beta / alpha) * data.b;
  // ϱ₀² as a sum of positive terms at the foot point (no cancellation).
  data.rho0_sq = distortionSquared(data.a);
  data.nu_sq = 1.0 / alpha;
  return data;
}

PlaneMetricData AffineMetric::planeData(const Eigen::Vector3d &p, const Eigen::Vector3d &u,
                                        const Eigen::Vector3d &v) const
{
  // With S = [s₁ s₂] an orthonormal basis of the plane: ϱ²(p + S w) = wᵀ A w + 2 βᵀ w + γ,
  // A = Sᵀ J⁻¹ S; the minimum is at w_f = −A⁻¹ β and the eigen-decomposition of A gives the
  // principal axes b₁, b₂ and 1/ν₁², 1/ν₂², [SchroeckerWeber] Eq. (7).
  PlaneMetricData data;
  Eigen::Matrix<double, 3, 2> S;
  S.col(0) = u.normalized();
  S.col(1) = (v - v.dot(S.col(0)) * S.col(0)).normalized();
  const Eigen::Matrix2d A = S.transpose() * J_inv_ * S;
  const Eigen::Vector2d beta = S.transpose() * J_inv_ * (p - b_);
  const Eigen::Vector2d w_f = -A.inverse() * beta;
  data.a = p + S * w_f;
  Eigen::SelfAdjointEigenSolver<Eigen::Matrix2d> eig(A);
  data.b1 = S * eig.eigenvectors().col(0);
  data.b2 = S * eig.eigenvectors().col(1);
  data.b1.normalize();
  data.b2 = (data.b2 - data.b2.dot(data.b1) * data.b1).normalized();
  data.n = data.b1.cross(data.b2);
  data.rho0_sq = distortionSquared(data.a);
  data.nu1_sq = 1.0 / eig.eigenvalues()(0);
  data.nu2_sq = 1.0 / eig.eigenvalues()(1);
  return data;
}
}  // namespace ompl_ccd
