#pragma once
/// \file taylor_model.h
/// Third-order Taylor models in the motion time t over a sub-interval [t₀, t₁] ([Zhang2007] Sec. 5.1):
/// f(t) ∈ c₀ + c₁τ + c₂τ² + c₃τ³ + R for every t ∈ [t₀, t₁], with τ = t − m, m the midpoint.
/// Coefficients and remainder are outward-rounded Intervals, so the enclosure survives rounding.
///
/// References: [Zhang2007] in README.md (section References).

#include <array>

#include "ompl_ccd/bound/interval.h"

namespace ompl_ccd
{
/** \brief The time domain of a Taylor model: t ∈ [t₀, t₁] ⊆ [m − h, m + h]. */
struct TaylorDomain
{
  /** \brief Domain [t0, t1]. \pre t0 ≤ t1. */
  TaylorDomain(double t0, double t1);
  /** \brief Expansion point m (a double inside [t₀, t₁]). */
  double m = 0.0;
  /** \brief Half-width h ≥ max(t₁ − m, m − t₀), rounded up. */
  double h = 0.0;
};

/** \brief Third-order Taylor model (polynomial in τ = t − m with Interval coefficients plus an
    Interval remainder) over a TaylorDomain. Every operation keeps the enclosure property of
    [Zhang2007] Eq. (5): if f ∈ (P_f, R_f) and g ∈ (P_g, R_g) pointwise, the result encloses
    f ∘ g. Operands must share the same domain. */
class TaylorModel
{
public:
  /** \brief Polynomial order (the paper's n = 3). */
  static constexpr int kOrder = 3;

  /** \brief The zero function on a domain of half-width \a h. */
  explicit TaylorModel(double h = 0.0) : h_(h) {}
  /** \brief The constant function c. */
  static TaylorModel constant(const Interval &c, const TaylorDomain &domain);
  /** \brief a + b·t (exact polynomial, empty remainder but for rounding). */
  static TaylorModel linear(double a, double b, const TaylorDomain &domain);
  /** \brief sin(a + b·t) with its exact Lagrange remainder b⁴ sin(ξ) τ⁴ / 4!. */
  static TaylorModel sinLinear(double a, double b, const TaylorDomain &domain);
  /** \brief cos(a + b·t) with its exact Lagrange remainder b⁴ cos(ξ) τ⁴ / 4!. */
  static TaylorModel cosLinear(double a, double b, const TaylorDomain &domain);

  /** \brief Coefficient of τ^k, k ∈ [0, 3]. */
  const Interval &coefficient(int k) const { return c_[k]; }
  /** \brief Interval remainder R. */
  const Interval &remainder() const { return r_; }
  /** \brief Half-width h of the domain in τ. */
  double halfWidth() const { return h_; }

  /** \brief Encloses { f(t) : t ∈ domain }: the cubic's range over |τ| ≤ h (even part exactly,
      odd part c₁τ + c₃τ³ by its closed-form extremum), plus the remainder. */
  Interval bound() const;
  /** \brief A cheaper, looser enclosure of the range: c₀ + c₂[0, h²] ± (the odd part's closed-form
      extremum) + R, without the cubic's critical points. Used inside products. */
  Interval quickBound() const;
  /** \brief Encloses f at the single time t (τ = t − m computed with outward rounding).
      \pre |t − m| ≤ h. */
  Interval evaluate(double t, double m) const;

  friend TaylorModel operator+(const TaylorModel &a, const TaylorModel &b);
  friend TaylorModel operator-(const TaylorModel &a, const TaylorModel &b);
  /** \brief Product; terms of degree 4–6 move into the remainder. */
  friend TaylorModel operator*(const TaylorModel &a, const TaylorModel &b);
  /** \brief Scaling by an interval (or an exact double). */
  friend TaylorModel operator*(const Interval &s, const TaylorModel &a);
  TaylorModel &operator+=(const TaylorModel &b) { return *this = *this + b; }

private:
  std::array<Interval, kOrder + 1> c_{};
  Interval r_{};
  double h_ = 0.0;
};
}  // namespace ompl_ccd
