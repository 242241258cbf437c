#include "certify/pipeline/joint_space_certificate.h"

// JointSpaceCertificate's queries: the open spans of a joint-space segment, the bound at a point.

#include <algorithm>
#include <cmath>
#include <cstring>
#include <boost/container/small_vector.hpp>

#include "ompl_ccd/numeric.h"

namespace ompl_ccd
{
namespace
{
/// Relative widening (of the piece's time span) of each one-turn piece of a segment past its cuts,
/// so that the rounding of the cut times leaves no gap between neighbouring pieces.
constexpr double kTurnPieceWidening = 1e-9;

/// Widening (units of t) of each open span past the clipped segment's ends: the clip's divisions
/// round at ≈ 10⁻¹⁶ of t ∈ [0, 1].
constexpr double kSpanWidening = 1e-12;

/// The part [s_in, s_out] of the segment a + s (b − a), s ∈ [0, 1], in the closed box [lo, hi]
/// widened by rounding slack; false if none (slab clipping).
bool clipSegment(const std::array<double, 3> &a, const std::array<double, 3> &b, const std::array<double, 3> &lo,
                 const std::array<double, 3> &hi, std::size_t dims, double &s_in, double &s_out)
{
  s_in = 0.0;
  s_out = 1.0;
  for (std::size_t k = 0; k < dims; ++k)
  {
    const double slack = numeric::kFinePadRel * (1.0 + std::fabs(lo[k]) + std::fabs(hi[k]));
    const double low = lo[k] - slack, high = hi[k] + slack, d = b[k] - a[k];
    if (d == 0.0)
    {
      if (a[k] < low || a[k] > high)
        return false;
      continue;
    }
    double s0 = (low - a[k]) / d, s1 = (high - a[k]) / d;
    if (s0 > s1)
      std::swap(s0, s1);
    s_in = std::max(s_in, s0);
    s_out = std::min(s_out, s1);
    if (s_in > s_out)
      return false;
  }
  return true;
}
}  // namespace

void JointSpaceCertificate::openSpans(const JointMotion &motion, double t_a, double t_b, double threshold,
                                      std::vector<std::pair<double, double>> &spans) const
{
  const std::size_t dims = joints_.size();
  // the joints' values on JointMotion::stateAt's segment q0 + (q1 − q0) t
  const auto valuesAt = [&](double t) {
    std::array<double, 3> values{};
    for (std::size_t k = 0; k < dims; ++k)
      values[k] = motion.jointStart(joints_[k]) + motion.jointDelta(joints_[k]) * t;
    return values;
  };
  const std::array<double, 3> a = valuesAt(t_a), b = valuesAt(t_b);
  // [t_a, t_b] cut where a periodic joint crosses into another turn (lo + m · 2π)
  boost::container::small_vector<double, 16> cuts{t_a, t_b};
  for (std::size_t k = 0; k < dims; ++k)
  {
    if (period_[k] == 0.0)
    {
      if (!(root_lo_[k] <= std::min(a[k], b[k]) && std::max(a[k], b[k]) <= root_hi_[k]))  // leaves the box
      {
        spans.emplace_back(t_a, t_b);
        return;
      }
      continue;
    }
    if (a[k] == b[k])
      continue;
    const double first = std::ceil((std::min(a[k], b[k]) - root_lo_[k]) / period_[k]);
    const double last = std::floor((std::max(a[k], b[k]) - root_lo_[k]) / period_[k]);
    for (double m = first; m <= last; ++m)
      cuts.push_back(std::clamp(t_a + (t_b - t_a) * (root_lo_[k] + m * period_[k] - a[k]) / (b[k] - a[k]), t_a, t_b));
  }
  std::sort(cuts.begin(), cuts.end());
  cuts.erase(std::unique(cuts.begin(), cuts.end()), cuts.end());
  if (cuts.size() == 1)  // t_a = t_b
    cuts.push_back(t_b);
  // each piece in its own turn, widened past the cuts so that rounding leaves no gap between
  // pieces (what a piece's turn does not hold, its neighbour's does)
  const double widen = kTurnPieceWidening * (t_b - t_a);
  for (std::size_t c = 0; c + 1 < cuts.size(); ++c)
  {
    const double u = std::max(t_a, cuts[c] - widen), v = std::min(t_b, cuts[c + 1] + widen);
    std::array<double, 3> from = valuesAt(u), to = valuesAt(v);
    for (std::size_t k = 0; k < dims; ++k)
      if (period_[k] != 0.0)
      {
        const double turns = std::floor((0.5 * (from[k] + to[k]) - root_lo_[k]) / period_[k]);
        from[k] -= turns * period_[k];
        to[k] -= turns * period_[k];
      }
    openSpansInBox(from, to, u, v, threshold, spans);
  }
}

void JointSpaceCertificate::openSpansInBox(const std::array<double, 3> &a, const std::array<double, 3> &b, double t_a,
                                           double t_b, double threshold,
                                           std::vector<std::pair<double, double>> &spans) const
{
  SegmentQuery query{a, b, t_a, t_b, threshold, joints_.size(), spans};
  std::array<double, 3> lo = root_lo_, hi = root_hi_;
  collectOpenSpans(0, lo, hi, query);
}

void JointSpaceCertificate::collectOpenSpans(int i, std::array<double, 3> &lo, std::array<double, 3> &hi,
                                             SegmentQuery &query) const
{
  const Cell &cell = cells_[i];
  if (cell.least >= query.threshold)  // every leaf below is certified
    return;
  double s_in, s_out;
  if (!clipSegment(query.a, query.b, lo, hi, query.dims, s_in, s_out))
    return;
  if (cell.high < 0)
  {
    // s ∈ [0, 1] along the piece, widened by rounding slack
    const double t_a = query.t_a, t_b = query.t_b;
    query.spans.emplace_back(std::max(t_a, t_a + (t_b - t_a) * s_in - kSpanWidening),
                             std::min(t_b, t_a + (t_b - t_a) * s_out + kSpanWidening));
    return;
  }
  // the halves' boxes: this one's, cut at the midpoint along the split joint
  const int k = cell.split;
  const double low_end = lo[k], high_end = hi[k], middle = 0.5 * (low_end + high_end);
  hi[k] = middle;
  collectOpenSpans(i + 1, lo, hi, query);
  hi[k] = high_end;
  lo[k] = middle;
  collectOpenSpans(cell.high, lo, hi, query);
  lo[k] = low_end;
}

bool JointSpaceCertificate::operator==(const JointSpaceCertificate &other) const
{
  const auto same = [](const Cell &x, const Cell &y) {
    return x.high == y.high && x.split == y.split && std::memcmp(&x.least, &y.least, sizeof(double)) == 0;
  };
  return joints_ == other.joints_ && period_ == other.period_ && root_lo_ == other.root_lo_ &&
         root_hi_ == other.root_hi_ && cells_.size() == other.cells_.size() &&
         std::equal(cells_.begin(), cells_.end(), other.cells_.begin(), same);
}

std::size_t JointSpaceCertificate::cells() const
{
  return static_cast<std::size_t>(std::count_if(cells_.begin(), cells_.end(), [](const Cell &c) { return c.high < 0; }));
}

double JointSpaceCertificate::leafBound(std::array<double, 3> values) const
{
  std::array<double, 3> lo = root_lo_, hi = root_hi_;
  for (std::size_t k = 0; k < joints_.size(); ++k)  // a periodic joint's value in the root's turn
    if (period_[k] != 0.0)
      values[k] -= std::floor((values[k] - root_lo_[k]) / period_[k]) * period_[k];
  int i = 0;
  while (cells_[i].high >= 0)
  {
    const int k = cells_[i].split;
    const double middle = 0.5 * (lo[k] + hi[k]);
    if (values[k] <= middle)
    {
      hi[k] = middle;
      i += 1;
    }
    else
    {
      lo[k] = middle;
      i = cells_[i].high;
    }
  }
  return cells_[i].least;
}

double JointSpaceCertificate::lowerBoundAt(const std::vector<double> &values) const
{
  std::array<double, 3> folded{};
  std::copy(values.begin(), values.end(), folded.begin());
  return leafBound(folded);
}

double JointSpaceCertificate::lowerBoundAt(const JointMotion &motion, double t) const
{
  std::array<double, 3> values{};
  for (std::size_t k = 0; k < joints_.size(); ++k)
    values[k] = motion.jointStart(joints_[k]) + motion.jointDelta(joints_[k]) * t;
  return leafBound(values);
}
}  // namespace ompl_ccd
