#include "ompl_ccd/bound/taylor_model.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

namespace ompl_ccd
{
namespace
{
TEST(Interval, TrigEnclosesSampledValuesAndFindsExtrema)
{
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> start(-10.0, 10.0), width(0.0, 4.0), unit(0.0, 1.0);
  for (int trial = 0; trial < 2000; ++trial)
  {
    const double lo = start(rng), hi = lo + width(rng);
    const Interval x(lo, hi), s = sin(x), c = cos(x);
    double smin = 1, smax = -1;
    for (int k = 0; k <= 200; ++k)
    {
      const double t = std::min(hi, lo + (hi - lo) * k / 200.0);
      ASSERT_TRUE(s.contains(std::sin(t))) << lo << " " << hi << " " << t;
      ASSERT_TRUE(c.contains(std::cos(t))) << lo << " " << hi << " " << t;
      smin = std::min(smin, std::sin(t));
      smax = std::max(smax, std::sin(t));
    }
    EXPECT_LT(s.hi() - smax, 1e-3);  // tight: at most the sampling gap
    EXPECT_LT(smin - s.lo(), 1e-3);
  }
}

TEST(Interval, ProductsAreOutwardRounded)
{
  const Interval third = Interval(1.0) / Interval(3.0);
  EXPECT_LT(third.lo(), third.hi());
  EXPECT_LE((third * Interval(3.0)).lo(), 1.0);
  EXPECT_GE((third * Interval(3.0)).hi(), 1.0);
  EXPECT_EQ(square(Interval(-2.0, 1.0)).lo(), 0.0);
}

// [Zhang2007] Sec. 5.1: f(t) = cos t + √3 sin t on [0, π/2] has range [1, 2]; plain interval
// arithmetic gives [0, 1 + √3], a Taylor model stays close to the true range.
TEST(TaylorModel, PaperExampleIsTighterThanIntervalArithmetic)
{
  const TaylorDomain domain(0.0, M_PI / 2);
  const TaylorModel f = TaylorModel::cosLinear(0.0, 1.0, domain) +
                        Interval(std::sqrt(3.0)) * TaylorModel::sinLinear(0.0, 1.0, domain);
  const Interval range = f.bound();
  EXPECT_LE(range.lo(), 1.0);
  EXPECT_GE(range.hi(), 2.0);
  EXPECT_GT(range.lo(), 0.8);
  EXPECT_LT(range.hi(), 2.2);
  const Interval t(0.0, M_PI / 2), naive = cos(t) + Interval(std::sqrt(3.0)) * sin(t);
  EXPECT_LT(range.width(), 0.5 * naive.width());
}

// Random products and sums of trigonometric and affine models enclose the sampled function.
TEST(TaylorModel, ArithmeticEnclosesSampledFunctions)
{
  std::mt19937 rng(11);
  std::uniform_real_distribution<double> coef(-3.0, 3.0), unit(0.0, 1.0);
  for (int trial = 0; trial < 500; ++trial)
  {
    double t0 = unit(rng), t1 = unit(rng);
    if (t0 > t1)
      std::swap(t0, t1);
    const TaylorDomain domain(t0, t1);
    const double a1 = coef(rng), b1 = coef(rng), a2 = coef(rng), b2 = coef(rng), a3 = coef(rng), b3 = coef(rng);
    const TaylorModel f = TaylorModel::sinLinear(a1, b1, domain) * TaylorModel::cosLinear(a2, b2, domain) +
                          TaylorModel::linear(a3, b3, domain) * TaylorModel::sinLinear(a2, b1, domain) -
                          Interval(0.5) * TaylorModel::cosLinear(a3, b3, domain);
    const auto exact = [&](double t) {
      return std::sin(a1 + b1 * t) * std::cos(a2 + b2 * t) + (a3 + b3 * t) * std::sin(a2 + b1 * t) -
             0.5 * std::cos(a3 + b3 * t);
    };
    const Interval range = f.bound();
    for (int k = 0; k <= 100; ++k)
    {
      const double t = std::min(t1, t0 + (t1 - t0) * k / 100.0);
      ASSERT_TRUE(range.contains(exact(t))) << "trial " << trial << " t " << t;
      ASSERT_TRUE(f.evaluate(t, domain.m).contains(exact(t))) << "trial " << trial << " t " << t;
    }
  }
}

// Over a short sub-interval the cubic plus remainder is nearly exact.
TEST(TaylorModel, ShortIntervalsGiveNearlyExactBounds)
{
  const TaylorDomain domain(0.3, 0.31);
  const TaylorModel f = TaylorModel::sinLinear(0.2, 2.0, domain);
  const Interval range = f.bound();
  EXPECT_NEAR(range.lo(), std::sin(0.2 + 2.0 * 0.3), 1e-9);
  EXPECT_NEAR(range.hi(), std::sin(0.2 + 2.0 * 0.31), 1e-9);
}
}  // namespace
}  // namespace ompl_ccd
