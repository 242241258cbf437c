#pragma once
/// \file affine_metric.h
/// The object-oriented Euclidean metric on the space GA⁺(3) ≅ R¹² of affine displacements
/// α(x) = A x + a, derived from a mass distribution of the moving body ([SchroeckerWeber] Sec. 2),
/// the distortion rate ϱ(x) = r/R of point orbits (Eq. 4) and the metric data of lines (Eq. 5)
/// and planes (Eq. 7).
///
/// References: [SchroeckerWeber] in README.md (section References).

#include <Eigen/Core>
#include <optional>
#include <string>
#include <vector>

#include "ompl_ccd/certify/toleranced/toleranced_motion.h"

namespace ompl_ccd
{
/** \brief An affine displacement α(x) = A x + a of R³ (a point of GA⁺(3) ≅ R¹²). */
struct AffineDisplacement
{
  /** \brief Linear part A. */
  Eigen::Matrix3d A = Eigen::Matrix3d::Identity();
  /** \brief Translation a. */
  Eigen::Vector3d a = Eigen::Vector3d::Zero();
  /** \brief α(x) = A x + a. */
  Eigen::Vector3d operator()(const Eigen::Vector3d &x) const { return A * x + a; }
};

/** \brief Metric data of a line ([SchroeckerWeber] Eq. 5): ϱ²(a + s b) = ϱ₀² + s²/ν² with a the point
    of least distortion and ‖b‖ = 1. */
struct LineMetricData
{
  /** \brief Point a of least distortion on the line. */
  Eigen::Vector3d a = Eigen::Vector3d::Zero();
  /** \brief Unit direction b. */
  Eigen::Vector3d b = Eigen::Vector3d::UnitX();
  /** \brief ϱ₀² = ϱ²(a). */
  double rho0_sq = 1.0;
  /** \brief ν². */
  double nu_sq = 1.0;
};

/** \brief Metric data of a plane ([SchroeckerWeber] Eq. 7): ϱ²(a + s b₁ + t b₂) = ϱ₀² + s²/ν₁² + t²/ν₂²
    with b₁, b₂ orthonormal and n = b₁ × b₂. */
struct PlaneMetricData
{
  /** \brief Point a of least distortion in the plane. */
  Eigen::Vector3d a = Eigen::Vector3d::Zero();
  /** \brief Orthonormal in-plane axes b₁, b₂ and the unit normal n = b₁ × b₂. */
  Eigen::Vector3d b1 = Eigen::Vector3d::UnitX(), b2 = Eigen::Vector3d::UnitY(), n = Eigen::Vector3d::UnitZ();
  /** \brief ϱ₀² = ϱ²(a). */
  double rho0_sq = 1.0;
  /** \brief ν₁², ν₂². */
  double nu1_sq = 1.0, nu2_sq = 1.0;
};

/** \brief The metric ⟨α, β⟩ = Σᵢ wᵢ ⟨α(mᵢ), β(mᵢ)⟩ of a discrete mass distribution (feature points mᵢ,
    weights wᵢ > 0, normalised to total mass |μ| = 1) in the moving body's frame.
    With b the barycenter and J = Σᵢ wᵢ (mᵢ − b)(mᵢ − b)ᵀ the central inertia matrix (Eq. 3),
    dist²(α, β) = ‖δ(b)‖² + tr(D J Dᵀ) for δ = α − β = D x + d, and the orbit of a point x under a
    ball B_R(g) is the ball of radius R ϱ(x) about g(x), ϱ²(x) = 1 + (x − b)ᵀ J⁻¹ (x − b) (Eq. 4,
    written in the principal axes). Since |μ| = 1, ϱ ≥ 1 and R is in metres.
    A feature set that is flat or a needle (J singular) gets a small isotropic inertia added
    (regularization()): the result is still the metric of a positive mass distribution up to the
    normalisation, and the orbit formulas hold for it. Immutable. */
class AffineMetric
{
public:
  /** \brief From feature points and weights (weights normalised to sum 1).
      \pre points non-empty, weights.size() == points.size(), every weight > 0. */
  static AffineMetric fromPoints(const std::vector<Eigen::Vector3d> &points, const std::vector<double> &weights);
  /** \brief From the vertices of a body: equally weighted vertices, or the 8 corners of their
      principal-axes bounding box (MassDistribution). \pre vertices non-empty. */
  static AffineMetric fromVertices(const std::vector<Eigen::Vector3d> &vertices, MassDistribution kind);

  /** \brief Barycenter b (Eq. 3). */
  const Eigen::Vector3d &barycenter() const { return b_; }
  /** \brief Central inertia matrix J (Eq. 3, about b), regularization included. */
  const Eigen::Matrix3d &inertia() const { return J_; }
  /** \brief Eigenvalues μ₁ ≤ μ₂ ≤ μ₃ of J (Eq. 4). */
  const Eigen::Vector3d &principalMoments() const { return moments_; }
  /** \brief Unit eigenvectors of J as columns, matching principalMoments(). */
  const Eigen::Matrix3d &principalAxes() const { return axes_; }
  /** \brief Isotropic inertia added to J to make it well conditioned (0 for a solid feature set). */
  double regularization() const { return regularization_; }

  /** \brief ϱ²(x) = 1/|μ| + Σᵢ xᵢ²/μᵢ in principal coordinates about b ([SchroeckerWeber] Eq. 4). */
  double distortionSquared(const Eigen::Vector3d &x) const;
  /** \brief Distortion rate ϱ(x) (≥ 1). */
  double distortion(const Eigen::Vector3d &x) const;
  /** \brief dist²(α, β) in closed form: ‖δ(b)‖² + tr(D J Dᵀ), δ = α − β (Eq. 2 with Eq. 3). */
  double squaredDistance(const AffineDisplacement &alpha, const AffineDisplacement &beta) const;
  /** \brief Metric data of the line through p with direction d (Eq. 5). \pre d ≠ 0. */
  LineMetricData lineData(const Eigen::Vector3d &p, const Eigen::Vector3d &d) const;
  /** \brief Metric data of the plane through p spanned by the independent u, v (Eq. 7). */
  PlaneMetricData planeData(const Eigen::Vector3d &p, const Eigen::Vector3d &u, const Eigen::Vector3d &v) const;

private:
  AffineMetric(const Eigen::Vector3d &b, const Eigen::Matrix3d &J);

  Eigen::Vector3d b_;
  Eigen::Matrix3d J_, J_inv_;
  Eigen::Vector3d moments_;
  Eigen::Matrix3d axes_;
  double regularization_ = 0.0;
};
}  // namespace ompl_ccd
