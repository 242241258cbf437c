#pragma once
/// \file interval.h
/// A closed interval of reals with outward rounding: every operation returns an interval that
/// contains the exact result for all operands in its inputs, despite floating-point rounding.
///
/// Rounding: round-to-nearest arithmetic (+ − × ÷ √) is off by at most half an ulp, i.e. by at
/// most |x|·2⁻⁵³ (or 2⁻¹⁰⁷⁵ near zero); each computed bound x is moved outward by |x|·2⁻⁵² + 10⁻²⁰⁰
/// (at least one ulp, much cheaper than std::nextafter). glibc's sin and cos are accurate to within one ulp, so their
/// bounds are moved twice.

#include <algorithm>
#include <cassert>
#include <cmath>
#include <limits>

#include "ompl_ccd/numeric.h"

namespace ompl_ccd
{
/** \brief Outward-rounded closed interval [lo, hi]. */
class Interval
{
public:
  /** \brief The point interval [0, 0]. */
  constexpr Interval() = default;
  /** \brief The point interval [x, x] (x is exact: no rounding happened yet). */
  constexpr Interval(double x) : lo_(x), hi_(x) {}  // NOLINT(google-explicit-constructor)
  /** \brief [lo, hi]. \pre lo ≤ hi. */
  constexpr Interval(double lo, double hi) : lo_(lo), hi_(hi) {}

  /** \brief Lower bound. */
  double lo() const { return lo_; }
  /** \brief Upper bound. */
  double hi() const { return hi_; }
  /** \brief Midpoint (rounded; lies inside the interval). */
  double mid() const { return lo_ + 0.5 * (hi_ - lo_); }
  /** \brief Width hi − lo rounded up. */
  double width() const { return up(hi_ - lo_); }
  /** \brief max |x| over the interval. */
  double mag() const { return std::max(std::fabs(lo_), std::fabs(hi_)); }
  /** \brief min |x| over the interval. */
  double mig() const { return (lo_ <= 0.0 && hi_ >= 0.0) ? 0.0 : std::min(std::fabs(lo_), std::fabs(hi_)); }
  /** \brief True iff x ∈ [lo, hi]. */
  bool contains(double x) const { return lo_ <= x && x <= hi_; }

  /** \brief A double below x by at least one ulp (−inf stays). */
  static double down(double x) { return x - (std::fabs(x) * kUlpScale + kTiny); }
  /** \brief A double above x by at least one ulp (+inf stays). */
  static double up(double x) { return x + (std::fabs(x) * kUlpScale + kTiny); }

  friend Interval operator+(const Interval &a, const Interval &b) { return {down(a.lo_ + b.lo_), up(a.hi_ + b.hi_)}; }
  friend Interval operator-(const Interval &a, const Interval &b) { return {down(a.lo_ - b.hi_), up(a.hi_ - b.lo_)}; }
  friend Interval operator-(const Interval &a) { return {-a.hi_, -a.lo_}; }
  friend Interval operator*(const Interval &a, const Interval &b)
  {
    const double p0 = a.lo_ * b.lo_, p1 = a.lo_ * b.hi_, p2 = a.hi_ * b.lo_, p3 = a.hi_ * b.hi_;
    return {down(std::min(std::min(p0, p1), std::min(p2, p3))), up(std::max(std::max(p0, p1), std::max(p2, p3)))};
  }
  /** \pre 0 ∉ b. */
  friend Interval operator/(const Interval &a, const Interval &b)
  {
    assert(b.lo_ > 0.0 || b.hi_ < 0.0);
    const double q[4] = {a.lo_ / b.lo_, a.lo_ / b.hi_, a.hi_ / b.lo_, a.hi_ / b.hi_};
    return {down(*std::min_element(q, q + 4)), up(*std::max_element(q, q + 4))};
  }
  Interval &operator+=(const Interval &b) { return *this = *this + b; }
  Interval &operator-=(const Interval &b) { return *this = *this - b; }
  Interval &operator*=(const Interval &b) { return *this = *this * b; }

  /** \brief Smallest interval containing both. */
  friend Interval hull(const Interval &a, const Interval &b)
  {
    return {std::min(a.lo_, b.lo_), std::max(a.hi_, b.hi_)};
  }
  /** \brief {x² : x ∈ a} (tighter than a · a when 0 ∈ a). */
  friend Interval square(const Interval &a)
  {
    const double m = a.mig(), M = a.mag();
    return {m == 0.0 ? 0.0 : down(m * m), up(M * M)};
  }
  /** \brief {√x : x ∈ a ∩ [0, ∞)}. */
  friend Interval sqrt(const Interval &a)
  {
    return {std::max(0.0, down(std::sqrt(std::max(0.0, a.lo_)))), up(std::sqrt(std::max(0.0, a.hi_)))};
  }
  /** \brief {sin x : x ∈ a}, exact up to rounding (extrema at π/2 + kπ detected). */
  friend Interval sin(const Interval &a) { return sinShifted(a, 0.0); }
  /** \brief {cos x : x ∈ a}: cos x = sin(x + π/2). */
  friend Interval cos(const Interval &a) { return sinShifted(a, 0.5); }

private:
  /** \brief {sin(x + shift·π) : x ∈ a}, shift ∈ {0, 1/2}. */
  static Interval sinShifted(const Interval &a, double shift)
  {
    using numeric::kPi;
    using numeric::kTwoPi;
    if (!(a.hi_ - a.lo_ < kTwoPi))
      return {-1.0, 1.0};
    const auto f = [shift](double x) { return shift == 0.0 ? std::sin(x) : std::cos(x); };
    // Two ulps outward (glibc: < 1 ulp error), clamped to [-1, 1].
    const auto lower = [](double y) { return std::max(-1.0, down(down(y))); };
    const auto upper = [](double y) { return std::min(1.0, up(up(y))); };
    const double ya = f(a.lo_), yb = f(a.hi_);
    double lo = lower(std::min(ya, yb)), hi = upper(std::max(ya, yb));
    // Maxima of sin(x + shift π) at x = π/2 − shift π + 2kπ, minima at −π/2 − shift π + 2kπ.
    // The multiples are located with a margin (π is not a double): if an extremum might be
    // inside, it is taken.
    const auto maybe_contains = [&](double phase) {
      const double k_lo = std::ceil((a.lo_ - phase) / kTwoPi - kPhaseSlack);
      return phase + kTwoPi * k_lo <= a.hi_ + kPhaseSlack * (1.0 + std::fabs(a.hi_));
    };
    if (maybe_contains(0.5 * kPi - shift * kPi))
      hi = 1.0;
    if (maybe_contains(-0.5 * kPi - shift * kPi))
      lo = -1.0;
    return {lo, hi};
  }

  /** \brief 2⁻⁵²: |x|·2⁻⁵² is at least one ulp of x. */
  static constexpr double kUlpScale = 2.220446049250313e-16;
  /** \brief Absolute pad, far above the rounding error of any result near zero (≤ 2⁻¹⁰⁷⁵) and
      far from the subnormal range, whose arithmetic is very slow. */
  static constexpr double kTiny = 1e-200;
  /** \brief Margin (in turns, and relative to |x|) by which sinShifted() takes an extremum
      that might be inside: 2π and the phases are rounded (≈ 10⁻¹⁶ relative), x ≈ 10⁻⁹ away is kept. */
  static constexpr double kPhaseSlack = 1e-9;

  double lo_ = 0.0, hi_ = 0.0;
};
}  // namespace ompl_ccd
