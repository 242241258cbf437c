#include "ompl_ccd/bound/taylor_model.h"

#include <cassert>
#include <optional>

namespace ompl_ccd
{
namespace
{
/// Relative margin (of the half-width h) around a computed critical point of the cubic: its
/// quadratic formula rounds at ≈ 10⁻¹⁶ relative, so the true root is well inside.
constexpr double kRootMarginRel = 1e-9;
/// Absolute margin keeping that window non-empty when h = 0, above the subnormal range.
constexpr double kRootMarginAbs = 1e-300;

/// Encloses τ^k for |τ| ≤ h: [0, h^k] for even k, [−h^k, h^k] for odd k.
Interval powerRange(int k, double h)
{
  Interval p(1.0);
  for (int i = 0; i < k; ++i)
    p *= Interval(h);
  return (k % 2 == 0) ? Interval(0.0, p.hi()) : Interval(-p.hi(), p.hi());
}

/// Upper bound of |c₁τ + c₃τ³| over |τ| ≤ h. When every (c₁, c₃) has opposite signs the closed form
/// of the cubic's extremum is used: with a = |c₁|, b = |c₃|, aτ − bτ³ peaks at τ* = √(a/3b) with
/// value (2/3)aτ* and dips to ah − bh³ at τ = h. Otherwise |c₁|h + |c₃|h³.
double oddPartMagnitude(const Interval &c1, const Interval &c3, double h)
{
  const Interval hh(h), h3 = Interval(h) * Interval(h) * Interval(h);
  const bool opposite = (c1.lo() > 0.0 && c3.hi() < 0.0) || (c1.hi() < 0.0 && c3.lo() > 0.0);
  if (!opposite)
    return (Interval(c1.mag()) * hh + Interval(c3.mag()) * h3).hi();
  const Interval a_hi(c1.mag()), a_lo(c1.mig()), b_lo(c3.mig()), b_hi(c3.mag());
  const Interval peak = Interval(2.0) / Interval(3.0) * a_hi * sqrt(a_hi / (Interval(3.0) * b_lo));
  const double rise = std::min((a_hi * hh).hi(), peak.hi());
  const double dip = (b_hi * h3 - a_lo * hh).hi();
  return std::max(rise, dip);
}

/// The angles θ + bτ sweeps for |τ| ≤ h, θ ∈ theta.
Interval sweptAngle(const Interval &theta, double b, double h)
{
  const double bh = (Interval(std::fabs(b)) * Interval(h)).hi();
  return theta + Interval(-bh, bh);
}

/// p(τ) = Σ c_k τ^k over τ ∈ x by Horner's rule in interval arithmetic.
Interval horner(const std::array<Interval, TaylorModel::kOrder + 1> &c, const Interval &x)
{
  return ((c[3] * x + c[2]) * x + c[1]) * x + c[0];
}

/// The range of the cubic over |τ| ≤ h, exact up to rounding ([Zhang2007] Sec. 5.2, footnote 4):
/// the point cubic p̂ of the coefficients' midpoints is evaluated at ±h and at its critical points,
/// each enclosed in a tiny interval on which p̂′ is verified to change sign; the coefficients'
/// radii add Σ rad(c_k) h^k. Returns nullopt when a critical point cannot be verified (the caller
/// then keeps the even/odd bound).
std::optional<Interval> cubicRange(const std::array<Interval, TaylorModel::kOrder + 1> &c, double h)
{
  std::array<Interval, TaylorModel::kOrder + 1> mid;
  Interval spread;
  for (int k = 0; k <= TaylorModel::kOrder; ++k)
  {
    mid[k] = Interval(c[k].mid());
    const double radius = std::max(c[k].hi() - mid[k].lo(), mid[k].lo() - c[k].lo());
    spread += Interval(Interval::up(radius)) * powerRange(k, h).mag();
  }
  const std::array<Interval, TaylorModel::kOrder + 1> derivative = {mid[1], Interval(2.0) * mid[2],
                                                                    Interval(3.0) * mid[3], Interval()};
  Interval range = hull(horner(mid, Interval(-h)), horner(mid, Interval(h)));
  // critical points: 3c₃τ² + 2c₂τ + c₁ = 0 (stable quadratic formula)
  const double A = 3.0 * mid[3].lo(), B = 2.0 * mid[2].lo(), C = mid[1].lo();
  double roots[2];
  int count = 0;
  if (A == 0.0)
  {
    if (B != 0.0)
      roots[count++] = -C / B;
  }
  else
  {
    const double D = B * B - 4.0 * A * C;
    if (D >= 0.0)
    {
      const double q = -0.5 * (B + std::copysign(std::sqrt(D), B));
      roots[count++] = q / A;
      if (q != 0.0)
        roots[count++] = C / q;
    }
  }
  const double eta = kRootMarginRel * h + kRootMarginAbs;
  for (int i = 0; i < count; ++i)
  {
    const double r = roots[i];
    if (!(r > -h - eta && r < h + eta))
      continue;
    const double lo = std::max(-h, r - eta), hi = std::min(h, r + eta);
    const Interval d_lo = horner(derivative, Interval(lo)), d_hi = horner(derivative, Interval(hi));
    const bool sign_change = (d_lo.hi() < 0.0 && d_hi.lo() > 0.0) || (d_lo.lo() > 0.0 && d_hi.hi() < 0.0);
    if (!sign_change)
    {
      // a root at the domain's edge is harmless: p̂′ keeps its sign inside, the end values hold
      const bool outside = (r <= -h && d_hi.mig() > 0.0) || (r >= h && d_lo.mig() > 0.0);
      if (!outside)
        return std::nullopt;
      continue;
    }
    range = hull(range, horner(mid, Interval(lo, hi)));
  }
  return range + Interval(-spread.hi(), spread.hi());
}
}  // namespace

TaylorDomain::TaylorDomain(double t0, double t1)
{
  assert(t0 <= t1);
  m = t0 + 0.5 * (t1 - t0);
  if (m < t0 || m > t1)
    m = t0;
  h = std::max(Interval(Interval(t1) - Interval(m)).hi(), Interval(Interval(m) - Interval(t0)).hi());
}

TaylorModel TaylorModel::constant(const Interval &c, const TaylorDomain &domain)
{
  TaylorModel f(domain.h);
  f.c_[0] = c;
  return f;
}

TaylorModel TaylorModel::linear(double a, double b, const TaylorDomain &domain)
{
  // a + b t = (a + b m) + b τ
  TaylorModel f(domain.h);
  f.c_[0] = Interval(a) + Interval(b) * Interval(domain.m);
  f.c_[1] = Interval(b);
  return f;
}

TaylorModel TaylorModel::sinLinear(double a, double b, const TaylorDomain &domain)
{
  const Interval theta = Interval(a) + Interval(b) * Interval(domain.m);
  const Interval s = sin(theta), c = cos(theta), bb(b);
  const Interval b2 = bb * bb, b3 = b2 * bb, b4 = b2 * b2;
  TaylorModel f(domain.h);
  // sin(θ + bτ) = sin θ + b cos θ τ − b² sin θ τ²/2 − b³ cos θ τ³/6 + b⁴ sin(ξ) τ⁴/24
  f.c_[0] = s;
  f.c_[1] = bb * c;
  f.c_[2] = -(b2 * s) / Interval(2.0);
  f.c_[3] = -(b3 * c) / Interval(6.0);
  // Lagrange remainder: the fourth derivative b⁴ sin(ξ) over the swept angles ([Zhang2007] Sec. 5.1)
  f.r_ = b4 * sin(sweptAngle(theta, b, domain.h)) * powerRange(4, domain.h) / Interval(24.0);
  return f;
}

TaylorModel TaylorModel::cosLinear(double a, double b, const TaylorDomain &domain)
{
  const Interval theta = Interval(a) + Interval(b) * Interval(domain.m);
  const Interval s = sin(theta), c = cos(theta), bb(b);
  const Interval b2 = bb * bb, b3 = b2 * bb, b4 = b2 * b2;
  TaylorModel f(domain.h);
  // cos(θ + bτ) = cos θ − b sin θ τ − b² cos θ τ²/2 + b³ sin θ τ³/6 + b⁴ cos(ξ) τ⁴/24
  f.c_[0] = c;
  f.c_[1] = -(bb * s);
  f.c_[2] = -(b2 * c) / Interval(2.0);
  f.c_[3] = (b3 * s) / Interval(6.0);
  // Lagrange remainder: the fourth derivative b⁴ cos(ξ) over the swept angles ([Zhang2007] Sec. 5.1)
  f.r_ = b4 * cos(sweptAngle(theta, b, domain.h)) * powerRange(4, domain.h) / Interval(24.0);
  return f;
}

Interval TaylorModel::quickBound() const
{
  // even part c₀ + c₂τ² with τ² ∈ [0, h²]; odd part by its closed-form extremum
  const double odd = oddPartMagnitude(c_[1], c_[3], h_);
  return c_[0] + c_[2] * powerRange(2, h_) + Interval(-odd, odd) + r_;
}

Interval TaylorModel::bound() const
{
  TaylorModel polynomial_part = *this;
  polynomial_part.r_ = Interval();
  const Interval split = polynomial_part.quickBound();
  const std::optional<Interval> exact = cubicRange(c_, h_);
  const Interval polynomial =
      exact ? Interval(std::max(split.lo(), exact->lo()), std::min(split.hi(), exact->hi())) : split;
  return polynomial + r_;
}

Interval TaylorModel::evaluate(double t, double m) const
{
  const Interval tau = Interval(t) - Interval(m);
  return ((c_[3] * tau + c_[2]) * tau + c_[1]) * tau + c_[0] + r_;
}

TaylorModel operator+(const TaylorModel &a, const TaylorModel &b)
{
  assert(a.h_ == b.h_);
  TaylorModel f(a.h_);
  for (int k = 0; k <= TaylorModel::kOrder; ++k)
    f.c_[k] = a.c_[k] + b.c_[k];
  f.r_ = a.r_ + b.r_;
  return f;
}

TaylorModel operator-(const TaylorModel &a, const TaylorModel &b)
{
  assert(a.h_ == b.h_);
  TaylorModel f(a.h_);
  for (int k = 0; k <= TaylorModel::kOrder; ++k)
    f.c_[k] = a.c_[k] - b.c_[k];
  f.r_ = a.r_ - b.r_;
  return f;
}

TaylorModel operator*(const TaylorModel &a, const TaylorModel &b)
{
  assert(a.h_ == b.h_);
  const double h = a.h_;
  // (P_a + R_a)(P_b + R_b) = P_a P_b + P_a R_b + R_a P_b + R_a R_b; degrees 4..6 of P_a P_b are
  // bounded over |τ| ≤ h and join the remainder.
  TaylorModel f(h);
  const Interval tau_power[3] = {powerRange(4, h), powerRange(5, h), powerRange(6, h)};
  Interval high;
  for (int i = 0; i <= TaylorModel::kOrder; ++i)
    for (int j = 0; j <= TaylorModel::kOrder; ++j)
    {
      const Interval p = a.c_[i] * b.c_[j];
      if (i + j <= TaylorModel::kOrder)
        f.c_[i + j] += p;
      else
        high += p * tau_power[i + j - 4];
    }
  TaylorModel pa = a, pb = b;
  pa.r_ = Interval();
  pb.r_ = Interval();
  f.r_ = high + pa.quickBound() * b.r_ + a.r_ * pb.quickBound() + a.r_ * b.r_;
  return f;
}

TaylorModel operator*(const Interval &s, const TaylorModel &a)
{
  TaylorModel f(a.h_);
  for (int k = 0; k <= TaylorModel::kOrder; ++k)
    f.c_[k] = s * a.c_[k];
  f.r_ = s * a.r_;
  return f;
}
}  // namespace ompl_ccd
