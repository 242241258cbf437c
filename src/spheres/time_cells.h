#pragma once
/// \file time_cells.h
/// What is left of [0, 1] to show a pair apart on: kTimeCells equal cells, each left until one
/// certified neighbourhood covers it whole (a bit mask: a few instructions per update).

#include <utility>
#include <vector>

namespace ompl_ccd::spheres
{
/** \brief Cells of the motion's time; cell c is [c/kTimeCells, (c + 1)/kTimeCells]. */
inline constexpr int kTimeCells = 128;

/** \brief The cells still left, as bits. */
class TimeCells
{
public:
  /** \brief Every cell left. */
  void fill() { bits_ = ~Bits{0}; }
  /** \brief Every cell meeting one of \a spans (closed intervals) left, the others done. */
  void fillMeeting(const std::vector<std::pair<double, double>> &spans);
  /** \brief The cells inside the closed interval [a, b] done. */
  void cover(double a, double b) { bits_ &= ~inside(a, b); }
  /** \brief The cells inside the closed intervals [t_k − τ_k, t_k + τ_k] done, k < \a count (τ_k > 0). */
  template <typename Time, typename Tau>
  void coverAll(int count, const Time &t, const Tau &tau)
  {
    Bits covered = 0;
    for (int k = 0; k < count; ++k)
      if (tau(k) > 0.0)
        covered |= inside(t(k) - tau(k), t(k) + tau(k));
    bits_ &= ~covered;
  }
  void clear() { bits_ = 0; }
  bool empty() const { return bits_ == 0; }
  bool left(int cell) const { return (bits_ >> cell) & 1u; }
  /** \brief The cells left in this or in \a other. */
  TimeCells operator|(const TimeCells &other) const
  {
    TimeCells either;
    either.bits_ = bits_ | other.bits_;
    return either;
  }
  /** \brief The runs of cells left, as closed time intervals (appended). */
  void spans(std::vector<std::pair<double, double>> &out) const;
  /** \brief The run of cells left around cell \a cell (left): its first and last cell. */
  std::pair<int, int> runAround(int cell) const;

private:
  using Bits = unsigned __int128;
  /** \brief The cells [from, to) (clamped to the cells). */
  static Bits range(int from, int to)
  {
    from = from < 0 ? 0 : from;
    to = to > kTimeCells ? kTimeCells : to;
    if (from >= to)
      return 0;
    const Bits upto = to == kTimeCells ? ~Bits{0} : (Bits{1} << to) - 1;  // cells [0, to)
    return upto & ~((Bits{1} << from) - 1);
  }
  /** \brief The cells inside the closed interval [a, b]: [k/N, (k+1)/N] with a ≤ k/N and
      (k+1)/N ≤ b, k from ⌈aN⌉ to ⌊bN⌋ − 1 (N a power of two: aN and bN are exact). */
  static Bits inside(double a, double b)
  {
    // far outside [0, 1] is as good as just outside, and converts to int
    const double from = (a < -1.0 ? -1.0 : a) * kTimeCells, to = (b > 2.0 ? 2.0 : b) * kTimeCells;
    const int lo = static_cast<int>(from), hi = static_cast<int>(to);  // toward zero
    return range(lo + (lo < from), hi - (hi > to));                    // ⌈from⌉, ⌊to⌋
  }
  Bits bits_ = 0;
};

/** \brief The time at the middle of cell \a c (exact in float). */
inline double cellMiddle(int c) { return (c + 0.5) / kTimeCells; }

/** \brief The cell holding time \a t ∈ [0, 1] (the last for t = 1). */
inline int cellOf(double t) { return t >= 1.0 ? kTimeCells - 1 : static_cast<int>(t * kTimeCells); }
}  // namespace ompl_ccd::spheres
